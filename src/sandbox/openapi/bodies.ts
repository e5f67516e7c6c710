// The request bodies of the partner interface and their rules (bounds, patterns, the error code
// each failure answers with through x-codes), served in the document and checked by the pipeline.
import { arr, bool, decided, int, nullable, obj, str, type Schema } from './json-schema.js';
import { dateTime, hhmm, phone, seats, uuid } from './resources.js';
import { SubscribableEvent, WEBHOOK_URL_PATTERN } from './event-schemas.js';
import { FUEL_TYPES, RECURRENCES, TRANSMISSIONS } from '../domain/state.js';

export const bodies = {
  companyPatch: obj({ description: str({ maxLength: 2000, description: 'public description' }) }),
  logo: obj(
    {
      image: str({
        format: 'byte',
        minLength: 1,
        description: 'base64 PNG, JPEG, GIF or WebP, at most 1 MiB decoded',
        'x-codes': { format: 'invalid_image' },
      }),
    },
    ['image'],
  ),
  memberCreate: obj(
    {
      phone: phone(),
      role: str({
        enum: ['admin', 'staff', 'driver'],
        'x-enum-codes': { owner: ['owner_role_not_assignable', 'the owner role cannot be assigned through the interface'] },
      }),
    },
    ['phone', 'role'],
  ),
  memberPatch: obj(
    {
      role: str({
        enum: ['admin', 'staff', 'driver'],
        'x-enum-codes': { owner: ['owner_role_not_assignable', 'the owner role cannot be assigned through the interface'] },
      }),
    },
    ['role'],
  ),
  vehicle: (creating: boolean): Schema =>
    obj(
      {
        make: str({ minLength: 1, maxLength: 60, example: 'Hyundai' }),
        model: str({ minLength: 1, maxLength: 60, example: 'County' }),
        seats: seats('passenger seats, 1 to 20'),
        year: nullable(int({ minimum: 1980, maximum: 2100, 'x-codes': { minimum: 'year_out_of_range', maximum: 'year_out_of_range' } })),
        color: nullable(str({ maxLength: 40 })),
        plate: nullable(str({ minLength: 1, maxLength: 20, description: 'unique within the company' })),
        fuelType: nullable(str({ enum: [...FUEL_TYPES] })),
        transmission: nullable(str({ enum: [...TRANSMISSIONS] })),
      },
      creating ? ['make', 'model', 'seats'] : [],
    ),
  trip: (publishing: boolean): Schema =>
    obj(
      {
        vehicleId: uuid({ description: 'fleet vehicle (alias: carId)' }),
        carId: uuid({ description: 'alias of vehicleId', deprecated: true }),
        driverId: uuid({ description: "a company member; default: the key's actor (the owner)" }),
        fromCityId: str({ example: 'damascus' }),
        toCityId: str({ example: 'aleppo' }),
        departureAt: dateTime({ description: 'ISO 8601 with offset; must be in the future' }),
        pricePerSeat: int({ minimum: 0, maximum: 1_000_000_000, description: 'minor units of SYP' }),
        totalSeats: seats("seats on sale; default and maximum: the vehicle's seats"),
        fromPlacePcode: nullable(str({ description: 'a place of fromCityId' })),
        toPlacePcode: nullable(str({ description: 'a place of toCityId' })),
        notes: nullable(str({ maxLength: 1000 })),
      },
      publishing ? ['fromCityId', 'toCityId', 'departureAt', 'pricePerSeat'] : [],
      // vehicleId is required, but may be sent under its alias carId (vehicleId wins when both are).
      publishing ? { anyOf: [{ required: ['vehicleId'] }, { required: ['carId'] }] } : {},
    ),
  scheduleCreate: obj(
    {
      vehicleId: uuid(),
      driverId: uuid({ description: 'a company member' }),
      fromCityId: str(),
      toCityId: str(),
      pricePerSeat: int({ minimum: 0, maximum: 1_000_000_000 }),
      totalSeats: seats("default: the vehicle's seats"),
      recurrence: str({ enum: [...RECURRENCES] }),
      weekdays: arr(int({ minimum: 0, maximum: 6 }), {
        minItems: 1,
        maxItems: 7,
        uniqueItems: true,
        description: 'required when recurrence is weekly; 0 = Sunday',
      }),
      intervalDays: decided(
        "The field that sets an interval's length is not shown in partner-api.md: intervalDays, 1 to 365, is the sandbox's.",
        int({
          minimum: 1,
          maximum: 365,
          description: 'required when recurrence is interval: days between departures, counted from startsOn',
        }),
      ),
      departureTime: hhmm('local time of Syria (UTC+03:00)'),
      startsOn: str({ format: 'date', description: 'first occurrence; default: today (local)' }),
      horizonDays: decided("Its bounds (1 to 90) and default (14) are the sandbox's.", int({ minimum: 1, maximum: 90, default: 14 })),
      notes: nullable(str({ maxLength: 1000 })),
    },
    ['vehicleId', 'driverId', 'fromCityId', 'toCityId', 'pricePerSeat', 'recurrence', 'departureTime'],
  ),
  schedulePatch: obj({
    pricePerSeat: int({ minimum: 0, maximum: 1_000_000_000 }),
    departureTime: hhmm('local HH:MM'),
    weekdays: arr(int({ minimum: 0, maximum: 6 }), { minItems: 1, maxItems: 7, uniqueItems: true, description: 'weekly schedules only' }),
    horizonDays: int({ minimum: 1, maximum: 90 }),
    notes: nullable(str({ maxLength: 1000 })),
  }),
  exception: obj(
    {
      date: str({ format: 'date', description: 'local date, today or later' }),
      kind: str({ enum: ['skip', 'extra'] }),
      departureTime: hhmm('extra only (required there): the extra departure'),
    },
    ['date', 'kind'],
  ),
  bookingCreate: obj(
    {
      tripId: uuid({ description: "a published, future trip of the key's company" }),
      seats: seats('1 to 20, at most the free seats of the trip'),
      phone: phone(),
      fullName: str({ minLength: 1, maxLength: 120, description: 'used when no passenger has this phone yet' }),
      passengerNote: str({ maxLength: 200, 'x-codes': { maxLength: 'note_too_long' } }),
      groupName: str({ maxLength: 80, 'x-codes': { maxLength: 'group_too_long' } }),
    },
    ['tripId', 'seats', 'phone'],
  ),
  bookingPatch: obj(
    {
      status: str({
        enum: ['approved', 'rejected', 'cancelled'],
        'x-codes': { enum: 'invalid_status', required: 'invalid_status', type: 'invalid_status' },
      }),
    },
    ['status'],
  ),
  webhook: (creating: boolean): Schema =>
    obj(
      {
        url: str({
          maxLength: 2048,
          pattern: WEBHOOK_URL_PATTERN,
          'x-pattern-message': 'must be an https URL (plain http only to a loopback host: localhost, 127.x.x.x, [::1])',
          'x-codes': { maxLength: 'url_too_long', type: 'invalid_url', pattern: 'invalid_url' },
          description:
            'https://…; plain http:// only to loopback hosts (sandbox only). At most 2048 characters as sent and as stored (non-ASCII characters are percent-encoded, which lengthens the URL).',
        }),
        events: arr(SubscribableEvent, {
          minItems: 1,
          description: 'event names or groups; webhook.test is refused (422 webhook_test_not_subscribable)',
          'x-codes': { minItems: 'invalid_event' },
        }),
        active: bool({ default: true }),
      },
      creating ? ['url', 'events'] : [],
    ),
};
