// `schedules preview`: the departures a schedule will have over the next N days, by the same rule
// the service publishes them by (input/recurrence.ts), each matched with the trip already
// published for it, if any — including days past the schedule's horizon, not published yet.
import { paginate } from '../../client/paginate.js';
import { badAnswer } from '../../client/shape.js';
import { RECURRENCES } from '../../input/choices.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { unwrap } from '../../cmdkit/run-operation.js';
import type { Context } from '../../context.js';
import { addDays, departuresOn, type ScheduleRule } from '../../input/recurrence.js';
import { dateTime } from '../../input/validate.js';
import { localDateOf, SERVICE_TIME_ZONE } from '../../input/zones.js';
import { sanitizeLine } from '../../output/sanitize.js';
import { specs } from '../../output/specs.js';
import { idOf } from '../../cmdkit/ids.js';

export type DepartureState = 'published' | 'to come' | 'skipped' | 'extra' | 'cancelled' | 'paused';

export interface PreviewRow {
  date: string;
  /** HH:MM in the service's zone. */
  time: string;
  /** ISO 8601, UTC. */
  departureAt: string;
  state: DepartureState;
  tripId: string | null;
}

export interface Schedule extends ScheduleRule {
  id: string;
  active?: boolean;
  fromCityId?: string;
  toCityId?: string;
  vehicleId?: string;
  horizonDays?: number;
}

export interface Trip {
  id: string;
  status?: string;
  departureAt?: string;
  scheduleId?: string | null;
  vehicleId?: string;
  fromCityId?: string;
  toCityId?: string;
}

const DAY_MS = 86_400_000;

export const preview: ActionFn<{ days: number }> = async (ctx, { args, opts }) => {
  const id = await idOf(ctx, 'scheduleId', args[0] ?? '');
  const schedule = await fetchSchedule(ctx, id);
  const rows = await previewDepartures(ctx, schedule, ctx.serviceNow(), opts.days);
  if (!ctx.dataOutput) {
    if (schedule.active === false) ctx.info('This schedule is paused: it publishes nothing until it is resumed.');
    if (schedule.horizonDays !== undefined)
      ctx.info(`Trips are published ${schedule.horizonDays} days ahead; later departures show as 'to come'.`);
  }
  await ctx.renderer().list([rows], specs.departure);
};

export async function fetchSchedule(ctx: Context, id: string): Promise<Schedule> {
  const { data } = await (await ctx.client()).request({
    method: 'GET',
    path: `/schedules/${id}`,
    expect: { kind: 'object', key: 'schedule' },
  });
  const schedule = unwrap(data, 'schedule') as Schedule;
  // The rule is computed here, so an answer it cannot be computed from is the service's fault.
  const call = `GET /schedules/${id}`;
  if (!/^\d{2}:\d{2}$/.test(String(schedule.departureTime))) throw badAnswer(call, 'has no departureTime as HH:MM');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(String(schedule.startsOn))) throw badAnswer(call, 'has no startsOn as YYYY-MM-DD');
  if (!(RECURRENCES as readonly string[]).includes(schedule.recurrence))
    throw badAnswer(call, `has an unknown recurrence '${sanitizeLine(String(schedule.recurrence))}'`);
  return schedule;
}

/** The schedule's departures in (now, now + days], each with its state and trip. */
export async function previewDepartures(ctx: Context, schedule: Schedule, now: Date, days: number): Promise<PreviewRow[]> {
  const until = now.getTime() + days * DAY_MS;
  const rows: Array<PreviewRow & { regular: boolean }> = [];
  const today = localDateOf(now, SERVICE_TIME_ZONE);
  // One day past the window: its early hours may still lie within (now, now + days].
  for (let i = 0; i <= days + 1; i++) {
    for (const departure of departuresOn(schedule, addDays(today, i))) {
      const at = Date.parse(dateTime('departure', `${departure.date} ${departure.time}`, SERVICE_TIME_ZONE));
      if (at <= now.getTime() || at > until) continue;
      const state: DepartureState =
        departure.kind === 'skipped' ? 'skipped' : departure.kind === 'extra' ? 'extra' : schedule.active === false ? 'paused' : 'to come';
      rows.push({
        date: departure.date,
        time: departure.time,
        departureAt: new Date(at).toISOString(),
        state,
        tripId: null,
        regular: departure.kind === 'regular',
      });
    }
  }
  const trips = await tripsOf(ctx, schedule, now);
  const taken = new Set<string>();
  const claim = (row: PreviewRow, trip: Trip) => {
    taken.add(trip.id);
    row.tripId = trip.id;
    if (row.state !== 'skipped') row.state = trip.status === 'cancelled' ? 'cancelled' : 'published';
  };
  for (const row of rows) {
    const trip = trips.find((t) => !taken.has(t.id) && Date.parse(t.departureAt!) === Date.parse(row.departureAt));
    if (trip) claim(row, trip);
  }
  // A date published before the departure time changed keeps its trip at the old time: that
  // trip is the date's regular departure (the service publishes no second one).
  for (const row of rows) {
    if (row.tripId !== null || !row.regular) continue;
    const trip = trips.find(
      (t) => !taken.has(t.id) && t.scheduleId === schedule.id && localDateOf(new Date(t.departureAt!), SERVICE_TIME_ZONE) === row.date,
    );
    if (trip) {
      claim(row, trip);
      row.departureAt = new Date(trip.departureAt!).toISOString();
    }
  }
  return rows.map(({ regular: _regular, ...row }) => row);
}

/**
 * The route's trips departing after `now` that belong to the schedule: those that name it, and
 * (for a service that does not say which schedule a trip came from) those on its vehicle and route.
 */
async function tripsOf(ctx: Context, schedule: Schedule, now: Date): Promise<Trip[]> {
  const trips = await tripsDeparting(ctx, { fromCityId: schedule.fromCityId, toCityId: schedule.toCityId }, now.getTime());
  const found = trips.filter((trip) => belongsTo(trip, schedule));
  // A departure skipped and then restored has a cancelled trip and a new one: the new one counts.
  return found.sort((a, b) => Number(a.status === 'cancelled') - Number(b.status === 'cancelled'));
}

export function belongsTo(trip: Trip, schedule: Schedule): boolean {
  if (trip.scheduleId !== undefined) return trip.scheduleId === schedule.id;
  return trip.vehicleId === schedule.vehicleId && trip.fromCityId === schedule.fromCityId && trip.toCityId === schedule.toCityId;
}

/**
 * Trips departing after `after` (ms), walking the list newest departure first and stopping at the
 * first page that reaches back to it. The query narrows by route (the list's own filters).
 */
export async function tripsDeparting(ctx: Context, query: Record<string, string | undefined>, after: number): Promise<Trip[]> {
  const client = await ctx.client();
  const found: Trip[] = [];
  for await (const page of paginate(client, '/trips', 'trips', query, { all: true }, (message) => ctx.warn(message))) {
    let reached = false;
    for (const trip of page.items as Trip[]) {
      if (typeof trip.departureAt !== 'string' || Number.isNaN(Date.parse(trip.departureAt))) continue;
      if (Date.parse(trip.departureAt) <= after) reached = true;
      else found.push(trip);
    }
    if (reached) break;
  }
  return found;
}
