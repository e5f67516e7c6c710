import { maskSecret } from '../../secrets.js';
import { specs } from '../../output/specs.js';
import { confirmDestructive } from '../../cmdkit/confirm.js';
import { usageError } from '../../errors.js';
import type { ConfigFile } from '../../config/store.js';
import type { ActionFn } from '../../cmdkit/define.js';

function requireProfile(config: ConfigFile, name: string): void {
  if (!config.profiles[name]) {
    const known = Object.keys(config.profiles);
    throw usageError(`no profile named '${name}'`, known.length ? `known profiles: ${known.join(', ')}` : 'there are no saved profiles');
  }
}

export const list: ActionFn = async (ctx) => {
  const config = ctx.config.read();
  const current = config.defaultProfile ?? 'default';
  const rows = Object.entries(config.profiles).map(([name, profile]) => ({
    name,
    default: name === current,
    baseUrl: profile.baseUrl ?? null,
    key: profile.apiKey ? maskSecret(profile.apiKey) : null,
    protected: profile.protected === true,
  }));
  await ctx.renderer().list([rows], specs.profile);
};

export const use: ActionFn = async (ctx, { args }) => {
  const name = args[0] as string;
  requireProfile(ctx.config.read(), name);
  await ctx.config.update((config) => {
    config.defaultProfile = name;
  });
  ctx.info(`Profile '${name}' is now the default.`);
};

export function protect(on: boolean): ActionFn {
  return async (ctx, { args }) => {
    const name = args[0] as string;
    requireProfile(ctx.config.read(), name);
    await ctx.config.update((config) => {
      const profile = config.profiles[name];
      if (!profile) return;
      if (on) profile.protected = true;
      else delete profile.protected;
    });
    ctx.info(
      on
        ? `Profile '${name}' is protected: commands that change something ask first, or need --yes without a terminal.`
        : `Profile '${name}' is no longer protected.`,
    );
  };
}

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
