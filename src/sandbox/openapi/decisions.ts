// Where the sandbox decided what partner-api.md leaves unshown, marked in the document with one
// extension, x-sandbox-decision: "…", so that a reader (and `tripctl openapi --decisions`) finds
// every one. Decisions that belong to one schema or route are written there (decided(), a
// route's `decision`); this module holds the ones read off partner-api.md's tables as a whole:
// which fields it shows per resource (every other field is the sandbox's), which shapes it does
// not show at all, which operations' answers it describes, and that error codes are the sandbox's.
import type { Schema } from './json-schema.js';

export const DECISION = 'x-sandbox-decision';

/** The fields partner-api.md shows, by named schema: every other property of these is the sandbox's. */
const BOOKING = ['id', 'tripId', 'status', 'seats', 'source', 'boardedAt', 'noShow', 'passengerNote', 'groupName'];
export const SEED_FIELDS: Record<string, readonly string[]> = {
  Company: ['id', 'name', 'verified', 'description'],
  City: ['id', 'name', 'nameAr'],
  Member: ['id', 'role'],
  Vehicle: ['id', 'make', 'model', 'seats', 'year', 'color', 'plate', 'fuelType', 'transmission'],
  Trip: [
    'id',
    'vehicleId',
    'driverId',
    'fromCityId',
    'toCityId',
    'departureAt',
    'pricePerSeat',
    'totalSeats',
    'fromPlacePcode',
    'toPlacePcode',
    'notes',
    'status',
  ],
  Schedule: [
    'id',
    'vehicleId',
    'driverId',
    'fromCityId',
    'toCityId',
    'pricePerSeat',
    'totalSeats',
    'recurrence',
    'weekdays',
    'departureTime',
    'startsOn',
    'horizonDays',
    'notes',
    'active',
  ],
  Booking: BOOKING,
  BookingDetail: [...BOOKING, 'trip', 'passenger', 'payments'],
  WebhookEndpoint: ['id', 'url', 'events', 'active'],
  EventEnvelope: ['id', 'event', 'apiVersion', 'occurredAt', 'data'],
  BookingEventData: ['id', 'tripId', 'status', 'seats', 'source', 'boardedAt', 'noShow'],
  Meta: ['page', 'perPage', 'total', 'lastPage'],
  Error: ['error', 'code'],
};

/** Named schemas whose whole shape partner-api.md leaves unshown. */
export const SHAPES_DECIDED: Record<string, string> = {
  Place: "Fields of a place result are not shown in partner-api.md: these are the sandbox's.",
  Passenger: "A booking fetched singly includes its passenger; the passenger's fields are the sandbox's.",
  ScheduleException: "An exception's fields beyond its id are not shown in partner-api.md: these are the sandbox's.",
  Payment: "Contents of payments are not shown in partner-api.md: this shape, its statuses and methods are the sandbox's.",
  Payout: "Contents of payouts are not shown in partner-api.md: this shape is the sandbox's.",
  Review: "Contents of reviews are not shown in partner-api.md: this shape is the sandbox's.",
  Dashboard: "Contents of the dashboard are not shown in partner-api.md: these figures are the sandbox's.",
  Report: "Contents of the report are not shown in partner-api.md: these figures are the sandbox's.",
  Ticket:
    'partner-api.md calls a ticket "a company-view payload with QR and boarding details": its fields, and the code printed on it, are the sandbox\'s.',
  ManifestPassenger: "The manifest lists approved and boarded passengers; the fields of each are the sandbox's.",
  Delivery: "Fields of a delivery record are not shown in partner-api.md: this shape, one record per attempt, is the sandbox's.",
  WebhookTestData: "The payload of webhook.test beyond being small is not shown in partner-api.md: this one is the sandbox's.",
};

/** Operations whose answer partner-api.md describes (in its endpoint tables); every other answer's body is the sandbox's. */
export const SEED_RESPONSES: ReadonlySet<string> = new Set([
  'getOpenApi',
  'listCities',
  'getCompany',
  'updateCompany',
  'listMembers',
  'addMember',
  'listVehicles',
  'createVehicle',
  'listTrips',
  'publishTrip',
  'getTrip',
  'getTripManifest',
  'listBookings',
  'createBooking',
  'getBooking',
  'getPaymentInvoice',
  'exportReport',
  'createWebhookEndpoint',
]);

/** Groups whose success statuses partner-api.md does not show. */
export const STATUS_UNSHOWN_TAGS: ReadonlySet<string> = new Set(['payments', 'reports', 'webhooks']);

/** Decisions about one field partner-api.md does show, by named schema. */
const FIELD_DECISIONS: Record<string, Record<string, string>> = {
  Error: {
    code: "Values of code are the sandbox's (partner-api.md: not shown), as are the statuses of validation failures, missing records and rule violations (every error status but 401 and 403): each operation lists its own in x-codes.",
  },
};

/** Marks the fields of a named schema that partner-api.md does not show, and a shape it does not show at all. */
export function markSchema(name: string, schema: Schema): Schema {
  const shape = SHAPES_DECIDED[name];
  if (shape !== undefined) return { ...schema, [DECISION]: shape };
  const shown = SEED_FIELDS[name];
  if (shown === undefined || schema.properties === undefined) return schema;
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([field, sub]) => [
      field,
      sub[DECISION] !== undefined
        ? sub
        : FIELD_DECISIONS[name]?.[field] !== undefined
          ? { ...sub, [DECISION]: FIELD_DECISIONS[name]![field] }
          : shown.includes(field)
            ? sub
            : { ...sub, [DECISION]: `${field} is not a field partner-api.md shows for ${name}: the sandbox's.` },
    ]),
  );
  return { ...schema, properties };
}
