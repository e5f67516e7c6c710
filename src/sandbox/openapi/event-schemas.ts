// Named schemas of webhook endpoints, the events the sandbox sends and their delivery log, served
// in components.schemas beside the resources' (resources.ts).
import { arr, bool, int, known, named, nullable, shape, str, type Schema } from './json-schema.js';
import { API_VERSION, bookingProperties, dateTime, Payment, Schedule, Trip, uuid } from './resources.js';
import { EVENTS, EVENT_GROUPS, SUBSCRIBABLE } from '../domain/event-names.js';
import { SCOPES } from '../domain/state.js';

export const WebhookEndpoint = named(
  'WebhookEndpoint',
  shape({
    id: uuid(),
    url: str({ maxLength: 2048 }),
    events: arr(str(), { description: 'as subscribed: event names and groups such as booking.*' }),
    active: bool(),
    createdAt: dateTime(),
  }),
);

export const EventName = named(
  'EventName',
  str({ enum: [...EVENTS], description: 'Every event the sandbox sends; webhook.test cannot be subscribed to' }),
);

export const BookingEventData = named(
  'BookingEventData',
  shape(
    {
      id: uuid(),
      tripId: uuid(),
      status: bookingProperties.status!,
      seats: int({ minimum: 1, maximum: 20 }),
      source: str(),
      boardedAt: nullable(dateTime()),
      noShow: bool(),
    },
    { description: 'data of every booking.* event: exactly the fields partner-api.md lists' },
  ),
);

export const WebhookTestData = named(
  'WebhookTestData',
  shape(
    {
      endpointId: uuid(),
      message: str({ const: 'test delivery' }),
    },
    { description: 'data of webhook.test' },
  ),
);

export const Delivery = named(
  'Delivery',
  shape({
    id: str({ description: 'dlv_…, one per attempt' }),
    endpointId: uuid(),
    eventId: str({ description: 'evt_…, the X-Service-Delivery header' }),
    event: EventName,
    attempt: int({ minimum: 1, maximum: 5 }),
    url: str(),
    status: known(['succeeded', 'failed'], { description: "this attempt's outcome" }),
    deliveryStatus: known(['succeeded', 'failed', 'pending'], {
      description: 'the delivery as a whole, as it stands now: pending while another attempt is to come, failed after the last',
    }),
    responseStatus: nullable(int()),
    error: nullable(str()),
    durationMs: nullable(int()),
    attemptedAt: dateTime(),
    nextAttemptAt: nullable(
      dateTime({
        description:
          'set on the newest attempt of a delivery waiting for a retry: when the retry is due, always ahead of the sandbox clock (moving the clock runs the retries it skips)',
      }),
    ),
  }),
);

export const EventEnvelope = named(
  'EventEnvelope',
  shape({
    id: str({ description: 'evt_…' }),
    event: EventName,
    apiVersion: str({ const: API_VERSION }),
    occurredAt: dateTime(),
    data: {
      type: 'object',
      description:
        'booking.*: BookingEventData; trip.*: a Trip; schedule.*: a Schedule; payment.updated: a Payment; webhook.test: WebhookTestData (see the webhooks section, one entry per event)',
      anyOf: [BookingEventData, Trip, Schedule, Payment, WebhookTestData],
    },
  }),
);

/** What an endpoint may subscribe to: event names and groups; webhook.test has its own refusal. */
export const SubscribableEvent = named(
  'SubscribableEvent',
  str({
    enum: [...SUBSCRIBABLE, ...EVENT_GROUPS],
    description: 'an event name or a group (booking.*, trip.*, schedule.*, payment.*), kept as written and matched at delivery',
    'x-codes': { enum: 'invalid_event', type: 'invalid_event' },
    'x-enum-codes': {
      'webhook.test': ['webhook_test_not_subscribable', 'webhook.test cannot be subscribed to; POST /webhooks/{endpointId}/test sends it'],
    },
  }),
);

/** https, or plain http to a loopback host (the sandbox's allowance for local receivers). */
export const WEBHOOK_URL_PATTERN =
  '^(?:[Hh][Tt][Tt][Pp][Ss]://|[Hh][Tt][Tt][Pp]://(?:localhost|127\\.[0-9]{1,3}\\.[0-9]{1,3}\\.[0-9]{1,3}|\\[::1\\])(?:[:/?#]|$))';

export const ScopeSchema: Schema = str({ enum: [...SCOPES] });
