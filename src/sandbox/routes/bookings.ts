// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { arr, decided, shape, str } from '../openapi/json-schema.js';
import { Booking, BookingDetail, Meta, Ticket } from '../openapi/resources.js';
import { bodies } from '../openapi/bodies.js';
import { bookingDetail, bookingView } from '../domain/model.js';
import { newest, own, paginate } from '../domain/rules.js';
import { BOOKING_STATUSES, type BookingStatus } from '../domain/state.js';
import { bookingIdParam, one, pageParams } from './common.js';
import type { Route } from './route.js';
import { createBooking, moveCompanyBooking, ticketOf, type BookingRequest } from '../domain/bookings.js';

export const BOOKING_ROUTES: Route[] = [
  {
    operationId: 'listBookings',
    method: 'GET',
    path: '/bookings',
    scope: 'bookings.read',
    tag: 'bookings',
    status: 200,
    summary: 'Bookings, newest first, paged',
    query: [
      { name: 'status', schema: str({ enum: [...BOOKING_STATUSES] }) },
      { name: 'tripId', schema: str({ format: 'uuid' }) },
      ...pageParams,
    ],
    response: shape({ bookings: arr(Booking), meta: Meta }),
    handler: ({ core, company, query }) => {
      const bookings = core.state.bookings
        .filter(
          (b) =>
            b.companyId === company.id &&
            (query.status === undefined || b.status === query.status) &&
            (query.tripId === undefined || b.tripId === query.tripId),
        )
        .sort(newest);
      const { items, meta } = paginate(query, bookings);
      return { json: { bookings: items.map(bookingView), meta } };
    },
  },
  {
    operationId: 'createBooking',
    method: 'POST',
    path: '/bookings',
    scope: 'bookings.write',
    tag: 'bookings',
    status: 201,
    summary: 'Book seats on a trip for a passenger, by phone',
    description:
      "The trip must be a published, future trip of the company (another company's trip: 404, as for any unknown id). The passenger with this phone is reused, else created with fullName. The booking is requested, source partner_api; a pending cash payment for seats × pricePerSeat is attached (boarding settles it). Emits booking.created.\n\nIdempotency-Key: the same key with the same body (compared as canonical JSON) within 24 hours of the sandbox clock replays the first 201 answer with header Idempotent-Replayed: true; the same key with another body answers 409 idempotency_key_reused. Keys are per company; failed attempts are not stored, so a failed request may be retried with the same key.",
    decision:
      "The pending cash payment that follows each booking (seats × pricePerSeat, settled at boarding) is the sandbox's, as is what Idempotency-Key does (partner-api.md: not shown): a replay of the first 201 within 24 hours, 409 idempotency_key_reused for another body.",
    idempotent: true,
    headers: [
      {
        name: 'Idempotency-Key',
        schema: decided("Its length (1 to 255) and its 24 hours are the sandbox's.", str({ minLength: 1, maxLength: 255 })),
        description: 'makes retries safe; kept 24 hours',
      },
    ],
    body: bodies.bookingCreate,
    response: one('booking', Booking),
    errors: {
      400: ['invalid_idempotency_key'],
      404: ['not_found'],
      409: ['trip_not_bookable', 'not_enough_seats', 'idempotency_key_reused'],
      422: ['seats_out_of_range', 'invalid_phone', 'note_too_long', 'group_too_long'],
    },
    handler: ({ core, company, body }) => ({
      status: 201,
      json: { booking: bookingView(createBooking(core, company, body as unknown as BookingRequest)) },
    }),
  },
  {
    operationId: 'getBooking',
    method: 'GET',
    path: '/bookings/{bookingId}',
    scope: 'bookings.read',
    tag: 'bookings',
    status: 200,
    pathParams: bookingIdParam,
    summary: 'A booking with its trip, passenger and payments',
    response: one('booking', BookingDetail),
    handler: ({ core, company, params }) => ({
      json: { booking: bookingDetail(core.state, own(core.state.bookings, params.bookingId!, company, 'booking')) },
    }),
  },
  {
    operationId: 'updateBookingStatus',
    method: 'PATCH',
    path: '/bookings/{bookingId}',
    scope: 'bookings.write',
    tag: 'bookings',
    status: 200,
    pathParams: bookingIdParam,
    summary: 'Approve, reject or cancel a booking',
    description:
      'approved and rejected only from requested; cancelled from requested or approved; anything else 409 invalid_transition. Emits booking.approved / booking.rejected / booking.cancelled; rejecting or cancelling refunds a paid payment and fails a pending one (payment.updated).',
    body: bodies.bookingPatch,
    response: one('booking', Booking),
    errors: { 409: ['invalid_transition'], 422: ['invalid_status'] },
    handler: (ctx) => ({
      json: { booking: bookingView(moveCompanyBooking(ctx.core, ctx.company, ctx.params.bookingId!, ctx.body.status as BookingStatus)) },
    }),
  },
  {
    operationId: 'markBookingBoarded',
    method: 'POST',
    path: '/bookings/{bookingId}/boarded',
    scope: 'bookings.write',
    tag: 'bookings',
    status: 200,
    pathParams: bookingIdParam,
    summary: 'Mark the passenger boarded',
    description:
      'Only from approved (409 invalid_transition otherwise): status becomes boarded and boardedAt is set; a pending payment becomes paid. Emits booking.boarded.',
    response: one('booking', Booking),
    errors: { 409: ['invalid_transition'] },
    handler: (ctx) => ({ json: { booking: bookingView(moveCompanyBooking(ctx.core, ctx.company, ctx.params.bookingId!, 'boarded')) } }),
  },
  {
    operationId: 'markBookingNoShow',
    method: 'POST',
    path: '/bookings/{bookingId}/no-show',
    scope: 'bookings.write',
    tag: 'bookings',
    status: 200,
    pathParams: bookingIdParam,
    summary: 'Mark the passenger as not boarded',
    description:
      'Only from approved (409 invalid_transition otherwise): status becomes no_show and noShow true; a pending payment fails. Emits booking.no_show.',
    response: one('booking', Booking),
    errors: { 409: ['invalid_transition'] },
    handler: (ctx) => ({ json: { booking: bookingView(moveCompanyBooking(ctx.core, ctx.company, ctx.params.bookingId!, 'no_show')) } }),
  },
  {
    operationId: 'getBookingTicket',
    method: 'GET',
    path: '/bookings/{bookingId}/ticket',
    scope: 'bookings.read',
    tag: 'bookings',
    status: 200,
    pathParams: bookingIdParam,
    summary: 'Company-view ticket: code, QR text, passenger, trip, boarding',
    description: 'Served in every status; status tells whether it is valid.',
    response: one('ticket', Ticket),
    handler: ({ core, company, params }) => ({ json: { ticket: ticketOf(core, company, params.bookingId!) } }),
  },
];
