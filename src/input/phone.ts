// Phone numbers as people write them: `0944 123 456` (local, as every passenger list in Syria is
// written), `+963 944 123 456` or `00963944123456`, read in the profile's country (`tripctl config
// set country SY`) and sent in E.164. One parser for every door — flags, prompts, CSV cells,
// searches — backed by libphonenumber-js, loaded only when a phone is read. Its main entry is its
// small (`min`) metadata: a number is checked by its length for the country, which is what
// "impossible" means here; the full metadata would add 65 kB to tell a mobile from a landline.
import { usageError } from '../errors.js';

/** The country a local number is read in when the profile names none (the service is Syrian). */
export const DEFAULT_COUNTRY = 'SY';

/** Made when a country is first named: building it loads ICU's region names, about 10 ms that
 *  every run would pay at start-up (config/settings.ts imports this module). */
let names: Intl.DisplayNames | undefined;
const regionNames = () => (names ??= new Intl.DisplayNames('en', { type: 'region', fallback: 'none' }));

/** `Syria (SY)`: how a message names the country a number was read in. */
export function countryLabel(country: string): string {
  const name = regionNames().of(country);
  return name ? `${name} (${country})` : country;
}

/** A country as a setting: an ISO 3166-1 alpha-2 code, kept upper-case. */
export function countryCode(value: string): string {
  const code = value.trim().toUpperCase();
  let known = false;
  try {
    known = /^[A-Z]{2}$/.test(code) && regionNames().of(code) !== undefined;
  } catch {
    known = false;
  }
  if (!known) throw usageError(`country must be a two-letter ISO 3166 country code such as SY, not '${value}'`);
  return code;
}

type Library = typeof import('libphonenumber-js');
let library: Promise<Library> | undefined;
const load = () => (library ??= import('libphonenumber-js'));

/** The number in E.164 (`+963944123456`), or undefined when it cannot be a number of that country. */
export async function toE164(text: string, country: string): Promise<string | undefined> {
  const { parsePhoneNumberFromString, isSupportedCountry } = await load();
  // `00963…` is how an international number is dialled from Syria and much of the world.
  const typed = text.trim().replace(/^00(?=[1-9])/, '+');
  if (!/^\+?[\d\s().\-\u00a0]+$/.test(typed)) return undefined;
  const parsed = parsePhoneNumberFromString(typed, isSupportedCountry(country) ? country : undefined);
  return parsed?.isPossible() ? parsed.number : undefined;
}

/**
 * The one reading of a phone a person types: E.164, or a usage error that names the country a
 * local number was read in. `label` names the door in the error (`--phone`, a CSV column).
 */
export async function parsePhone(label: string, text: string, country: string): Promise<string> {
  const e164 = await toE164(text, country);
  if (e164 === undefined) {
    const { getCountryCallingCode, isSupportedCountry } = await load();
    const prefix = isSupportedCountry(country) ? ` (+${getCountryCallingCode(country)} …)` : '';
    throw usageError(
      `${label}: '${text}' is not a possible phone number, read in ${countryLabel(country)}`,
      `write it as dialled in ${country}, or with its country code${prefix}; the country is the profile's 'country' setting`,
    );
  }
  return e164;
}

/** Whether a search term and a stored number are the same phone (a local term read in `country`). */
export async function samePhone(term: string, stored: string | null | undefined, country: string): Promise<boolean> {
  if (!stored) return false;
  const [wanted, have] = await Promise.all([toE164(term, country), toE164(stored, country)]);
  return wanted !== undefined && wanted === have;
}
