import { SETTINGS } from '../../config/settings.js';
import type { Profile } from '../../config/store.js';
import { usageError } from '../../errors.js';
import { choice } from '../../input/choices.js';
import { maskSecret } from '../../secrets.js';

export function settingFor(key: string) {
  if (key === 'api-key')
    throw usageError(
      'the key is not set with config',
      "use 'tripctl auth login' (a key on the command line would stay in the shell history)",
    );
  const setting = SETTINGS[key];
  // The settings are an enumeration too: a near miss is named with the one check (did-you-mean).
  if (!setting) choice('config', key, [...Object.keys(SETTINGS), 'api-key'], 'setting', true);
  return setting!;
}

export function rowsOf(profile: Profile) {
  const rows: Array<{ key: string; value: string | number | null }> = Object.entries(SETTINGS).map(([key, { field }]) => ({
    key,
    value: (profile[field] as string | number | undefined) ?? null,
  }));
  rows.push({ key: 'api-key', value: profile.apiKey ? maskSecret(profile.apiKey) : null });
  return rows;
}
