// The one time-zone rule (--tz > TRIPCTL_TZ > the profile's timezone > the zone of the profile's
// country > the system's) is applied in config/resolve.ts with the last two steps from here; these
// helpers also name the zone wherever a local time is read or shown, and translate the service's
// own local times (a schedule's departureTime) into the operator's zone.
import { dateTime } from './validate.js';

/**
 * The one zone of a country (SY → Asia/Damascus), or undefined for a country with several (US,
 * RU, BR…) or an unknown one: a guess between them would be wrong for some operators, so the rule
 * falls through to the system's zone instead. The countries the service works in from NEAR_ZONES,
 * others from ICU's data (`Intl.Locale#getTimeZones`, called `timeZones` on Node 20).
 */
export function countryZone(country: string | undefined): string | undefined {
  if (!country) return undefined;
  const code = country.toUpperCase();
  if (Object.hasOwn(NEAR_ZONES, code)) return NEAR_ZONES[code];
  const zones = zonesOfCountry(country);
  return zones?.length === 1 ? zones[0] : undefined;
}

/**
 * A country's zones from ICU (none for a code that names no country: every country has one), or
 * undefined where the runtime cannot list them. Cheap: it loads no zone data, where a formatter or
 * ICU's region names cost 10-15 ms of a run.
 */
export function zonesOfCountry(country: string): string[] | undefined {
  try {
    const locale = new Intl.Locale(`und-${country.toUpperCase()}`) as Intl.Locale & { getTimeZones?: () => string[]; timeZones?: string[] };
    return locale.getTimeZones?.() ?? locale.timeZones;
  } catch {
    return [];
  }
}

/**
 * The countries the service works in, each with its one zone: what the runtime's Intl cannot list
 * is taken from here, and a profile naming one of them (or its zone) is checked without asking ICU,
 * whose first use costs about 2 ms of every start (npm run bench).
 */
export const NEAR_ZONES: Readonly<Record<string, string>> = {
  SY: 'Asia/Damascus',
  LB: 'Asia/Beirut',
  JO: 'Asia/Amman',
  IQ: 'Asia/Baghdad',
  TR: 'Europe/Istanbul',
  SA: 'Asia/Riyadh',
  AE: 'Asia/Dubai',
  EG: 'Africa/Cairo',
};

/** The zones of NEAR_ZONES, and UTC: names every ICU knows, so checked without it. */
export const NEAR_ZONE_NAMES: ReadonlySet<string> = new Set([...Object.values(NEAR_ZONES), 'UTC']);

/**
 * The system's zone as this run's environment sets it: `TZ` when it names a zone (`Asia/Damascus`
 * or `:Asia/Damascus`), else what the runtime found (`/etc/localtime`; UTC in cron's bare
 * environment of many servers). Read from the context's environment, so a test can be either.
 */
export function systemZone(env: Record<string, string | undefined>): string {
  const tz = env.TZ?.replace(/^:/, '').trim();
  if (tz && !/^[+-]?\d/.test(tz)) {
    try {
      return new Intl.DateTimeFormat('en', { timeZone: tz }).resolvedOptions().timeZone;
    } catch {
      // A POSIX rule (EST5EDT…) or a typo: the runtime's own reading below.
    }
  }
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zone in which the service reads a schedule's `departureTime` ("local time" in
 * partner-api.md): the company's, Syria's. The sandbox uses the same (see its OpenAPI document).
 */
export const SERVICE_TIME_ZONE = 'Asia/Damascus';

/** The zone a run uses: the setting, else the system's, as an IANA name. */
export function zoneName(timeZone: string | undefined): string {
  return timeZone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
}

const shortNames = new Map<string, Intl.DateTimeFormat>();

/** A short name for headings, as the zone is at `at`: `GMT+3`, `UTC`, `EST`. */
export function zoneAbbreviation(timeZone: string | undefined, at: Date): string {
  const key = timeZone ?? '';
  let format = shortNames.get(key);
  if (!format) shortNames.set(key, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })));
  return format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? zoneName(timeZone);
}

/** `YYYY-MM-DD` of `at` in the zone. */
export function localDateOf(at: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** `HH:MM` of `at` in the zone. */
export function localTimeOf(at: Date, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/**
 * `07:30` in the service's zone on `date` as the operator's wall time, e.g. `05:30 Europe/Berlin`;
 * undefined when both zones agree on that date (nothing to translate).
 */
export function serviceTimeIn(hhmm: string, date: string, operatorZone: string | undefined): string | undefined {
  const instant = new Date(dateTime('time', `${date} ${hhmm}`, SERVICE_TIME_ZONE));
  const theirs = localTimeOf(instant, operatorZone);
  const dayShift =
    localDateOf(instant, operatorZone) === date ? '' : localDateOf(instant, operatorZone) > date ? ' (next day)' : ' (previous day)';
  if (theirs === hhmm && !dayShift) return undefined;
  return `${theirs}${dayShift} ${zoneName(operatorZone)}`;
}

const offsetNames = new Map<string, Intl.DateTimeFormat>();

/**
 * ISO 8601 of `at` as the wall clock of the zone, with the zone's offset at that instant:
 * `2026-11-28T22:24:00+03:00` in Asia/Damascus. The same instant as the service's `…Z`, read as a
 * person there reads it (the sandbox's exports write their times so).
 */
export function isoInZone(at: Date, timeZone: string): string {
  let format = offsetNames.get(timeZone);
  if (!format) offsetNames.set(timeZone, (format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })));
  const name = format.formatToParts(at).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name === 'GMT' ? '+00:00' : name.slice(3); // GMT+03:00 → +03:00
  const seconds = String(at.getUTCSeconds()).padStart(2, '0'); // zones differ by whole minutes
  return `${localDateOf(at, timeZone)}T${localTimeOf(at, timeZone)}:${seconds}${offset}`;
}
