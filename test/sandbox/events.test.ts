// Over 300 lines: every behaviour of one class (the dispatcher) against the same receivers.
// The event dispatcher against real receivers on 127.0.0.1 (node:http), time scaled by 0.001.
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import type { DeliveryRecord, WebhookEndpointRecord } from '../../src/sandbox/contracts.js';
import { EventDispatcher, SKIPPED_ERROR } from '../../src/sandbox/events/dispatcher.js';

interface Received {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

type Answer = (index: number, req: http.IncomingMessage, res: http.ServerResponse) => void;

interface Receiver {
  url: string;
  received: Received[];
  close(): Promise<void>;
}

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

async function receiver(answer: Answer = (_i, _req, res) => res.end('ok')): Promise<Receiver> {
  const received: Received[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      answer(received.length - 1, req, res);
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const close = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(() => resolve());
    });
  cleanups.push(close);
  return { url: `http://127.0.0.1:${port}/hooks?x=1`, received, close };
}

/** A port nothing listens on: bind, read the port, close. */
async function refusedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

function endpoint(url: string, over: Partial<WebhookEndpointRecord> = {}): WebhookEndpointRecord {
  return {
    id: over.id ?? '2f1c3a5e-0000-4000-8000-000000000001',
    companyId: 'company-1',
    url,
    events: ['booking.created'],
    active: true,
    secret: 'whsec_abcdefghijklmnopqrstuvwxyz012345',
    createdAt: '2026-08-21T00:00:00.000Z',
    ...over,
  };
}

const FIXED_NOW = new Date('2026-09-01T12:00:00.000Z');

function dispatcher(endpoints: () => WebhookEndpointRecord[], attempts: DeliveryRecord[] = [], timeScale = 0.001) {
  const d = new EventDispatcher({
    timeScale,
    now: () => FIXED_NOW,
    endpointsFor: (companyId, event) =>
      // As the sandbox answers it: webhook.test goes to every active endpoint, whatever it subscribes to.
      endpoints().filter((e) => e.companyId === companyId && e.active && (event === 'webhook.test' || e.events.includes(event))),
    onAttempt: (r) => attempts.push(r),
  });
  cleanups.push(() => d.close());
  return d;
}

const hmac = (secret: string, body: Buffer) => `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

describe('EventDispatcher', () => {
  it('builds the envelope and delivers it with the documented headers and a correct signature', async () => {
    const r = await receiver();
    const ep = endpoint(r.url);
    const seen: DeliveryRecord[] = [];
    const d = dispatcher(() => [ep], seen);
    const data = { id: 'b-1', tripId: 't-1', status: 'pending', seats: 2, source: 'api', boardedAt: null, noShow: false };
    const env = d.emit('company-1', 'booking.created', data);

    expect(env.id).toMatch(/^evt_[0-9A-Za-z]{24}$/);
    expect(env).toMatchObject({ event: 'booking.created', apiVersion: '2026-08-21', occurredAt: FIXED_NOW.toISOString(), data });
    expect(d.emitted).toEqual([env]);

    await d.idle();
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/hooks?x=1');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['user-agent']).toBe('Service-Partner-Webhooks/1.0');
    expect(got.headers['x-service-event']).toBe('booking.created');
    expect(got.headers['x-service-delivery']).toBe(env.id);
    expect(got.headers['x-service-signature']).toBe(hmac(ep.secret, got.body));
    expect(got.body.toString('utf8')).toBe(JSON.stringify(env));
    expect(JSON.parse(got.body.toString('utf8'))).toEqual(env);

    const records = d.deliveriesOf(ep.id);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      endpointId: ep.id,
      eventId: env.id,
      event: 'booking.created',
      attempt: 1,
      url: r.url,
      status: 'succeeded',
      deliveryStatus: 'succeeded',
      responseStatus: 200,
      error: null,
      attemptedAt: FIXED_NOW.toISOString(),
      nextAttemptAt: null,
    });
    expect(records[0]!.id).toMatch(/^dlv_[0-9A-Za-z]{24}$/);
    expect(typeof records[0]!.durationMs).toBe('number');
    expect(seen).toEqual(records);
  });

  it('sends one delivery per subscribed endpoint and none to others', async () => {
    const a = await receiver();
    const b = await receiver();
    const c = await receiver();
    const eps = [
      endpoint(a.url, { id: 'ep-a' }),
      endpoint(b.url, { id: 'ep-b', events: ['trip.created'] }),
      endpoint(c.url, { id: 'ep-c', active: false }),
    ];
    const d = dispatcher(() => eps);
    d.emit('company-1', 'booking.created', { id: 'x' });
    d.emit('company-2', 'booking.created', { id: 'y' });
    await d.idle();
    expect(a.received).toHaveLength(1);
    expect(b.received).toHaveLength(0);
    expect(c.received).toHaveLength(0);
    expect(d.emitted).toHaveLength(2);
  });

  it('retries after 500, 500 with the same bytes and delivery id, then succeeds on the 3rd attempt', async () => {
    const r = await receiver((i, _req, res) => {
      res.statusCode = i < 2 ? 500 : 200;
      res.end(i < 2 ? 'boom' : 'ok');
    });
    const ep = endpoint(r.url);
    const seen: DeliveryRecord[] = [];
    const d = dispatcher(() => [ep], seen);
    const env = d.emit('company-1', 'booking.created', { id: 'b-1', note: 'é ü 中 مرحبا' });
    await d.idle();

    expect(r.received).toHaveLength(3);
    const first = r.received[0]!;
    for (const got of r.received) {
      expect(got.body.equals(first.body)).toBe(true);
      expect(got.headers['x-service-delivery']).toBe(env.id);
      expect(got.headers['x-service-signature']).toBe(hmac(ep.secret, first.body));
    }
    const records = d.deliveriesOf(ep.id);
    // Each failed attempt is marked failed; the delivery as a whole succeeded in the end.
    expect(records.map((x) => [x.attempt, x.status, x.deliveryStatus, x.responseStatus])).toEqual([
      [3, 'succeeded', 'succeeded', 200],
      [2, 'failed', 'succeeded', 500],
      [1, 'failed', 'succeeded', 500],
    ]);
    expect(records.every((x) => x.eventId === env.id)).toBe(true);
    expect(new Set(records.map((x) => x.id)).size).toBe(3);
    expect(records[1]!.error).toContain('500');
    // Retried already: no attempt is to come.
    expect(records.map((x) => x.nextAttemptAt)).toEqual([null, null, null]);
    expect(seen.map((x) => [x.attempt, x.deliveryStatus, x.nextAttemptAt === null])).toEqual([
      [1, 'pending', false],
      [2, 'pending', false],
      [3, 'succeeded', true],
    ]);
  });

  it('records a receiver that never answers as a time-out failure', async () => {
    const r = await receiver(() => {
      /* never answers */
    });
    const ep = endpoint(r.url);
    const d = dispatcher(() => [ep]);
    d.emit('company-1', 'booking.created', { id: 'b-1' });
    // Wait for the first attempt's record rather than for all five.
    while (d.deliveriesOf(ep.id).length === 0) await new Promise((res) => setTimeout(res, 5));
    const [rec] = d.deliveriesOf(ep.id);
    expect(rec).toMatchObject({ attempt: 1, status: 'failed', deliveryStatus: 'pending', responseStatus: null });
    expect(Date.parse(rec!.nextAttemptAt!)).toBeGreaterThan(Date.parse(rec!.attemptedAt));
    expect(rec!.error).toMatch(/time-out/);
    await d.close();
  });

  it('records a refused connection with error text and stops after 5 attempts', async () => {
    const port = await refusedPort();
    const ep = endpoint(`http://127.0.0.1:${port}/hooks`);
    const seen: DeliveryRecord[] = [];
    const d = dispatcher(() => [ep], seen);
    const env = d.emit('company-1', 'booking.created', { id: 'b-1' });
    await d.idle();
    const records = d.deliveriesOf(ep.id);
    expect(records.map((x) => x.attempt)).toEqual([5, 4, 3, 2, 1]);
    expect(records.map((x) => x.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    expect(records.map((x) => x.deliveryStatus)).toEqual(['failed', 'failed', 'failed', 'failed', 'failed']);
    for (const x of records) {
      expect(x.eventId).toBe(env.id);
      expect(x.responseStatus).toBeNull();
      expect(x.error).toMatch(/refused/);
    }
    expect(records[0]!.nextAttemptAt).toBeNull();
    expect(seen).toHaveLength(5);
    // Nothing more is scheduled: idle stays resolved and no 6th record appears.
    await new Promise((res) => setTimeout(res, 50));
    await d.idle();
    expect(d.deliveriesOf(ep.id)).toHaveLength(5);
  });

  it('makes at most 5 attempts against a receiver that always fails', async () => {
    const r = await receiver((_i, _req, res) => {
      res.statusCode = 503;
      res.end();
    });
    const ep = endpoint(r.url);
    const d = dispatcher(() => [ep]);
    d.emit('company-1', 'booking.created', { id: 'b-1' });
    await d.idle();
    expect(r.received).toHaveLength(5);
    expect(d.deliveriesOf(ep.id)[0]).toMatchObject({ attempt: 5, status: 'failed', responseStatus: 503 });
  });

  it('skips a retry when the endpoint was paused in between', async () => {
    let ep = endpoint('');
    const r = await receiver((_i, _req, res) => {
      ep = { ...ep, active: false }; // paused while the first attempt is answered
      res.statusCode = 500;
      res.end();
    });
    ep = endpoint(r.url);
    const d = dispatcher(() => [ep]);
    d.emit('company-1', 'booking.created', { id: 'b-1' });
    await d.idle();
    expect(r.received).toHaveLength(1);
    const records = d.deliveriesOf(ep.id);
    expect(records.map((x) => [x.attempt, x.status])).toEqual([
      [2, 'failed'],
      [1, 'failed'],
    ]);
    expect(records[0]).toMatchObject({ error: SKIPPED_ERROR, responseStatus: null, durationMs: null });
  });

  it('test() delivers webhook.test to an endpoint that is not subscribed', async () => {
    const r = await receiver();
    const ep = endpoint(r.url, { events: ['trip.created'], active: false });
    const d = dispatcher(() => [ep]);
    const env = d.test(ep);
    expect(env.event).toBe('webhook.test');
    expect(env.data).toEqual({ endpointId: ep.id, message: 'test delivery' });
    await d.idle();
    expect(r.received).toHaveLength(1);
    const got = r.received[0]!;
    expect(got.headers['x-service-event']).toBe('webhook.test');
    expect(got.headers['x-service-delivery']).toBe(env.id);
    expect(got.headers['x-service-signature']).toBe(hmac(ep.secret, got.body));
    expect(JSON.parse(got.body.toString('utf8'))).toEqual(env);
    expect(d.deliveriesOf(ep.id)[0]).toMatchObject({ event: 'webhook.test', status: 'succeeded' });
  });

  it('idle() resolves at once when nothing is pending and waits for retries otherwise', async () => {
    const d = dispatcher(() => []);
    await d.idle();
    expect(d.emit('company-1', 'booking.created', {}).id).toMatch(/^evt_/);
    await d.idle();

    const r = await receiver((i, _req, res) => {
      res.statusCode = i === 0 ? 500 : 204;
      res.end();
    });
    const ep = endpoint(r.url);
    const d2 = dispatcher(() => [ep]);
    d2.emit('company-1', 'booking.created', {});
    await d2.idle();
    expect(r.received).toHaveLength(2);
    expect(d2.deliveriesOf(ep.id)[0]!.status).toBe('succeeded');
  });

  it('close() cancels pending retries and aborts attempts in flight', async () => {
    let arrived!: () => void;
    const firstArrived = new Promise<void>((res) => (arrived = res));
    const hanging = await receiver(() => arrived());
    const failing = await receiver((_i, _req, res) => {
      res.statusCode = 500;
      res.end();
    });
    const epHang = endpoint(hanging.url, { id: 'ep-hang' });
    const epFail = endpoint(failing.url, { id: 'ep-fail' });
    const d = new EventDispatcher({
      timeScale: 1, // real 8 s time-out and 10 s wait: only close() can end this quickly
      now: () => FIXED_NOW,
      endpointsFor: () => [epHang, epFail],
    });
    d.emit('company-1', 'booking.created', {});
    await firstArrived;
    while (d.deliveriesOf('ep-fail').length === 0) await new Promise((res) => setTimeout(res, 5));
    expect(d.deliveriesOf('ep-fail')[0]!).toMatchObject({ status: 'failed', deliveryStatus: 'pending' });

    await d.close(); // resolves only once nothing is left
    await d.idle();
    expect(failing.received).toHaveLength(1);
    expect(hanging.received).toHaveLength(1);
    expect(d.deliveriesOf('ep-hang')).toEqual([]); // the aborted attempt leaves no record
    // Deliveries after close are not sent.
    d.emit('company-1', 'booking.created', {});
    await d.idle();
    expect(failing.received).toHaveLength(1);
  });

  it('keeps at most 100 records per endpoint, newest first', async () => {
    const r = await receiver();
    const ep = endpoint(r.url);
    // Real time-outs (8 s): 105 deliveries at once on a busy machine can take longer than the
    // scaled 50 ms, and a retry would add records this test does not count.
    const d = dispatcher(() => [ep], [], 1);
    const ids: string[] = [];
    for (let i = 0; i < 105; i++) ids.push(d.emit('company-1', 'booking.created', { i }).id);
    await d.idle();
    const records = d.deliveriesOf(ep.id);
    expect(records).toHaveLength(100);
    expect(r.received).toHaveLength(105);
    expect(new Set(records.map((x) => x.eventId)).size).toBe(100);
  });
});

describe('the documented retry schedule', () => {
  it('a receiver that fails 4 times then succeeds gets exactly 5 attempts, waits 10/30/120/300 s scaled', async () => {
    const arrivals: number[] = [];
    const r = await receiver((i, _req, res) => {
      arrivals.push(performance.now());
      res.statusCode = i < 4 ? 503 : 204;
      res.end();
    });
    const ep = endpoint(r.url);
    const scale = 0.002; // 10 s → 20 ms … 300 s → 600 ms
    const d = new EventDispatcher({
      timeScale: scale,
      now: () => FIXED_NOW,
      endpointsFor: () => [ep],
    });
    cleanups.push(() => d.close());
    d.emit('company-1', 'booking.created', { id: 'b-1' });
    await d.idle();
    expect(r.received).toHaveLength(5);
    expect(d.deliveriesOf(ep.id).map((x) => [x.attempt, x.status])).toEqual([
      [5, 'succeeded'],
      [4, 'failed'],
      [3, 'failed'],
      [2, 'failed'],
      [1, 'failed'],
    ]);
    // Each wait is at least the scaled documented one (timers never fire much early).
    const gaps = arrivals.slice(1).map((at, i) => at - arrivals[i]!);
    [10, 30, 120, 300].forEach((seconds, i) => expect(gaps[i]).toBeGreaterThanOrEqual(seconds * 1000 * scale - 2));
  });
});
