// The seams between the parts of the sandbox that are written separately: the store and routes
// (server.ts and friends), the event dispatcher (events.ts) and the file builders (files/).
// Each part depends on these types only, never on another part's internals.

/** A webhook endpoint as the store keeps it (the secret never leaves the sandbox after create). */
export interface WebhookEndpointRecord {
  id: string;
  companyId: string;
  url: string;
  events: string[];
  active: boolean;
  secret: string;
  createdAt: string;
}

/** The signed envelope partner-api.md's Events section describes. */
export interface EventEnvelope {
  id: string; // evt_…
  event: string;
  apiVersion: string; // 2026-08-21
  occurredAt: string; // ISO 8601, UTC
  data: Record<string, unknown>;
}

/** A table of values, the one shape every export format and the invoice is built from. */
export interface Sheet {
  title: string;
  /** The title in Arabic: a PDF heads its first page with both ("Trips - الرحلات"). */
  titleAr?: string;
  subtitle?: string;
  columns: string[];
  rows: Array<Array<string | number | boolean | null>>;
  /**
   * Columns holding money, as numbers of minor units of `currency`. Files show them in the
   * currency's units with its minor digits: "24000.00" in csv and pdf, a number with a currency
   * format in xlsx (so sums work).
   */
  money?: { columns: string[]; currency: string };
  /**
   * Columns holding times, as ISO 8601 with the offset of `zone` (2026-11-28T22:24:00+03:00, the
   * wall clock there). csv keeps the text; xlsx and pdf show the wall clock and name the zone in
   * the column's heading ("departureAt (Asia/Damascus)"), xlsx as date cells so they sort.
   */
  times?: { columns: string[]; zone: string };
  /** The PDF's page; without it, the smallest of A4 portrait, A4 landscape and A3 landscape that fits. */
  page?: PageSize;
}

export type PageSize = 'A4 portrait' | 'A4 landscape' | 'A3 landscape';

/** One attempt to deliver one event to one endpoint, as GET /webhooks/{id}/deliveries serves it. */
export interface DeliveryRecord {
  id: string; // dlv_… (one per attempt)
  endpointId: string;
  eventId: string; // evt_…, the X-Service-Delivery header
  event: string;
  attempt: number; // 1…5
  url: string;
  /** This attempt's outcome. */
  status: 'succeeded' | 'failed';
  /** The delivery's as a whole, as it stands when read: pending while another attempt is to come. */
  deliveryStatus: 'succeeded' | 'failed' | 'pending';
  responseStatus: number | null; // null: no response (refused, reset, time-out)
  error: string | null; // why there was no 2xx, in words
  durationMs: number | null;
  attemptedAt: string; // ISO 8601, UTC
  nextAttemptAt: string | null; // on the newest attempt of a delivery waiting for a retry: when it is due (always ahead of the clock)
}

/** What the store hands the dispatcher: who is subscribed to what, read at emit time. */
export interface DispatcherOptions {
  /** Multiplies every wait and the 8 s time-out (0.001 → a 10 s wait takes 10 ms; the time-out stays at least 1 s). */
  timeScale: number;
  /** Active endpoints of this company subscribed to this event (webhook.test: every active endpoint). */
  endpointsFor(companyId: string, event: string): WebhookEndpointRecord[];
  /** The sandbox clock (it can be advanced), for occurredAt and attemptedAt. */
  now(): Date;
  /** Called after each attempt, so the store can persist it. */
  onAttempt?(record: DeliveryRecord): void;
}

/** The event dispatcher's surface (src/sandbox/events.ts implements it). */
export interface EventDispatcherApi {
  /** Builds the envelope, queues one delivery per subscribed endpoint, returns at once. */
  emit(companyId: string, event: string, data: Record<string, unknown>): EventEnvelope;
  /** Queues a webhook.test delivery to one endpoint, subscribed or not; retries stop once it is paused or deleted. */
  test(endpoint: WebhookEndpointRecord): EventEnvelope;
  /** Attempts for an endpoint, newest first. */
  deliveriesOf(endpointId: string): DeliveryRecord[];
  /** Every envelope emitted so far, oldest first (tests and the admin route read it). */
  readonly emitted: EventEnvelope[];
  /** After the sandbox clock moved forward: runs the retries it skipped, in order; re-times the rest. */
  catchUp(): Promise<void>;
  /** Resolves when nothing is queued, in flight or waiting for a retry. */
  idle(): Promise<void>;
  /** Cancels pending retries and aborts attempts in flight. */
  close(): Promise<void>;
}
