// Trips: the fields a publish or a change may set and their rules, and the moves a published
// trip can make (changed, cancelled, completed).
import { conflict, invalid } from './errors.js';
import { cancelTrip, seatsBooked, tripView, type Core } from './model.js';
import { has, isFuture, requireCity, requireDriver, requirePlace, requireVehicle, stamp } from './rules.js';
import { CURRENCY, type CompanyRec, type TripRec } from './state.js';

/** partner-api.md: carId is an alias of vehicleId (vehicleId wins when both are sent). */
export function carIdAlias(fields: Record<string, unknown>): Record<string, unknown> {
  return fields.vehicleId === undefined && fields.carId !== undefined ? { ...fields, vehicleId: fields.carId } : fields;
}

/**
 * The checked fields of a publish (trip null) or of a change to `trip`: vehicle and driver of the
 * company (the driver defaults to `actorId`), two different known cities, places inside them, a
 * future departure, and totalSeats within the vehicle and not below the seats already booked.
 */
export function tripFields(
  core: Core,
  company: CompanyRec,
  fields: Record<string, unknown>,
  actorId: string,
  trip: TripRec | null,
): Partial<TripRec> {
  const out: Partial<TripRec> = {};
  const vehicle =
    has(fields, 'vehicleId') || !trip
      ? requireVehicle(core, company, fields.vehicleId, 'vehicleId')
      : core.state.vehicles.find((v) => v.id === trip.vehicleId)!;
  if (has(fields, 'vehicleId')) out.vehicleId = vehicle.id;
  if (has(fields, 'driverId')) out.driverId = requireDriver(core, company, fields.driverId, 'driverId');
  else if (!trip) out.driverId = requireDriver(core, company, actorId, 'driverId');
  const from = has(fields, 'fromCityId') ? requireCity(fields.fromCityId, 'fromCityId') : trip!.fromCityId;
  const to = has(fields, 'toCityId') ? requireCity(fields.toCityId, 'toCityId') : trip!.toCityId;
  if (from === to) throw invalid('same_city', `fromCityId and toCityId are both '${from}'`, 'toCityId');
  if (has(fields, 'fromCityId')) out.fromCityId = from;
  if (has(fields, 'toCityId')) out.toCityId = to;
  if (has(fields, 'fromPlacePcode') || (trip && has(fields, 'fromCityId') && trip.fromPlacePcode)) {
    out.fromPlacePcode = requirePlace(has(fields, 'fromPlacePcode') ? fields.fromPlacePcode : trip!.fromPlacePcode, from, 'fromPlacePcode');
  }
  if (has(fields, 'toPlacePcode') || (trip && has(fields, 'toCityId') && trip.toPlacePcode)) {
    out.toPlacePcode = requirePlace(has(fields, 'toPlacePcode') ? fields.toPlacePcode : trip!.toPlacePcode, to, 'toPlacePcode');
  }
  if (has(fields, 'departureAt')) {
    const at = new Date(fields.departureAt as string).toISOString();
    if (!isFuture(core, at))
      throw invalid('departure_in_past', `departureAt ${String(fields.departureAt)} is not in the future`, 'departureAt');
    out.departureAt = at;
  }
  if (has(fields, 'pricePerSeat')) out.pricePerSeat = fields.pricePerSeat as number;
  const seats = has(fields, 'totalSeats')
    ? (fields.totalSeats as number)
    : trip
      ? has(fields, 'vehicleId')
        ? Math.min(trip.totalSeats, vehicle.seats)
        : trip.totalSeats
      : vehicle.seats;
  if (seats > vehicle.seats)
    throw invalid('seats_out_of_range', `totalSeats must be at most the vehicle's ${vehicle.seats} seats, not ${seats}`, 'totalSeats');
  if (trip) {
    const booked = seatsBooked(core.state, trip.id);
    if (seats < booked) throw conflict('seats_below_booked', `totalSeats ${seats} is below the ${booked} seats already booked`);
  }
  if (has(fields, 'totalSeats') || !trip || seats !== trip.totalSeats) out.totalSeats = seats;
  if (has(fields, 'notes')) out.notes = fields.notes as string | null;
  return out;
}

export function requirePublished(trip: TripRec, doing: string): void {
  if (trip.status !== 'published')
    throw conflict('invalid_transition', `trip ${trip.id} is ${trip.status}; only a published trip can be ${doing}`);
}

export function publishTrip(core: Core, company: CompanyRec, fields: Record<string, unknown>, actorId: string): TripRec {
  const checked = tripFields(core, company, fields, actorId, null);
  const now = stamp(core);
  const trip = {
    id: core.newId(),
    companyId: company.id,
    status: 'published',
    currency: CURRENCY,
    scheduleId: null,
    createdAt: now,
    updatedAt: now,
    fromPlacePcode: null,
    toPlacePcode: null,
    notes: null,
    ...checked,
  } as TripRec;
  core.state.trips.push(trip);
  core.emit(company.id, 'trip.created', tripView(core.state, trip));
  return trip;
}

/** Changes a published trip; trip.updated only when something changed. */
export function changeTrip(core: Core, company: CompanyRec, trip: TripRec, fields: Record<string, unknown>, actorId: string): TripRec {
  requirePublished(trip, 'changed');
  const checked = tripFields(core, company, fields, actorId, trip);
  const changed = Object.entries(checked).some(([k, v]) => (trip as unknown as Record<string, unknown>)[k] !== v);
  Object.assign(trip, checked);
  if (changed) {
    trip.updatedAt = stamp(core);
    core.emit(company.id, 'trip.updated', tripView(core.state, trip));
  }
  return trip;
}

export function cancelPublishedTrip(core: Core, trip: TripRec): TripRec {
  requirePublished(trip, 'cancelled');
  cancelTrip(core, trip);
  return trip;
}

export function completeTrip(core: Core, trip: TripRec): TripRec {
  requirePublished(trip, 'completed');
  if (isFuture(core, trip.departureAt))
    throw conflict('trip_not_departed', `trip ${trip.id} departs at ${trip.departureAt}; it can be completed after that`);
  trip.status = 'completed';
  trip.updatedAt = stamp(core);
  core.emit(trip.companyId, 'trip.completed', tripView(core.state, trip));
  return trip;
}

/** Approved and boarded passengers of a trip, by name. */
export function manifestOf(core: Core, trip: TripRec) {
  return core.state.bookings
    .filter((b) => b.tripId === trip.id && (b.status === 'approved' || b.status === 'boarded'))
    .map((b) => {
      const u = core.state.users.find((x) => x.id === b.passengerId)!;
      return {
        bookingId: b.id,
        passengerId: u.id,
        fullName: u.fullName,
        phone: u.phone,
        seats: b.seats,
        status: b.status,
        boardedAt: b.boardedAt,
        groupName: b.groupName,
        passengerNote: b.passengerNote,
      };
    })
    .sort((a, b) => (a.fullName ?? '').localeCompare(b.fullName ?? '') || a.bookingId.localeCompare(b.bookingId));
}
