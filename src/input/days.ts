// Days as an operator names them (`today`, `tomorrow`, `2026-12-10`), read in the run's time zone:
// the window of instants a local day (or a run of days) covers, for filters such as
// `trips list --date`. A day is midnight to midnight on the wall clock, so one that holds a
// daylight-saving change is 23 or 25 hours long.
import { usageError } from '../errors.js';
import { localDateOf } from './zones.js';
import { calendarDate, dateTime } from './validate.js';

/** `today`, `tomorrow`, `yesterday` or `YYYY-MM-DD` → `YYYY-MM-DD` in the zone. */
export function localDay(flag: string, text: string, timeZone: string | undefined, now: Date): string {
  const word = text.trim().toLowerCase();
  const shift = { yesterday: -1, today: 0, tomorrow: 1 }[word];
  if (shift !== undefined) return addDays(localDateOf(now, timeZone), shift);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(word)) throw usageError(`${flag} must be today, tomorrow or YYYY-MM-DD, not '${text}'`);
  calendarDate(flag, word);
  return word;
}

/** `2026-12-31` + 1 → `2027-01-01`. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** The instants from the first day's midnight up to (not including) the midnight after the last day. */
export function dayWindow(first: string, last: string, timeZone: string | undefined): { from: number; to: number } {
  return {
    from: Date.parse(dateTime('--date', `${first} 00:00`, timeZone)),
    to: Date.parse(dateTime('--date', `${addDays(last, 1)} 00:00`, timeZone)),
  };
}
