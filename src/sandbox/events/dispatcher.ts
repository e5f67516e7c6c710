// Over 300 lines on purpose: one class whose queue, timers, in-flight requests and records are
// one piece of state; split, each part would reach into the others' fields.
// The sandbox's event dispatcher: builds the signed envelopes partner-api.md's "Events" section
// describes and delivers them to webhook endpoints with the documented time-out and retries.
//
// Behaviour the spec leaves open, decided here (also in /tmp/tripctl/sandbox-decisions.md):
// - Each attempt yields one DeliveryRecord. Its status tells the state of the delivery after that
//   attempt: 'succeeded' (2xx), 'pending' (this attempt failed, another is scheduled at
//   nextAttemptAt) or 'failed' (this attempt failed and none will follow). So the newest record of
//   an event id is the delivery's current state.
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
// - nextAttemptAt is now() + the scaled wait, i.e. when the retry will really happen.
// - close() cancels retries and destroys requests in flight; those attempts leave no record.
//   emit() after close() still returns (and keeps) the envelope but delivers nothing.
// - Timers are ref'd (they keep the process alive until they fire or close() clears them).
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';

import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, sign } from '../../webhooks/signature.js';
import type { DeliveryRecord, DispatcherOptions, EventDispatcherApi, EventEnvelope, WebhookEndpointRecord } from '../contracts.js';

export const API_VERSION = '2026-08-21';
export const USER_AGENT = 'Service-Partner-Webhooks/1.0';
export const TEST_EVENT = 'webhook.test';
/** Waits before attempts 2…5, in seconds (partner-api.md "Retries"). */
export const RETRY_WAITS_S = [10, 30, 120, 300] as const;
export const MAX_ATTEMPTS = RETRY_WAITS_S.length + 1;
export const TIMEOUT_S = 8;
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
}

interface Outcome {
  responseStatus: number | null;
  error: string | null;
  durationMs: number | null;
}

export class EventDispatcher implements EventDispatcherApi {
  readonly emitted: EventEnvelope[] = [];
  private readonly opts: DispatcherOptions;
  private readonly records = new Map<string, DeliveryRecord[]>();
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
      this.enqueue({ envelope, body, companyId, endpoint, attempts: 0, recheck: true });
    }
    return envelope;
  }

  test(endpoint: WebhookEndpointRecord): EventEnvelope {
    const envelope = this.envelope(TEST_EVENT, { endpointId: endpoint.id, message: 'test delivery' });
    const body = Buffer.from(JSON.stringify(envelope), 'utf8');
    if (!this.closed) {
      this.enqueue({ envelope, body, companyId: endpoint.companyId, endpoint, attempts: 0, recheck: true });
    }
    return envelope;
  }

  deliveriesOf(endpointId: string): DeliveryRecord[] {
    return (this.records.get(endpointId) ?? []).map((r) => ({ ...r }));
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

  private async run(delivery: Delivery): Promise<void> {
    if (this.closed) return this.finish(delivery);
    if (delivery.attempts > 0 && delivery.recheck) {
      let current: WebhookEndpointRecord | undefined;
      try {
        current = this.opts.endpointsFor(delivery.companyId, delivery.envelope.event).find((e) => e.id === delivery.endpoint.id);
      } catch {
        current = undefined;
      }
      if (current === undefined) {
        delivery.attempts++;
        this.record(delivery, { responseStatus: null, error: SKIPPED_ERROR, durationMs: null }, 'failed', null);
        return this.finish(delivery);
      }
      delivery.endpoint = current;
    }
    delivery.attempts++;
    const attemptedAt = this.opts.now();
    const outcome = await this.send(delivery);
    if (this.closed) return this.finish(delivery); // aborted by close(): no record
    if (outcome.error === null) {
      this.record(delivery, outcome, 'succeeded', null, attemptedAt);
      return this.finish(delivery);
    }
    if (delivery.attempts >= MAX_ATTEMPTS) {
      this.record(delivery, outcome, 'failed', null, attemptedAt);
      return this.finish(delivery);
    }
    const waitMs = scaled(RETRY_WAITS_S[delivery.attempts - 1]! * 1000, this.opts.timeScale, 1);
    const nextAt = new Date(this.opts.now().getTime() + waitMs);
    this.record(delivery, outcome, 'pending', nextAt, attemptedAt);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return this.finish(delivery);
      this.queue.push(delivery);
      this.pump();
    }, waitMs);
    this.timers.set(timer, delivery);
  }

  private record(
    delivery: Delivery,
    outcome: Outcome,
    status: DeliveryRecord['status'],
    nextAttemptAt: Date | null,
    attemptedAt: Date = this.opts.now(),
  ): void {
    const record: DeliveryRecord = {
      id: randomId('dlv_'),
      endpointId: delivery.endpoint.id,
      eventId: delivery.envelope.id,
      event: delivery.envelope.event,
      attempt: delivery.attempts,
      url: delivery.endpoint.url,
      status,
      responseStatus: outcome.responseStatus,
      error: outcome.error,
      durationMs: outcome.durationMs,
      attemptedAt: attemptedAt.toISOString(),
      nextAttemptAt: nextAttemptAt === null ? null : nextAttemptAt.toISOString(),
    };
    let list = this.records.get(record.endpointId);
    if (list === undefined) {
      list = [];
      this.records.set(record.endpointId, list);
    }
    list.unshift(record);
    if (list.length > RECORDS_PER_ENDPOINT) list.length = RECORDS_PER_ENDPOINT;
    try {
      this.opts.onAttempt?.({ ...record });
    } catch {
      // The store's problem; a delivery never throws.
    }
  }

  /** One POST of the delivery's exact body. Never rejects. */
  private send(delivery: Delivery): Promise<Outcome> {
    return new Promise<Outcome>((resolve) => {
      const { endpoint, body, envelope } = delivery;
      let url: URL;
      try {
        url = new URL(endpoint.url);
      } catch {
        resolve({ responseStatus: null, error: `invalid endpoint url: ${endpoint.url}`, durationMs: null });
        return;
      }
      if (url.protocol !== 'http:' && url.protocol !== 'https:') {
        resolve({ responseStatus: null, error: `unsupported url scheme ${url.protocol}`, durationMs: null });
        return;
      }
      // Never below 1 s however scaled: on a busy machine a receiver that answers at once can take
      // more than the 8 ms a 0.001 scale gives, and a slow answer is not a failed one.
      const timeoutMs = scaled(TIMEOUT_S * 1000, this.opts.timeScale, 1000);
      const started = performance.now();
      let settled = false;
      let req: http.ClientRequest | undefined;
      const done = (responseStatus: number | null, error: string | null): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (req !== undefined) this.requests.delete(req);
        resolve({ responseStatus, error, durationMs: Math.round(performance.now() - started) });
      };
      const timer = setTimeout(() => {
        done(null, `no complete response within ${timeoutMs} ms (time-out)`);
        req?.destroy();
      }, timeoutMs);
      try {
        const transport = url.protocol === 'https:' ? https : http;
        req = transport.request(url, {
          method: 'POST',
          agent: false,
          headers: {
            'Content-Type': 'application/json',
            'Content-Length': String(body.length),
            'User-Agent': USER_AGENT,
            [EVENT_HEADER]: envelope.event,
            [DELIVERY_HEADER]: envelope.id,
            [SIGNATURE_HEADER]: sign(endpoint.secret, body),
          },
        });
        this.requests.add(req);
        req.on('error', (err) => done(null, describe(err)));
        req.on('response', (res) => {
          const status = res.statusCode ?? 0;
          res.on('error', (err) => done(null, describe(err)));
          res.on('aborted', () => done(null, 'connection closed before the response was complete'));
          res.on('end', () => done(status, status >= 200 && status < 300 ? null : `receiver answered HTTP ${status}`));
          res.on('close', () => {
            if (!res.complete) done(null, 'connection closed before the response was complete');
          });
          res.resume();
        });
        req.end(body);
      } catch (err) {
        done(null, describe(err));
      }
    });
  }
}

function scaled(ms: number, timeScale: number, floorMs: number): number {
  const value = Math.round(ms * (Number.isFinite(timeScale) && timeScale >= 0 ? timeScale : 1));
  return Math.max(floorMs, value);
}

function describe(err: unknown): string {
  const e = err as NodeJS.ErrnoException | undefined;
  const code = typeof e?.code === 'string' ? e.code : undefined;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused (ECONNREFUSED)';
    case 'ECONNRESET':
      return 'connection reset by the receiver (ECONNRESET)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found (${code})`;
    case 'EPIPE':
      return 'connection closed by the receiver while sending (EPIPE)';
    default: {
      const message = e instanceof Error ? e.message : String(err);
      return code !== undefined && !message.includes(code) ? `${message} (${code})` : message || 'request failed';
    }
  }
}
