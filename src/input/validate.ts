// Checks and conversions of flag values, each failing with a usage error that names the flag,
// so that a bad value never costs a request.
import { usageError } from '../errors.js';
import { westernDigits } from './digits.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function uuid(flag: string, value: string): string {
  const id = uuidOf(value);
  if (id === undefined) throw usageError(`${flag} must be a UUID, not '${value}'`);
  return id;
}

export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * A whole id as typed, in lower case: digits in any script (westernDigits, as a start of one is
 * read), white space around it ignored; undefined for anything else. Where a person types an id.
 */
export function uuidOf(value: string): string | undefined {
  const text = westernDigits(value).trim();
  return UUID.test(text) ? text.toLowerCase() : undefined;
}

/**
 * The one of `ids` that `text` starts (idPrefix: 8 or more hex digits, dashes ignored), undefined
 * when none does or `text` is no start; a start several share is a usage error naming them. The
 * one matching of a start, whatever lists the ids: the service (cmdkit/ids.ts), the vehicles or
 * members a handle is looked for among (resolve.ts), the endpoints with a kept secret.
 */
export function idStartedBy(ids: readonly string[], text: string, flag: string, noun: string): string | undefined {
  const prefix = idPrefix(text);
  if (prefix === undefined) return undefined;
  const found = idsStartingWith(ids, prefix);
  if (found.length > 1)
    throw usageError(
      `${flag} '${text}' is the start of ${found.length} ${noun} ids: ${found.slice(0, 5).join(', ')}${found.length > 5 ? ', …' : ''}`,
      'give more of the id',
    );
  return found[0];
}

/** The ids that start with these hex digits (dashes in the ids ignored): every match, for a caller that weighs them. */
export function idsStartingWith(ids: readonly string[], hex: string): string[] {
  return ids.filter((id) => id.replace(/-/g, '').toLowerCase().startsWith(hex));
}

/**
 * The start of an id as a table shows it (`6ea9ad0c`), or longer: 8 to 31 hex digits, dashes
 * where the id has them, any case, Arabic-Indic digits read; undefined for anything else.
 */
export function idPrefix(value: string): string | undefined {
  const text = westernDigits(value).trim().toLowerCase();
  if (!/^[0-9a-f][0-9a-f-]*$/.test(text)) return undefined;
  const hex = text.replace(/-/g, '');
  return hex.length >= 8 && hex.length < 32 ? hex : undefined;
}

export function integer(flag: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const digits = westernDigits(value).trim();
  if (!/^-?\d+$/.test(digits)) throw usageError(`${flag} must be a whole number, not '${value}'`);
  const n = Number(digits);
  if (n < min || n > max) {
    throw usageError(
      max === Number.MAX_SAFE_INTEGER ? `${flag} must be ${min} or more, not ${n}` : `${flag} must be from ${min} to ${max}, not ${n}`,
    );
  }
  return n;
}

export function maxLength(flag: string, value: string, max: number): string {
  const length = [...value].length;
  if (length > max) throw usageError(`${flag} is ${length} characters long; the most is ${max}`);
  return value;
}

export function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw usageError(`${flag} must be one of ${allowed.join(', ')}, not '${value}'`);
  return value as T;
}

/** `HH:MM`, 24-hour. */
export function timeOfDay(flag: string, value: string): string {
  const match = /^(\d{1,2}):(\d{2})$/.exec(westernDigits(value).trim());
  if (!match || Number(match[1]) > 23 || Number(match[2]) > 59)
    throw usageError(`${flag} must be a time as HH:MM (24-hour), not '${value}'`);
  return `${match[1]!.padStart(2, '0')}:${match[2]}`;
}

/** `YYYY-MM-DD`, a real calendar date; one that does not exist says why (`February 2026 has 28 days`). */
export function calendarDate(flag: string, value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(westernDigits(value).trim());
  if (!match) throw usageError(`${flag} must be a date as YYYY-MM-DD, not '${value}'`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = match[0];
  if (month < 1 || month > 12) throw usageError(`${flag}: ${date}: there is no month ${month}; months are 01 to 12`);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > days) {
    const name = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, 1)));
    throw usageError(`${flag}: ${date}: ${name} ${year} has ${days} days`);
  }
  return date;
}

const WEEKDAYS = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

/** `mon,wed,fri` or `1,3,5` (0 = Sunday) → sorted unique numbers. */
export function weekdays(flag: string, value: string): number[] {
  const days = new Set<number>();
  for (const raw of westernDigits(value)
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean)) {
    const byName = WEEKDAYS.findIndex((day) => raw === day || (raw.length >= 3 && `${day}${dayTail(day)}`.startsWith(raw)));
    const day = /^\d$/.test(raw) ? Number(raw) : byName;
    if (day < 0 || day > 6) throw usageError(`${flag}: '${raw}' is not a weekday; use names (mon,wed) or numbers 0-6 (0 = Sunday)`);
    days.add(day);
  }
  if (days.size === 0) throw usageError(`${flag} needs at least one weekday`);
  return [...days].sort((a, b) => a - b);
}

function dayTail(day: string): string {
  return { sun: 'day', mon: 'day', tue: 'sday', wed: 'nesday', thu: 'rsday', fri: 'day', sat: 'urday' }[day] ?? '';
}

/**
 * A departure time: ISO 8601 with an offset or Z is taken as is; `YYYY-MM-DD HH:MM` (or with a
 * `T`) is a wall-clock time in the given time zone. Sent as ISO 8601 with the zone's offset.
 */
export function dateTime(flag: string, value: string, timeZone: string | undefined): string {
  const trimmed = westernDigits(value).trim();
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/i.test(trimmed)) {
    calendarDate(flag, trimmed.slice(0, 10));
    if (Number.isNaN(Date.parse(trimmed))) throw usageError(`${flag} is not a valid date and time: '${value}'`);
    return trimmed;
  }
  const match = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
  if (!match) throw usageError(`${flag} must be 'YYYY-MM-DD HH:MM' (local) or ISO 8601 with an offset, not '${value}'`);
  // Seconds are optional: an absent group must stay undefined (Number(undefined) is NaN).
  const [, y, mo, d, h, mi, s] = match.map((part) => (part === undefined ? undefined : Number(part)));
  calendarDate(flag, `${match[1]}-${match[2]}-${match[3]}`);
  if (h! > 23 || mi! > 59 || (s ?? 0) > 59) throw usageError(`${flag} has an impossible time: '${value}'`);
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s ?? 0);
  const found = wallInstant(wall, timeZone, flag);
  if (found.inGap) throw usageError(`${flag}: ${match[0]} does not exist in ${timeZone ?? 'the local time zone'} (a daylight-saving gap)`);
  const sign = found.offset < 0 ? '-' : '+';
  const abs = Math.abs(found.offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${match[1]}-${match[2]}-${match[3]}T${pad(h!)}:${pad(mi!)}:${pad(s ?? 0)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/**
 * The instant of a wall-clock time (given as milliseconds of the same fields read as UTC) in a
 * zone, by one rule for every door, RFC 5545's (3.3.5): a time that occurs twice (the hour
 * repeated when clocks go back) is its FIRST occurrence; a time that does not occur (the hour
 * skipped when clocks go forward) is read with the offset before the gap, i.e. it lands that much
 * after the change — `inGap` says so, and a departure refuses it while a day's start (midnight in
 * Beirut or Havana on their spring day) is the first instant of that day.
 */
export function wallInstant(
  wall: number,
  timeZone: string | undefined,
  flag = 'time',
): { instant: number; offset: number; inGap: boolean } {
  // The offsets in force a day either side: a zone changes at most once within two days.
  const before = offsetMinutes(wall - 86_400_000, timeZone, flag);
  const after = offsetMinutes(wall + 86_400_000, timeZone, flag);
  // The earlier instant first: with the offset before a change, the wall time comes sooner.
  const candidates = [...new Set(before >= after ? [before, after] : [after, before])];
  for (const offset of candidates) {
    const instant = wall - offset * 60_000;
    if (offsetMinutes(instant, timeZone, flag) === offset) return { instant, offset, inGap: false };
  }
  const instant = wall - before * 60_000;
  return { instant, offset: offsetMinutes(instant, timeZone, flag), inGap: true };
}

/** One formatter a zone: a wall time costs up to four offsets, and a timetable has many rows. */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetMinutes(instant: number, timeZone: string | undefined, flag: string): number {
  let format = offsetFormats.get(timeZone ?? '');
  if (!format) {
    format = zoneFormat(timeZone, flag);
    offsetFormats.set(timeZone ?? '', format);
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(instant)).map((p) => [p.type, Number(p.value)]));
  const asUtc = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

function zoneFormat(timeZone: string | undefined, flag: string): Intl.DateTimeFormat {
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  } catch {
    throw usageError(`${flag}: unknown time zone '${timeZone}'`);
  }
}
