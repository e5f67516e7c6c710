import { usageError } from '../../errors.js';
import { checkProfileName, type ConfigFile } from '../../config/store.js';
import type { ActionFn } from '../../cmdkit/define.js';

export function requireProfile(config: ConfigFile, name: string): void {
  checkProfileName(name, 'profile');
  if (!config.profiles[name]) {
    const known = Object.keys(config.profiles);
    throw usageError(`no profile named '${name}'`, known.length ? `known profiles: ${known.join(', ')}` : 'there are no saved profiles');
  }
}

export const use: ActionFn = async (ctx, { args }) => {
  const name = args[0] as string;
  requireProfile(ctx.config.read(), name);
  await ctx.config.update((config) => {
    config.defaultProfile = name;
  });
  ctx.info(`Profile '${name}' is now the default.`);
};
