// The listener engine in-process: real HTTP on loopback in, a test receiver out.
import { request } from 'node:http';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Listener, type DeliveryEvent, type ListenerOptions, type PathNotice, type RejectedEvent } from '../../src/webhooks/listener.js';
import { RetryIndex } from '../../src/webhooks/retry-index.js';
import { readSaved } from '../../src/webhooks/saved.js';
import { sign } from '../../src/webhooks/signature.js';
import { endToEndHeaders, Receiver } from './receiver.js';

const SECRET = 'whsec_listener_test_secret_0123456789';

/** A body with the bytes a relay would change: spacing, key order, escapes, non-ASCII. */
function envelope(id: string, event = 'booking.approved', status = 'approved'): Buffer {
  return Buffer.from(
    `{"id":"${id}", "event":"${event}","apiVersion":"2026-08-21","occurredAt":"2026-08-21T10:00:00.000Z",` +
      `"data":{"status":"${status}","id":"3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b","note":"\\u0041 دمشق \\/ ok","seats":2.0}}`,
  );
}

function serviceHeaders(body: Buffer, id: string, event = 'booking.approved', secret = SECRET): string[] {
  return [
    'Content-Type',
    'application/json',
    'User-Agent',
    'Service-Partner-Webhooks/1.0',
    'X-Service-Event',
    event,
    'X-Service-Delivery',
    id,
    'X-Service-Signature',
    sign(secret, body),
    'X-Custom-Trace',
    'a b  c',
  ];
}

interface Answer {
  status: number;
  body: string;
}

function post(url: string, body: Buffer, headers: string[], method = 'POST'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    // With a raw header list node adds no Host header itself.
    const raw = ['Host', new URL(url).host, ...headers, 'Content-Length', String(body.length)];
    const req = request(url, { method, headers: raw as unknown as Record<string, string>, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** A port nothing listens on: bound, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let receiver: Receiver;
let listeners: Listener[];

beforeEach(async () => {
  receiver = await new Receiver().start('/hooks');
  listeners = [];
});

afterEach(async () => {
  for (const listener of listeners) await listener.close();
  await receiver.close();
});

async function startListener(
  opts: Partial<ListenerOptions> = {},
): Promise<{ listener: Listener; url: string; deliveries: DeliveryEvent[]; rejected: RejectedEvent[] }> {
  const listener = new Listener({ port: 0, secret: SECRET, forwardTo: new URL(receiver.url), ...opts });
  listeners.push(listener);
  const deliveries: DeliveryEvent[] = [];
  const rejected: RejectedEvent[] = [];
  listener.on('delivery', (d) => deliveries.push(d));
  listener.on('rejected', (r) => rejected.push(r));
  const url = await listener.start();
  return { listener, url, deliveries, rejected };
}

describe('listener engine', () => {
  it('forwards a valid delivery byte-identical, with the service headers in order, and answers with the handler status', async () => {
    const { url, deliveries } = await startListener();
    receiver.answers.push({ status: 202, body: 'accepted' });
    const body = envelope('evt_1');
    const headers = serviceHeaders(body, 'evt_1');
    const answer = await post(url, body, headers);
    expect(answer).toEqual({ status: 202, body: 'accepted' });
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.body.equals(body)).toBe(true);
    expect(got.url).toBe('/hooks');
    expect(endToEndHeaders(got.rawHeaders)).toEqual(endToEndHeaders(headers));
    expect(got.headers['content-length']).toBe(String(body.length));
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({
      event: 'booking.approved',
      deliveryId: 'evt_1',
      objectId: '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b',
      objectStatus: 'approved',
      verdict: 'valid',
      retry: false,
      attempt: 1,
      answered: 202,
      forward: { status: 202 },
    });
    expect(deliveries[0]!.forward!.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 400 to a forged signature and does not forward it', async () => {
    const { url, deliveries } = await startListener();
    const body = envelope('evt_2');
    const answer = await post(url, body, serviceHeaders(body, 'evt_2', 'booking.approved', 'whsec_someone_else_entirely_000000'));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatch(/signature/);
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ verdict: 'invalid', answered: 400 });
    expect(deliveries[0]!.forward).toBeUndefined();
    expect(receiver.received).toHaveLength(0);
  });

  it('answers 400 when the body was re-serialised after signing', async () => {
    const { url } = await startListener();
    const body = envelope('evt_3');
    const headers = serviceHeaders(body, 'evt_3');
    const reencoded = Buffer.from(JSON.stringify(JSON.parse(body.toString('utf8'))));
    expect((await post(url, reencoded, headers)).status).toBe(400);
    expect(receiver.received).toHaveLength(0);
  });

  it("passes on the handler's 500, so the service retries, and keeps the first line of what it said", async () => {
    const { url, deliveries } = await startListener();
    receiver.answers.push({ status: 500, body: '\r\n  boom: the database is down  \r\n    at handler (app.js:1)\n' });
    const body = envelope('evt_4');
    const answer = await post(url, body, serviceHeaders(body, 'evt_4'));
    expect(answer).toEqual({ status: 500, body: '\r\n  boom: the database is down  \r\n    at handler (app.js:1)\n' });
    expect(deliveries[0]).toMatchObject({
      verdict: 'valid',
      answered: 500,
      forward: { status: 500, bodyLine: 'boom: the database is down' },
    });
    receiver.answers.push({ status: 204 });
    await post(url, body, serviceHeaders(body, 'evt_4'));
    expect(deliveries[1]!.forward).toEqual({ status: 204, latencyMs: expect.any(Number) });
  });

  it('answers 502 when the handler cannot be reached', async () => {
    const port = await closedPort();
    const { url, deliveries } = await startListener({ forwardTo: new URL(`http://127.0.0.1:${port}/hooks`) });
    const body = envelope('evt_5');
    const answer = await post(url, body, serviceHeaders(body, 'evt_5'));
    expect(answer.status).toBe(502);
    expect(deliveries[0]).toMatchObject({ answered: 502, forward: { error: { kind: 'unreachable', message: 'connection refused' } } });
  });

  it('answers 504 when the handler does not answer in time', async () => {
    const { url, deliveries } = await startListener({ forwardTimeoutMs: 150 });
    receiver.answers.push('hang');
    const body = envelope('evt_6');
    const answer = await post(url, body, serviceHeaders(body, 'evt_6'));
    expect(answer.status).toBe(504);
    expect(deliveries[0]).toMatchObject({ answered: 504, forward: { error: { kind: 'timeout' } } });
  });

  it('marks a delivery id seen before as a retry; a forged copy does not count', async () => {
    const { url, deliveries } = await startListener();
    const body = envelope('evt_7');
    await post(url, body, serviceHeaders(body, 'evt_7', 'booking.approved', 'whsec_forged_forged_forged_forged_00'));
    await post(url, body, serviceHeaders(body, 'evt_7'));
    await post(url, body, serviceHeaders(body, 'evt_7'));
    const other = envelope('evt_8');
    await post(url, other, serviceHeaders(other, 'evt_8'));
    expect(deliveries.map((d) => [d.deliveryId, d.verdict, d.retry, d.attempt])).toEqual([
      ['evt_7', 'invalid', false, 1],
      ['evt_7', 'valid', false, 1],
      ['evt_7', 'valid', true, 2],
      ['evt_8', 'valid', false, 1],
    ]);
  });

  it('answers 200 to a valid delivery when there is no handler', async () => {
    const { url, deliveries } = await startListener({ forwardTo: undefined });
    const body = envelope('evt_9');
    const answer = await post(url, body, serviceHeaders(body, 'evt_9'));
    expect(answer.status).toBe(200);
    expect(deliveries[0]).toMatchObject({ verdict: 'valid', answered: 200 });
    expect(deliveries[0]!.body.equals(body)).toBe(true);
  });

  it('with --skip-verify passes on a bad signature but still reports it', async () => {
    const { url, deliveries } = await startListener({ skipVerify: true });
    const body = envelope('evt_10');
    const answer = await post(url, body, serviceHeaders(body, 'evt_10', 'booking.approved', 'whsec_forged_forged_forged_forged_00'));
    expect(answer.status).toBe(200);
    expect(receiver.received).toHaveLength(1);
    expect(deliveries[0]).toMatchObject({ verdict: 'invalid', answered: 200 });
  });

  it('refuses a body over --max-body with 413, declared or streamed', async () => {
    const { url, rejected, deliveries } = await startListener({ maxBody: 64 });
    const body = envelope('evt_11');
    expect((await post(url, body, serviceHeaders(body, 'evt_11'))).status).toBe(413);
    // Chunked: no Content-Length, the cap applies while reading.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = request(url, { method: 'POST', agent: false, headers: { 'transfer-encoding': 'chunked' } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.write(Buffer.alloc(40, 'a'));
      req.write(Buffer.alloc(40, 'b'));
      req.end();
    });
    expect(chunked).toBe(413);
    expect(rejected.map((r) => r.status)).toEqual([413, 413]);
    expect(deliveries).toHaveLength(0);
    expect(receiver.received).toHaveLength(0);
  });

  it('takes deliveries on any path without a path set; with an expected path, says once when one arrives elsewhere', async () => {
    const { listener, url, deliveries, rejected } = await startListener({ forwardTo: undefined, expectedPath: '/hooks' });
    const notices: PathNotice[] = [];
    listener.on('path-differs', (notice) => notices.push(notice));
    expect(url).toMatch(/:\d+\/$/);
    for (const [path, id] of [
      ['/hooks', 'evt_p1'],
      ['/hooks?attempt=2', 'evt_p2'],
      ['/', 'evt_p3'],
      ['/elsewhere', 'evt_p4'],
    ]) {
      const body = envelope(id!);
      expect((await post(new URL(path!, url).href, body, serviceHeaders(body, id!))).status).toBe(200);
    }
    expect(deliveries.map((d) => d.path)).toEqual(['/hooks', '/hooks?attempt=2', '/', '/elsewhere']);
    expect(notices).toEqual([{ path: '/', expected: '/hooks' }]);
    expect(rejected).toHaveLength(0);
  });

  it('answers 404 off its path and 405 to other methods', async () => {
    const { url, rejected } = await startListener({ path: '/in' });
    expect(url).toMatch(/\/in$/);
    const body = envelope('evt_12');
    expect((await post(url.replace(/\/in$/, '/other'), body, serviceHeaders(body, 'evt_12'))).status).toBe(404);
    expect((await post(url, Buffer.alloc(0), [], 'GET')).status).toBe(405);
    expect(rejected.map((r) => r.status)).toEqual([404, 405]);
    expect(receiver.received).toHaveLength(0);
  });

  it('answers 200 to events outside --events and does not forward them', async () => {
    const { url, deliveries } = await startListener({ events: ['trip.created'] });
    const body = envelope('evt_13');
    expect((await post(url, body, serviceHeaders(body, 'evt_13'))).status).toBe(200);
    expect(deliveries[0]).toMatchObject({ ignored: true, answered: 200 });
    expect(receiver.received).toHaveLength(0);
  });

  it('saves each delivery byte-exact with its headers, in a file written whole', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tripctl-save-'));
    try {
      const { url, deliveries } = await startListener({ saveDir: dir, endpointId: '6c0c0c0c-1111-4222-8333-444444444444' });
      const body = envelope('evt/../14');
      const headers = serviceHeaders(body, 'evt/../14');
      await post(url, body, headers);
      const files = (await readdir(dir)).filter((f) => !f.startsWith('.'));
      expect(files).toHaveLength(1);
      expect(files[0]).not.toContain('/');
      expect(files[0]).toMatch(/-evt____14\.json$/);
      expect(deliveries[0]!.savedTo).toBe(join(dir, files[0]!));
      const saved = await readSaved(join(dir, files[0]!));
      expect(saved.body.equals(body)).toBe(true);
      expect(endToEndHeaders(saved.headers)).toEqual(endToEndHeaders(headers));
      expect(saved).toMatchObject({
        verdict: 'valid',
        endpointId: '6c0c0c0c-1111-4222-8333-444444444444',
        deliveryId: 'evt/../14',
        method: 'POST',
      });
      const raw = JSON.parse(await readFile(join(dir, files[0]!), 'utf8'));
      expect(Buffer.from(raw.bodyBase64, 'base64').equals(body)).toBe(true);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('RetryIndex', () => {
  it('counts acceptances per id, and forgets the ids not seen for longest', () => {
    const index = new RetryIndex(4);
    expect(['a', 'b', 'a', 'c', 'a'].map((id) => index.attempt(id))).toEqual([1, 1, 2, 1, 3]);
    // a, seen again lately, is remembered; b and c, seen only before, are forgotten.
    for (const other of ['d', 'e']) index.attempt(other);
    expect(index.attempt('a')).toBe(4);
    expect(index.attempt('b')).toBe(1);
    expect(index.attempt('c')).toBe(1);
  });

  it('remembers an id through at least half its limit of other ids', () => {
    const index = new RetryIndex(1000);
    index.attempt('kept');
    for (let i = 0; i < 500; i++) index.attempt(`other_${i}`);
    expect(index.attempt('kept')).toBe(2);
  });
});
