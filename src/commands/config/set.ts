import type { ActionFn } from '../../cmdkit/define.js';
import { settingFor } from './rows.js';

export const set: ActionFn = async (ctx, { args }) => {
  const [key, value] = args as [string, string];
  const setting = settingFor(key);
  const parsed = setting.parse(value);
  const name = ctx.selection().profileName;
  await ctx.config.update((config) => {
    config.profiles[name] = { ...config.profiles[name], [setting.field]: parsed };
  });
};
