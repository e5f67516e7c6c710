import { confirmDestructive } from '../../cmdkit/confirm.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { requireProfile } from './use.js';

export const remove: ActionFn = async (ctx, { args }) => {
  const name = args[0] as string;
  requireProfile(ctx.config.read(), name);
  await confirmDestructive(ctx, `Delete profile '${name}' and its key?`);
  await ctx.config.update((config) => {
    delete config.profiles[name];
    if (config.defaultProfile === name) delete config.defaultProfile;
  });
  ctx.info(`Removed profile '${name}'.`);
};
