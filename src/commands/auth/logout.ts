import type { ActionFn } from '../../cmdkit/define.js';

export const logout: ActionFn = async (ctx) => {
  const settings = ctx.settings();
  const file = ctx.config.read();
  const profile = file.profiles[settings.profileName];
  if (!profile?.apiKey) {
    ctx.info(`Profile '${settings.profileName}' holds no key.`);
  } else {
    await ctx.config.update((config) => {
      const target = config.profiles[settings.profileName];
      if (target) delete target.apiKey;
    });
    ctx.info(`Removed the key of profile '${settings.profileName}'.`);
  }
  if (ctx.env.TRIPCTL_API_KEY) ctx.warn('TRIPCTL_API_KEY is still set in the environment and will keep being used');
};
