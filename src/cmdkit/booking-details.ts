// Bookings fetched singly (GET /bookings/{id}), a few at a time: a booking list carries only the
// passenger's id, a booking fetched singly names its passenger (name and phone). Tables look
// passengers up this way as a courtesy (a failure only leaves an id shown); a bookings import
// matches its rows by the passenger's phone this way, where a failure must stop the run rather
// than book a passenger twice; a timetable import names the passengers of a trip it moves, and
// never re-routes or prunes a trip that has any.
import type { ApiClient } from '../client/http.js';
import { paginate } from '../client/paginate.js';
import type { Context } from '../context.js';

/** Requests in flight at once for look-ups one object at a time. */
export const LOOKUPS_AT_ONCE = 4;

/**
 * Runs `task` for every value, LOOKUPS_AT_ONCE at a time. With `skipFailures` a failed one is
 * skipped (a courtesy); without, the first failure is the run's.
 */
export async function inBatches(values: readonly string[], task: (value: string) => Promise<void>, skipFailures: boolean): Promise<void> {
  for (let at = 0; at < values.length; at += LOOKUPS_AT_ONCE)
    await Promise.all(values.slice(at, at + LOOKUPS_AT_ONCE).map((v) => (skipFailures ? task(v).catch(() => {}) : task(v))));
}

/** Each booking as fetched singly (with its passenger), in the order of `ids`; skipped ones left out. */
export async function bookingDetails(
  client: ApiClient,
  ids: readonly string[],
  skipFailures: boolean,
): Promise<Array<Record<string, unknown>>> {
  const found = new Map<string, Record<string, unknown>>();
  await inBatches(
    ids,
    async (id) => {
      const { data } = await client.request({ method: 'GET', path: `/bookings/${encodeURIComponent(id)}`, retrySafe: true });
      const booking = (data as { booking?: unknown } | null)?.booking ?? data;
      if (typeof booking === 'object' && booking !== null) found.set(id, booking as Record<string, unknown>);
    },
    skipFailures,
  );
  return ids.flatMap((id) => (found.has(id) ? [found.get(id)!] : []));
}

/** A passenger holding seats on a trip, as the person who must tell them reads them. */
export interface Passenger {
  bookingId: string;
  status: string;
  seats?: number;
  name?: string;
  phone?: string;
}

/** Booking statuses that hold no seat: every other one (the list is open-ended) counts as booked. */
const RELEASED = new Set(['cancelled', 'rejected']);

/** `Rami Haddad +963944120001 (2 seats)`. */
export function passengerText(p: Passenger): string {
  const who = [p.name, p.phone].filter(Boolean).join(' ') || `booking ${p.bookingId}`;
  return p.seats && p.seats > 1 ? `${who} (${p.seats} seats)` : who;
}

/**
 * The passengers booked on each trip: its bookings that still hold seats, each fetched singly for
 * its passenger's name and phone. Every look-up must succeed: a booked trip taken for an empty one
 * would be changed or cancelled under its passengers.
 */
export async function passengersOf(
  client: ApiClient,
  tripIds: readonly string[],
  warn: (message: string) => void,
): Promise<Map<string, Passenger[]>> {
  const held: Array<{ id: string; tripId: string }> = [];
  for (const tripId of new Set(tripIds)) {
    for await (const page of paginate(client, '/bookings', 'bookings', { tripId }, { all: true }, warn)) {
      for (const booking of page.items as Array<{ id?: unknown; status?: unknown }>)
        if (typeof booking.id === 'string' && !RELEASED.has(String(booking.status))) held.push({ id: booking.id, tripId });
    }
  }
  const details = new Map(
    (
      await bookingDetails(
        client,
        held.map((b) => b.id),
        false,
      )
    ).map((b) => [String(b.id), b]),
  );
  const passengers = new Map<string, Passenger[]>(tripIds.map((id) => [id, []]));
  for (const { id, tripId } of held.reverse()) {
    const booking = details.get(id) ?? {};
    const person = (booking.passenger ?? {}) as { fullName?: unknown; phone?: unknown };
    passengers.get(tripId)!.push({
      bookingId: id,
      status: String(booking.status ?? ''),
      ...(typeof booking.seats === 'number' ? { seats: booking.seats } : {}),
      ...(typeof person.fullName === 'string' && person.fullName ? { name: person.fullName } : {}),
      ...(typeof person.phone === 'string' ? { phone: person.phone } : {}),
    });
  }
  return passengers;
}

/**
 * `bookings list --columns passenger`: each booking of a page given its passenger (name, phone)
 * as the booking fetched singly names it. Asked for, so a failed look-up fails the command rather
 * than leave a cell silently empty.
 */
export async function fillPassengers(ctx: Context, items: unknown[]): Promise<void> {
  const bookings = items.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null);
  const ids = bookings.map((booking) => booking.id).filter((id): id is string => typeof id === 'string');
  const details = new Map((await bookingDetails(await ctx.client(), ids, false)).map((found) => [found.id, found]));
  for (const booking of bookings) {
    const passenger = details.get(booking.id)?.passenger;
    if (passenger !== undefined) booking.passenger = passenger;
  }
}
