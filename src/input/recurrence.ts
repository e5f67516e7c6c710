// The rule by which a schedule has departures, in the service's local calendar dates and HH:MM
// times: daily, weekly on weekdays (0 = Sunday), or every intervalDays days from startsOn, with
// per-date exceptions that skip the date or add an extra departure. One module for both sides:
// the sandbox publishes trips by it and `schedules preview` announces them by it, so the
// announcement cannot drift from the publishing. Time zones and instants are the caller's.

export interface ScheduleRule {
  recurrence: string;
  weekdays?: readonly number[] | null;
  intervalDays?: number | null;
  /** First local date with a departure, YYYY-MM-DD. */
  startsOn: string;
  /** Local HH:MM of the regular departure. */
  departureTime: string;
  exceptions?: ReadonlyArray<{ date: string; kind: string; departureTime?: string | null }>;
}

/** `regular`: the recurrence's own; `extra`: an added departure; `skipped`: a regular one an exception removed. */
export type DepartureKind = 'regular' | 'extra' | 'skipped';

export interface LocalDeparture {
  date: string;
  time: string;
  kind: DepartureKind;
}

const DAY_MS = 86_400_000;

/** `YYYY-MM-DD` plus `days` calendar days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** Whether the recurrence, before exceptions, has its departure on this local date. */
export function recursOn(rule: ScheduleRule, date: string): boolean {
  if (date < rule.startsOn) return false;
  if (rule.recurrence === 'daily') return true;
  if (rule.recurrence === 'weekly') return (rule.weekdays ?? []).includes(new Date(`${date}T00:00:00Z`).getUTCDay());
  return daysBetween(rule.startsOn, date) % (rule.intervalDays ?? 1) === 0;
}

/**
 * The departures of one local date, earliest first: the regular one (or, under a skip exception,
 * the regular one marked `skipped`) and an extra one. An extra at the regular time is that one
 * departure, not two.
 */
export function departuresOn(rule: ScheduleRule, date: string): LocalDeparture[] {
  const exception = rule.exceptions?.find((e) => e.date === date);
  const out: LocalDeparture[] = [];
  if (recursOn(rule, date)) out.push({ date, time: rule.departureTime, kind: exception?.kind === 'skip' ? 'skipped' : 'regular' });
  if (exception?.kind === 'extra' && exception.departureTime && !(out[0]?.time === exception.departureTime))
    out.push({ date, time: exception.departureTime, kind: 'extra' });
  return out.sort((a, b) => a.time.localeCompare(b.time));
}
