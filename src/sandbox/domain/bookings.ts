// Bookings: the state machine (which status a booking may move to from which), seat
// availability when booking, the passenger found or made by phone, the pending cash payment, and
// the ticket.
import { createHash } from 'node:crypto';

import { conflict } from './errors.js';
import { bookingEventData, moveBooking, seatsBooked, type Core } from './model.js';
import { isFuture, own, stamp } from './rules.js';
import { CURRENCY, type BookingRec, type BookingStatus, type CompanyRec } from './state.js';

/** Allowed moves: target status → source statuses. */
export const BOOKING_MOVES: Record<string, BookingStatus[]> = {
  approved: ['requested'],
  rejected: ['requested'],
  cancelled: ['requested', 'approved'],
  boarded: ['approved'],
  no_show: ['approved'],
};

/** Moves a booking of the company to `status`, if the state machine allows it from where it is. */
export function moveCompanyBooking(core: Core, company: CompanyRec, bookingId: string, status: BookingStatus): BookingRec {
  const booking = own(core.state.bookings, bookingId, company, 'booking');
  const from = BOOKING_MOVES[status]!;
  if (!from.includes(booking.status)) {
    throw conflict(
      'invalid_transition',
      `booking ${booking.id} is ${booking.status}; it can become ${status} only from ${from.join(' or ')}`,
    );
  }
  moveBooking(core, booking, status);
  return booking;
}

export interface BookingRequest {
  tripId: string;
  seats: number;
  phone: string;
  fullName?: string;
  passengerNote?: string;
  groupName?: string;
}

/**
 * A requested booking on a published, future trip of the company, if it has the seats. The
 * passenger with this phone is reused, else made with fullName. The passenger pays in cash on
 * boarding: a pending payment is attached that boarding settles.
 */
export function createBooking(core: Core, company: CompanyRec, request: BookingRequest): BookingRec {
  const trip = own(core.state.trips, request.tripId, company, 'trip');
  if (trip.status !== 'published')
    throw conflict('trip_not_bookable', `trip ${trip.id} is ${trip.status}; only published trips take bookings`);
  if (!isFuture(core, trip.departureAt)) throw conflict('trip_not_bookable', `trip ${trip.id} departed at ${trip.departureAt}`);
  const available = trip.totalSeats - seatsBooked(core.state, trip.id);
  if (request.seats > available)
    throw conflict('not_enough_seats', `trip ${trip.id} has ${available} free seats, not ${request.seats}`, { available });
  const now = stamp(core);
  let passenger = core.state.users.find((u) => u.phone === request.phone);
  if (!passenger) {
    passenger = { id: core.newId(), fullName: request.fullName ?? null, phone: request.phone, createdAt: now };
    core.state.users.push(passenger);
  }
  const booking: BookingRec = {
    id: core.newId(),
    companyId: company.id,
    tripId: trip.id,
    passengerId: passenger.id,
    status: 'requested',
    seats: request.seats,
    source: 'partner_api',
    boardedAt: null,
    noShow: false,
    passengerNote: request.passengerNote ?? null,
    groupName: request.groupName ?? null,
    createdAt: now,
    updatedAt: now,
  };
  core.state.bookings.push(booking);
  core.state.payments.push({
    id: core.newId(),
    companyId: company.id,
    bookingId: booking.id,
    tripId: trip.id,
    amount: request.seats * trip.pricePerSeat,
    currency: CURRENCY,
    status: 'pending',
    method: 'cash',
    createdAt: now,
    updatedAt: now,
  });
  core.emit(company.id, 'booking.created', bookingEventData(booking));
  return booking;
}

/** The company-view ticket: a short code, the QR text (with a check), passenger, trip, boarding. */
export function ticketOf(core: Core, company: CompanyRec, bookingId: string) {
  const b = own(core.state.bookings, bookingId, company, 'booking');
  const trip = core.state.trips.find((t) => t.id === b.tripId)!;
  const passenger = core.state.users.find((u) => u.id === b.passengerId)!;
  const vehicle = core.state.vehicles.find((v) => v.id === trip.vehicleId);
  const code = `QX-${b.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const check = createHash('sha256').update(`${b.id}:${code}`).digest('hex').slice(0, 8);
  return {
    bookingId: b.id,
    code,
    qr: `TRIP1:${b.id}:${code}:${check}`,
    status: b.status,
    seats: b.seats,
    passenger: { fullName: passenger.fullName, phone: passenger.phone },
    trip: {
      id: trip.id,
      fromCityId: trip.fromCityId,
      toCityId: trip.toCityId,
      departureAt: trip.departureAt,
      plate: vehicle?.plate ?? null,
    },
    boarding: { boardedAt: b.boardedAt, noShow: b.noShow },
  };
}
