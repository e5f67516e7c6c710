// `bookings create --from-file`: a passenger list from a spreadsheet, run again after a change. A
// row is the booking of its trip held by the same phone (requested, approved or boarded): an
// identical row is `unchanged` and sends nothing, a row whose seats, note or group differ is
// `differs`, field by field, and is not sent (a name is the phone's, kept by the service: another
// spelling in the file is said once and is no difference) — the service changes a booking only by its status
// (PATCH /bookings/{id} takes nothing else), so there is no --update. A row with a new phone is
// booked, with its content-derived Idempotency-Key as before. A booking list carries only the
// passenger's id, so each active booking of the file's trips is fetched singly for its phone.
import { paginate } from '../../client/paginate.js';
import { bookingDetails } from '../../cmdkit/booking-details.js';
import { countryOf } from '../../cmdkit/fields.js';
import type { Found, Match } from '../../cmdkit/import-plan.js';
import type { ImportRow, ImportVerb } from '../../cmdkit/import-verb.js';
import type { FieldFlag } from '../../cmdkit/operation-spec.js';
import { toolsFor } from '../../cmdkit/run-operation.js';
import type { Context } from '../../context.js';
import { toE164 } from '../../input/phone.js';

/** A booking that still holds its seats, and so is what a row of the file stands for. */
const ACTIVE = new Set(['requested', 'approved', 'boarded']);

const holder = (tripId: unknown, phone: unknown) => `${String(tripId)}|${String(phone)}`;

/**
 * The active bookings of the file's trips, by trip and passenger phone, matched to the rows in
 * order: two rows of one phone on one trip (two bookings) match its two bookings, oldest first.
 * Every look-up must succeed: a booking missed would be booked again.
 */
async function existingBookings(ctx: Context, rows: ImportRow[]): Promise<Found> {
  const tools = toolsFor(ctx);
  const country = countryOf(tools);
  const client = await ctx.client();
  const active: string[] = [];
  for (const tripId of new Set(rows.map((row) => String(row.body.tripId)))) {
    for await (const page of paginate(client, '/bookings', 'bookings', { tripId }, { all: true }, (message) => ctx.warn(message))) {
      for (const booking of page.items as Array<{ id?: unknown; status?: unknown }>)
        if (typeof booking.id === 'string' && ACTIVE.has(String(booking.status))) active.push(booking.id);
    }
  }
  // Newest first from the list; the oldest booking of a phone matches its first row.
  const details = (await bookingDetails(client, active, false)).reverse();
  const held = new Map<string, Match[]>();
  for (const booking of details) {
    const passenger = (booking.passenger ?? {}) as { phone?: unknown; fullName?: unknown };
    if (typeof passenger.phone !== 'string') continue;
    // The phone as the one parser writes it, so a number the service stored otherwise still matches.
    const phone = (await toE164(passenger.phone, country)) ?? passenger.phone;
    const key = holder(booking.tripId, phone);
    const current = {
      tripId: booking.tripId,
      phone,
      seats: booking.seats,
      fullName: passenger.fullName ?? undefined,
      passengerNote: booking.passengerNote ?? undefined,
      groupName: booking.groupName ?? undefined,
    };
    held.set(key, [...(held.get(key) ?? []), { id: String(booking.id), status: String(booking.status), current }]);
  }
  const matches = new Map<number, Match>();
  const renamed: string[] = [];
  for (const [index, row] of rows.entries()) {
    const match = held.get(holder(row.body.tripId, row.body.phone))?.shift();
    if (!match) continue;
    matches.set(index, match);
    // The passenger's name is the phone's, kept by the service from its first booking (or its
    // owner's registration); a row's other spelling changes nothing and can change nothing, so
    // it is not a difference: said once, and the row counts by its other cells.
    const name = row.body.fullName;
    if (typeof name === 'string' && name.trim() !== '' && match.current && !sameName(name, match.current.fullName)) {
      renamed.push(`line ${row.line}: ${JSON.stringify(name.trim())}, kept as ${JSON.stringify(match.current.fullName ?? '')}`);
      match.current.fullName = name;
    }
  }
  if (renamed.length)
    ctx.info(
      `the service keeps the name a phone is registered with; ${renamed.length === 1 ? 'a row names its passenger' : `${renamed.length} rows name their passengers`} otherwise, which is not a change (${renamed.slice(0, 3).join('; ')}${renamed.length > 3 ? '; …' : ''})`,
    );
  return { matches };
}

function sameName(a: string, b: unknown): boolean {
  return typeof b === 'string' && a.trim().normalize('NFC') === b.trim().normalize('NFC');
}

export function bookingImport(flags: FieldFlag[]): ImportVerb {
  return {
    method: 'POST',
    path: '/bookings',
    resultKey: 'booking',
    flags,
    idempotent: true,
    existing: existingBookings,
    identity: ['tripId', 'phone'],
    noUpdate:
      'the service changes a booking only by its status, so bookings have no --update: cancel it and book again, or change it in the dashboard',
  };
}
