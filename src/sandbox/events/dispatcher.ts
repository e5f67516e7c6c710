// The sandbox's event dispatcher: builds the signed envelopes partner-api.md's "Events" section
// describes and delivers them to webhook endpoints (send.ts) with the documented time-out and
// retries, on the sandbox clock.
//
// Behaviour the spec leaves open, decided here:
// - Each attempt yields one DeliveryRecord. Its status is the attempt's outcome: 'succeeded' (2xx)
//   or 'failed'. deliveryStatus is the delivery's as a whole, as it stands when read: 'pending'
//   while an attempt is to come, then 'succeeded' or 'failed' (after the 5th failed attempt, or
//   when the endpoint went). nextAttemptAt is set only on the newest record of a delivery waiting
//   for a retry: when that retry is due, always in the sandbox's future.
// - Waits run on the sandbox clock. Moving the clock (catchUp) runs every retry that falls due in
//   the skipped time, in order of due time, each as of the moment it fell due (attemptedAt), with
//   the next wait counted from there; retries still ahead are re-timed to the new clock.
// - After the 5th failed attempt the delivery is failed for good: no further attempts, no
//   re-queueing; its records stay (newest first, at most 100 per endpoint).
// - Before every retry the endpoint is looked up again with endpointsFor(companyId, event). If it
//   is no longer returned (paused, deleted or unsubscribed from the event), the retry is skipped
//   and a record {status 'failed', error 'endpoint paused or deleted', responseStatus null,
//   durationMs null} ends the delivery. If it is returned, its current url and secret are used; the
//   body bytes never change. webhook.test deliveries are looked up the same way (endpointsFor
//   answers every active endpoint of the company for webhook.test), so deleting or pausing an
//   endpoint stops a test's retries as it stops any other event's.
// - responseStatus is null whenever no complete response arrived (refused, reset, time-out, even
//   if the status line had already arrived before the time-out).
// - close() cancels retries and destroys requests in flight; those attempts leave no record.
//   emit() after close() still returns (and keeps) the envelope but delivers nothing.
// - Timers are ref'd (they keep the process alive until they fire or close() clears them).
import { randomBytes } from 'node:crypto';
import type http from 'node:http';

import type { DeliveryRecord, DispatcherOptions, EventDispatcherApi, EventEnvelope, WebhookEndpointRecord } from '../contracts.js';
import { type Outcome, scaled, sendAttempt } from './send.js';

export { TIMEOUT_S, USER_AGENT } from './send.js';
export const API_VERSION = '2026-08-21';
export const TEST_EVENT = 'webhook.test';
/** Waits before attempts 2…5, in seconds (partner-api.md "Retries"). */
export const RETRY_WAITS_S = [10, 30, 120, 300] as const;
export const MAX_ATTEMPTS = RETRY_WAITS_S.length + 1;
/** Records kept per endpoint (newest first). */
export const RECORDS_PER_ENDPOINT = 100;
/** Attempts in flight at once across all endpoints; the rest wait in the queue. */
const MAX_IN_FLIGHT = 16;
export const SKIPPED_ERROR = 'endpoint paused or deleted';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** prefix + n characters of base62, uniformly random (rejection sampling). */
export function randomId(prefix: string, n = 24): string {
  let out = '';
  while (out.length < n) {
    for (const byte of randomBytes(n * 2)) {
      if (byte >= 248) continue; // 248 = 4 × 62
      out += BASE62[byte % 62];
      if (out.length === n) break;
    }
  }
  return prefix + out;
}

interface Delivery {
  envelope: EventEnvelope;
  body: Buffer;
  companyId: string;
  endpoint: WebhookEndpointRecord;
  /** Attempts made so far. */
  attempts: number;
  /** Look the endpoint up again before a retry. */
  recheck: boolean;
  /** The delivery as a whole. */
  state: 'pending' | 'succeeded' | 'failed';
  /** When the next attempt is due (sandbox clock, ms) while one waits; null otherwise. */
  dueAt: number | null;
  /** The record of the newest attempt. */
  latest: DeliveryRecord | null;
}

/** What is kept per attempt: the record as made, and its delivery (for the fields read live). */
interface Kept {
  record: DeliveryRecord;
  delivery: Delivery;
}

export class EventDispatcher implements EventDispatcherApi {
  readonly emitted: EventEnvelope[] = [];
  private readonly opts: DispatcherOptions;
  private readonly records = new Map<string, Kept[]>();
  private readonly queue: Delivery[] = [];
  private readonly timers = new Map<NodeJS.Timeout, Delivery>();
  private readonly requests = new Set<http.ClientRequest>();
  private inFlight = 0;
  /** Deliveries not yet finished: queued, in flight or waiting for a retry. */
  private unfinished = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(opts: DispatcherOptions) {
    this.opts = opts;
  }

  emit(companyId: string, event: string, data: Record<string, unknown>): EventEnvelope {
    const endpoints = this.closed ? [] : this.opts.endpointsFor(companyId, event);
    const envelope = this.envelope(event, data);
    const body = Buffer.from(JSON.stringify(envelope), 'utf8');
    const seen = new Set<string>();
    for (const endpoint of endpoints) {
      if (seen.has(endpoint.id)) continue;
      seen.add(endpoint.id);
      this.enqueue(this.delivery(envelope, body, companyId, endpoint));
    }
    return envelope;
  }

  test(endpoint: WebhookEndpointRecord): EventEnvelope {
    const envelope = this.envelope(TEST_EVENT, { endpointId: endpoint.id, message: 'test delivery' });
    const body = Buffer.from(JSON.stringify(envelope), 'utf8');
    if (!this.closed) {
      this.enqueue(this.delivery(envelope, body, endpoint.companyId, endpoint));
    }
    return envelope;
  }

  deliveriesOf(endpointId: string): DeliveryRecord[] {
    return (this.records.get(endpointId) ?? []).map(({ record, delivery }) => ({
      ...record,
      deliveryStatus: delivery.state,
      nextAttemptAt: delivery.latest === record && delivery.dueAt !== null ? new Date(delivery.dueAt).toISOString() : null,
    }));
  }

  /**
   * After the sandbox clock moved forward: runs the retries that fell due in the skipped time, in
   * order of due time, each as of when it fell due; re-times the ones still ahead.
   */
  async catchUp(): Promise<void> {
    for (;;) {
      const now = this.opts.now().getTime();
      let next: [NodeJS.Timeout, Delivery] | undefined;
      for (const entry of this.timers) if (entry[1].dueAt! <= now && (!next || entry[1].dueAt! < next[1].dueAt!)) next = entry;
      if (!next || this.closed) break;
      const [timer, delivery] = next;
      clearTimeout(timer);
      this.timers.delete(timer);
      this.inFlight++;
      await this.run(delivery, delivery.dueAt!).finally(() => this.inFlight--);
    }
    for (const [timer, delivery] of [...this.timers]) {
      clearTimeout(timer);
      this.timers.delete(timer);
      this.wait(delivery);
    }
    this.pump();
  }

  idle(): Promise<void> {
    if (this.unfinished === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const [timer, delivery] of this.timers) {
      clearTimeout(timer);
      this.finish(delivery);
    }
    this.timers.clear();
    for (const delivery of this.queue.splice(0)) this.finish(delivery);
    for (const req of this.requests) req.destroy();
    await this.idle();
  }

  // ---------------------------------------------------------------------------------------------

  private envelope(event: string, data: Record<string, unknown>): EventEnvelope {
    const envelope: EventEnvelope = {
      id: randomId('evt_'),
      event,
      apiVersion: API_VERSION,
      occurredAt: this.opts.now().toISOString(),
      data,
    };
    this.emitted.push(envelope);
    return envelope;
  }

  private delivery(envelope: EventEnvelope, body: Buffer, companyId: string, endpoint: WebhookEndpointRecord): Delivery {
    return { envelope, body, companyId, endpoint, attempts: 0, recheck: true, state: 'pending', dueAt: null, latest: null };
  }

  private enqueue(delivery: Delivery): void {
    this.unfinished++;
    this.queue.push(delivery);
    this.pump();
  }

  private pump(): void {
    while (!this.closed && this.inFlight < MAX_IN_FLIGHT && this.queue.length > 0) {
      const delivery = this.queue.shift()!;
      this.inFlight++;
      this.run(delivery)
        .catch(() => this.finish(delivery)) // run() catches everything; belt and braces
        .finally(() => {
          this.inFlight--;
          this.pump();
        });
    }
  }

  private finish(_delivery: Delivery): void {
    this.unfinished--;
    if (this.unfinished === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** One attempt, as of `at` (the sandbox time it falls due; now unless the clock skipped it). */
  private async run(delivery: Delivery, at?: number): Promise<void> {
    if (this.closed) return this.finish(delivery);
    delivery.dueAt = null;
    const attemptedAt = new Date(at ?? this.opts.now().getTime());
    if (delivery.attempts > 0 && delivery.recheck) {
      let current: WebhookEndpointRecord | undefined;
      try {
        current = this.opts.endpointsFor(delivery.companyId, delivery.envelope.event).find((e) => e.id === delivery.endpoint.id);
      } catch {
        current = undefined;
      }
      if (current === undefined) {
        delivery.attempts++;
        this.record(delivery, { responseStatus: null, error: SKIPPED_ERROR, durationMs: null }, 'failed', attemptedAt);
        return this.finish(delivery);
      }
      delivery.endpoint = current;
    }
    delivery.attempts++;
    const outcome = await sendAttempt(delivery.endpoint, delivery.envelope, delivery.body, this.opts.timeScale, this.requests);
    if (this.closed) return this.finish(delivery); // aborted by close(): no record
    if (outcome.error === null) {
      this.record(delivery, outcome, 'succeeded', attemptedAt);
      return this.finish(delivery);
    }
    if (delivery.attempts >= MAX_ATTEMPTS) {
      this.record(delivery, outcome, 'failed', attemptedAt);
      return this.finish(delivery);
    }
    // The wait counts from the attempt's end: now, or as of its due time when the clock skipped it.
    const from = at === undefined ? this.opts.now().getTime() : at;
    delivery.dueAt = from + scaled(RETRY_WAITS_S[delivery.attempts - 1]! * 1000, this.opts.timeScale, 1);
    this.record(delivery, outcome, 'pending', attemptedAt);
    this.wait(delivery);
  }

  /** Waits for the delivery's due time on the sandbox clock, then queues its attempt. */
  private wait(delivery: Delivery): void {
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        if (this.closed) return this.finish(delivery);
        this.queue.push(delivery);
        this.pump();
      },
      Math.max(0, delivery.dueAt! - this.opts.now().getTime()),
    );
    this.timers.set(timer, delivery);
  }

  private record(delivery: Delivery, outcome: Outcome, state: Delivery['state'], attemptedAt: Date): void {
    delivery.state = state;
    const record: DeliveryRecord = {
      id: randomId('dlv_'),
      endpointId: delivery.endpoint.id,
      eventId: delivery.envelope.id,
      event: delivery.envelope.event,
      attempt: delivery.attempts,
      url: delivery.endpoint.url,
      status: state === 'succeeded' ? 'succeeded' : 'failed',
      deliveryStatus: state,
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      durationMs: outcome.durationMs,
      attemptedAt: attemptedAt.toISOString(),
      nextAttemptAt: delivery.dueAt === null ? null : new Date(delivery.dueAt).toISOString(),
    };
    delivery.latest = record;
    let list = this.records.get(record.endpointId);
    if (list === undefined) {
      list = [];
      this.records.set(record.endpointId, list);
    }
    list.unshift({ record, delivery });
    if (list.length > RECORDS_PER_ENDPOINT) list.length = RECORDS_PER_ENDPOINT;
    try {
      this.opts.onAttempt?.({ ...record });
    } catch {
      // The store's problem; a delivery never throws.
    }
  }
}
