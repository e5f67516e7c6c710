// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { arr, shape, str } from '../openapi/json-schema.js';
import { ManifestPassenger, Meta, Trip } from '../openapi/resources.js';
import { bodies } from '../openapi/bodies.js';
import { tripView } from '../domain/model.js';
import { invalid } from '../domain/errors.js';
import { own, paginate } from '../domain/rules.js';
import { TRIP_STATUSES } from '../domain/state.js';
import { one, pageParams, tripIdParam } from './common.js';
import type { Route } from './route.js';
import { cancelPublishedTrip, carIdAlias, changeTrip, completeTrip, manifestOf, publishTrip } from '../domain/trips.js';

export const TRIP_ROUTES: Route[] = [
  {
    operationId: 'listTrips',
    method: 'GET',
    path: '/trips',
    scope: 'trips.read',
    tag: 'trips',
    status: 200,
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
        .filter(
          (t) =>
            t.companyId === company.id &&
            (query.status === undefined || t.status === query.status) &&
            (query.fromCityId === undefined || t.fromCityId === query.fromCityId) &&
            (query.toCityId === undefined || t.toCityId === query.toCityId) &&
            (query.scheduleId === undefined || t.scheduleId === query.scheduleId),
        )
        .sort((a, b) => b.departureAt.localeCompare(a.departureAt) || b.id.localeCompare(a.id));
      const { items, meta } = paginate(query, trips);
      return { json: { trips: items.map((t) => tripView(core.state, t)), meta } };
    },
  },
  {
    operationId: 'publishTrip',
    method: 'POST',
    path: '/trips',
    scope: 'trips.write',
    tag: 'trips',
    status: 201,
    summary: 'Publish a trip',
    description:
      "driverId defaults to the key's actor (the owner) and must be a member; totalSeats defaults to, and may not exceed, the vehicle's seats; departureAt must be in the future; places must lie in their city. carId is accepted as an alias of vehicleId.",
    body: bodies.trip(true),
    normalize: (body) => {
      const out = carIdAlias(body);
      if (out.vehicleId === undefined) throw invalid('validation_failed', 'vehicleId is required (or its alias carId)', 'vehicleId');
      return out;
    },
    response: one('trip', Trip),
    errors: {
      422: [
        'driver_not_member',
        'unknown_vehicle',
        'unknown_city',
        'unknown_place',
        'same_city',
        'departure_in_past',
        'seats_out_of_range',
      ],
    },
    handler: ({ core, company, body, key }) => ({
      status: 201,
      json: { trip: tripView(core.state, publishTrip(core, company, body, key!.actorId)) },
    }),
  },
  {
    operationId: 'getTrip',
    method: 'GET',
    path: '/trips/{tripId}',
    scope: 'trips.read',
    tag: 'trips',
    status: 200,
    pathParams: tripIdParam,
    summary: 'One trip of the company',
    response: one('trip', Trip),
    handler: ({ core, company, params }) => ({
      json: { trip: tripView(core.state, own(core.state.trips, params.tripId!, company, 'trip')) },
    }),
  },
  {
    operationId: 'updateTrip',
    method: 'PATCH',
    path: '/trips/{tripId}',
    scope: 'trips.write',
    tag: 'trips',
    status: 200,
    pathParams: tripIdParam,
    summary: 'Change a published trip (any publish field)',
    description:
      'Only while published (409 invalid_transition otherwise). totalSeats may not drop below the seats already booked (409 seats_below_booked). Emits trip.updated when something changed.',
    body: bodies.trip(false),
    normalize: carIdAlias,
    response: one('trip', Trip),
    errors: {
      409: ['invalid_transition', 'seats_below_booked'],
      422: [
        'driver_not_member',
        'unknown_vehicle',
        'unknown_city',
        'unknown_place',
        'same_city',
        'departure_in_past',
        'seats_out_of_range',
      ],
    },
    handler: ({ core, company, params, body, key }) => {
      const trip = changeTrip(core, company, own(core.state.trips, params.tripId!, company, 'trip'), body, key!.actorId);
      return { json: { trip: tripView(core.state, trip) } };
    },
  },
  {
    operationId: 'cancelTrip',
    method: 'DELETE',
    path: '/trips/{tripId}',
    scope: 'trips.write',
    tag: 'trips',
    status: 200,
    pathParams: tripIdParam,
    summary: 'Cancel a published trip',
    description:
      'Answers 200 with the cancelled trip. Cancellation rule: every requested or approved booking of the trip becomes cancelled (booking.cancelled each; a paid payment is refunded, a pending one fails); rejected, cancelled, boarded and no-show bookings stay as they are. Then trip.cancelled. Only a published trip can be cancelled (409 invalid_transition).',
    response: one('trip', Trip),
    errors: { 409: ['invalid_transition'] },
    handler: ({ core, company, params }) => ({
      json: { trip: tripView(core.state, cancelPublishedTrip(core, own(core.state.trips, params.tripId!, company, 'trip'))) },
    }),
  },
  {
    operationId: 'completeTrip',
    method: 'POST',
    path: '/trips/{tripId}/complete',
    scope: 'trips.write',
    tag: 'trips',
    status: 200,
    pathParams: tripIdParam,
    summary: 'Mark a trip completed, after its departure',
    description:
      'Only a published trip whose departureAt has passed (409 trip_not_departed before; 409 invalid_transition when not published). Bookings keep their status.',
    response: one('trip', Trip),
    errors: { 409: ['invalid_transition', 'trip_not_departed'] },
    handler: ({ core, company, params }) => ({
      json: { trip: tripView(core.state, completeTrip(core, own(core.state.trips, params.tripId!, company, 'trip'))) },
    }),
  },
  {
    operationId: 'getTripManifest',
    method: 'GET',
    path: '/trips/{tripId}/manifest',
    scope: 'trips.read',
    tag: 'trips',
    status: 200,
    pathParams: tripIdParam,
    summary: 'Approved and boarded passengers of a trip, by name',
    response: shape({ tripId: str({ format: 'uuid' }), passengers: arr(ManifestPassenger) }),
    handler: ({ core, company, params }) => {
      const trip = own(core.state.trips, params.tripId!, company, 'trip');
      return { json: { tripId: trip.id, passengers: manifestOf(core, trip) } };
    },
  },
];
