// Named schemas of the served resources (webhooks and events: event-schemas.ts). They are the sandbox's
// decisions for every shape partner-api.md leaves unshown, and are served in components.schemas.
import { arr, bool, decided, int, known, named, nullable, shape, str, type Schema } from './json-schema.js';
import {
  BOOKING_STATUSES,
  FUEL_TYPES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  RECURRENCES,
  ROLES,
  TRANSMISSIONS,
  TRIP_STATUSES,
} from '../domain/state.js';

export const API_VERSION = '2026-08-21';

export { EVENTS, EVENT_GROUPS, SUBSCRIBABLE } from '../domain/event-names.js';

export const uuid = (extra: Partial<Schema> = {}): Schema => str({ format: 'uuid', ...extra });
export const dateTime = (extra: Partial<Schema> = {}): Schema => str({ format: 'date-time', ...extra });
export const E164 = '^\\+[1-9][0-9]{7,14}$';
export const HHMM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
export const phone = (): Schema =>
  str({
    pattern: E164,
    'x-pattern-message': 'must be an E.164 phone number such as +963944123456',
    'x-codes': { pattern: 'invalid_phone', type: 'invalid_phone' },
    example: '+963944123456',
  });
export const hhmm = (description: string): Schema =>
  str({ pattern: HHMM, 'x-pattern-message': 'must be a 24-hour time HH:MM', description, example: '07:30' });
/** The currency of amounts: not shown in partner-api.md; the sandbox's is always SYP. */
export const currency = (description?: string): Schema =>
  decided(
    "The currency is not shown in partner-api.md: the sandbox's is always SYP, minor units of 1/100.",
    known(['SYP'], description ? { description } : {}),
  );
export const seats = (description: string): Schema =>
  int({ minimum: 1, maximum: 20, description, 'x-codes': { minimum: 'seats_out_of_range', maximum: 'seats_out_of_range' } });

export const ErrorSchema = named(
  'Error',
  shape(
    {
      error: str({ description: 'what went wrong, naming the field or rule' }),
      code: str({ description: 'stable machine-readable code' }),
      field: str({ description: 'the field or parameter at fault (validation errors, invalid_id)' }),
      scope: str({ description: 'missing_scope: the scope the operation needs' }),
      available: int({ minimum: 0, description: 'not_enough_seats: the seats still free' }),
    },
    { required: ['error', 'code'], description: 'Every error: error and code, plus field, scope or available where they apply.' },
  ),
);

export const Meta = named(
  'Meta',
  shape({
    page: int({ minimum: 1 }),
    perPage: int({ minimum: 1, maximum: 100 }),
    total: int({ minimum: 0 }),
    lastPage: int({ minimum: 1, description: 'at least 1, also for an empty list' }),
  }),
);

export const City = named('City', shape({ id: str({ example: 'damascus' }), name: str(), nameAr: str() }));
export const Place = named(
  'Place',
  shape({
    pcode: str({ description: 'P-code, usable as fromPlacePcode / toPlacePcode', example: 'SY0100' }),
    name: str(),
    nameAr: str(),
    cityId: str(),
  }),
);

export const Company = named(
  'Company',
  shape({
    id: uuid(),
    name: str(),
    verified: bool(),
    description: str(),
    logo: nullable(
      shape(
        { contentType: str(), size: int({ description: 'bytes' }), updatedAt: dateTime() },
        { description: 'the current logo file, null when none' },
      ),
    ),
  }),
);

export const Member = named(
  'Member',
  shape({
    id: uuid({ description: 'the user id of the member' }),
    role: str({ enum: [...ROLES] }),
    fullName: nullable(str()),
    phone: str(),
    joinedAt: dateTime(),
  }),
);

export const Vehicle = named(
  'Vehicle',
  shape({
    id: uuid(),
    make: str(),
    model: str(),
    seats: int({ minimum: 1, maximum: 20 }),
    year: nullable(int({ minimum: 1980, maximum: 2100 })),
    color: nullable(str()),
    plate: nullable(str()),
    fuelType: nullable(decided("Allowed values of fuelType: not shown in partner-api.md; these are the sandbox's.", known(FUEL_TYPES))),
    transmission: nullable(
      decided("Allowed values of transmission: not shown in partner-api.md; these are the sandbox's.", known(TRANSMISSIONS)),
    ),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
);

export const Trip = named(
  'Trip',
  shape({
    id: uuid(),
    status: decided(
      "The full set of trip statuses and the moves from each are not shown in partner-api.md: these three and their moves are the sandbox's.",
      known(TRIP_STATUSES, {
        description: 'published → cancelled (DELETE) or completed (POST …/complete, after departure). No other moves.',
      }),
    ),
    vehicleId: uuid(),
    driverId: uuid(),
    fromCityId: str(),
    toCityId: str(),
    departureAt: dateTime(),
    pricePerSeat: int({ minimum: 0, description: 'minor units of currency' }),
    currency: currency('always SYP (minor units: 1/100 pound)'),
    totalSeats: int({ minimum: 1, maximum: 20 }),
    seatsBooked: int({ minimum: 0, description: 'seats held by requested, approved, boarded and no-show bookings' }),
    fromPlacePcode: nullable(str()),
    toPlacePcode: nullable(str()),
    notes: nullable(str()),
    scheduleId: nullable(uuid({ description: 'the schedule that published the trip, if any' })),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
);

export const ScheduleException = named(
  'ScheduleException',
  shape({
    id: uuid(),
    date: str({ format: 'date', description: 'local date (Syria, UTC+03:00)' }),
    kind: known(['skip', 'extra']),
    departureTime: nullable(str({ pattern: HHMM, description: 'extra only: the extra departure, local HH:MM' })),
    createdAt: dateTime(),
  }),
);

export const Schedule = named(
  'Schedule',
  shape({
    id: uuid(),
    active: bool({ description: 'false: paused, publishes nothing' }),
    vehicleId: uuid(),
    driverId: uuid(),
    fromCityId: str(),
    toCityId: str(),
    pricePerSeat: int({ minimum: 0 }),
    totalSeats: nullable(int({ minimum: 1, maximum: 20, description: "null: the vehicle's seats" })),
    recurrence: str({ enum: [...RECURRENCES] }),
    weekdays: nullable(arr(int({ minimum: 0, maximum: 6 }), { description: 'weekly only; 0 = Sunday' })),
    intervalDays: nullable(int({ minimum: 1, maximum: 365, description: 'interval only: days between departures, counted from startsOn' })),
    departureTime: str({ pattern: HHMM, description: 'local time of Syria (UTC+03:00)' }),
    startsOn: str({ format: 'date' }),
    horizonDays: int({ minimum: 1, maximum: 90, description: 'trips are published for departures within this many days from now' }),
    notes: nullable(str()),
    exceptions: arr(ScheduleException),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
);

export const bookingProperties: Record<string, Schema> = {
  id: uuid(),
  tripId: uuid(),
  passengerId: uuid(),
  status: decided(
    "partner-api.md names requested, approved, rejected and cancelled and leaves the rest open: boarded and no_show (set by the boarded and no-show moves) and the moves' source states are the sandbox's.",
    known(BOOKING_STATUSES, { description: 'requested → approved | rejected | cancelled; approved → cancelled | boarded | no_show' }),
  ),
  seats: int({ minimum: 1, maximum: 20 }),
  source: str({ description: 'partner_api for bookings made through this interface; app or dashboard otherwise' }),
  boardedAt: nullable(dateTime()),
  noShow: bool(),
  passengerNote: nullable(str({ maxLength: 200 })),
  groupName: nullable(str({ maxLength: 80 })),
  createdAt: dateTime(),
  updatedAt: dateTime(),
};
export const Booking = named('Booking', shape(bookingProperties));

export const Passenger = named('Passenger', shape({ id: uuid(), fullName: nullable(str()), phone: str() }));

export const Payment = named(
  'Payment',
  shape({
    id: uuid(),
    bookingId: uuid(),
    tripId: uuid(),
    amount: int({ minimum: 0, description: 'minor units' }),
    currency: currency(),
    status: known(PAYMENT_STATUSES, {
      description:
        'pending → paid (boarded) | failed (booking rejected, cancelled or no-show); paid → refunded (booking rejected or cancelled)',
    }),
    method: known(PAYMENT_METHODS),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  }),
);

export const BookingDetail = named(
  'BookingDetail',
  shape(
    {
      ...bookingProperties,
      trip: Trip,
      passenger: Passenger,
      payments: arr(Payment),
    },
    { description: 'A booking fetched singly: the booking with its trip, its passenger and its payments.' },
  ),
);

export const ManifestPassenger = named(
  'ManifestPassenger',
  shape({
    bookingId: uuid(),
    passengerId: uuid(),
    fullName: nullable(str()),
    phone: str(),
    seats: int(),
    status: known(['approved', 'boarded']),
    boardedAt: nullable(dateTime()),
    groupName: nullable(str()),
    passengerNote: nullable(str()),
  }),
);

export const Ticket = named(
  'Ticket',
  shape({
    bookingId: uuid(),
    code: str({ description: 'short human-readable code printed on the ticket', example: 'QX-7K3M9P2A' }),
    qr: str({ description: 'the text to encode as a QR code' }),
    status: known(BOOKING_STATUSES),
    seats: int(),
    passenger: shape({ fullName: nullable(str()), phone: str() }),
    trip: shape({
      id: uuid(),
      fromCityId: str(),
      toCityId: str(),
      departureAt: dateTime(),
      plate: nullable(str({ description: 'the vehicle plate' })),
    }),
    boarding: shape({ boardedAt: nullable(dateTime()), noShow: bool() }),
  }),
);

export const Payout = named(
  'Payout',
  shape({
    id: uuid(),
    amount: int({ minimum: 0 }),
    currency: currency(),
    status: known(['paid', 'pending']),
    periodStart: dateTime(),
    periodEnd: dateTime(),
    paidAt: nullable(dateTime()),
  }),
);

export const Review = named(
  'Review',
  shape({
    id: uuid(),
    tripId: uuid(),
    rating: int({ minimum: 1, maximum: 5 }),
    comment: str(),
    passengerName: nullable(str()),
    createdAt: dateTime(),
  }),
);
