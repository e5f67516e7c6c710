// `sandbox trigger EVENT [--id ID]`: the change an event reports, made for real through the same
// domain moves the partner routes use, so the event's data is the object as GET then returns it
// and an impossible change is refused with the API's own error (409 invalid_transition…).
//
// With --id the change is made on that object (of any company). Without, the sandbox makes a
// fresh object of company A in a state where the change can happen (a requested booking on the
// soonest bookable trip, a trip copied from the newest one a day later, a weekly schedule copied
// from the first one), and then changes it, as the Stripe CLI's trigger does; the events of those
// steps (booking.created, payment.updated…) are sent too, since they really happened.
// trip.completed without --id completes the published trip that departed last: a trip cannot be
// made in the past. booking.created --id names the trip to book one seat on. webhook.test is a
// ping and changes nothing (routes/admin.ts sends it).
import { createBooking, moveCompanyBooking } from './bookings.js';
import { conflict, invalid, notFound, RuleError } from './errors.js';
import type { Core } from './model.js';
import { bookingEventData, seatsBooked, setPaymentStatus } from './model.js';
import { isFuture } from './rules.js';
import { createSchedule, deleteSchedule, toggleSchedule } from './schedule-edits.js';
import { localDate } from './schedules.js';
import type { BookingRec, BookingStatus, CompanyRec, PaymentRec, PaymentStatus, ScheduleRec, TripRec } from './state.js';
import { cancelPublishedTrip, changeTrip, completeTrip, publishTrip } from './trips.js';

/** The passenger the sandbox books as when it makes a booking for an event. */
const TRIGGER_PASSENGER = { phone: '+963944000099', fullName: 'راكب تجريبي Sandbox Passenger' };

/** Where each payment status moves to when payment.updated is triggered on it. */
export const PAYMENT_NEXT: Partial<Record<PaymentStatus, PaymentStatus>> = { pending: 'paid', paid: 'refunded', failed: 'pending' };

/** Booking moves the booking.* events report, and the moves that must come first on a fresh booking. */
const BOOKING_TARGET: Partial<Record<string, { status: BookingStatus; before: BookingStatus[] }>> = {
  'booking.approved': { status: 'approved', before: [] },
  'booking.rejected': { status: 'rejected', before: [] },
  'booking.cancelled': { status: 'cancelled', before: [] },
  'booking.boarded': { status: 'boarded', before: ['approved'] },
  'booking.no_show': { status: 'no_show', before: ['approved'] },
};

function companyOf(core: Core, companyId: string): CompanyRec {
  return core.state.companies.find((c) => c.id === companyId)!;
}

function ownerOf(core: Core, company: CompanyRec): string {
  return core.state.memberships.find((m) => m.companyId === company.id && m.role === 'owner')!.userId;
}

function named<T extends { id: string }>(list: T[], id: string, what: string): T {
  const found = list.find((x) => x.id === id);
  if (!found) throw notFound(what, id);
  return found;
}

const none = (event: string, what: string) =>
  new RuleError('conflict', 'nothing_to_trigger', `company A has no ${what} to make ${event} happen on; name one with --id`);

/** The soonest future published trip of the company with a free seat. */
function bookableTrip(core: Core, company: CompanyRec, event: string): TripRec {
  const trip = core.state.trips
    .filter((t) => t.companyId === company.id && t.status === 'published' && isFuture(core, t.departureAt))
    .filter((t) => t.totalSeats - seatsBooked(core.state, t.id) > 0)
    .sort((a, b) => a.departureAt.localeCompare(b.departureAt))[0];
  if (!trip) throw none(event, 'bookable trip');
  return trip;
}

function bookOn(core: Core, trip: TripRec): BookingRec {
  return createBooking(core, companyOf(core, trip.companyId), { tripId: trip.id, seats: 1, ...TRIGGER_PASSENGER });
}

/** A new trip like the company's newest, one day after it (and at least a day from now). */
function newTrip(core: Core, company: CompanyRec, event: string): TripRec {
  const model = core.state.trips.filter((t) => t.companyId === company.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0];
  if (!model) throw none(event, 'trip to copy');
  const day = 86_400_000;
  const at = Math.max(Date.parse(model.departureAt), core.now().getTime()) + day;
  return publishTrip(
    core,
    company,
    {
      vehicleId: model.vehicleId,
      driverId: model.driverId,
      fromCityId: model.fromCityId,
      toCityId: model.toCityId,
      departureAt: new Date(at).toISOString(),
      pricePerSeat: model.pricePerSeat,
    },
    ownerOf(core, company),
  );
}

/** A new weekly schedule like the company's first one, departing on one weekday, a week ahead. */
function newSchedule(core: Core, company: CompanyRec, event: string): ScheduleRec {
  const model = core.state.schedules.find((s) => s.companyId === company.id);
  if (!model) throw none(event, 'schedule to copy');
  const weekday = (new Date(`${localDate(core.now())}T00:00:00Z`).getUTCDay() + 3) % 7;
  return createSchedule(core, company, {
    vehicleId: model.vehicleId,
    driverId: model.driverId,
    fromCityId: model.fromCityId,
    toCityId: model.toCityId,
    pricePerSeat: model.pricePerSeat,
    recurrence: 'weekly',
    weekdays: [weekday],
    departureTime: model.departureTime,
    horizonDays: 7,
  });
}

function triggerBooking(core: Core, event: string, id: string | undefined, primary: CompanyRec): void {
  if (event === 'booking.created') {
    bookOn(core, id === undefined ? bookableTrip(core, primary, event) : named(core.state.trips, id, 'trip'));
    return;
  }
  const booking = id === undefined ? bookOn(core, bookableTrip(core, primary, event)) : named(core.state.bookings, id, 'booking');
  const company = companyOf(core, booking.companyId);
  if (event === 'booking.updated') {
    booking.passengerNote = `changed by sandbox trigger at ${core.now().toISOString()}`;
    booking.updatedAt = core.now().toISOString();
    core.emit(company.id, 'booking.updated', bookingEventData(booking));
    return;
  }
  const target = BOOKING_TARGET[event]!;
  if (id === undefined) for (const step of target.before) moveCompanyBooking(core, company, booking.id, step);
  moveCompanyBooking(core, company, booking.id, target.status);
}

function triggerTrip(core: Core, event: string, id: string | undefined, primary: CompanyRec): void {
  if (event === 'trip.created') {
    if (id !== undefined) throw invalid('validation_failed', 'trip.created makes a new trip; it takes no id', 'id');
    newTrip(core, primary, event);
    return;
  }
  if (event === 'trip.completed') {
    const trip =
      id !== undefined
        ? named(core.state.trips, id, 'trip')
        : core.state.trips
            .filter((t) => t.companyId === primary.id && t.status === 'published' && !isFuture(core, t.departureAt))
            .sort((a, b) => b.departureAt.localeCompare(a.departureAt))[0];
    if (!trip)
      throw new RuleError(
        'conflict',
        'nothing_to_trigger',
        'company A has no published trip that has departed; advance the sandbox clock past a departure, or name a trip with --id',
      );
    completeTrip(core, trip);
    return;
  }
  const trip = id === undefined ? newTrip(core, primary, event) : named(core.state.trips, id, 'trip');
  const company = companyOf(core, trip.companyId);
  if (event === 'trip.cancelled') cancelPublishedTrip(core, trip);
  else changeTrip(core, company, trip, { notes: `changed by sandbox trigger at ${core.now().toISOString()}` }, ownerOf(core, company));
}

function triggerSchedule(core: Core, event: string, id: string | undefined, primary: CompanyRec): void {
  if (event === 'schedule.created') {
    if (id !== undefined) throw invalid('validation_failed', 'schedule.created makes a new schedule; it takes no id', 'id');
    newSchedule(core, primary, event);
    return;
  }
  const schedule = id === undefined ? newSchedule(core, primary, event) : named(core.state.schedules, id, 'schedule');
  const company = companyOf(core, schedule.companyId);
  if (event === 'schedule.deleted') deleteSchedule(core, company, schedule.id);
  else toggleSchedule(core, company, schedule.id);
}

function triggerPayment(core: Core, event: string, id: string | undefined, primary: CompanyRec): void {
  let payment: PaymentRec;
  if (id === undefined) {
    const booking = bookOn(core, bookableTrip(core, primary, event));
    payment = core.state.payments.find((p) => p.bookingId === booking.id)!;
  } else {
    payment = named(core.state.payments, id, 'payment');
  }
  const next = PAYMENT_NEXT[payment.status];
  if (!next) throw conflict('invalid_transition', `payment ${payment.id} is ${payment.status}; a ${payment.status} payment does not move`);
  setPaymentStatus(core, payment, next);
}

/**
 * Makes the change `event` reports (see the top of this file). The events it causes are emitted
 * through core.emit as any change's are; the caller collects them.
 */
export function triggerEvent(core: Core, event: string, id: string | undefined): void {
  const primary = core.state.companies[0]!;
  const group = event.split('.')[0];
  if (group === 'booking') triggerBooking(core, event, id, primary);
  else if (group === 'trip') triggerTrip(core, event, id, primary);
  else if (group === 'schedule') triggerSchedule(core, event, id, primary);
  else if (group === 'payment') triggerPayment(core, event, id, primary);
  else throw invalid('validation_failed', `${event} is not an event the sandbox can make happen`, 'event');
}
