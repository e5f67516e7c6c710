// Column specs of the service's resources, in the order an operator reads them.
import type { ResourceSpec } from './columns.js';

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
      { header: 'DESCRIPTION', path: 'description' },
    ],
  },
  place: {
    name: 'place',
    idField: 'pcode',
    columns: [
      { header: 'PCODE', path: 'pcode' },
      { header: 'NAME', path: 'name' },
      { header: 'ARABIC', path: 'nameAr' },
      { header: 'CITY', path: 'cityId' },
    ],
  },
  member: {
    name: 'member',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'ROLE', path: 'role' },
      { header: 'NAME', path: 'fullName' },
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
      { header: 'ID', path: 'id' },
      { header: 'STATUS', path: 'status' },
      { header: 'FROM', path: 'fromCityId' },
      { header: 'TO', path: 'toCityId' },
      { header: 'DEPARTURE', path: 'departureAt', kind: 'time' },
      { header: 'PRICE', path: 'pricePerSeat' },
      { header: 'SEATS', path: 'totalSeats' },
      { header: 'BOOKED', path: 'seatsBooked' },
      { header: 'VEHICLE', path: 'vehicleId' },
    ],
  },
  passenger: {
    name: 'passenger',
    idField: 'bookingId',
    columns: [
      { header: 'BOOKING', path: 'bookingId' },
      { header: 'NAME', path: 'fullName' },
      { header: 'PHONE', path: 'phone' },
      { header: 'SEATS', path: 'seats' },
      { header: 'STATUS', path: 'status' },
      { header: 'BOARDED', path: 'boardedAt', kind: 'time' },
    ],
  },
  schedule: {
    name: 'schedule',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'ACTIVE', path: 'active', kind: 'bool' },
      { header: 'FROM', path: 'fromCityId' },
      { header: 'TO', path: 'toCityId' },
      { header: 'RECURRENCE', path: 'recurrence' },
      { header: 'DAYS', path: 'weekdays', kind: 'list' },
      { header: 'TIME', path: 'departureTime' },
      { header: 'PRICE', path: 'pricePerSeat' },
      { header: 'VEHICLE', path: 'vehicleId' },
    ],
  },
  booking: {
    name: 'booking',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'STATUS', path: 'status' },
      { header: 'TRIP', path: 'tripId' },
      { header: 'SEATS', path: 'seats' },
      { header: 'SOURCE', path: 'source' },
      { header: 'BOARDED', path: 'boardedAt', kind: 'time' },
      { header: 'NO-SHOW', path: 'noShow', kind: 'bool' },
      { header: 'GROUP', path: 'groupName' },
    ],
  },
  payment: {
    name: 'payment',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'STATUS', path: 'status' },
      { header: 'BOOKING', path: 'bookingId' },
      { header: 'AMOUNT', path: 'amount' },
      { header: 'CURRENCY', path: 'currency' },
      { header: 'CREATED', path: 'createdAt', kind: 'time' },
    ],
  },
  payout: {
    name: 'payout',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'STATUS', path: 'status' },
      { header: 'AMOUNT', path: 'amount' },
      { header: 'CURRENCY', path: 'currency' },
      { header: 'PAID', path: 'paidAt', kind: 'time' },
    ],
  },
  review: {
    name: 'review',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'RATING', path: 'rating' },
      { header: 'TRIP', path: 'tripId' },
      { header: 'COMMENT', path: 'comment' },
      { header: 'CREATED', path: 'createdAt', kind: 'time' },
    ],
  },
  webhook: {
    name: 'webhook',
    idField: 'id',
    columns: [
      { header: 'ID', path: 'id' },
      { header: 'URL', path: 'url' },
      { header: 'EVENTS', path: 'events', kind: 'list' },
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
      { header: 'RESPONSE', path: 'responseStatus' },
      { header: 'LATENCY MS', path: 'durationMs' },
      { header: 'TIME', path: 'attemptedAt', kind: 'time' },
      { header: 'ERROR', path: 'error' },
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
      { header: 'SENT WHEN', path: 'description' },
    ],
  },
  /** `openapi -o table`: the operations of the document. */
  operation: {
    name: 'operation',
    columns: [
      { header: 'METHOD', path: 'method' },
      { header: 'PATH', path: 'path' },
      { header: 'SCOPE', path: 'scope' },
      { header: 'SUMMARY', path: 'summary' },
    ],
  },
} satisfies Record<string, ResourceSpec>;
