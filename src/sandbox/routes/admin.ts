// Sandbox-only routes under /__sandbox/ (no key): cause any event on demand, edit a booking or a
// payment as an administrator would, move the clock, read the request log, make keys, reset.
// They are rows of the same kind as the partner routes, documented in the OpenAPI under 'sandbox'.
import { randomBytes } from 'node:crypto';
import type { EventEnvelope } from '../contracts.js';
import { conflict, notFound } from '../domain/errors.js';
import { triggerEvent } from '../domain/triggers.js';
import { TEST_EVENT } from '../events/dispatcher.js';
import { bookingEventData, bookingView, paymentView, seatsBooked, setPaymentStatus } from '../domain/model.js';
import { arr, int, nullable, obj, shape, str } from '../openapi/json-schema.js';
import { Booking, EVENTS, Payment } from '../openapi/resources.js';
import { EventEnvelope as EnvelopeSchema, ScopeSchema } from '../openapi/event-schemas.js';
import { generateAll } from '../domain/schedules.js';
import { PAYMENT_STATUSES, SCOPES, type PaymentStatus, type Scope } from '../domain/state.js';
import type { Route, SandboxCore } from './route.js';

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `sk_test_` and 24 random base62 characters. */
export function newKey(): string {
  let out = '';
  while (out.length < 24) {
    for (const byte of randomBytes(32)) {
      if (byte < 248 && out.length < 24) out += BASE62[byte % 62];
    }
  }
  return `sk_test_${out}`;
}

/** webhook.test: to the given endpoint, or to every active endpoint of company A (a ping: nothing changes). */
function ping(core: SandboxCore, id: string | undefined): EventEnvelope[] {
  const { state } = core;
  const endpoints = (
    id !== undefined ? state.webhooks.filter((e) => e.id === id) : state.webhooks.filter((e) => e.companyId === core.primaryCompanyId())
  ).filter((e) => e.active);
  if (id !== undefined && endpoints.length === 0 && state.webhooks.some((e) => e.id === id))
    throw conflict('endpoint_paused', `webhook endpoint ${id} is paused`);
  if (id !== undefined && endpoints.length === 0) throw notFound('webhook endpoint', id);
  return endpoints.map((e) => core.dispatcher.test(e));
}

/** Every event the change caused, in the order sent. */
function trigger(core: SandboxCore, event: string, id: string | undefined): EventEnvelope[] {
  if (event === TEST_EVENT) return ping(core, id);
  const before = core.dispatcher.emitted.length;
  triggerEvent(core, event, id);
  return core.dispatcher.emitted.slice(before);
}

const clockView = (core: SandboxCore) => ({
  clock: { now: core.now().toISOString(), offsetSeconds: Math.round(core.state.clockOffsetMs / 1000) },
});
const Clock = shape({
  clock: shape({
    now: str({ format: 'date-time' }),
    offsetSeconds: int({ description: 'how far the sandbox clock is ahead of the real one' }),
  }),
});

export const ADMIN_ROUTES: Route[] = [
  {
    operationId: 'sandboxTriggerEvent',
    method: 'POST',
    path: '/__sandbox/events',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 202,
    summary: 'Make the change an event reports, for real, and send the events it causes',
    description:
      "The change is made as the partner routes make it, so each event's data is the object as GET returns it afterwards, and a change the object's state does not allow is refused with the error the API gives (409 invalid_transition, trip_not_bookable…). With `id`, on that object of any company: booking.approved/rejected/cancelled/boarded/no_show move the booking (boarded and no_show from approved), booking.updated changes its passengerNote, booking.created books one seat on the trip `id`; trip.updated changes a published trip's notes, trip.cancelled cancels it (its requested and approved bookings too), trip.completed completes a departed one; schedule.updated pauses or resumes the schedule, schedule.deleted deletes it; payment.updated moves the payment pending → paid → refunded, failed → pending. trip.created and schedule.created take no `id`. Without `id`, on a new object of company A made for the purpose (a one-seat booking on the soonest bookable trip, a trip like the newest one a day later, a weekly schedule like the first one), whose own events (booking.created, payment.updated…) are sent too; trip.completed completes company A's published trip that departed last (409 nothing_to_trigger when there is none). webhook.test is a ping and changes nothing: to the endpoint `id` (409 endpoint_paused when paused), or to every active endpoint of company A. Events go, like any, to the active, subscribed endpoints of the object's company. The answer lists every event sent, in order.",
    body: obj({ event: str({ enum: [...EVENTS] }), id: str({ format: 'uuid', description: 'the object the event is about' }) }, ['event']),
    response: shape({ events: arr(EnvelopeSchema) }),
    errors: {
      404: ['not_found'],
      409: ['endpoint_paused', 'invalid_transition', 'trip_not_bookable', 'not_enough_seats', 'trip_not_departed', 'nothing_to_trigger'],
      422: ['validation_failed'],
    },
    handler: ({ core, body }) => ({ status: 202, json: { events: trigger(core, body.event as string, body.id as string | undefined) } }),
  },
  {
    operationId: 'sandboxListEvents',
    method: 'GET',
    path: '/__sandbox/events',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 200,
    summary: 'Every event emitted since start, oldest first',
    response: shape({ events: arr(EnvelopeSchema) }),
    handler: ({ core }) => ({ json: { events: core.dispatcher.emitted } }),
  },
  {
    operationId: 'sandboxEditBooking',
    method: 'PATCH',
    path: '/__sandbox/bookings/{bookingId}',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 200,
    summary: 'Edit a booking as a dashboard administrator would (emits booking.updated)',
    description: 'Any of groupName, passengerNote (null clears) and seats (within the free seats of the trip). Any company.',
    pathParams: { bookingId: { name: 'bookingId', schema: str({ format: 'uuid' }) } },
    body: obj({
      groupName: nullable(str({ maxLength: 80, 'x-codes': { maxLength: 'group_too_long' } })),
      passengerNote: nullable(str({ maxLength: 200, 'x-codes': { maxLength: 'note_too_long' } })),
      seats: int({ minimum: 1, maximum: 20, 'x-codes': { minimum: 'seats_out_of_range', maximum: 'seats_out_of_range' } }),
    }),
    response: shape({ booking: Booking }),
    errors: { 409: ['not_enough_seats'], 422: ['seats_out_of_range', 'note_too_long', 'group_too_long'] },
    handler: ({ core, params, body }) => {
      const b = core.state.bookings.find((x) => x.id === params.bookingId);
      if (!b) throw notFound('booking', params.bookingId!);
      if (body.seats !== undefined && body.seats !== b.seats && (b.status === 'requested' || b.status === 'approved')) {
        const trip = core.state.trips.find((t) => t.id === b.tripId)!;
        const free = trip.totalSeats - seatsBooked(core.state, trip.id) + b.seats;
        if ((body.seats as number) > free)
          throw conflict('not_enough_seats', `trip ${trip.id} has room for ${free} seats on this booking, not ${String(body.seats)}`, {
            available: free,
          });
      }
      for (const field of ['groupName', 'passengerNote', 'seats'] as const) {
        if (body[field] !== undefined) (b as unknown as Record<string, unknown>)[field] = body[field];
      }
      b.updatedAt = core.now().toISOString();
      core.emit(b.companyId, 'booking.updated', bookingEventData(b));
      return { json: { booking: bookingView(b) } };
    },
  },
  {
    operationId: 'sandboxEditPayment',
    method: 'PATCH',
    path: '/__sandbox/payments/{paymentId}',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 200,
    summary: 'Change a payment (emits payment.updated)',
    description: 'Any of status and amount (minor units). Any company.',
    pathParams: { paymentId: { name: 'paymentId', schema: str({ format: 'uuid' }) } },
    body: obj({ status: str({ enum: [...PAYMENT_STATUSES] }), amount: int({ minimum: 0 }) }),
    response: shape({ payment: Payment }),
    handler: ({ core, params, body }) => {
      const p = core.state.payments.find((x) => x.id === params.paymentId);
      if (!p) throw notFound('payment', params.paymentId!);
      if (body.amount !== undefined) p.amount = body.amount as number;
      if (body.status !== undefined && body.status !== p.status) {
        setPaymentStatus(core, p, body.status as PaymentStatus);
      } else {
        p.updatedAt = core.now().toISOString();
        core.emit(p.companyId, 'payment.updated', paymentView(p));
      }
      return { json: { payment: paymentView(p) } };
    },
  },
  {
    operationId: 'sandboxAdvanceClock',
    method: 'POST',
    path: '/__sandbox/clock',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 200,
    summary: 'Move the sandbox clock forward; schedules publish what the new time owes, webhook retries due in the skipped time run',
    description:
      'The clock drives departures (complete, bookable), schedule generation, idempotency retention, event times and webhook retries. Moving it runs, before answering, every retry that falls due in the skipped time, in order, each as of when it fell due (its attemptedAt; the next wait counts from there), so no nextAttemptAt is left behind the clock. It never goes back except by reset.',
    body: obj({ advanceSeconds: int({ minimum: 0, maximum: 3650 * 86400 }) }, ['advanceSeconds']),
    response: Clock,
    handler: async ({ core, body }) => {
      core.advanceClock((body.advanceSeconds as number) * 1000);
      generateAll(core);
      await core.dispatcher.catchUp();
      return { json: clockView(core) };
    },
  },
  {
    operationId: 'sandboxGetClock',
    method: 'GET',
    path: '/__sandbox/clock',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 200,
    summary: 'The sandbox clock',
    response: Clock,
    handler: ({ core }) => ({ json: clockView(core) }),
  },
  {
    operationId: 'sandboxListRequests',
    method: 'GET',
    path: '/__sandbox/requests',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 200,
    summary: 'Every request the partner interface received, oldest first (headers as sent, keys included)',
    response: shape({
      requests: arr(shape({ method: str(), path: str(), query: { type: 'object' }, headers: { type: 'object' }, body: str() })),
    }),
    handler: ({ core }) => ({ json: { requests: core.requests } }),
  },
  {
    operationId: 'sandboxClearRequests',
    method: 'DELETE',
    path: '/__sandbox/requests',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 204,
    summary: 'Forget the request log',
    handler: ({ core }) => {
      core.requests.length = 0;
      return { status: 204 };
    },
  },
  {
    operationId: 'sandboxCreateKey',
    method: 'POST',
    path: '/__sandbox/keys',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 201,
    summary: 'Make a key with chosen scopes (to exercise 403 handling)',
    description:
      "company: 'primary' (Qasioun Express, the default) or 'other' (Orontes Lines). Keys live as long as the state: until the sandbox stops, or with --data until the file goes.",
    body: obj({ scopes: arr(ScopeSchema, { uniqueItems: true }), company: str({ enum: ['primary', 'other'], default: 'primary' }) }, [
      'scopes',
    ]),
    response: shape({ key: shape({ key: str(), scopes: arr(ScopeSchema), company: str() }) }),
    handler: ({ core, body }) => {
      const companyId = body.company === 'other' ? core.state.companies[1]!.id : core.primaryCompanyId();
      const owner = core.state.memberships.find((m) => m.companyId === companyId && m.role === 'owner');
      if (!owner) throw conflict('no_owner', 'the company has no owner to act as');
      const scopes = [...new Set(body.scopes as Scope[])].filter((s) => (SCOPES as readonly string[]).includes(s));
      const key = { key: newKey(), companyId, actorId: owner.userId, scopes };
      core.keys.push(key);
      return { status: 201, json: { key: { key: key.key, scopes, company: body.company === 'other' ? 'other' : 'primary' } } };
    },
  },
  {
    operationId: 'sandboxReset',
    method: 'POST',
    path: '/__sandbox/reset',
    admin: true,
    scope: 'none',
    tag: 'sandbox',
    status: 200,
    summary: 'Throw the state away and seed again (keys stay valid, the clock returns to real time)',
    response: shape({ reset: { type: 'boolean', const: true }, now: str({ format: 'date-time' }) }),
    handler: ({ core }) => {
      core.reset();
      return { json: { reset: true, now: core.now().toISOString() } };
    },
  },
];
