// The events the service sends, and what a webhook endpoint may subscribe to.

/** Every event name, and the ones an endpoint may subscribe to (webhook.test is not). */
export const EVENTS = [
  'booking.created',
  'booking.updated',
  'booking.approved',
  'booking.rejected',
  'booking.cancelled',
  'booking.boarded',
  'booking.no_show',
  'trip.created',
  'trip.updated',
  'trip.cancelled',
  'trip.completed',
  'schedule.created',
  'schedule.updated',
  'schedule.deleted',
  'payment.updated',
  'webhook.test',
] as const;
export const SUBSCRIBABLE = EVENTS.filter((e) => e !== 'webhook.test');
/** Groups an endpoint may subscribe to; kept as written and matched at delivery time. */
export const EVENT_GROUPS = ['booking.*', 'trip.*', 'schedule.*', 'payment.*'] as const;
