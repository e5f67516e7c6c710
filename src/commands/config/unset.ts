import type { ActionFn } from '../../cmdkit/define.js';
import { settingFor } from './rows.js';

export const unset: ActionFn = async (ctx, { args }) => {
  const setting = settingFor(args[0] as string);
  const name = ctx.selection().profileName;
  await ctx.config.update((config) => {
    const profile = config.profiles[name];
    if (profile) delete profile[setting.field];
  });
};
