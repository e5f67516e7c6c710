// Phone numbers as people write them: `0944 123 456` (local, as every passenger list in Syria is
// written), `+963 944 123 456` or `00963944123456`, read in the profile's country (`tripctl config
// set country SY`) and sent in E.164. One parser for every door — flags, prompts, CSV cells,
// searches — backed by libphonenumber-js, loaded only when a phone is read. Its main entry is its
// small (`min`) metadata: a number is checked by its length for the country, which is what
// "impossible" means here; the full metadata would add 65 kB to tell a mobile from a landline.
import { usageError } from '../errors.js';
import { westernDigits } from './digits.js';
import { NEAR_ZONES, zonesOfCountry } from './zones.js';

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
  if (Object.hasOwn(NEAR_ZONES, code)) return code; // the service's countries: no need to ask ICU
  let known = false;
  try {
    // A profile's country is checked at every start: by its zones (cheap), by ICU's region names
    // (10 ms) only where the runtime cannot list zones.
    const zones = /^[A-Z]{2}$/.test(code) ? zonesOfCountry(code) : [];
    known = zones === undefined ? regionNames().of(code) !== undefined : zones.length > 0;
  } catch {
    known = false;
  }
  if (!known) throw usageError(`country must be a two-letter ISO 3166 country code such as SY, not '${value}'`);
  return code;
}

type Library = typeof import('libphonenumber-js');
let library: Promise<Library> | undefined;
const load = () => (library ??= import('libphonenumber-js'));

/** A phone's characters besides digits: spaces, dashes, dots, brackets, a leading + (after the digits are folded). */
const PHONE_TEXT = /^\+?[\d\s().\-\u00a0]+$/;

/** `00963…` is how an international number is dialled from Syria and much of the world. */
const typedNumber = (text: string) =>
  westernDigits(text)
    .trim()
    .replace(/^00(?=[1-9])/, '+');

/**
 * The number in E.164 (`+963944123456`), or undefined when it is not a valid number of that
 * country: libphonenumber's validity (the country's number plan: lengths and leading digits), not
 * only a possible length — `0944 12 34` is not a Syrian number, and must not be stored as one.
 */
export async function toE164(text: string, country: string): Promise<string | undefined> {
  const typed = typedNumber(text);
  if (!PHONE_TEXT.test(typed)) return undefined;
  const { parsePhoneNumberFromString, isSupportedCountry } = await load();
  const parsed = parsePhoneNumberFromString(typed, isSupportedCountry(country) ? country : undefined);
  return parsed?.isValid() ? parsed.number : undefined;
}

/**
 * The one reading of a phone a person types: E.164, or a usage error that says what is wrong
 * (too few digits for a mobile number of the country assumed, too many, a number the country does
 * not have) and names the country a local number was read in. Digits in any script are read
 * (input/digits.ts), so no message ever blames them. `label` names the door (`--phone`, a column).
 */
export async function parsePhone(label: string, text: string, country: string): Promise<string> {
  const e164 = await toE164(text, country);
  if (e164 !== undefined) return e164;
  const typed = typedNumber(text);
  if (!PHONE_TEXT.test(typed) || !/\d/.test(typed)) {
    throw usageError(
      `${label}: '${text}' is not a phone number`,
      'a phone is its digits, with spaces, dashes, dots or brackets as you like, and + before a country code',
    );
  }
  const lib = await load();
  const international = typed.startsWith('+');
  const parsed = lib.parsePhoneNumberFromString(typed, lib.isSupportedCountry(country) ? country : undefined);
  const region = international
    ? parsed?.country
    : lib.isSupportedCountry(country)
      ? (country as Parameters<Library['getCountryCallingCode']>[0])
      : undefined;
  const where = region ? countryLabel(region) : countryLabel(country);
  const assumed = international
    ? 'the country is the one its code names'
    : `read in ${countryLabel(country)}, the profile's 'country' setting; a number of another country is written with its code (+…)`;
  if (!region)
    throw usageError(
      `${label}: '${text}' is not a valid international phone number`,
      'no country has that code, or too few digits follow it',
    );
  // The digits after the trunk prefix (the 0 dialled before a local number) or the country code.
  const metadata = new lib.Metadata();
  metadata.selectNumberingPlan(region);
  // The numbering plan has the trunk prefix at run time; its published type does not declare it.
  const plan = metadata.numberingPlan as unknown as { nationalPrefix(): string | undefined } | undefined;
  const trunk = plan?.nationalPrefix() ?? '';
  const digits = typed.replace(/\D/g, '');
  const national = international
    ? digits.slice(lib.getCountryCallingCode(region).length)
    : trunk && digits.startsWith(trunk)
      ? digits.slice(trunk.length)
      : digits;
  const after = international ? 'after the country code' : trunk && digits.startsWith(trunk) ? `after the leading ${trunk}` : '';
  const { default: examples } = await import('libphonenumber-js/examples.mobile.json', { with: { type: 'json' } });
  const example = lib.getExampleNumber(region, examples);
  const mobile = example !== undefined && national.startsWith(example.nationalNumber.slice(0, 1));
  const count = `${national.length} digit${national.length === 1 ? '' : 's'}${after ? ` ${after}` : ''}`;
  const kind = mobile ? `a mobile number in ${where}` : `a number in ${where}`;
  const sample = mobile && example ? `, where one has ${example.nationalNumber.length} (such as ${example.formatNational()})` : '';
  const verdict =
    mobile && example && national.length !== example.nationalNumber.length
      ? national.length < example.nationalNumber.length
        ? 'too few'
        : 'too many'
      : lib.validatePhoneNumberLength(national, region) === 'TOO_SHORT'
        ? 'too few'
        : lib.validatePhoneNumberLength(national, region) === 'TOO_LONG'
          ? 'too many'
          : undefined;
  throw usageError(
    verdict
      ? `${label}: '${text}' has ${verdict} digits for ${kind}: ${count}${sample}`
      : `${label}: '${text}' is not a valid phone number in ${where}: no number there begins with those digits`,
    assumed,
  );
}

/** Whether a search term and a stored number are the same phone (a local term read in `country`). */
export async function samePhone(term: string, stored: string | null | undefined, country: string): Promise<boolean> {
  if (!stored) return false;
  const [wanted, have] = await Promise.all([toE164(term, country), toE164(stored, country)]);
  return wanted !== undefined && wanted === have;
}
