// Days as an operator names them (`today`, `tomorrow`, `2026-12-10`), read in the run's time zone:
// the window of instants a local day (or a run of days) covers, for filters such as
// `trips list --date`. A day is midnight to midnight on the wall clock, so one that holds a
// daylight-saving change is 23 or 25 hours long.
import { usageError } from '../errors.js';
import { localDateOf } from './zones.js';
import { westernDigits } from './digits.js';
import { calendarDate, wallInstant } from './validate.js';

/** `today`, `tomorrow`, `yesterday` or `YYYY-MM-DD` → `YYYY-MM-DD` in the zone. */
export function localDay(flag: string, text: string, timeZone: string | undefined, now: Date): string {
  // A day typed in Arabic-Indic or Persian digits (`٢٠٢٧-٠٣-٠١`) is the same day.
  const word = westernDigits(text).trim().toLowerCase();
  const shift = { yesterday: -1, today: 0, tomorrow: 1 }[word];
  if (shift !== undefined) return addDays(localDateOf(now, timeZone), shift);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(word)) throw usageError(`${flag} must be today, tomorrow or YYYY-MM-DD, not '${text}'`);
  calendarDate(flag, word);
  return word;
}

/**
 * `--date`, or `--from-date` and `--to-date`, as the window of instants they cover, or undefined
 * when none is given. Read before anything is sent: a bad day is exit 2 without a request.
 */
export function dayFlagsWindow(
  opts: { date?: unknown; fromDate?: unknown; toDate?: unknown },
  timeZone: string | undefined,
  now: Date,
): { from: number; to: number } | undefined {
  const day = (flag: string, value: unknown) => (typeof value === 'string' ? localDay(flag, value, timeZone, now) : undefined);
  const first = day('--date', opts.date) ?? day('--from-date', opts.fromDate);
  const last = day('--date', opts.date) ?? day('--to-date', opts.toDate);
  if (first === undefined && last === undefined) return undefined;
  if (first !== undefined && last !== undefined && first > last) throw usageError(`--from-date ${first} is after --to-date ${last}`);
  return dayWindow(first ?? '1970-01-01', last ?? '9999-12-30', timeZone);
}

/** `2026-12-31` + 1 → `2027-01-01`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The instants from the first day's midnight up to (not including) the midnight after the last day. */
export function dayWindow(first: string, last: string, timeZone: string | undefined): { from: number; to: number } {
  return { from: dayStart(first, timeZone), to: dayStart(addDays(last, 1), timeZone) };
}

/**
 * The first instant of a local day. Where clocks go forward at midnight (Asia/Beirut on
 * 2027-03-28, America/Havana on 2027-03-14) there is no 00:00: the day starts at the change, at
 * 01:00, and is 23 hours long.
 */
export function dayStart(day: string, timeZone: string | undefined): number {
  const [y, m, d] = day.split('-').map(Number);
  return wallInstant(Date.UTC(y!, m! - 1, d!), timeZone, '--date').instant;
}
