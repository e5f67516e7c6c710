// Before a write a person confirms: who it affects beyond its own object (a trip's passengers,
// whom a cancel leaves with cancelled bookings) and what the service would refuse (too few free
// seats, the vehicle already departing then), so the question shows what follows and nobody is
// asked to confirm what cannot happen. Declared on a verb as `affected` and `precheck`.
import { paginate } from '../client/paginate.js';
import { CliError, ExitCode } from '../errors.js';
import { sanitizeLine } from '../output/sanitize.js';
import { describeTrip, fetchOne, showVehicle } from './handles.js';
import type { ParseTools } from './operation-spec.js';

/**
 * The passengers travelling on a trip or waiting for a seat (its bookings that hold seats, as a
 * timetable import names them: booking-details.ts passengersOf), one row each as a confirmation
 * names a booking: who a trip's cancel affects.
 */
export async function tripPassengers(tripId: string, tools: ParseTools): Promise<Array<[string, string]>> {
  const { passengersOf } = await import('./booking-details.js');
  const passengers = (await passengersOf(await tools.ctx.client(), [tripId], (message) => tools.ctx.warn(message))).get(tripId) ?? [];
  return passengers.map((p) => {
    const seats = p.seats === undefined ? undefined : `${p.seats} seat${p.seats === 1 ? '' : 's'}`;
    const label = [p.name, p.phone].filter(Boolean).join(' ') || p.bookingId;
    return ['passenger', sanitizeLine([label, seats, p.status].filter(Boolean).join(', '))];
  });
}

/**
 * A booking the service would refuse, said before anyone confirms it: a trip that is not
 * published, or fewer free seats than asked for (seats on sale less the seats held).
 */
export async function bookingFits(body: Record<string, unknown>, tools: ParseTools): Promise<void> {
  if (typeof body.tripId !== 'string' || typeof body.seats !== 'number') return;
  const trip = await fetchOne(tools, 'trips', body.tripId, 'trip');
  const name = await describeTrip(body.tripId, tools);
  if (typeof trip.status === 'string' && trip.status !== 'published')
    throw new CliError(`the trip ${name} is ${trip.status}: it takes no bookings; nothing was sent`, ExitCode.rejected);
  if (typeof trip.totalSeats === 'number' && typeof trip.seatsBooked === 'number') {
    const free = trip.totalSeats - trip.seatsBooked;
    if (body.seats > free)
      throw new CliError(
        `the trip ${name} has ${free} free seat${free === 1 ? '' : 's'} (${trip.totalSeats} on sale, ${trip.seatsBooked} held), not ${body.seats}; nothing was sent`,
        ExitCode.rejected,
      );
  }
}

/**
 * A trip the service would refuse or that cannot run, said before anyone confirms it: its vehicle
 * already departing at that very time on a published trip. Walks the trips newest first down to
 * that departure (a publish for next week reads the pages of the coming week).
 */
export async function vehicleFree(body: Record<string, unknown>, tools: ParseTools): Promise<void> {
  if (typeof body.vehicleId !== 'string' || typeof body.departureAt !== 'string') return;
  const at = Date.parse(body.departureAt);
  const client = await tools.ctx.client();
  for await (const page of paginate(client, '/trips', 'trips', { status: 'published' }, { all: true })) {
    const trips = page.items as Array<{ id?: unknown; vehicleId?: unknown; departureAt?: unknown; status?: unknown }>;
    const same = trips.find(
      (trip) => trip.vehicleId === body.vehicleId && trip.status !== 'cancelled' && Date.parse(String(trip.departureAt)) === at,
    );
    if (same)
      throw new CliError(
        `vehicle ${await showVehicle(body.vehicleId, tools)} already departs then: ${await describeTrip(String(same.id), tools)}; nothing was sent`,
        ExitCode.rejected,
      );
    // Newest departure first: past this one, no later page can hold it.
    if (trips.some((trip) => Date.parse(String(trip.departureAt)) < at)) return;
  }
}
