// The settings a profile may hold, each with the one check that applies both when `config set`
// writes it and when a run reads it (a file edited by hand, or written by an older tripctl).
import { parseBaseUrl } from '../client/url.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { choice } from '../input/choices.js';
import { westernDigits } from '../input/digits.js';
import { currencyCode } from '../input/money.js';
import { NEAR_ZONE_NAMES } from '../input/zones.js';
import { countryCode } from '../input/phone.js';
import { OUTPUT_FORMATS } from '../output/formats.js';
import type { Profile } from './store.js';

export interface SettingSpec {
  field: keyof Profile;
  parse: (value: string) => string | number;
}

/** The settable keys (`tripctl config set KEY VALUE`), with the profile field each lives in. */
export const SETTINGS: Record<string, SettingSpec> = {
  'base-url': { field: 'baseUrl', parse: (value) => parseBaseUrl(value, 'base-url').href.replace(/\/+$/, '') },
  output: {
    field: 'output',
    parse: (value) => choice('output', value, OUTPUT_FORMATS, 'output format', true),
  },
  timezone: { field: 'timezone', parse: (value) => checkTimeZone(value) },
  currency: { field: 'currency', parse: (value) => currencyCode(value) },
  country: { field: 'country', parse: (value) => countryCode(value) },
  timeout: { field: 'timeout', parse: (value) => wholeNumber('timeout', value, 1, 3600) },
  retries: { field: 'retries', parse: (value) => wholeNumber('retries', value, 0, 10) },
};

function wholeNumber(key: string, text: string, min: number, max: number): number {
  const value = westernDigits(text).trim();
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max)
    throw usageError(`${key} must be a whole number from ${min} to ${max}`);
  return Number(value);
}

/**
 * ICU's canonical zone names. Asking for the list costs next to nothing, where making a formatter
 * for a zone loads ICU's zone data (15 ms, most of a one-GET run): a saved profile's zone is
 * checked at every start, so the list answers for the usual names and the formatter only for the
 * rest (aliases such as Asia/Calcutta, another case).
 */
let canonicalZones: Set<string> | undefined;
function knownZones(): Set<string> {
  canonicalZones ??= new Set([...Intl.supportedValuesOf('timeZone'), 'UTC']);
  return canonicalZones;
}

export function checkTimeZone(zone: string): string {
  // Intl takes UTC offsets as zones from Node 22 (ICU 74), not on Node 20: refused everywhere, so a
  // profile means the same on every Node (an offset also ignores daylight saving).
  if (/^[+-]\d/.test(zone.trim()))
    throw usageError(`'${zone}' is a UTC offset, not a time zone`, 'use an IANA name such as Asia/Damascus or UTC');
  if (NEAR_ZONE_NAMES.has(zone) || knownZones().has(zone)) return zone;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
  } catch {
    throw usageError(`unknown time zone '${zone}'`, 'use an IANA name such as Asia/Damascus or UTC');
  }
  return zone;
}

/**
 * A profile's value as a run reads it: checked with the same rule as `config set`, and a bad one
 * is a usage error that names the profile, the key and the command that fixes it — never a
 * confusing failure later (an undici error, exit 7).
 */
export function profileValue(profileName: string, profile: Profile, key: keyof typeof SETTINGS): string | number | undefined {
  const spec = SETTINGS[key]!;
  const value = profile[spec.field];
  if (value === undefined || value === null) return undefined;
  try {
    if (typeof value !== 'string' && typeof value !== 'number') throw usageError('not a text or a number');
    return spec.parse(String(value));
  } catch (error) {
    const reason = error instanceof CliError ? error.message : String(error);
    throw usageError(
      `profile '${profileName}' has an invalid ${key} ${JSON.stringify(value)}: ${reason}`,
      `fix it with: tripctl --profile ${profileName} config set ${key} <value>   (or: config unset ${key})`,
    );
  }
}

/**
 * A key is sent in a header: white space, control or non-ASCII characters mean it was pasted
 * wrong (a line break, a quote, a look-alike letter), and would fail later with a confusing error.
 */
export function checkApiKey(key: string, source: string): string {
  if (!/^[\x21-\x7e]+$/.test(key)) {
    const what = /\s/.test(key) ? 'white space' : /[\x00-\x1f\x7f]/.test(key) ? 'a control character' : 'a non-ASCII character';
    throw new CliError(`the key from ${source} contains ${what}`, ExitCode.usage, 'set it again with only the key: tripctl auth login');
  }
  return key;
}
