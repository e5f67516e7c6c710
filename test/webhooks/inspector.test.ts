// The inspector of `webhooks listen --inspect` and `webhooks inspect DIR`, in-process over
// loopback: who may reach it (the token, the Host names, a page elsewhere), what the page is sent
// (each delivery with its verdict, diagnosis and the handler's answer, never the secret), Replay
// (signed anew, as the service signs), and a folder of saved deliveries. The page itself, in a
// browser, is test/process/inspector-browser.test.ts.
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryEvent } from '../../src/webhooks/listener-events.js';
import { fromDelivery, HISTORY_LIMIT } from '../../src/webhooks/inspector/entries.js';
import { History } from '../../src/webhooks/inspector/history.js';
import { sign, verify } from '../../src/webhooks/signature.js';
import { testContext, type TestContext } from '../support/context.js';
import { deliver, startListen } from './in-process.js';
import { ask, EventStream, type InspectorAddress, inspectorAddress } from './inspector-client.js';
import { Receiver } from './receiver.js';

const SECRET = 'whsec_inspector_secret_abcdefghijkl';
const OTHER = 'whsec_some_other_secret_abcdefghijkl';
const BODY = (id: string, name = 'Rami Haddad') =>
  Buffer.from(
    JSON.stringify({
      id,
      event: 'booking.created',
      apiVersion: '2026-08-21',
      occurredAt: '2026-08-21T10:00:00.000Z',
      data: { id: '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', status: 'requested', passengerName: name },
    }),
  );

let receiver: Receiver;
let contexts: TestContext[];
const streams: EventStream[] = [];

beforeEach(async () => {
  receiver = await new Receiver().start('/hooks');
  contexts = [];
});

afterEach(async () => {
  for (const stream of streams.splice(0)) stream.end();
  await receiver.close();
  for (const t of contexts) t.cleanup();
});

function context(signal?: AbortSignal, configDir?: string): TestContext {
  const t = testContext({ signal, configDir, env: { TRIPCTL_TZ: 'Asia/Damascus' } });
  contexts.push(t);
  return t;
}

async function listenInspected(args: string[]) {
  const running = await startListen((signal) => context(signal), ['--inspect', ...args]);
  const address = inspectorAddress(running.t.err());
  if (!address) throw new Error(`no Inspector: line in\n${running.t.err()}`);
  return { ...running, address };
}

async function stream(address: InspectorAddress): Promise<EventStream> {
  const opened = await EventStream.open(address);
  streams.push(opened);
  return opened;
}

describe('webhooks listen --inspect: who may reach the page', () => {
  it('prints one Inspector: line; answers with its token on 127.0.0.1 and localhost, refuses without it and to other Host names', async () => {
    const { t, address, stop } = await listenInspected(['--secret', SECRET]);
    try {
      expect(
        t
          .err()
          .split('\n')
          .filter((line) => line.startsWith('Inspector: ')),
      ).toEqual([`Inspector: ${address.url}`]);
      const page = await ask(address.port, `/${address.token}/`);
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy']).toContain("default-src 'none'");
      expect(page.body).toContain('Keeps the last 500 deliveries');
      expect((await ask(address.port, `/${address.token}/`, { headers: { host: `localhost:${address.port}` } })).status).toBe(200);
      expect((await ask(address.port, `/${address.token}/app.js`)).status).toBe(200);
      expect((await ask(address.port, `/${address.token}`)).headers.location).toBe(`/${address.token}/`);

      // Without the token, with another, or a prefix of it: nothing, not even the script.
      for (const path of ['/', '/app.js', '/events', `/${'0'.repeat(32)}/`, `/${address.token.slice(0, 31)}/events`]) {
        const refused = await ask(address.port, path);
        expect(refused.status, path).toBe(403);
        expect(refused.body).toContain('needs the token');
      }
      // A rebound DNS name, another port, a bare address: refused though the token is right.
      for (const host of [
        `evil.example:${address.port}`,
        `127.0.0.1:${address.port + 1}`,
        '127.0.0.1',
        `localhost.evil.example:${address.port}`,
      ]) {
        const refused = await ask(address.port, `/${address.token}/`, { headers: { host } });
        expect(refused.status, host).toBe(403);
        expect(refused.body).toContain('answers only to');
      }
      // An action from a page elsewhere (it would need the token too): refused by its Origin.
      const foreign = await ask(address.port, `/${address.token}/replay/1`, {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      });
      expect(foreign.status).toBe(403);
    } finally {
      expect(await stop()).toBe(0);
    }
  });

  it('a PORT that is not a port is a usage error before anything listens', async () => {
    const t = context();
    expect(await t.run(['webhooks', 'listen', '--port', '0', '--secret', SECRET, '--inspect', 'abc'])).toBe(2);
    expect(t.err()).toMatch(/^tripctl: --inspect/m);
    expect(t.err()).not.toContain('Ready:');
    expect(t.err().trim().split('\n').length).toBeLessThanOrEqual(2);
  });
});

describe('webhooks listen --inspect: deliveries on the page, and Replay', () => {
  it('sends each delivery live with its verdict, diagnosis and handler answer; Replay re-signs it; the secret never reaches the page', async () => {
    const { address, url, stop } = await listenInspected(['--secret', SECRET, '--forward-to', receiver.url]);
    try {
      const events = await stream(address);
      receiver.answers.push({ status: 201, body: '{"stored":true}' });
      expect(await deliver(url, BODY('evt_one', 'رامي حداد'), 'evt_one', SECRET, 'booking.created')).toBe(201);
      // Signed with another secret: refused, and the page says why.
      expect(await deliver(url, BODY('evt_two'), 'evt_two', OTHER, 'booking.created')).toBe(400);
      // A body re-serialised after signing (pretty-printed): the diagnosis names it.
      const body = BODY('evt_three');
      const pretty = Buffer.from(JSON.stringify(JSON.parse(body.toString()), null, 2));
      const res = await fetch(url, {
        method: 'POST',
        body: pretty,
        headers: { 'x-service-event': 'booking.created', 'x-service-delivery': 'evt_three', 'x-service-signature': sign(SECRET, body) },
      });
      expect(res.status).toBe(400);

      const [one, two, three] = await events.waitForDeliveries(3);
      const hello = events.events[0]!;
      expect(hello.event).toBe('hello');
      expect(hello.data).toMatchObject({ limit: HISTORY_LIMIT, timeZone: 'Asia/Damascus', forwardTo: receiver.url });
      expect(one).toMatchObject({ seq: 1, event: 'booking.created', deliveryId: 'evt_one', verdict: 'valid', path: '/' });
      expect(one!.handler).toMatchObject({ status: 201, body: '{"stored":true}' });
      expect(one!.body).toContain('رامي حداد');
      expect(Buffer.from(one!.bodyBase64 as string, 'base64')).toEqual(BODY('evt_one', 'رامي حداد'));
      expect(two).toMatchObject({ verdict: 'invalid', reason: 'signature does not match the body' });
      expect(two!.hint).toContain('secret');
      expect(two!.handler).toMatchObject({ error: expect.stringContaining('not forwarded') });
      expect(three).toMatchObject({ verdict: 'invalid' });
      expect(three!.reason).toContain('re-serialised');

      const replayed = await ask(address.port, `/${address.token}/replay/2`, {
        method: 'POST',
        headers: { origin: `http://127.0.0.1:${address.port}` },
      });
      expect(replayed.status).toBe(200);
      const entry = JSON.parse(replayed.body) as Record<string, unknown>;
      expect(entry).toMatchObject({ seq: 4, replayOf: 2, verdict: 'valid', deliveryId: 'evt_two', handler: { status: 200, body: 'ok' } });
      // The handler got the forged delivery's bytes again, now signed as the service signs them.
      const [, again] = await receiver.waitFor(2);
      expect(again!.body).toEqual(BODY('evt_two'));
      expect(verify(SECRET, again!.body, again!.headers['x-service-signature'] as string)).toEqual({ ok: true });
      expect(again!.headers['x-service-delivery']).toBe('evt_two');
      // And the page heard of it on its stream too, marked as a replay.
      const listed = await events.waitForDeliveries(4);
      expect(listed[3]).toMatchObject({ seq: 4, replayOf: 2 });

      // Nothing the page can fetch holds the secret.
      const script = await ask(address.port, `/${address.token}/app.js`);
      const page = await ask(address.port, `/${address.token}/`);
      for (const text of [events.raw, replayed.body, script.body, page.body]) {
        expect(text).not.toContain(SECRET);
        expect(text).not.toContain(SECRET.slice(6));
      }
      expect((await ask(address.port, `/${address.token}/replay/99`, { method: 'POST' })).status).toBe(404);
    } finally {
      expect(await stop()).toBe(0);
    }
  });

  it('without --forward-to Replay says how to get one; a page opened late is sent what came before', async () => {
    const { address, url, stop } = await listenInspected(['--secret', SECRET]);
    try {
      expect(await deliver(url, BODY('evt_early'), 'evt_early', SECRET, 'booking.created')).toBe(200);
      const events = await stream(address);
      const [early] = await events.waitForDeliveries(1);
      expect(early).toMatchObject({ deliveryId: 'evt_early', verdict: 'valid', answered: 200 });
      const refused = await ask(address.port, `/${address.token}/replay/1`, { method: 'POST' });
      expect(refused.status).toBe(409);
      expect(JSON.parse(refused.body)).toEqual({ error: 'no handler to replay to: start with --forward-to URL' });
      expect(receiver.received).toEqual([]);
    } finally {
      expect(await stop()).toBe(0);
    }
  });
});

describe('webhooks inspect DIR', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tripctl-inspect-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('opens what listen --save kept, and replays a delivery re-signed with the given secret', async () => {
    const saving = await startListen((signal) => context(signal), ['--secret', SECRET, '--save', dir]);
    expect(await deliver(saving.url, BODY('evt_saved'), 'evt_saved', SECRET, 'booking.created')).toBe(200);
    expect(await saving.stop()).toBe(0);
    expect(await readdir(dir)).toHaveLength(1);
    await writeFile(join(dir, 'notes.json'), '{"not":"a delivery"}');

    const controller = new AbortController();
    const t = context(controller.signal);
    const done = t.run(['webhooks', 'inspect', dir, '--forward-to', receiver.url, '--secret', SECRET]);
    let address: InspectorAddress | undefined;
    for (let i = 0; i < 500 && !(address = inspectorAddress(t.err())); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    try {
      expect(address, t.err()).toBeDefined();
      expect(t.err()).toContain('notes.json is not a saved delivery');
      const events = await stream(address!);
      const [saved] = await events.waitForDeliveries(1);
      expect(saved).toMatchObject({ seq: 1, deliveryId: 'evt_saved', event: 'booking.created', verdict: 'valid' });
      expect(saved!.savedTo).toMatch(/evt_saved\.json$/);
      expect((events.events[0]!.data as { source: string }).source).toBe(`1 saved delivery in ${dir}`);
      const replayed = await ask(address!.port, `/${address!.token}/replay/1`, { method: 'POST' });
      expect(replayed.status).toBe(200);
      const [received] = await receiver.waitFor(1);
      expect(received!.body).toEqual(BODY('evt_saved'));
      expect(verify(SECRET, received!.body, received!.headers['x-service-signature'] as string)).toEqual({ ok: true });
      expect(events.raw).not.toContain(SECRET);
    } finally {
      controller.abort();
      expect(await done).toBe(0);
    }
  });

  it('a folder with no saved deliveries, or none at all, is a usage error', async () => {
    const empty = context();
    expect(await empty.run(['webhooks', 'inspect', dir])).toBe(2);
    expect(empty.err()).toContain(`${dir} holds no saved deliveries`);
    const missing = context();
    expect(await missing.run(['webhooks', 'inspect', join(dir, 'nope')])).toBe(2);
    expect(missing.err()).toContain('no such folder');
    expect(missing.err()).not.toContain('Inspector:');
  });
});

describe('the history the page is sent', () => {
  const delivery = (id: string, more: Partial<DeliveryEvent> = {}): DeliveryEvent => ({
    time: new Date('2026-08-21T10:00:00.123Z'),
    path: '/hooks?x=1',
    event: 'booking.created',
    deliveryId: id,
    objectId: undefined,
    objectStatus: undefined,
    verdict: 'valid',
    attempt: 1,
    retry: false,
    ignored: false,
    answered: 200,
    envelope: undefined,
    body: BODY(id, 'رامي حداد'),
    headers: [
      'Content-Type',
      'application/json',
      'X-Service-Event',
      'booking.created',
      'X-Service-Delivery',
      id,
      'X-Service-Signature',
      sign(SECRET, BODY(id, 'رامي حداد')),
    ],
    ...more,
  });

  it('keeps the last 500 in arrival order, made into entries only when asked for', () => {
    const history = new History();
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) expect(history.record(delivery(`evt_${i}`), SECRET)).toBe(i);
    const kept = history.all();
    expect(kept).toHaveLength(HISTORY_LIMIT);
    expect(kept[0]).toMatchObject({ seq: 21, deliveryId: 'evt_21' });
    expect(kept.at(-1)).toMatchObject({ seq: HISTORY_LIMIT + 20, deliveryId: `evt_${HISTORY_LIMIT + 20}` });
    expect(history.get(20)).toBeUndefined();
    expect(history.get(0)).toBeUndefined();
    expect(history.get(21)).toBe(kept[0]);
    // A body over what the page is shown is cut when kept, and says how large it was.
    const large = delivery('evt_large', { body: Buffer.alloc(300 * 1024, 0x61) });
    const seq = history.record(large, SECRET);
    expect(history.get(seq)).toMatchObject({ size: 300 * 1024, body: Buffer.alloc(256 * 1024, 0x61) });
  });

  it('gives back from its buffer exactly the entry the delivery makes: forwarded, failed, refused, ignored, saved, without headers', () => {
    const cases: DeliveryEvent[] = [
      delivery('evt_ok', { forward: { status: 201, latencyMs: 12 }, handlerBody: Buffer.from('{"stored":true}'), answered: 201 }),
      delivery('evt_500', {
        forward: { status: 500, latencyMs: 3, bodyLine: 'broke' },
        handlerBody: Buffer.from('broke\nat x'),
        answered: 500,
        attempt: 3,
        retry: true,
      }),
      delivery('evt_down', {
        forward: { latencyMs: 7000, error: { kind: 'timeout', message: 'no answer within 7000 ms' } },
        answered: 504,
      }),
      delivery('evt_bad', {
        verdict: 'invalid',
        reason: 'signature does not match the body',
        answered: 400,
        headers: ['X-Service-Signature', sign(OTHER, BODY('evt_bad'))],
        body: BODY('evt_bad'),
      }),
      delivery('evt_ignored', { ignored: true, verdict: 'unchecked', savedTo: '/tmp/d/evt_ignored.json' }),
      delivery('evt_bare', { headers: [], event: 'booking.created', deliveryId: 'evt_bare' }),
    ];
    const history = new History();
    for (const d of cases) {
      const seq = history.record(d, SECRET);
      const { json: _, ...got } = history.get(seq)!;
      const { json: __, ...want } = fromDelivery(seq, d, SECRET);
      expect(got, d.deliveryId).toEqual(want);
    }
  });
});
