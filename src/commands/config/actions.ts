import { SETTINGS } from '../../config/settings.js';
import type { Profile } from '../../config/store.js';
import { usageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import { specs } from '../../output/specs.js';
import type { ActionFn } from '../../cmdkit/define.js';

function settingFor(key: string) {
  if (key === 'api-key')
    throw usageError(
      'the key is not set with config',
      "use 'tripctl auth login' (a key on the command line would stay in the shell history)",
    );
  const setting = SETTINGS[key];
  if (!setting) throw usageError(`unknown setting '${key}'`, `settings: ${Object.keys(SETTINGS).join(', ')}`);
  return setting;
}

function rowsOf(profile: Profile) {
  const rows: Array<{ key: string; value: string | number | null }> = Object.entries(SETTINGS).map(([key, { field }]) => ({
    key,
    value: (profile[field] as string | number | undefined) ?? null,
  }));
  rows.push({ key: 'api-key', value: profile.apiKey ? maskSecret(profile.apiKey) : null });
  return rows;
}

export const list: ActionFn = async (ctx) => {
  await ctx.renderer().list([rowsOf(ctx.selection().profile)], specs.setting);
};

export const get: ActionFn = async (ctx, { args }) => {
  const key = args[0] as string;
  const row = rowsOf(ctx.selection().profile).find((r) => r.key === key);
  if (!row) settingFor(key);
  if (row?.value !== null && row?.value !== undefined) ctx.io.out(`${row.value}\n`);
};

export const set: ActionFn = async (ctx, { args }) => {
  const [key, value] = args as [string, string];
  const setting = settingFor(key);
  const parsed = setting.parse(value);
  const name = ctx.selection().profileName;
  await ctx.config.update((config) => {
    config.profiles[name] = { ...config.profiles[name], [setting.field]: parsed };
  });
};

export const unset: ActionFn = async (ctx, { args }) => {
  const setting = settingFor(args[0] as string);
  const name = ctx.selection().profileName;
  await ctx.config.update((config) => {
    const profile = config.profiles[name];
    if (profile) delete profile[setting.field];
  });
};

export const path: ActionFn = async (ctx) => {
  ctx.io.out(`${ctx.config.path}\n`);
};
