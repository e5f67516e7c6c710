// The document's `webhooks` section (OpenAPI 3.1): one operation per event the sandbox sends,
// with the envelope, that event's data, the delivery headers, the signature and the retry rule
// (x-delivery), all read from the values the dispatcher itself uses.
import { MAX_ATTEMPTS, RETRY_WAITS_S, TIMEOUT_S, USER_AGENT } from '../events/dispatcher.js';
import { API_VERSION, EVENTS, Payment, Schedule, Trip } from './resources.js';
import { BookingEventData, WebhookTestData } from './event-schemas.js';
import { shape, str, type Schema } from './json-schema.js';

/** How deliveries are made and retried: also served at the top of the document. */
export const DELIVERY_RULES = {
  timeoutSeconds: TIMEOUT_S,
  maxAttempts: MAX_ATTEMPTS,
  retryWaitsSeconds: [...RETRY_WAITS_S],
  success: 'any 2xx status; anything else, a refused or reset connection, or no complete answer within the time-out is retried',
  afterLastAttempt: 'the delivery is failed for good; GET /webhooks/{endpointId}/deliveries shows every attempt',
  log: 'one record per attempt: status is the attempt (succeeded or failed), deliveryStatus the delivery as a whole (pending until its last attempt), nextAttemptAt on the newest attempt of a delivery waiting for a retry',
  clock: 'waits run on the sandbox clock: moving it (POST /__sandbox/clock) runs the retries that fall due in the skipped time, in order',
  stopsWhen: 'the endpoint is paused (active: false), deleted, or no longer subscribed to the event (webhook.test: paused or deleted)',
} as const;

/** partner-api.md shows the data of booking events only: the others' are the sandbox's. */
const DECIDED_DATA = "The data payload of this event is not shown in partner-api.md: the sandbox's.";
const DATA: Record<string, { schema: Schema; what: string; decision?: string }> = {
  booking: { schema: BookingEventData, what: 'the booking fields partner-api.md lists' },
  trip: { schema: Trip, what: 'the trip as GET /trips/{tripId} serves it', decision: DECIDED_DATA },
  schedule: { schema: Schedule, what: 'the schedule as GET /schedules/{scheduleId} serves it', decision: DECIDED_DATA },
  payment: { schema: Payment, what: 'the payment as GET /payments/{paymentId} serves it', decision: DECIDED_DATA },
  webhook: { schema: WebhookTestData, what: 'the endpoint tested and a short message' },
};

const WHEN: Record<string, string> = {
  'booking.created': 'a new seat request is made (app or this interface)',
  'booking.updated': 'booking fields change without a status move, including administrator edits',
  'booking.approved': 'status becomes approved',
  'booking.rejected': 'status becomes rejected',
  'booking.cancelled': 'status becomes cancelled (also when its trip is cancelled)',
  'booking.boarded': 'the passenger boarded',
  'booking.no_show': 'the passenger was marked no-show',
  'trip.created': 'a trip is published (by POST /trips or by a schedule)',
  'trip.updated': 'a published trip changed',
  'trip.cancelled': 'a trip is cancelled',
  'trip.completed': 'a trip is completed',
  'schedule.created': 'a schedule is created',
  'schedule.updated': 'a schedule changed, was toggled, or an exception was set or removed',
  'schedule.deleted': 'a schedule is deleted',
  'payment.updated': 'a payment on a company booking changed',
  'webhook.test': 'POST /webhooks/{endpointId}/test (cannot be subscribed to)',
};

const HEADERS = [
  { name: 'User-Agent', required: true, schema: str({ const: USER_AGENT }) },
  { name: 'X-Service-Event', required: true, description: 'the event name, as in the body', schema: str({ enum: [...EVENTS] }) },
  {
    name: 'X-Service-Delivery',
    required: true,
    description: 'the event id (evt_…), the same on every attempt',
    schema: str({ pattern: '^evt_[0-9A-Za-z]{24}$' }),
  },
  {
    name: 'X-Service-Signature',
    required: true,
    description:
      'sha256= and the hex HMAC-SHA256 of the raw body bytes, keyed with the endpoint secret (whsec_…); compare in constant time, before parsing the JSON',
    schema: str({ pattern: '^sha256=[0-9a-f]{64}$' }),
  },
];

export function webhooksSection(): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const event of EVENTS) {
    const data = DATA[event.split('.')[0]!]!;
    out[event] = {
      post: {
        operationId: `event_${event.replace(/[.*]/g, '_')}`,
        summary: `${event}: ${WHEN[event]}`,
        description: `POST to the endpoint's url with Content-Type application/json. data: ${data.what}.`,
        ...(data.decision ? { 'x-sandbox-decision': data.decision } : {}),
        tags: ['events'],
        security: [{ webhookSignature: [] }],
        'x-delivery': DELIVERY_RULES,
        parameters: HEADERS.map((h) => ({
          in: 'header',
          ...h,
          ...(h.name === 'X-Service-Event' ? { schema: str({ const: event }) } : {}),
        })),
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: shape(
                {
                  id: str({ pattern: '^evt_[0-9A-Za-z]{24}$' }),
                  event: str({ const: event }),
                  apiVersion: str({ const: API_VERSION }),
                  occurredAt: str({ format: 'date-time', description: 'UTC' }),
                  data: data.schema,
                },
                { description: 'The envelope; its bytes are what the signature covers' },
              ),
            },
          },
        },
        responses: {
          '2XX': { description: 'Received: the delivery succeeded. Answer quickly and work afterwards.' },
          '4XX': { description: 'Refused: the delivery is retried, as for any other status' },
          '5XX': { description: 'Failed: the delivery is retried' },
        },
      },
    };
  }
  return out;
}
