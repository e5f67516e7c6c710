// The partner interface as data: one row per operation of partner-api.md, with its scope,
// success status, parameters, bodies, response schema and handler. server.ts routes from these
// rows and openapi.ts documents them, so the two cannot disagree.
import { createHash, randomBytes } from 'node:crypto';
import { isLoopbackHost } from '../client/url.js';
import { HttpError, conflict, invalid, notFound } from './http/errors.js';
import {
  bookingDetail, bookingView, cancelTrip, companyView, endpointView, memberView, moveBooking, paymentView, payoutView,
  reviewView, scheduleView, seatsBooked, tripView, vehicleView,
} from './domain/model.js';
import { arr, int, shape, str, type Schema } from './openapi/json-schema.js';
import {
  API_VERSION, bodies, Booking, BookingDetail, City, Company, Dashboard, Delivery, EVENT_GROUPS, ManifestPassenger, Member,
  Meta, Payment, Payout, Place, Report, Review, Schedule, ScheduleException, SUBSCRIBABLE, Ticket, Trip, Vehicle, WebhookEndpoint,
} from './openapi/resources.js';
import { generate, keepPublishedDates, localDate, reconcileDate } from './domain/schedules.js';
import { CITIES, PEOPLE, PLACES } from './seed/seed.js';
import { buildSheet, invoiceSheet, REPORT_TYPES, type ReportType } from './domain/sheets.js';
import {
  BOOKING_STATUSES, CURRENCY, PAYMENT_STATUSES, ROLES, TRIP_STATUSES, type BookingRec, type BookingStatus, type CompanyRec,
  type ScheduleRec, type TripRec, type VehicleRec,
} from './domain/state.js';
import type { HandlerContext, Param, Route, SandboxCore } from './routes/route.js';
import { csvOf, pdfOf, xlsxOf } from './files/index.js';

export { API_VERSION };

// ---- helpers -----------------------------------------------------------------------------------

type Owned = { id: string; companyId: string };

/** The record with this id in the key's company; another company's id is as unknown as a made-up one. */
function own<T extends Owned>(list: T[], id: string, company: CompanyRec, what: string): T {
  const found = list.find((x) => x.id === id && x.companyId === company.id);
  if (!found) throw notFound(what, id);
  return found;
}

const pageParams: Param[] = [
  { name: 'page', schema: int({ default: 1, description: 'from 1; below 1 (0, negative) is read as 1; past the last page gives an empty list' }) },
  { name: 'perPage', schema: int({ default: 25, description: 'default 25, maximum 100 (more is read as 100); below 1 is read as 25' }) },
];

/** Pagination rules: page from 1 (below → 1); perPage default 25, below 1 → 25, above 100 → 100. */
export function paginate<T>(query: Record<string, unknown>, items: T[]): { items: T[]; meta: { page: number; perPage: number; total: number; lastPage: number } } {
  const rawPer = typeof query.perPage === 'number' ? query.perPage : 25;
  const perPage = rawPer < 1 ? 25 : Math.min(rawPer, 100);
  const rawPage = typeof query.page === 'number' ? query.page : 1;
  const page = Math.max(1, rawPage);
  const total = items.length;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  return { items: items.slice((page - 1) * perPage, page * perPage), meta: { page, perPage, total, lastPage } };
}

function newest<T extends { createdAt: string; id: string }>(a: T, b: T): number {
  return b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);
}

function requireCity(id: unknown, field: string): string {
  if (typeof id !== 'string' || !CITIES.some((c) => c.id === id)) {
    throw invalid('unknown_city', `${field}: no city '${String(id)}' (see GET /cities)`, field);
  }
  return id;
}

function requirePlace(pcode: unknown, cityId: string, field: string): string | null {
  if (pcode === undefined || pcode === null) return null;
  const place = PLACES.find((p) => p.pcode === pcode);
  if (!place) throw invalid('unknown_place', `${field}: no place with P-code '${String(pcode)}' (see GET /places)`, field);
  if (place.cityId !== cityId) throw invalid('unknown_place', `${field}: place ${place.pcode} is in ${place.cityId}, not ${cityId}`, field);
  return place.pcode;
}

function requireVehicle(core: SandboxCore, company: CompanyRec, id: unknown, field: string): VehicleRec {
  const vehicle = core.state.vehicles.find((v) => v.id === id && v.companyId === company.id);
  if (!vehicle) throw invalid('unknown_vehicle', `${field}: no vehicle ${String(id)} in the company's fleet`, field);
  return vehicle;
}

function requireDriver(core: SandboxCore, company: CompanyRec, id: unknown, field: string): string {
  const member = core.state.memberships.find((m) => m.userId === id && m.companyId === company.id);
  if (!member) throw invalid('driver_not_member', `${field}: ${String(id)} is not a member of the company`, field);
  return member.userId;
}

function isFuture(core: SandboxCore, iso: string): boolean {
  return Date.parse(iso) > core.now().getTime();
}

function stamp(core: SandboxCore): string {
  return core.now().toISOString();
}

function has(body: Record<string, unknown>, key: string): boolean {
  return body[key] !== undefined;
}

const ref = (schema: Schema): Schema => schema;
const list = (key: string, item: Schema, extra: Record<string, Schema> = {}): Schema => shape({ [key]: arr(item), ...extra });
const one = (key: string, item: Schema): Schema => shape({ [key]: ref(item) });

// ---- trips -------------------------------------------------------------------------------------

function tripFields(ctx: HandlerContext, trip: TripRec | null): Partial<TripRec> {
  const { core, company, body, key } = ctx;
  const out: Partial<TripRec> = {};
  const vehicle = has(body, 'vehicleId') || !trip ? requireVehicle(core, company, body.vehicleId, 'vehicleId') : core.state.vehicles.find((v) => v.id === trip.vehicleId)!;
  if (has(body, 'vehicleId')) out.vehicleId = vehicle.id;
  if (has(body, 'driverId')) out.driverId = requireDriver(core, company, body.driverId, 'driverId');
  else if (!trip) out.driverId = requireDriver(core, company, key!.actorId, 'driverId');
  const from = has(body, 'fromCityId') ? requireCity(body.fromCityId, 'fromCityId') : trip!.fromCityId;
  const to = has(body, 'toCityId') ? requireCity(body.toCityId, 'toCityId') : trip!.toCityId;
  if (from === to) throw invalid('same_city', `fromCityId and toCityId are both '${from}'`, 'toCityId');
  if (has(body, 'fromCityId')) out.fromCityId = from;
  if (has(body, 'toCityId')) out.toCityId = to;
  if (has(body, 'fromPlacePcode') || (trip && has(body, 'fromCityId') && trip.fromPlacePcode)) {
    out.fromPlacePcode = requirePlace(has(body, 'fromPlacePcode') ? body.fromPlacePcode : trip!.fromPlacePcode, from, 'fromPlacePcode');
  }
  if (has(body, 'toPlacePcode') || (trip && has(body, 'toCityId') && trip.toPlacePcode)) {
    out.toPlacePcode = requirePlace(has(body, 'toPlacePcode') ? body.toPlacePcode : trip!.toPlacePcode, to, 'toPlacePcode');
  }
  if (has(body, 'departureAt')) {
    const at = new Date(body.departureAt as string).toISOString();
    if (!isFuture(core, at)) throw invalid('departure_in_past', `departureAt ${String(body.departureAt)} is not in the future`, 'departureAt');
    out.departureAt = at;
  }
  if (has(body, 'pricePerSeat')) out.pricePerSeat = body.pricePerSeat as number;
  const seats = has(body, 'totalSeats') ? (body.totalSeats as number) : trip ? (has(body, 'vehicleId') ? Math.min(trip.totalSeats, vehicle.seats) : trip.totalSeats) : vehicle.seats;
  if (seats > vehicle.seats) throw invalid('seats_out_of_range', `totalSeats must be at most the vehicle's ${vehicle.seats} seats, not ${seats}`, 'totalSeats');
  if (trip) {
    const booked = seatsBooked(core.state, trip.id);
    if (seats < booked) throw conflict('seats_below_booked', `totalSeats ${seats} is below the ${booked} seats already booked`);
  }
  if (has(body, 'totalSeats') || !trip || seats !== trip.totalSeats) out.totalSeats = seats;
  if (has(body, 'notes')) out.notes = body.notes as string | null;
  return out;
}

/** partner-api.md: carId is an alias of vehicleId (vehicleId wins when both are sent). */
function carIdAlias(body: Record<string, unknown>): Record<string, unknown> {
  return body.vehicleId === undefined && body.carId !== undefined ? { ...body, vehicleId: body.carId } : body;
}

function requirePublished(trip: TripRec, doing: string): void {
  if (trip.status !== 'published') throw conflict('invalid_transition', `trip ${trip.id} is ${trip.status}; only a published trip can be ${doing}`);
}

// ---- bookings ----------------------------------------------------------------------------------

/** Allowed moves: target status → source statuses. */
const BOOKING_MOVES: Record<string, BookingStatus[]> = {
  approved: ['requested'],
  rejected: ['requested'],
  cancelled: ['requested', 'approved'],
  boarded: ['approved'],
  no_show: ['approved'],
};

function moveChecked(ctx: HandlerContext, status: BookingStatus) {
  const booking = own(ctx.core.state.bookings, ctx.params.bookingId!, ctx.company, 'booking');
  const from = BOOKING_MOVES[status]!;
  if (!from.includes(booking.status)) {
    throw conflict('invalid_transition', `booking ${booking.id} is ${booking.status}; it can become ${status} only from ${from.join(' or ')}`);
  }
  moveBooking(ctx.core, booking, status);
  return { json: { booking: bookingView(booking) } };
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Idempotency keys are kept for 24 hours of the sandbox clock, per company. */
export const IDEMPOTENCY_RETENTION_MS = 24 * 3_600_000;

function createBooking(ctx: HandlerContext) {
  const { core, company, body } = ctx;
  const trip = own(core.state.trips, body.tripId as string, company, 'trip');
  if (trip.status !== 'published') throw conflict('trip_not_bookable', `trip ${trip.id} is ${trip.status}; only published trips take bookings`);
  if (!isFuture(core, trip.departureAt)) throw conflict('trip_not_bookable', `trip ${trip.id} departed at ${trip.departureAt}`);
  const available = trip.totalSeats - seatsBooked(core.state, trip.id);
  const seats = body.seats as number;
  if (seats > available) throw new HttpError(409, 'not_enough_seats', `trip ${trip.id} has ${available} free seats, not ${seats}`, { available });
  const now = stamp(core);
  let passenger = core.state.users.find((u) => u.phone === body.phone);
  if (!passenger) {
    passenger = { id: core.newId(), fullName: (body.fullName as string | undefined) ?? null, phone: body.phone as string, createdAt: now };
    core.state.users.push(passenger);
  }
  const booking: BookingRec = {
    id: core.newId(), companyId: company.id, tripId: trip.id, passengerId: passenger.id, status: 'requested', seats, source: 'partner_api',
    boardedAt: null, noShow: false, passengerNote: (body.passengerNote as string | undefined) ?? null, groupName: (body.groupName as string | undefined) ?? null,
    createdAt: now, updatedAt: now,
  };
  core.state.bookings.push(booking);
  // The passenger pays in cash on boarding: a pending payment that boarding settles.
  core.state.payments.push({
    id: core.newId(), companyId: company.id, bookingId: booking.id, tripId: trip.id, amount: seats * trip.pricePerSeat, currency: CURRENCY,
    status: 'pending', method: 'cash', createdAt: now, updatedAt: now,
  });
  core.emit(company.id, 'booking.created', { id: booking.id, tripId: booking.tripId, status: booking.status, seats: booking.seats, source: booking.source, boardedAt: booking.boardedAt, noShow: booking.noShow });
  return { status: 201, json: { booking: bookingView(booking) } };
}

function withIdempotency(ctx: HandlerContext) {
  const key = ctx.headers['idempotency-key'];
  if (key === undefined) return createBooking(ctx);
  if (key.length === 0 || key.length > 255) throw new HttpError(400, 'invalid_idempotency_key', 'Idempotency-Key must be 1 to 255 characters');
  const { core, company } = ctx;
  const now = core.now().getTime();
  core.state.idempotency = core.state.idempotency.filter((r) => now - Date.parse(r.createdAt) < IDEMPOTENCY_RETENTION_MS);
  const fingerprint = createHash('sha256').update(canonical(ctx.body)).digest('hex');
  const previous = core.state.idempotency.find((r) => r.companyId === company.id && r.key === key);
  if (previous) {
    if (previous.fingerprint !== fingerprint) {
      throw conflict('idempotency_key_reused', `Idempotency-Key '${key}' was used with another body; use a new key for a new booking`);
    }
    return { status: previous.status, json: previous.body, headers: { 'idempotent-replayed': 'true' } };
  }
  const result = createBooking(ctx);
  core.state.idempotency.push({ companyId: company.id, key, fingerprint, status: result.status, body: result.json, createdAt: stamp(core) });
  return result;
}

function ticketOf(ctx: HandlerContext) {
  const { core, company } = ctx;
  const b = own(core.state.bookings, ctx.params.bookingId!, company, 'booking');
  const trip = core.state.trips.find((t) => t.id === b.tripId)!;
  const passenger = core.state.users.find((u) => u.id === b.passengerId)!;
  const vehicle = core.state.vehicles.find((v) => v.id === trip.vehicleId);
  const code = `QX-${b.id.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
  const check = createHash('sha256').update(`${b.id}:${code}`).digest('hex').slice(0, 8);
  return {
    json: {
      ticket: {
        bookingId: b.id, code, qr: `TRIP1:${b.id}:${code}:${check}`, status: b.status, seats: b.seats,
        passenger: { fullName: passenger.fullName, phone: passenger.phone },
        trip: { id: trip.id, fromCityId: trip.fromCityId, toCityId: trip.toCityId, departureAt: trip.departureAt, plate: vehicle?.plate ?? null },
        boarding: { boardedAt: b.boardedAt, noShow: b.noShow },
      },
    },
  };
}

// ---- schedules ---------------------------------------------------------------------------------

function checkRecurrence(s: { recurrence: string; weekdays: unknown; intervalDays: unknown }): void {
  if (s.recurrence === 'weekly' && (s.weekdays === undefined || s.weekdays === null)) throw invalid('validation_failed', 'weekdays is required when recurrence is weekly', 'weekdays');
  if (s.recurrence !== 'weekly' && s.weekdays !== undefined && s.weekdays !== null) throw invalid('validation_failed', `weekdays goes with recurrence weekly, not ${s.recurrence}`, 'weekdays');
  if (s.recurrence === 'interval' && (s.intervalDays === undefined || s.intervalDays === null)) throw invalid('validation_failed', 'intervalDays is required when recurrence is interval', 'intervalDays');
  if (s.recurrence !== 'interval' && s.intervalDays !== undefined && s.intervalDays !== null) throw invalid('validation_failed', `intervalDays goes with recurrence interval, not ${s.recurrence}`, 'intervalDays');
  if (Array.isArray(s.weekdays) && new Set(s.weekdays).size !== s.weekdays.length) throw invalid('validation_failed', 'weekdays must not repeat a day', 'weekdays');
}

function createSchedule(ctx: HandlerContext) {
  const { core, company, body } = ctx;
  const vehicle = requireVehicle(core, company, body.vehicleId, 'vehicleId');
  const driverId = requireDriver(core, company, body.driverId, 'driverId');
  const from = requireCity(body.fromCityId, 'fromCityId');
  const to = requireCity(body.toCityId, 'toCityId');
  if (from === to) throw invalid('same_city', `fromCityId and toCityId are both '${from}'`, 'toCityId');
  checkRecurrence(body as { recurrence: string; weekdays: unknown; intervalDays: unknown });
  const totalSeats = (body.totalSeats as number | undefined) ?? null;
  if (totalSeats !== null && totalSeats > vehicle.seats) throw invalid('seats_out_of_range', `totalSeats must be at most the vehicle's ${vehicle.seats} seats, not ${totalSeats}`, 'totalSeats');
  const now = stamp(core);
  const schedule: ScheduleRec = {
    id: core.newId(), companyId: company.id, active: true, vehicleId: vehicle.id, driverId, fromCityId: from, toCityId: to,
    pricePerSeat: body.pricePerSeat as number, totalSeats, recurrence: body.recurrence as ScheduleRec['recurrence'],
    weekdays: body.weekdays ? [...(body.weekdays as number[])].sort() : null, intervalDays: (body.intervalDays as number | undefined) ?? null,
    departureTime: body.departureTime as string, startsOn: (body.startsOn as string | undefined) ?? localDate(core.now()),
    horizonDays: (body.horizonDays as number | undefined) ?? 14, notes: (body.notes as string | undefined) ?? null,
    exceptions: [], generated: [], createdAt: now, updatedAt: now,
  };
  core.state.schedules.push(schedule);
  core.emit(company.id, 'schedule.created', scheduleView(schedule));
  generate(core, schedule);
  return { status: 201, json: { schedule: scheduleView(schedule) } };
}

function patchSchedule(ctx: HandlerContext) {
  const { core, company, body } = ctx;
  const s = own(core.state.schedules, ctx.params.scheduleId!, company, 'schedule');
  if (has(body, 'weekdays') && s.recurrence !== 'weekly') throw invalid('validation_failed', `weekdays goes with recurrence weekly; this schedule is ${s.recurrence}`, 'weekdays');
  if (has(body, 'weekdays') && new Set(body.weekdays as number[]).size !== (body.weekdays as number[]).length) throw invalid('validation_failed', 'weekdays must not repeat a day', 'weekdays');
  if (has(body, 'pricePerSeat')) s.pricePerSeat = body.pricePerSeat as number;
  if (has(body, 'departureTime') && body.departureTime !== s.departureTime) {
    keepPublishedDates(s, body.departureTime as string);
    s.departureTime = body.departureTime as string;
  }
  if (has(body, 'weekdays')) s.weekdays = [...(body.weekdays as number[])].sort();
  if (has(body, 'horizonDays')) s.horizonDays = body.horizonDays as number;
  if (has(body, 'notes')) s.notes = body.notes as string | null;
  s.updatedAt = stamp(core);
  core.emit(company.id, 'schedule.updated', scheduleView(s));
  generate(core, s);
  return { json: { schedule: scheduleView(s) } };
}

function upsertException(ctx: HandlerContext) {
  const { core, company, body } = ctx;
  const s = own(core.state.schedules, ctx.params.scheduleId!, company, 'schedule');
  const date = body.date as string;
  if (date < localDate(core.now())) throw invalid('date_in_past', `date ${date} is in the past`, 'date');
  if (body.kind === 'extra' && !has(body, 'departureTime')) throw invalid('validation_failed', 'departureTime is required for an extra departure', 'departureTime');
  if (body.kind === 'skip' && has(body, 'departureTime')) throw invalid('validation_failed', 'departureTime goes with kind extra, not skip', 'departureTime');
  const existing = s.exceptions.findIndex((e) => e.date === date);
  const exception = { id: core.newId(), date, kind: body.kind as 'skip' | 'extra', departureTime: (body.departureTime as string | undefined) ?? null, createdAt: stamp(core) };
  if (existing >= 0) s.exceptions.splice(existing, 1, exception);
  else s.exceptions.push(exception);
  s.updatedAt = stamp(core);
  core.emit(company.id, 'schedule.updated', scheduleView(s));
  reconcileDate(core, s, date);
  return { json: { exception } };
}

// ---- webhooks ----------------------------------------------------------------------------------

const MAX_URL_LENGTH = 2048;

function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('invalid_url', `url is not a URL: ${value.slice(0, 80)}`, 'url');
  }
  // The limit applies to the URL as stored: normalising percent-encodes non-ASCII characters,
  // which can make a URL several times longer than the one sent.
  if (url.href.length > MAX_URL_LENGTH) {
    throw invalid('url_too_long', `url is ${url.href.length} characters once normalised (non-ASCII characters percent-encoded); the limit is ${MAX_URL_LENGTH}`, 'url');
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.href;
  if (url.protocol === 'http:') throw invalid('invalid_url', `url must use https (plain http is allowed only to loopback hosts in the sandbox): ${value.slice(0, 80)}`, 'url');
  throw invalid('invalid_url', `url must be an https URL, not ${url.protocol}`, 'url');
}

function checkEvents(events: string[]): string[] {
  for (const [i, event] of events.entries()) {
    if (event === 'webhook.test') throw invalid('webhook_test_not_subscribable', `events[${i}]: webhook.test cannot be subscribed to; POST /webhooks/{endpointId}/test sends it`, `events[${i}]`);
    if (!(SUBSCRIBABLE as readonly string[]).includes(event) && !(EVENT_GROUPS as readonly string[]).includes(event)) {
      throw invalid('invalid_event', `events[${i}]: '${event}' is not an event name (${SUBSCRIBABLE.join(', ')}) or group (${EVENT_GROUPS.join(', ')})`, `events[${i}]`);
    }
  }
  return [...new Set(events)];
}

/** Whether an endpoint's events list covers an event (names or groups such as booking.*). */
export function subscribes(events: string[], event: string): boolean {
  return events.some((e) => e === event || (e.endsWith('.*') && event.startsWith(e.slice(0, -1))));
}

// ---- reports -----------------------------------------------------------------------------------

function dashboardOf(core: SandboxCore, company: CompanyRec) {
  const now = core.now().getTime();
  const trips = core.state.trips.filter((t) => t.companyId === company.id);
  const bookings = core.state.bookings.filter((b) => b.companyId === company.id);
  const payments = core.state.payments.filter((p) => p.companyId === company.id);
  const byStatus = Object.fromEntries([...BOOKING_STATUSES].map((s) => [s, bookings.filter((b) => b.status === s).length])) as Record<string, number>;
  const upcoming = trips.filter((t) => t.status === 'published' && Date.parse(t.departureAt) > now);
  const vehicles = core.state.vehicles.filter((v) => v.companyId === company.id);
  const reviews = core.state.reviews.filter((r) => r.companyId === company.id);
  const sum = (status: string) => payments.filter((p) => p.status === status).reduce((a, p) => a + p.amount, 0);
  const payouts = core.state.payouts.filter((p) => p.companyId === company.id);
  return {
    generatedAt: core.now().toISOString(),
    trips: {
      upcoming: upcoming.length,
      departedNotCompleted: trips.filter((t) => t.status === 'published' && Date.parse(t.departureAt) <= now).length,
      completed: trips.filter((t) => t.status === 'completed').length,
      cancelled: trips.filter((t) => t.status === 'cancelled').length,
    },
    bookings: { ...byStatus, total: bookings.length },
    seatsSoldUpcoming: upcoming.reduce((a, t) => a + seatsBooked(core.state, t.id), 0),
    revenue: { currency: CURRENCY, paid: sum('paid'), pending: sum('pending'), refunded: sum('refunded') },
    payouts: {
      paid: payouts.filter((p) => p.status === 'paid').reduce((a, p) => a + p.amount, 0),
      pending: payouts.filter((p) => p.status === 'pending').reduce((a, p) => a + p.amount, 0),
    },
    fleet: { vehicles: vehicles.length, seats: vehicles.reduce((a, v) => a + v.seats, 0) },
    members: Object.fromEntries(ROLES.map((r) => [r, core.state.memberships.filter((m) => m.companyId === company.id && m.role === r).length])),
    reviews: { count: reviews.length, averageRating: reviews.length ? Math.round((reviews.reduce((a, r) => a + r.rating, 0) / reviews.length) * 100) / 100 : null },
  };
}

function reportOf(core: SandboxCore, company: CompanyRec, from: string | null, to: string | null) {
  const trips = core.state.trips.filter((t) => {
    if (t.companyId !== company.id) return false;
    const day = localDate(new Date(t.departureAt));
    return (from === null || day >= from) && (to === null || day <= to);
  });
  const tripIds = new Set(trips.map((t) => t.id));
  const bookings = core.state.bookings.filter((b) => tripIds.has(b.tripId));
  const payments = core.state.payments.filter((p) => tripIds.has(p.tripId));
  const sum = (list: typeof payments, ...statuses: string[]) => list.filter((p) => statuses.includes(p.status)).reduce((a, p) => a + p.amount, 0);
  const sold = (b: BookingRec) => b.status === 'approved' || b.status === 'boarded' || b.status === 'no_show';
  const routes = new Map<string, { fromCityId: string; toCityId: string; trips: number; bookings: number; seats: number; revenue: number }>();
  for (const t of trips) {
    const key = `${t.fromCityId}>${t.toCityId}`;
    const row = routes.get(key) ?? { fromCityId: t.fromCityId, toCityId: t.toCityId, trips: 0, bookings: 0, seats: 0, revenue: 0 };
    row.trips++;
    const tb = bookings.filter((b) => b.tripId === t.id);
    row.bookings += tb.length;
    row.seats += tb.filter(sold).reduce((a, b) => a + b.seats, 0);
    row.revenue += sum(payments.filter((p) => p.tripId === t.id), 'paid');
    routes.set(key, row);
  }
  return {
    from, to, currency: CURRENCY,
    trips: { ...Object.fromEntries(TRIP_STATUSES.map((s) => [s, trips.filter((t) => t.status === s).length])), total: trips.length },
    bookings: { ...Object.fromEntries(BOOKING_STATUSES.map((s) => [s, bookings.filter((b) => b.status === s).length])), total: bookings.length },
    seats: {
      sold: bookings.filter(sold).reduce((a, b) => a + b.seats, 0),
      boarded: bookings.filter((b) => b.status === 'boarded').reduce((a, b) => a + b.seats, 0),
      noShow: bookings.filter((b) => b.status === 'no_show').reduce((a, b) => a + b.seats, 0),
    },
    revenue: { gross: sum(payments, 'paid', 'refunded'), refunded: sum(payments, 'refunded'), net: sum(payments, 'paid'), pending: sum(payments, 'pending') },
    routes: [...routes.values()].sort((a, b) => b.revenue - a.revenue || a.fromCityId.localeCompare(b.fromCityId)),
  };
}

const FILE_TYPES = {
  csv: { contentType: 'text/csv; charset=utf-8', build: csvOf },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', build: xlsxOf },
  pdf: { contentType: 'application/pdf', build: pdfOf },
} as const;

// ---- the table ---------------------------------------------------------------------------------

const image = (data: Buffer): string | null => {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
  if (data.subarray(0, 4).toString('latin1') === 'RIFF' && data.subarray(8, 12).toString('latin1') === 'WEBP') return 'image/webp';
  return null;
};

const tripIdParam = { tripId: { name: 'tripId', schema: str({ format: 'uuid' }) } };
const bookingIdParam = { bookingId: { name: 'bookingId', schema: str({ format: 'uuid' }) } };
const scheduleIdParam = { scheduleId: { name: 'scheduleId', schema: str({ format: 'uuid' }) } };

export const ROUTES: Route[] = [
  // Reference
  {
    operationId: 'getOpenApi', method: 'GET', path: '/openapi.json', scope: 'none', tag: 'reference', status: 200,
    summary: 'This OpenAPI 3.1 document (public, no key)',
    response: { type: 'object', description: 'OpenAPI 3.1 document' },
    handler: () => ({ json: null }), // answered by the server, which holds the document
  },
  {
    operationId: 'listCities', method: 'GET', path: '/cities', scope: 'trips.read', tag: 'reference', status: 200,
    summary: 'Cities usable as fromCityId and toCityId',
    response: list('cities', City),
    handler: () => ({ json: { cities: CITIES } }),
  },
  {
    operationId: 'searchPlaces', method: 'GET', path: '/places', scope: 'trips.read', tag: 'reference', status: 200,
    summary: 'Pickup and drop-off places (P-codes), searched by text inside a city',
    description: 'q matches name, Arabic name or P-code (case-insensitive, at most 20 results). An empty q gives a short default list: the first two places of each city (or of cityId).',
    query: [
      { name: 'q', schema: str({ maxLength: 100 }), description: 'text to search' },
      { name: 'cityId', schema: str(), description: 'restricts to one city (unknown city: 422 unknown_city)' },
    ],
    response: list('places', Place),
    errors: { 422: ['unknown_city'] },
    handler: ({ query }) => {
      const cityId = query.cityId === undefined ? undefined : requireCity(query.cityId, 'cityId');
      const q = typeof query.q === 'string' ? query.q.trim().toLowerCase() : '';
      const inCity = PLACES.filter((p) => cityId === undefined || p.cityId === cityId);
      if (q === '') {
        const seen = new Map<string, number>();
        return { json: { places: inCity.filter((p) => { const n = seen.get(p.cityId) ?? 0; seen.set(p.cityId, n + 1); return n < 2; }) } };
      }
      const city = (id: string) => CITIES.find((c) => c.id === id)!;
      const hits = inCity.filter((p) => [p.name, p.nameAr, p.pcode, city(p.cityId).name, city(p.cityId).nameAr].some((t) => t.toLowerCase().includes(q)));
      return { json: { places: hits.slice(0, 20) } };
    },
  },

  // Company
  {
    operationId: 'getCompany', method: 'GET', path: '/company', scope: 'company.read', tag: 'company', status: 200,
    summary: "The key's company", response: one('company', Company),
    handler: ({ company }) => ({ json: { company: companyView(company) } }),
  },
  {
    operationId: 'updateCompany', method: 'PATCH', path: '/company', scope: 'company.write', tag: 'company', status: 200,
    summary: 'Update public fields (description)', body: bodies.companyPatch, response: one('company', Company),
    handler: ({ company, body }) => {
      if (has(body, 'description')) company.description = body.description as string;
      return { json: { company: companyView(company) } };
    },
  },
  {
    operationId: 'uploadCompanyLogo', method: 'POST', path: '/company/logo', scope: 'company.write', tag: 'company', status: 200,
    summary: 'Replace the logo', description: 'image: base64 of a PNG, JPEG, GIF or WebP file, at most 1 MiB decoded. Answers the company with its new logo.',
    body: bodies.logo, response: one('company', Company), errors: { 422: ['invalid_image', 'image_too_large'] },
    handler: ({ core, company, body }) => {
      const data = Buffer.from(body.image as string, 'base64');
      const type = image(data);
      if (!type) throw invalid('invalid_image', 'image is not a PNG, JPEG, GIF or WebP file', 'image');
      if (data.length > 1024 * 1024) throw invalid('image_too_large', `image is ${data.length} bytes; the limit is 1 MiB`, 'image');
      company.logo = { contentType: type, size: data.length, updatedAt: stamp(core) };
      return { json: { company: companyView(company) } };
    },
  },
  {
    operationId: 'deleteCompanyLogo', method: 'DELETE', path: '/company/logo', scope: 'company.write', tag: 'company', status: 200,
    summary: 'Remove the logo file', description: 'Answers the company (logo null). Removing a logo that is not there also succeeds.',
    response: one('company', Company),
    handler: ({ company }) => {
      company.logo = null;
      return { json: { company: companyView(company) } };
    },
  },

  // Members
  {
    operationId: 'listMembers', method: 'GET', path: '/members', scope: 'members.read', tag: 'members', status: 200,
    summary: 'Every member (owner, admins, staff, drivers), no pagination', response: list('members', Member),
    handler: ({ core, company }) => {
      const order = (r: string) => (ROLES as readonly string[]).indexOf(r);
      const members = core.state.memberships
        .filter((m) => m.companyId === company.id)
        .sort((a, b) => order(a.role) - order(b.role) || a.joinedAt.localeCompare(b.joinedAt))
        .map((m) => memberView(m, core.state.users.find((u) => u.id === m.userId)!));
      return { json: { members } };
    },
  },
  {
    operationId: 'addMember', method: 'POST', path: '/members', scope: 'members.write', tag: 'members', status: 201,
    summary: 'Add a registered user, found by phone, as admin, staff or driver',
    description: `The phone must belong to a registered user (422 user_not_found otherwise). The demo's registered users in no company: ${PEOPLE.unaffiliated.map((p) => `${p.phone} (${p.fullName})`).join(', ')}; members of other companies are registered too.`,
    body: bodies.memberCreate, response: one('member', Member),
    errors: { 409: ['already_member'], 422: ['invalid_phone', 'owner_role_not_assignable', 'user_not_found'] },
    handler: ({ core, company, body }) => {
      const user = core.state.users.find((u) => u.phone === body.phone);
      if (!user) throw invalid('user_not_found', `phone ${String(body.phone)} does not belong to a registered user`, 'phone');
      if (core.state.memberships.some((m) => m.companyId === company.id && m.userId === user.id)) throw conflict('already_member', `${user.phone} is already a member`);
      const m = { companyId: company.id, userId: user.id, role: body.role as 'admin', joinedAt: stamp(core) };
      core.state.memberships.push(m);
      return { status: 201, json: { member: memberView(m, user) } };
    },
  },
  {
    operationId: 'updateMember', method: 'PATCH', path: '/members/{memberId}', scope: 'members.write', tag: 'members', status: 200,
    summary: "Change a member's role (not the owner's, and never to owner)",
    pathParams: { memberId: { name: 'memberId', schema: str({ format: 'uuid' }), description: 'the user id of the member' } },
    body: bodies.memberPatch, response: one('member', Member), errors: { 409: ['owner_role_locked'], 422: ['owner_role_not_assignable'] },
    handler: ({ core, company, params, body }) => {
      const m = core.state.memberships.find((x) => x.companyId === company.id && x.userId === params.memberId);
      if (!m) throw notFound('member', params.memberId!);
      if (m.role === 'owner') throw conflict('owner_role_locked', "the owner's role cannot be changed");
      m.role = body.role as 'admin';
      return { json: { member: memberView(m, core.state.users.find((u) => u.id === m.userId)!) } };
    },
  },
  {
    operationId: 'removeMember', method: 'DELETE', path: '/members/{memberId}', scope: 'members.write', tag: 'members', status: 200,
    summary: 'Detach a user from the company (the user account stays)',
    description: 'Answers 200 with the member as it was. Trips the member drives keep their driverId.',
    response: one('member', Member),
    pathParams: { memberId: { name: 'memberId', schema: str({ format: 'uuid' }), description: 'the user id of the member' } },
    errors: { 409: ['owner_not_removable'] },
    handler: ({ core, company, params }) => {
      const i = core.state.memberships.findIndex((x) => x.companyId === company.id && x.userId === params.memberId);
      if (i < 0) throw notFound('member', params.memberId!);
      const m = core.state.memberships[i]!;
      if (m.role === 'owner') throw conflict('owner_not_removable', 'the owner cannot be removed');
      core.state.memberships.splice(i, 1);
      return { json: { member: memberView(m, core.state.users.find((u) => u.id === m.userId)!) } };
    },
  },

  // Fleet
  {
    operationId: 'listVehicles', method: 'GET', path: '/vehicles', scope: 'fleet.read', tag: 'fleet', status: 200,
    summary: 'The whole fleet, newest first, no pagination', response: list('vehicles', Vehicle),
    handler: ({ core, company }) => ({ json: { vehicles: core.state.vehicles.filter((v) => v.companyId === company.id).sort(newest).map(vehicleView) } }),
  },
  {
    operationId: 'createVehicle', method: 'POST', path: '/vehicles', scope: 'fleet.write', tag: 'fleet', status: 201,
    summary: 'Add a vehicle', body: bodies.vehicle(true), response: one('vehicle', Vehicle),
    errors: { 409: ['plate_taken'], 422: ['seats_out_of_range', 'year_out_of_range'] },
    handler: ({ core, company, body }) => {
      const plate = (body.plate as string | null | undefined) ?? null;
      if (plate !== null && core.state.vehicles.some((v) => v.companyId === company.id && v.plate === plate)) throw conflict('plate_taken', `another vehicle has plate ${plate}`);
      const now = stamp(core);
      const v: VehicleRec = {
        id: core.newId(), companyId: company.id, make: body.make as string, model: body.model as string, seats: body.seats as number,
        year: (body.year as number | null | undefined) ?? null, color: (body.color as string | null | undefined) ?? null, plate,
        fuelType: (body.fuelType as string | null | undefined) ?? null, transmission: (body.transmission as string | null | undefined) ?? null,
        createdAt: now, updatedAt: now,
      };
      core.state.vehicles.push(v);
      return { status: 201, json: { vehicle: vehicleView(v) } };
    },
  },
  {
    operationId: 'updateVehicle', method: 'PATCH', path: '/vehicles/{vehicleId}', scope: 'fleet.write', tag: 'fleet', status: 200,
    summary: 'Change vehicle fields (any of the create fields; null clears an optional one)',
    description: "Trips already published keep their totalSeats when seats change; seats may not drop below the totalSeats of a published trip on the vehicle (409 seats_below_trip).",
    body: bodies.vehicle(false), response: one('vehicle', Vehicle), errors: { 409: ['plate_taken', 'seats_below_trip'], 422: ['seats_out_of_range', 'year_out_of_range'] },
    handler: ({ core, company, params, body }) => {
      const v = own(core.state.vehicles, params.vehicleId!, company, 'vehicle');
      if (has(body, 'plate') && body.plate !== null && core.state.vehicles.some((x) => x.companyId === company.id && x.id !== v.id && x.plate === body.plate)) {
        throw conflict('plate_taken', `another vehicle has plate ${String(body.plate)}`);
      }
      if (has(body, 'seats')) {
        // A published trip sells at most its vehicle's seats; fewer seats would oversell it.
        const bigger = core.state.trips
          .filter((t) => t.vehicleId === v.id && t.status === 'published' && t.totalSeats > (body.seats as number))
          .sort((a, b) => b.totalSeats - a.totalSeats)[0];
        if (bigger) {
          throw conflict('seats_below_trip', `vehicle ${v.id} is on published trip ${bigger.id} with ${bigger.totalSeats} seats on sale; lower the trip's totalSeats, or cancel or complete it, first`);
        }
      }
      for (const field of ['make', 'model', 'seats', 'year', 'color', 'plate', 'fuelType', 'transmission'] as const) {
        if (has(body, field)) (v as unknown as Record<string, unknown>)[field] = body[field];
      }
      v.updatedAt = stamp(core);
      return { json: { vehicle: vehicleView(v) } };
    },
  },
  {
    operationId: 'deleteVehicle', method: 'DELETE', path: '/vehicles/{vehicleId}', scope: 'fleet.write', tag: 'fleet', status: 200,
    summary: 'Remove a vehicle from the fleet',
    description: 'Answers 200 with the vehicle as it was. Refused with 409 vehicle_in_use while the vehicle is on a published trip (departed or not) or on a schedule.',
    response: one('vehicle', Vehicle),
    errors: { 409: ['vehicle_in_use'] },
    handler: ({ core, company, params }) => {
      const v = own(core.state.vehicles, params.vehicleId!, company, 'vehicle');
      const trips = core.state.trips.filter((t) => t.vehicleId === v.id && t.status === 'published');
      if (trips.length > 0) throw conflict('vehicle_in_use', `vehicle ${v.id} is on ${trips.length} published trip(s), e.g. ${trips[0]!.id}; cancel or complete them first`);
      const schedule = core.state.schedules.find((s) => s.vehicleId === v.id);
      if (schedule) throw conflict('vehicle_in_use', `vehicle ${v.id} is on schedule ${schedule.id}; delete the schedule first`);
      core.state.vehicles.splice(core.state.vehicles.indexOf(v), 1);
      return { json: { vehicle: vehicleView(v) } };
    },
  },

  // Trips
  {
    operationId: 'listTrips', method: 'GET', path: '/trips', scope: 'trips.read', tag: 'trips', status: 200,
    summary: 'Trips, newest departure first, paged',
    query: [
      { name: 'status', schema: str({ enum: [...TRIP_STATUSES] }) },
      { name: 'fromCityId', schema: str() },
      { name: 'toCityId', schema: str() },
      { name: 'scheduleId', schema: str({ format: 'uuid' }), description: 'sandbox addition: trips published by this schedule' },
      ...pageParams,
    ],
    response: shape({ trips: arr(Trip), meta: Meta }),
    handler: ({ core, company, query }) => {
      const trips = core.state.trips
        .filter((t) => t.companyId === company.id && (query.status === undefined || t.status === query.status)
          && (query.fromCityId === undefined || t.fromCityId === query.fromCityId) && (query.toCityId === undefined || t.toCityId === query.toCityId)
          && (query.scheduleId === undefined || t.scheduleId === query.scheduleId))
        .sort((a, b) => b.departureAt.localeCompare(a.departureAt) || b.id.localeCompare(a.id));
      const { items, meta } = paginate(query, trips);
      return { json: { trips: items.map((t) => tripView(core.state, t)), meta } };
    },
  },
  {
    operationId: 'publishTrip', method: 'POST', path: '/trips', scope: 'trips.write', tag: 'trips', status: 201,
    summary: 'Publish a trip',
    description: "driverId defaults to the key's actor (the owner) and must be a member; totalSeats defaults to, and may not exceed, the vehicle's seats; departureAt must be in the future; places must lie in their city. carId is accepted as an alias of vehicleId.",
    body: bodies.trip(true),
    normalize: (body) => {
      const out = carIdAlias(body);
      if (out.vehicleId === undefined) throw invalid('validation_failed', 'vehicleId is required (or its alias carId)', 'vehicleId');
      return out;
    },
    response: one('trip', Trip),
    errors: { 422: ['driver_not_member', 'unknown_vehicle', 'unknown_city', 'unknown_place', 'same_city', 'departure_in_past', 'seats_out_of_range'] },
    handler: (ctx) => {
      const fields = tripFields(ctx, null);
      const now = stamp(ctx.core);
      const trip: TripRec = {
        id: ctx.core.newId(), companyId: ctx.company.id, status: 'published', currency: CURRENCY, scheduleId: null, createdAt: now, updatedAt: now,
        fromPlacePcode: null, toPlacePcode: null, notes: null, ...fields,
      } as TripRec;
      ctx.core.state.trips.push(trip);
      ctx.core.emit(ctx.company.id, 'trip.created', tripView(ctx.core.state, trip));
      return { status: 201, json: { trip: tripView(ctx.core.state, trip) } };
    },
  },
  {
    operationId: 'getTrip', method: 'GET', path: '/trips/{tripId}', scope: 'trips.read', tag: 'trips', status: 200, pathParams: tripIdParam,
    summary: 'One trip of the company', response: one('trip', Trip),
    handler: ({ core, company, params }) => ({ json: { trip: tripView(core.state, own(core.state.trips, params.tripId!, company, 'trip')) } }),
  },
  {
    operationId: 'updateTrip', method: 'PATCH', path: '/trips/{tripId}', scope: 'trips.write', tag: 'trips', status: 200, pathParams: tripIdParam,
    summary: 'Change a published trip (any publish field)',
    description: 'Only while published (409 invalid_transition otherwise). totalSeats may not drop below the seats already booked (409 seats_below_booked). Emits trip.updated when something changed.',
    body: bodies.trip(false),
    normalize: carIdAlias,
    response: one('trip', Trip),
    errors: { 409: ['invalid_transition', 'seats_below_booked'], 422: ['driver_not_member', 'unknown_vehicle', 'unknown_city', 'unknown_place', 'same_city', 'departure_in_past', 'seats_out_of_range'] },
    handler: (ctx) => {
      const trip = own(ctx.core.state.trips, ctx.params.tripId!, ctx.company, 'trip');
      requirePublished(trip, 'changed');
      const fields = tripFields(ctx, trip);
      const changed = Object.entries(fields).some(([k, v]) => (trip as unknown as Record<string, unknown>)[k] !== v);
      Object.assign(trip, fields);
      if (changed) {
        trip.updatedAt = stamp(ctx.core);
        ctx.core.emit(ctx.company.id, 'trip.updated', tripView(ctx.core.state, trip));
      }
      return { json: { trip: tripView(ctx.core.state, trip) } };
    },
  },
  {
    operationId: 'cancelTrip', method: 'DELETE', path: '/trips/{tripId}', scope: 'trips.write', tag: 'trips', status: 200, pathParams: tripIdParam,
    summary: 'Cancel a published trip',
    description: 'Answers 200 with the cancelled trip. Cancellation rule: every requested or approved booking of the trip becomes cancelled (booking.cancelled each; a paid payment is refunded, a pending one fails); rejected, cancelled, boarded and no-show bookings stay as they are. Then trip.cancelled. Only a published trip can be cancelled (409 invalid_transition).',
    response: one('trip', Trip), errors: { 409: ['invalid_transition'] },
    handler: ({ core, company, params }) => {
      const trip = own(core.state.trips, params.tripId!, company, 'trip');
      requirePublished(trip, 'cancelled');
      cancelTrip(core, trip);
      return { json: { trip: tripView(core.state, trip) } };
    },
  },
  {
    operationId: 'completeTrip', method: 'POST', path: '/trips/{tripId}/complete', scope: 'trips.write', tag: 'trips', status: 200, pathParams: tripIdParam,
    summary: 'Mark a trip completed, after its departure',
    description: 'Only a published trip whose departureAt has passed (409 trip_not_departed before; 409 invalid_transition when not published). Bookings keep their status.',
    response: one('trip', Trip), errors: { 409: ['invalid_transition', 'trip_not_departed'] },
    handler: ({ core, company, params }) => {
      const trip = own(core.state.trips, params.tripId!, company, 'trip');
      requirePublished(trip, 'completed');
      if (isFuture(core, trip.departureAt)) throw conflict('trip_not_departed', `trip ${trip.id} departs at ${trip.departureAt}; it can be completed after that`);
      trip.status = 'completed';
      trip.updatedAt = stamp(core);
      core.emit(company.id, 'trip.completed', tripView(core.state, trip));
      return { json: { trip: tripView(core.state, trip) } };
    },
  },
  {
    operationId: 'getTripManifest', method: 'GET', path: '/trips/{tripId}/manifest', scope: 'trips.read', tag: 'trips', status: 200, pathParams: tripIdParam,
    summary: 'Approved and boarded passengers of a trip, by name',
    response: shape({ tripId: str({ format: 'uuid' }), passengers: arr(ManifestPassenger) }),
    handler: ({ core, company, params }) => {
      const trip = own(core.state.trips, params.tripId!, company, 'trip');
      const passengers = core.state.bookings
        .filter((b) => b.tripId === trip.id && (b.status === 'approved' || b.status === 'boarded'))
        .map((b) => {
          const u = core.state.users.find((x) => x.id === b.passengerId)!;
          return { bookingId: b.id, passengerId: u.id, fullName: u.fullName, phone: u.phone, seats: b.seats, status: b.status, boardedAt: b.boardedAt, groupName: b.groupName, passengerNote: b.passengerNote };
        })
        .sort((a, b) => (a.fullName ?? '').localeCompare(b.fullName ?? '') || a.bookingId.localeCompare(b.bookingId));
      return { json: { tripId: trip.id, passengers } };
    },
  },

  // Schedules
  {
    operationId: 'listSchedules', method: 'GET', path: '/schedules', scope: 'schedules.read', tag: 'schedules', status: 200,
    summary: 'Schedules with their exceptions, newest first, no pagination', response: list('schedules', Schedule),
    handler: ({ core, company }) => ({ json: { schedules: core.state.schedules.filter((s) => s.companyId === company.id).sort(newest).map(scheduleView) } }),
  },
  {
    operationId: 'createSchedule', method: 'POST', path: '/schedules', scope: 'schedules.write', tag: 'schedules', status: 201,
    summary: 'Create a schedule; it publishes trips at once',
    description: 'Active on creation. Publishes a trip (carrying scheduleId) for each departure within horizonDays (default 14) from now: daily, weekly on weekdays, or every intervalDays days from startsOn; departureTime is local time of Syria (UTC+03:00). The clock moving (POST /__sandbox/clock or real time) publishes further trips. Emits schedule.created, then trip.created per trip.',
    body: bodies.scheduleCreate, response: one('schedule', Schedule),
    errors: { 422: ['driver_not_member', 'unknown_vehicle', 'unknown_city', 'same_city', 'seats_out_of_range'] },
    handler: createSchedule,
  },
  {
    operationId: 'getSchedule', method: 'GET', path: '/schedules/{scheduleId}', scope: 'schedules.read', tag: 'schedules', status: 200, pathParams: scheduleIdParam,
    summary: 'One schedule with its exceptions', response: one('schedule', Schedule),
    handler: ({ core, company, params }) => ({ json: { schedule: scheduleView(own(core.state.schedules, params.scheduleId!, company, 'schedule')) } }),
  },
  {
    operationId: 'updateSchedule', method: 'PATCH', path: '/schedules/{scheduleId}', scope: 'schedules.write', tag: 'schedules', status: 200, pathParams: scheduleIdParam,
    summary: 'Change price, time, weekdays, horizon or notes; omitted fields keep their values',
    description: 'Changes apply to trips published from now on; trips already published keep their values. A longer horizon publishes the extra trips at once. Emits schedule.updated.',
    body: bodies.schedulePatch, response: one('schedule', Schedule),
    handler: patchSchedule,
  },
  {
    operationId: 'deleteSchedule', method: 'DELETE', path: '/schedules/{scheduleId}', scope: 'schedules.write', tag: 'schedules', status: 200, pathParams: scheduleIdParam,
    summary: 'Delete a schedule: generation stops, published trips stay',
    description: 'Answers 200 with the schedule as it was; afterwards it is gone (404) and its trips keep their scheduleId. Emits schedule.deleted with the same schedule.',
    response: one('schedule', Schedule),
    handler: ({ core, company, params }) => {
      const s = own(core.state.schedules, params.scheduleId!, company, 'schedule');
      core.state.schedules.splice(core.state.schedules.indexOf(s), 1);
      core.emit(company.id, 'schedule.deleted', scheduleView(s));
      return { json: { schedule: scheduleView(s) } };
    },
  },
  {
    operationId: 'toggleSchedule', method: 'POST', path: '/schedules/{scheduleId}/toggle', scope: 'schedules.write', tag: 'schedules', status: 200, pathParams: scheduleIdParam,
    summary: 'Flip between active and paused',
    description: 'A paused schedule publishes nothing; its published trips stay. Resuming publishes what is owed. Emits schedule.updated.',
    response: one('schedule', Schedule),
    handler: ({ core, company, params }) => {
      const s = own(core.state.schedules, params.scheduleId!, company, 'schedule');
      s.active = !s.active;
      s.updatedAt = stamp(core);
      core.emit(company.id, 'schedule.updated', scheduleView(s));
      generate(core, s);
      return { json: { schedule: scheduleView(s) } };
    },
  },
  {
    operationId: 'upsertScheduleException', method: 'POST', path: '/schedules/{scheduleId}/exceptions', scope: 'schedules.write', tag: 'schedules', status: 200, pathParams: scheduleIdParam,
    summary: 'Skip a date or add an extra departure (replaces any exception for that date)',
    description: 'Body {date, kind: skip|extra, departureTime (extra only, required there)}. Answers 200 whether new or replacing the exception of that date (the replacement has a new id). A skip cancels the published trip of that date (the trip cancellation rule applies); an extra publishes a trip at departureTime when within the horizon. Emits schedule.updated.',
    body: bodies.exception, response: one('exception', ScheduleException), errors: { 422: ['date_in_past'] },
    handler: upsertException,
  },
  {
    operationId: 'deleteScheduleException', method: 'DELETE', path: '/schedules/{scheduleId}/exceptions/{exceptionId}', scope: 'schedules.write', tag: 'schedules', status: 200,
    pathParams: { ...scheduleIdParam, exceptionId: { name: 'exceptionId', schema: str({ format: 'uuid' }) } },
    summary: 'Remove a date override',
    description: 'Answers 200 with the removed exception. Lifting a skip publishes the regular trip again (when within the horizon); removing an extra cancels its trip. Emits schedule.updated.',
    response: one('exception', ScheduleException),
    handler: ({ core, company, params }) => {
      const s = own(core.state.schedules, params.scheduleId!, company, 'schedule');
      const i = s.exceptions.findIndex((e) => e.id === params.exceptionId);
      if (i < 0) throw notFound('exception', params.exceptionId!);
      const [removed] = s.exceptions.splice(i, 1);
      s.updatedAt = stamp(core);
      core.emit(company.id, 'schedule.updated', scheduleView(s));
      reconcileDate(core, s, removed!.date);
      return { json: { exception: removed } };
    },
  },

  // Bookings
  {
    operationId: 'listBookings', method: 'GET', path: '/bookings', scope: 'bookings.read', tag: 'bookings', status: 200,
    summary: 'Bookings, newest first, paged',
    query: [
      { name: 'status', schema: str({ enum: [...BOOKING_STATUSES] }) },
      { name: 'tripId', schema: str({ format: 'uuid' }) },
      ...pageParams,
    ],
    response: shape({ bookings: arr(Booking), meta: Meta }),
    handler: ({ core, company, query }) => {
      const bookings = core.state.bookings
        .filter((b) => b.companyId === company.id && (query.status === undefined || b.status === query.status) && (query.tripId === undefined || b.tripId === query.tripId))
        .sort(newest);
      const { items, meta } = paginate(query, bookings);
      return { json: { bookings: items.map(bookingView), meta } };
    },
  },
  {
    operationId: 'createBooking', method: 'POST', path: '/bookings', scope: 'bookings.write', tag: 'bookings', status: 201,
    summary: 'Book seats on a trip for a passenger, by phone',
    description: 'The trip must be a published, future trip of the company (another company\'s trip: 404, as for any unknown id). The passenger with this phone is reused, else created with fullName. The booking is requested, source partner_api; a pending cash payment for seats × pricePerSeat is attached (boarding settles it). Emits booking.created.\n\nIdempotency-Key: the same key with the same body (compared as canonical JSON) within 24 hours of the sandbox clock replays the first 201 answer with header Idempotent-Replayed: true; the same key with another body answers 409 idempotency_key_reused. Keys are per company; failed attempts are not stored, so a failed request may be retried with the same key.',
    headers: [{ name: 'Idempotency-Key', schema: str({ minLength: 1, maxLength: 255 }), description: 'makes retries safe; kept 24 hours' }],
    body: bodies.bookingCreate, response: one('booking', Booking),
    errors: { 400: ['invalid_idempotency_key'], 404: ['not_found'], 409: ['trip_not_bookable', 'not_enough_seats', 'idempotency_key_reused'], 422: ['seats_out_of_range', 'invalid_phone', 'note_too_long', 'group_too_long'] },
    handler: withIdempotency,
  },
  {
    operationId: 'getBooking', method: 'GET', path: '/bookings/{bookingId}', scope: 'bookings.read', tag: 'bookings', status: 200, pathParams: bookingIdParam,
    summary: 'A booking with its trip, passenger and payments', response: one('booking', BookingDetail),
    handler: ({ core, company, params }) => ({ json: { booking: bookingDetail(core.state, own(core.state.bookings, params.bookingId!, company, 'booking')) } }),
  },
  {
    operationId: 'updateBookingStatus', method: 'PATCH', path: '/bookings/{bookingId}', scope: 'bookings.write', tag: 'bookings', status: 200, pathParams: bookingIdParam,
    summary: 'Approve, reject or cancel a booking',
    description: 'approved and rejected only from requested; cancelled from requested or approved; anything else 409 invalid_transition. Emits booking.approved / booking.rejected / booking.cancelled; rejecting or cancelling refunds a paid payment and fails a pending one (payment.updated).',
    body: bodies.bookingPatch, response: one('booking', Booking), errors: { 409: ['invalid_transition'], 422: ['invalid_status'] },
    handler: (ctx) => moveChecked(ctx, ctx.body.status as BookingStatus),
  },
  {
    operationId: 'markBookingBoarded', method: 'POST', path: '/bookings/{bookingId}/boarded', scope: 'bookings.write', tag: 'bookings', status: 200, pathParams: bookingIdParam,
    summary: 'Mark the passenger boarded',
    description: 'Only from approved (409 invalid_transition otherwise): status becomes boarded and boardedAt is set; a pending payment becomes paid. Emits booking.boarded.',
    response: one('booking', Booking), errors: { 409: ['invalid_transition'] },
    handler: (ctx) => moveChecked(ctx, 'boarded'),
  },
  {
    operationId: 'markBookingNoShow', method: 'POST', path: '/bookings/{bookingId}/no-show', scope: 'bookings.write', tag: 'bookings', status: 200, pathParams: bookingIdParam,
    summary: 'Mark the passenger as not boarded',
    description: 'Only from approved (409 invalid_transition otherwise): status becomes no_show and noShow true; a pending payment fails. Emits booking.no_show.',
    response: one('booking', Booking), errors: { 409: ['invalid_transition'] },
    handler: (ctx) => moveChecked(ctx, 'no_show'),
  },
  {
    operationId: 'getBookingTicket', method: 'GET', path: '/bookings/{bookingId}/ticket', scope: 'bookings.read', tag: 'bookings', status: 200, pathParams: bookingIdParam,
    summary: 'Company-view ticket: code, QR text, passenger, trip, boarding', description: 'Served in every status; status tells whether it is valid.',
    response: one('ticket', Ticket),
    handler: ticketOf,
  },

  // Payments
  {
    operationId: 'listPayments', method: 'GET', path: '/payments', scope: 'payments.read', tag: 'payments', status: 200,
    summary: 'Payments on company bookings, newest first, paged',
    query: [
      { name: 'status', schema: str({ enum: [...PAYMENT_STATUSES] }) },
      { name: 'bookingId', schema: str({ format: 'uuid' }) },
      { name: 'tripId', schema: str({ format: 'uuid' }) },
      ...pageParams,
    ],
    response: shape({ payments: arr(Payment), meta: Meta }),
    handler: ({ core, company, query }) => {
      const payments = core.state.payments
        .filter((p) => p.companyId === company.id && (query.status === undefined || p.status === query.status)
          && (query.bookingId === undefined || p.bookingId === query.bookingId) && (query.tripId === undefined || p.tripId === query.tripId))
        .sort(newest);
      const { items, meta } = paginate(query, payments);
      return { json: { payments: items.map(paymentView), meta } };
    },
  },
  {
    operationId: 'getPayment', method: 'GET', path: '/payments/{paymentId}', scope: 'payments.read', tag: 'payments', status: 200,
    summary: 'One payment on a company booking', response: one('payment', Payment),
    handler: ({ core, company, params }) => ({ json: { payment: paymentView(own(core.state.payments, params.paymentId!, company, 'payment')) } }),
  },
  {
    operationId: 'getPaymentInvoice', method: 'GET', path: '/payments/{paymentId}/invoice.pdf', scope: 'payments.read', tag: 'payments', status: 200,
    summary: 'The invoice of a payment, as a PDF file',
    description: 'application/pdf, Content-Disposition: attachment; filename="invoice-<paymentId>.pdf".',
    files: ['application/pdf'],
    handler: ({ core, company, params }) => {
      const payment = own(core.state.payments, params.paymentId!, company, 'payment');
      return { file: { contentType: 'application/pdf', filename: `invoice-${payment.id}.pdf`, data: pdfOf(invoiceSheet(core, company, payment)) } };
    },
  },
  {
    operationId: 'listPayouts', method: 'GET', path: '/payouts', scope: 'payments.read', tag: 'payments', status: 200,
    summary: 'Payout records, newest period first, no pagination',
    query: [{ name: 'status', schema: str({ enum: ['paid', 'pending'] }) }],
    response: list('payouts', Payout),
    handler: ({ core, company, query }) => ({
      json: {
        payouts: core.state.payouts
          .filter((p) => p.companyId === company.id && (query.status === undefined || p.status === query.status))
          .sort((a, b) => b.periodStart.localeCompare(a.periodStart))
          .map(payoutView),
      },
    }),
  },

  // Reports and reviews
  {
    operationId: 'getDashboard', method: 'GET', path: '/dashboard', scope: 'reports.read', tag: 'reports', status: 200,
    summary: 'High-level counts: trips, bookings, revenue, payouts, fleet, members, reviews', response: one('dashboard', Dashboard),
    handler: ({ core, company }) => ({ json: { dashboard: dashboardOf(core, company) } }),
  },
  {
    operationId: 'getReport', method: 'GET', path: '/reports', scope: 'reports.read', tag: 'reports', status: 200,
    summary: 'Aggregated booking and revenue figures, optionally for trips departing in a date range',
    query: [
      { name: 'from', schema: str({ format: 'date' }), description: 'first local departure date (sandbox addition)' },
      { name: 'to', schema: str({ format: 'date' }), description: 'last local departure date (sandbox addition)' },
    ],
    response: one('report', Report),
    handler: ({ core, company, query }) => ({ json: { report: reportOf(core, company, (query.from as string | undefined) ?? null, (query.to as string | undefined) ?? null) } }),
  },
  {
    operationId: 'exportReport', method: 'GET', path: '/reports/export', scope: 'reports.read', tag: 'reports', status: 200,
    summary: 'A report as a csv, xlsx or pdf file built from the current data',
    description: 'Content-Disposition: attachment; filename="<type>-<YYYYMMDD>.<format>" (local date). csv is UTF-8 with a header row.',
    query: [
      { name: 'type', required: true, schema: str({ enum: [...REPORT_TYPES], 'x-codes': { required: 'missing_type', enum: 'invalid_type' } }) },
      { name: 'format', required: true, schema: str({ enum: ['csv', 'xlsx', 'pdf'], 'x-codes': { required: 'missing_format', enum: 'invalid_format' } }) },
    ],
    files: Object.values(FILE_TYPES).map((f) => f.contentType),
    errors: { 422: ['missing_type', 'missing_format', 'invalid_type', 'invalid_format'] },
    handler: ({ core, company, query }) => {
      const format = FILE_TYPES[query.format as keyof typeof FILE_TYPES];
      const sheet = buildSheet(core, company, query.type as ReportType);
      const day = localDate(core.now()).replace(/-/g, '');
      return { file: { contentType: format.contentType, filename: `${String(query.type)}-${day}.${String(query.format)}`, data: format.build(sheet) } };
    },
  },
  {
    operationId: 'listReviews', method: 'GET', path: '/reviews', scope: 'company.read', tag: 'reports', status: 200,
    summary: "Reviews left on the company's trips, newest first, no pagination",
    query: [{ name: 'tripId', schema: str({ format: 'uuid' }) }],
    response: list('reviews', Review),
    handler: ({ core, company, query }) => ({
      json: { reviews: core.state.reviews.filter((r) => r.companyId === company.id && (query.tripId === undefined || r.tripId === query.tripId)).sort(newest).map(reviewView) },
    }),
  },

  // Webhooks
  {
    operationId: 'listWebhookEndpoints', method: 'GET', path: '/webhooks', scope: 'webhooks.read', tag: 'webhooks', status: 200,
    summary: 'Every endpoint, newest first, no pagination; secrets never included', response: list('endpoints', WebhookEndpoint),
    handler: ({ core, company }) => ({ json: { endpoints: core.state.webhooks.filter((e) => e.companyId === company.id).sort(newest).map(endpointView) } }),
  },
  {
    operationId: 'createWebhookEndpoint', method: 'POST', path: '/webhooks', scope: 'webhooks.write', tag: 'webhooks', status: 201,
    summary: 'Create an endpoint; the signing secret is in this answer only',
    description: `url: https (plain http:// only to loopback hosts, sandbox only), at most 2048 characters. events: names or groups (${EVENT_GROUPS.join(', ')}), kept as written and matched at delivery; duplicates dropped; webhook.test is refused (422 webhook_test_not_subscribable). secret: whsec_ followed by 32 base64url characters.`,
    body: bodies.webhook(true), response: shape({ endpoint: WebhookEndpoint, secret: str({ pattern: '^whsec_[A-Za-z0-9_-]{32}$' }) }),
    errors: { 422: ['invalid_url', 'url_too_long', 'invalid_event', 'webhook_test_not_subscribable'] },
    handler: ({ core, company, body }) => {
      const endpoint = {
        id: core.newId(), companyId: company.id, url: checkUrl(body.url as string), events: checkEvents(body.events as string[]),
        active: (body.active as boolean | undefined) ?? true, secret: `whsec_${randomBytes(24).toString('base64url')}`, createdAt: stamp(core),
      };
      core.state.webhooks.push(endpoint);
      return { status: 201, json: { endpoint: endpointView(endpoint), secret: endpoint.secret } };
    },
  },
  {
    operationId: 'updateWebhookEndpoint', method: 'PATCH', path: '/webhooks/{endpointId}', scope: 'webhooks.write', tag: 'webhooks', status: 200,
    summary: 'Change url, events (replaces the list) or active', body: bodies.webhook(false), response: one('endpoint', WebhookEndpoint),
    errors: { 422: ['invalid_url', 'url_too_long', 'invalid_event', 'webhook_test_not_subscribable'] },
    handler: ({ core, company, params, body }) => {
      const e = own(core.state.webhooks, params.endpointId!, company, 'webhook endpoint');
      const url = has(body, 'url') ? checkUrl(body.url as string) : e.url;
      const events = has(body, 'events') ? checkEvents(body.events as string[]) : e.events;
      e.url = url;
      e.events = events;
      if (has(body, 'active')) e.active = body.active as boolean;
      return { json: { endpoint: endpointView(e) } };
    },
  },
  {
    operationId: 'deleteWebhookEndpoint', method: 'DELETE', path: '/webhooks/{endpointId}', scope: 'webhooks.write', tag: 'webhooks', status: 200,
    summary: 'Delete an endpoint: no further deliveries', description: 'Answers 200 with the endpoint as it was (no secret); afterwards it is gone (404).',
    response: one('endpoint', WebhookEndpoint),
    handler: ({ core, company, params }) => {
      const e = own(core.state.webhooks, params.endpointId!, company, 'webhook endpoint');
      core.state.webhooks.splice(core.state.webhooks.indexOf(e), 1);
      return { json: { endpoint: endpointView(e) } };
    },
  },
  {
    operationId: 'testWebhookEndpoint', method: 'POST', path: '/webhooks/{endpointId}/test', scope: 'webhooks.write', tag: 'webhooks', status: 202,
    summary: 'Queue a webhook.test delivery to an active endpoint',
    description: 'Answers 202 {delivery: {status: queued, eventId, event}}; the attempts appear under …/deliveries. The endpoint need not subscribe to anything, but a paused one is refused (409 endpoint_paused). Retries follow the usual schedule and stop when the endpoint is paused or deleted.',
    errors: { 409: ['endpoint_paused'] },
    response: shape({ delivery: shape({ status: str({ const: 'queued' }), eventId: str(), event: str({ const: 'webhook.test' }) }) }),
    handler: ({ core, company, params }) => {
      const e = own(core.state.webhooks, params.endpointId!, company, 'webhook endpoint');
      if (!e.active) throw conflict('endpoint_paused', `webhook endpoint ${e.id} is paused; resume it (active: true) before sending a test`);
      const envelope = core.dispatcher.test(e);
      return { status: 202, json: { delivery: { status: 'queued', eventId: envelope.id, event: envelope.event } } };
    },
  },
  {
    operationId: 'listWebhookDeliveries', method: 'GET', path: '/webhooks/{endpointId}/deliveries', scope: 'webhooks.read', tag: 'webhooks', status: 200,
    summary: 'Delivery attempts to the endpoint, newest first (kept in memory while the sandbox runs)',
    response: list('deliveries', Delivery),
    handler: ({ core, company, params }) => {
      const e = own(core.state.webhooks, params.endpointId!, company, 'webhook endpoint');
      return { json: { deliveries: core.dispatcher.deliveriesOf(e.id) } };
    },
  },
];

