import { maskSecret } from '../../secrets.js';
import { specs } from '../../output/specs.js';
import type { ActionFn } from '../../cmdkit/define.js';

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
