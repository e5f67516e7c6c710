// Views (record → served shape) and the state moves shared by routes, admin routes, schedules and
// the seed. Every move that the description says emits an event emits it here, once.
import type { WebhookEndpointRecord } from '../contracts.js';
import type {
  BookingRec,
  BookingStatus,
  CompanyRec,
  MembershipRec,
  PaymentRec,
  PaymentStatus,
  PayoutRec,
  ReviewRec,
  ScheduleRec,
  State,
  TripRec,
  UserRec,
  VehicleRec,
} from './state.js';

/** What domain code needs from the running sandbox (the seed passes a quiet one). */
export interface Core {
  state: State;
  now(): Date;
  newId(): string;
  emit(companyId: string, event: string, data: Record<string, unknown>): void;
}

/** Booking statuses that hold seats on their trip. */
export const HOLDING: ReadonlySet<BookingStatus> = new Set(['requested', 'approved', 'boarded', 'no_show']);

export function seatsBooked(state: State, tripId: string): number {
  let total = 0;
  for (const b of state.bookings) if (b.tripId === tripId && HOLDING.has(b.status)) total += b.seats;
  return total;
}

export function companyView(c: CompanyRec): Record<string, unknown> {
  return { id: c.id, name: c.name, verified: c.verified, description: c.description, logo: c.logo };
}

export function memberView(m: MembershipRec, user: UserRec): Record<string, unknown> {
  return { id: user.id, role: m.role, fullName: user.fullName, phone: user.phone, joinedAt: m.joinedAt };
}

export function vehicleView(v: VehicleRec): Record<string, unknown> {
  const { companyId: _c, ...rest } = v;
  return rest;
}

export function tripView(state: State, t: TripRec): Record<string, unknown> {
  return {
    id: t.id,
    status: t.status,
    vehicleId: t.vehicleId,
    driverId: t.driverId,
    fromCityId: t.fromCityId,
    toCityId: t.toCityId,
    departureAt: t.departureAt,
    pricePerSeat: t.pricePerSeat,
    currency: t.currency,
    totalSeats: t.totalSeats,
    seatsBooked: seatsBooked(state, t.id),
    fromPlacePcode: t.fromPlacePcode,
    toPlacePcode: t.toPlacePcode,
    notes: t.notes,
    scheduleId: t.scheduleId,
    createdAt: t.createdAt,
    updatedAt: t.updatedAt,
  };
}

export function scheduleView(s: ScheduleRec): Record<string, unknown> {
  return {
    id: s.id,
    active: s.active,
    vehicleId: s.vehicleId,
    driverId: s.driverId,
    fromCityId: s.fromCityId,
    toCityId: s.toCityId,
    pricePerSeat: s.pricePerSeat,
    totalSeats: s.totalSeats,
    recurrence: s.recurrence,
    weekdays: s.weekdays,
    intervalDays: s.intervalDays,
    departureTime: s.departureTime,
    startsOn: s.startsOn,
    horizonDays: s.horizonDays,
    notes: s.notes,
    exceptions: [...s.exceptions]
      .sort((a, b) => a.date.localeCompare(b.date))
      .map((e) => ({ id: e.id, date: e.date, kind: e.kind, departureTime: e.departureTime, createdAt: e.createdAt })),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  };
}

/** booking.* event data: exactly the fields partner-api.md lists. */
export function bookingEventData(b: BookingRec): Record<string, unknown> {
  return { id: b.id, tripId: b.tripId, status: b.status, seats: b.seats, source: b.source, boardedAt: b.boardedAt, noShow: b.noShow };
}

export function bookingView(b: BookingRec): Record<string, unknown> {
  return {
    id: b.id,
    tripId: b.tripId,
    passengerId: b.passengerId,
    status: b.status,
    seats: b.seats,
    source: b.source,
    boardedAt: b.boardedAt,
    noShow: b.noShow,
    passengerNote: b.passengerNote,
    groupName: b.groupName,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

export function passengerView(u: UserRec): Record<string, unknown> {
  return { id: u.id, fullName: u.fullName, phone: u.phone };
}

export function paymentView(p: PaymentRec): Record<string, unknown> {
  const { companyId: _c, ...rest } = p;
  return rest;
}

export function payoutView(p: PayoutRec): Record<string, unknown> {
  const { companyId: _c, ...rest } = p;
  return rest;
}

export function reviewView(r: ReviewRec): Record<string, unknown> {
  const { companyId: _c, ...rest } = r;
  return rest;
}

export function endpointView(e: WebhookEndpointRecord): Record<string, unknown> {
  return { id: e.id, url: e.url, events: e.events, active: e.active, createdAt: e.createdAt };
}

export function bookingDetail(state: State, b: BookingRec): Record<string, unknown> {
  const trip = state.trips.find((t) => t.id === b.tripId);
  const passenger = state.users.find((u) => u.id === b.passengerId);
  return {
    ...bookingView(b),
    trip: trip ? tripView(state, trip) : null,
    passenger: passenger ? passengerView(passenger) : null,
    payments: state.payments.filter((p) => p.bookingId === b.id).map(paymentView),
  };
}

// ---- moves -------------------------------------------------------------------------------------

export function setPaymentStatus(core: Core, payment: PaymentRec, status: PaymentStatus): void {
  if (payment.status === status) return;
  payment.status = status;
  payment.updatedAt = core.now().toISOString();
  core.emit(payment.companyId, 'payment.updated', paymentView(payment));
}

/**
 * What a booking's payments do when the booking moves: boarding settles a pending payment;
 * rejecting or cancelling refunds a paid one and fails a pending one; a no-show keeps what was paid
 * and fails what was pending.
 */
function followPayments(core: Core, booking: BookingRec): void {
  for (const p of core.state.payments) {
    if (p.bookingId !== booking.id) continue;
    if (booking.status === 'boarded' && p.status === 'pending') setPaymentStatus(core, p, 'paid');
    else if ((booking.status === 'rejected' || booking.status === 'cancelled') && p.status === 'paid')
      setPaymentStatus(core, p, 'refunded');
    else if ((booking.status === 'rejected' || booking.status === 'cancelled' || booking.status === 'no_show') && p.status === 'pending')
      setPaymentStatus(core, p, 'failed');
  }
}

const EVENT_OF: Record<BookingStatus, string> = {
  requested: 'booking.created',
  approved: 'booking.approved',
  rejected: 'booking.rejected',
  cancelled: 'booking.cancelled',
  boarded: 'booking.boarded',
  no_show: 'booking.no_show',
};

/** Moves a booking (the caller checked the transition) and emits booking.<status>. */
export function moveBooking(core: Core, booking: BookingRec, status: BookingStatus): void {
  const now = core.now().toISOString();
  booking.status = status;
  booking.updatedAt = now;
  if (status === 'boarded') booking.boardedAt = now;
  if (status === 'no_show') booking.noShow = true;
  core.emit(booking.companyId, EVENT_OF[status], bookingEventData(booking));
  followPayments(core, booking);
}

/**
 * Cancelling a trip (the sandbox's cancellation rule): every requested or approved booking of the
 * trip becomes cancelled (booking.cancelled each, payments refunded or failed); rejected,
 * cancelled, boarded and no-show bookings keep their status. Then trip.cancelled.
 */
export function cancelTrip(core: Core, trip: TripRec): void {
  const now = core.now().toISOString();
  for (const b of core.state.bookings) {
    if (b.tripId === trip.id && (b.status === 'requested' || b.status === 'approved')) moveBooking(core, b, 'cancelled');
  }
  trip.status = 'cancelled';
  trip.updatedAt = now;
  core.emit(trip.companyId, 'trip.cancelled', tripView(core.state, trip));
}
