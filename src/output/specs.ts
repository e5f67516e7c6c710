// Column specs of the service's resources, in the order an operator reads them. One table, over
// 300 lines on purpose: a spec is data looked for here and nowhere else, split it would be two places.
import type { ResourceSpec } from './columns.js';
import { DASHBOARD_FIGURES, REPORT_FIGURES } from './figure-layouts.js';

export const specs = {
  city: {
    name: 'city',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'NAME', path: 'name' },
      { header: 'ARABIC', path: 'nameAr' },
    ],
  },
  company: {
    name: 'company',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'NAME', path: 'name' },
      { header: 'VERIFIED', path: 'verified', kind: 'bool' },
      { header: 'DESCRIPTION', path: 'description', priority: 4, minWidth: 12 },
    ],
  },
  place: {
    name: 'place',
    idField: 'pcode',
    columns: [
      { header: 'PCODE', path: 'pcode' },
      { header: 'NAME', path: 'name', priority: 2, minWidth: 12 },
      { header: 'ARABIC', path: 'nameAr', priority: 3, minWidth: 10 },
      { header: 'CITY', path: 'cityId', handle: 'city', priority: 3, minWidth: 6 },
    ],
  },
  member: {
    name: 'member',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'ROLE', path: 'role' },
      { header: 'NAME', path: 'fullName', priority: 2, minWidth: 10 },
      { header: 'PHONE', path: 'phone' },
    ],
  },
  vehicle: {
    name: 'vehicle',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'PLATE', path: 'plate' },
      { header: 'MAKE', path: 'make' },
      { header: 'MODEL', path: 'model' },
      { header: 'SEATS', path: 'seats' },
      { header: 'YEAR', path: 'year' },
      { header: 'COLOR', path: 'color' },
    ],
  },
  trip: {
    name: 'trip',
    idField: 'id',
    columns: [
      // What an operator reads (route, departure, seats, booked, price, status) is kept before the
      // id, which is shown whole or not at all (-o ids and --columns id give it at any width).
      { header: 'ID', path: 'id', priority: 3 },
      { header: 'STATUS', path: 'status', priority: 2 },
      { header: 'FROM', path: 'fromCityId', handle: 'city', priority: 1, minWidth: 6 },
      { header: 'TO', path: 'toCityId', handle: 'city', priority: 1, minWidth: 6 },
      { header: 'DEPARTURE', path: 'departureAt', kind: 'time', priority: 1 },
      { header: 'PRICE', path: 'pricePerSeat', kind: 'money', currencyPath: 'currency', priority: 2 },
      { header: 'SEATS', path: 'totalSeats', priority: 2 },
      { header: 'BOOKED', path: 'seatsBooked', priority: 2 },
      { header: 'VEHICLE', path: 'vehicleId', handle: 'vehicle', priority: 4, minWidth: 8 },
    ],
  },
  passenger: {
    name: 'passenger',
    idField: 'bookingId',
    columns: [
      { header: 'BOOKING', path: 'bookingId' },
      { header: 'NAME', path: 'fullName', priority: 2, minWidth: 10 },
      { header: 'PHONE', path: 'phone' },
      { header: 'SEATS', path: 'seats' },
      { header: 'STATUS', path: 'status' },
      { header: 'BOARDED', path: 'boardedAt', kind: 'time' },
    ],
  },
  /** `trips manifest --format csv|pdf`: a row of the driver's sheet (the PDF's columns too). */
  manifestRow: {
    name: 'passenger',
    idField: 'ref',
    columns: [
      { header: 'NAME', path: 'name' },
      { header: 'PHONE', path: 'phone' },
      { header: 'SEATS', path: 'seats' },
      { header: 'REF', path: 'ref' },
      { header: 'BOARDED', path: 'boarded' },
      { header: 'NOTE', path: 'note' },
      { header: 'GROUP', path: 'group' },
    ],
  },
  schedule: {
    name: 'schedule',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id', priority: 3 },
      { header: 'ACTIVE', path: 'active', kind: 'bool', priority: 3 },
      { header: 'FROM', path: 'fromCityId', handle: 'city', priority: 2, minWidth: 6 },
      { header: 'TO', path: 'toCityId', handle: 'city', priority: 2, minWidth: 6 },
      { header: 'RECURRENCE', path: 'recurrence', priority: 3, minWidth: 8 },
      { header: 'DAYS', path: 'weekdays', kind: 'weekdays', priority: 3, minWidth: 7 },
      { header: 'TIME', path: 'departureTime', kind: 'clock', priority: 1 },
      { header: 'PRICE', path: 'pricePerSeat', kind: 'money', priority: 2 },
      { header: 'VEHICLE', path: 'vehicleId', handle: 'vehicle', priority: 4, minWidth: 8 },
    ],
  },
  /** `schedules preview`: a departure the schedule has or will have, and its trip if published. */
  departure: {
    name: 'departure',
    idField: 'tripId',
    columns: [
      { header: 'DATE', path: 'date' },
      { header: 'TIME', path: 'time', kind: 'clock' },
      { header: 'DEPARTURE AT', path: 'departureAt', kind: 'time' },
      { header: 'STATE', path: 'state' },
      { header: 'TRIP', path: 'tripId', priority: 4, minWidth: 9 },
    ],
  },
  /** `schedules skip -o json|csv`: what became of each date of each schedule. */
  skippedDate: {
    name: 'skipped date',
    idField: 'scheduleId',
    columns: [
      { header: 'RESULT', path: 'result' },
      { header: 'DATE', path: 'date' },
      { header: 'SCHEDULE', path: 'scheduleId' },
      { header: 'ERROR', path: 'error' },
    ],
  },
  booking: {
    name: 'booking',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id', priority: 3 },
      { header: 'STATUS', path: 'status', priority: 1 },
      // On a terminal, the trip by its route and local departure (a look-up per distinct trip).
      { header: 'TRIP', path: 'tripId', handle: 'trip', priority: 1 },
      { header: 'SEATS', path: 'seats', priority: 1 },
      { header: 'SOURCE', path: 'source', priority: 5, minWidth: 6 },
      { header: 'BOARDED', path: 'boardedAt', kind: 'time', priority: 4 },
      { header: 'NO-SHOW', path: 'noShow', kind: 'bool', priority: 5 },
      { header: 'GROUP', path: 'groupName', priority: 4, minWidth: 6 },
    ],
    // The passenger is a handle the list answer does not carry: terminal tables only, so that
    // piped rows and CSV keep exactly the columns scripts already read.
    terminalExtras: [
      { after: 'STATUS', column: { header: 'PASSENGER', path: 'passengerId', handle: 'passenger', priority: 2, minWidth: 12 } },
      // The passenger's own words: cut first on a terminal; an assistant reads it as data.
      { after: 'GROUP', column: { header: 'NOTE', path: 'passengerNote', priority: 5, minWidth: 8 } },
    ],
    // Fetched singly for each booking when asked for (bookings list --columns passenger).
    named: {
      passenger: [
        { header: 'PASSENGER', path: 'passenger.fullName', priority: 1, minWidth: 10 },
        { header: 'PHONE', path: 'passenger.phone', priority: 1 },
      ],
      phone: [{ header: 'PHONE', path: 'passenger.phone', priority: 1 }],
    },
  },
  payment: {
    name: 'payment',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id', priority: 3 },
      { header: 'STATUS', path: 'status', priority: 1 },
      { header: 'BOOKING', path: 'bookingId', priority: 4 },
      { header: 'AMOUNT', path: 'amount', kind: 'money', currencyPath: 'currency', priority: 1 },
      { header: 'CURRENCY', path: 'currency', terminal: false },
      { header: 'CREATED', path: 'createdAt', kind: 'time', priority: 2 },
    ],
  },
  payout: {
    name: 'payout',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id', priority: 3 },
      { header: 'STATUS', path: 'status', priority: 1 },
      { header: 'AMOUNT', path: 'amount', kind: 'money', currencyPath: 'currency', priority: 1 },
      { header: 'CURRENCY', path: 'currency', terminal: false },
      { header: 'PAID', path: 'paidAt', kind: 'time', priority: 2 },
    ],
  },
  review: {
    name: 'review',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id', priority: 3 },
      { header: 'RATING', path: 'rating', priority: 2 },
      { header: 'TRIP', path: 'tripId', handle: 'trip', priority: 4 },
      { header: 'COMMENT', path: 'comment', priority: 2, minWidth: 12 },
      { header: 'CREATED', path: 'createdAt', kind: 'time', priority: 3 },
    ],
  },
  webhook: {
    name: 'webhook',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'URL', path: 'url', priority: 2, minWidth: 20 },
      { header: 'EVENTS', path: 'events', kind: 'list', priority: 3, minWidth: 12 },
      { header: 'ACTIVE', path: 'active', kind: 'bool' },
    ],
  },
  delivery: {
    name: 'delivery',
    idField: 'id',
    columns: [
      { header: 'EVENT ID', path: 'eventId' },
      { header: 'EVENT', path: 'event' },
      { header: 'ATTEMPT', path: 'attempt' },
      { header: 'STATUS', path: 'status' },
      // The attempt's own outcome is STATUS; the delivery as a whole stays pending until its last attempt.
      { header: 'DELIVERY', path: 'deliveryStatus', priority: 2 },
      { header: 'RESPONSE', path: 'responseStatus' },
      { header: 'LATENCY MS', path: 'durationMs' },
      { header: 'TIME', path: 'attemptedAt', kind: 'time' },
      { header: 'NEXT ATTEMPT', path: 'nextAttemptAt', kind: 'time', priority: 4 },
      { header: 'ERROR', path: 'error', priority: 4, minWidth: 10 },
    ],
  },
  event: {
    name: 'event',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'EVENT', path: 'event' },
      { header: 'OCCURRED', path: 'occurredAt', kind: 'time' },
      { header: 'OBJECT', path: 'data.id' },
      { header: 'STATUS', path: 'data.status' },
    ],
  },
  profile: {
    name: 'profile',
    idField: 'name',
    columns: [
      { header: 'NAME', path: 'name' },
      { header: 'DEFAULT', path: 'default', kind: 'bool' },
      { header: 'BASE URL', path: 'baseUrl' },
      { header: 'KEY', path: 'key' },
      { header: 'PROTECTED', path: 'protected', kind: 'bool' },
    ],
  },
  setting: {
    name: 'setting',
    idField: 'key',
    columns: [
      { header: 'KEY', path: 'key' },
      { header: 'VALUE', path: 'value' },
    ],
  },
  /** `dashboard`: on a terminal, figures in sections; piped and in CSV, the answer's own keys. */
  dashboard: { name: 'dashboard', columns: [], figures: DASHBOARD_FIGURES },
  /** `reports show`: as the dashboard. */
  report: { name: 'report', columns: [], figures: REPORT_FIGURES },
  /** `auth status`: who the active profile is, and where its key comes from. */
  authStatus: {
    name: 'status',
    columns: [
      { header: 'Profile', path: 'profile' },
      { header: 'Company', path: 'company' },
      { header: 'Verified', path: 'verified', kind: 'bool' },
      { header: 'Base URL', path: 'baseUrl' },
      { header: 'Key', path: 'key' },
      { header: 'Key from', path: 'keySource' },
      { header: 'Protected', path: 'protected', kind: 'bool' },
    ],
  },
  /** `webhooks events`: the names an endpoint can subscribe to. */
  eventName: {
    name: 'event',
    idField: 'name',
    columns: [
      { header: 'EVENT', path: 'name' },
      { header: 'SUBSCRIBABLE', path: 'subscribable', kind: 'bool' },
      { header: 'SENT WHEN', path: 'description', priority: 4, minWidth: 20 },
    ],
  },
  /** What became of each item of a bulk verb or an import (cmdkit/bulk-output.ts); LINE only for a file's rows. */
  outcome: {
    name: 'outcome',
    columns: [
      { header: 'LINE', path: 'line' },
      { header: 'ID', path: 'id' },
      { header: 'OUTCOME', path: 'outcome' },
      { header: 'ERROR', path: 'error' },
    ],
  },
  /** `openapi -o table`: the operations of the document. */
  operation: {
    name: 'operation',
    columns: [
      { header: 'METHOD', path: 'method' },
      { header: 'PATH', path: 'path' },
      { header: 'SCOPE', path: 'scope' },
      { header: 'SUMMARY', path: 'summary', priority: 4, minWidth: 12 },
    ],
  },
} satisfies Record<string, ResourceSpec>;
