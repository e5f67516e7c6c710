// Schedules publish trips: every occurrence of the recurrence (and every extra exception) whose
// departure lies in (now, now + horizonDays] becomes a published trip carrying scheduleId, once.
// Local dates and times are Syria's (UTC+03:00, no daylight saving). Which dates have a departure
// is the rule `schedules preview` announces them by (src/input/recurrence.ts), shared, not copied.
import { addDays, departuresOn } from '../../input/recurrence.js';
import { cancelTrip, tripView, type Core } from './model.js';
import { CURRENCY, LOCAL_OFFSET_MINUTES, type ScheduleRec, type TripRec } from './state.js';

const DAY = 86_400_000;
const OFFSET = LOCAL_OFFSET_MINUTES * 60_000;

/** The local calendar date (YYYY-MM-DD) of an instant. */
export function localDate(instant: Date): string {
  return new Date(instant.getTime() + OFFSET).toISOString().slice(0, 10);
}

/** The instant of a local date and HH:MM time, as ISO 8601 UTC. */
export function instantOf(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, d, hh, mm) - OFFSET).toISOString();
}

/** Departure instants (ISO) in (now, now + horizon], exceptions applied, sorted. */
export function occurrences(s: ScheduleRec, now: Date): string[] {
  const until = now.getTime() + s.horizonDays * DAY;
  const out = new Set<string>();
  const first = localDate(now);
  for (let i = 0; i <= s.horizonDays + 1; i++) {
    const date = addDays(first, i);
    for (const { time, kind } of departuresOn(s, date)) {
      if (kind === 'skipped') continue;
      const at = instantOf(date, time);
      const ms = Date.parse(at);
      if (ms > now.getTime() && ms <= until) out.add(at);
    }
  }
  return [...out].sort();
}

/** Publishes the trips the schedule owes up to its horizon; returns them. Paused schedules publish nothing. */
export function generate(core: Core, s: ScheduleRec): TripRec[] {
  if (!s.active) return [];
  const vehicle = core.state.vehicles.find((v) => v.id === s.vehicleId && v.companyId === s.companyId);
  if (!vehicle) return [];
  const created: TripRec[] = [];
  const now = core.now().toISOString();
  for (const at of occurrences(s, core.now())) {
    if (s.generated.includes(at)) continue;
    s.generated.push(at);
    const trip: TripRec = {
      id: core.newId(),
      companyId: s.companyId,
      status: 'published',
      vehicleId: s.vehicleId,
      driverId: s.driverId,
      fromCityId: s.fromCityId,
      toCityId: s.toCityId,
      departureAt: at,
      pricePerSeat: s.pricePerSeat,
      currency: CURRENCY,
      totalSeats: Math.min(s.totalSeats ?? vehicle.seats, vehicle.seats),
      fromPlacePcode: null,
      toPlacePcode: null,
      notes: s.notes,
      scheduleId: s.id,
      createdAt: now,
      updatedAt: now,
    };
    core.state.trips.push(trip);
    created.push(trip);
    core.emit(s.companyId, 'trip.created', tripView(core.state, trip));
  }
  // Forget instants that passed, so the list stays short.
  const cutoff = core.now().getTime();
  s.generated = s.generated.filter((at) => Date.parse(at) > cutoff);
  return created;
}

/**
 * After an exception for `date` was added, replaced or removed: future published trips of this
 * schedule on that date that the schedule no longer owes are cancelled (the trip cancellation
 * rule applies to their bookings), and the date's occurrences may be published again later.
 * Then whatever is now owed (an extra departure, a skip lifted) is published.
 */
export function reconcileDate(core: Core, s: ScheduleRec, date: string): void {
  const owed = new Set(occurrences(s, core.now()).filter((at) => localDate(new Date(at)) === date));
  const now = core.now().getTime();
  for (const trip of core.state.trips) {
    if (trip.scheduleId !== s.id || trip.status !== 'published') continue;
    if (Date.parse(trip.departureAt) <= now || localDate(new Date(trip.departureAt)) !== date) continue;
    if (!owed.has(trip.departureAt)) cancelTrip(core, trip);
  }
  s.generated = s.generated.filter((at) => localDate(new Date(at)) !== date || owed.has(at));
  generate(core, s);
}

/** The local HH:MM of an instant. */
function localTime(instant: string): string {
  return new Date(Date.parse(instant) + OFFSET).toISOString().slice(11, 16);
}

/**
 * Before departureTime changes to `time`: the dates that already have a regular departure stay
 * served by it (published trips keep their values), so their new-time instant counts as published
 * too and no second departure is made on them.
 */
export function keepPublishedDates(s: ScheduleRec, time: string): void {
  const served = s.generated.filter((at) => localTime(at) === s.departureTime).map((at) => instantOf(localDate(new Date(at)), time));
  s.generated = [...new Set([...s.generated, ...served])];
}

/** Runs every active schedule (on start, after the clock moves, after a schedule changes). */
export function generateAll(core: Core): void {
  for (const s of core.state.schedules) generate(core, s);
}
