import type { ActionFn } from '../../cmdkit/define.js';
import { requireProfile } from './use.js';

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
