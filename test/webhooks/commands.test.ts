// The webhook verbs in-process against a scripted service: validation before any request, the
// secret kept in the profile (0600) and forgotten on delete, and the listen command's rendering,
// --register lifecycle, --save and replay.
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/webhooks/signature.js';
import { ScriptedServer } from '../support/scripted-server.js';
import { testContext, type TestContext } from '../support/context.js';
import { Receiver } from './receiver.js';

const ID = '6c0c0c0c-1111-4222-8333-444444444444';
const SECRET = 'whsec_created_secret_abcdefghijklmnop';

let server: ScriptedServer;
let contexts: TestContext[];

beforeEach(async () => {
  server = await new ScriptedServer().start();
  contexts = [];
});

afterEach(async () => {
  await server.close();
  for (const t of contexts) t.cleanup();
});

function context(opts: { signal?: AbortSignal; configDir?: string; env?: Record<string, string> } = {}): TestContext {
  const t = testContext({ env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_commandtestkey', ...opts.env }, signal: opts.signal, configDir: opts.configDir });
  contexts.push(t);
  return t;
}

function configOf(t: TestContext): { profiles: Record<string, { webhookSecrets?: Record<string, string> }> } {
  return JSON.parse(readFileSync(join(t.configDir, 'config.json'), 'utf8'));
}

describe('webhooks create', () => {
  it('refuses a bad URL or event list before sending anything', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--url', 'http://hooks.example.com/x', '--events', 'booking.*'], /must use https/],
      [['--url', `https://hooks.example.com/${'a'.repeat(2048)}`, '--events', 'booking.*'], /at most 2048/],
      [['--url', 'not a url', '--events', 'booking.*'], /not a URL/],
      [['--url', 'https://hooks.example.com/x', '--events', 'booking.*,webhook.test'], /webhook\.test cannot be subscribed/],
      [['--url', 'https://hooks.example.com/x', '--events', 'booking.approve'], /unknown event 'booking.approve'/],
      [['--url', 'https://hooks.example.com/x', '--events', 'invoice.*'], /unknown event 'invoice.\*'/],
    ];
    for (const [args, message] of cases) {
      const t = context();
      expect(await t.run(['webhooks', 'create', ...args])).toBe(2);
      expect(t.err()).toMatch(message);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('sends the events as written, prints the secret once and keeps it in the profile file (0600)', async () => {
    server.on('POST /webhooks', { status: 201, body: { endpoint: { id: ID, url: 'https://hooks.example.com/x', events: ['booking.approved'], active: true }, secret: SECRET } });
    const t = context();
    expect(await t.run(['webhooks', 'create', '--url', 'https://hooks.example.com/x', '--events', 'booking.*', '--events', 'trip.cancelled'])).toBe(0);
    server.assertAllUsed();
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      url: 'https://hooks.example.com/x',
      events: ['booking.*', 'trip.cancelled'],
    });
    expect(t.out()).toContain(`SECRET\t${SECRET}`);
    expect(t.err()).not.toContain(SECRET);
    expect(t.err()).toContain(`tripctl webhooks secret ${ID}`);
    expect(configOf(t).profiles.default!.webhookSecrets).toEqual({ [ID]: SECRET });
    expect((await stat(join(t.configDir, 'config.json'))).mode & 0o777).toBe(0o600);

    const again = context({ configDir: t.configDir });
    expect(await again.run(['webhooks', 'secret', ID])).toBe(0);
    expect(again.out()).toBe(`${SECRET}\n`);
  });

  it('allows plain http:// for loopback hosts (the sandbox)', async () => {
    server.on('POST /webhooks', { status: 201, body: { endpoint: { id: ID, url: 'http://127.0.0.1:9/x', events: ['trip.created'], active: true }, secret: SECRET } });
    const t = context();
    expect(await t.run(['webhooks', 'create', '--url', 'http://127.0.0.1:9/x', '--events', 'trip.created', '-o', 'json'])).toBe(0);
    expect(JSON.parse(t.out())).toMatchObject({ secret: SECRET, endpoint: { id: ID } });
  });
});

describe('webhooks update, delete, secret, deliveries, events', () => {
  it('update --pause sends active false; --pause with --resume, or nothing, is a usage error', async () => {
    server.on(`PATCH /webhooks/${ID}`, { body: { endpoint: { id: ID, url: 'https://h.example/x', events: ['trip.created'], active: false } } });
    const t = context();
    expect(await t.run(['webhooks', 'update', ID, '--pause', '--events', 'trip.created'])).toBe(0);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ events: ['trip.created'], active: false });
    expect(t.out()).toContain('ACTIVE\tfalse');
    const both = context();
    expect(await both.run(['webhooks', 'update', ID, '--pause', '--resume'])).toBe(2);
    const none = context();
    expect(await none.run(['webhooks', 'update', ID])).toBe(2);
    expect(server.requests).toHaveLength(1);
  });

  it('delete needs --yes without a terminal, then deletes and forgets the kept secret', async () => {
    server.on('POST /webhooks', { status: 201, body: { endpoint: { id: ID, url: 'https://h.example/x', events: ['trip.created'] }, secret: SECRET } });
    server.on(`DELETE /webhooks/${ID}`, { status: 204 });
    const t = context();
    expect(await t.run(['webhooks', 'create', '--url', 'https://h.example/x', '--events', 'trip.created'])).toBe(0);
    const refused = context({ configDir: t.configDir });
    expect(await refused.run(['webhooks', 'delete', ID])).toBe(2);
    expect(refused.err()).toMatch(/--yes/);
    expect(server.requestsTo(`DELETE /webhooks/${ID}`)).toHaveLength(0);
    const yes = context({ configDir: t.configDir });
    expect(await yes.run(['webhooks', 'delete', ID, '--yes'])).toBe(0);
    expect(yes.err()).toMatch(/forgot its kept secret/);
    expect(configOf(t).profiles.default!.webhookSecrets).toEqual({});
    const gone = context({ configDir: t.configDir });
    expect(await gone.run(['webhooks', 'secret', ID])).toBe(5);
    server.assertAllUsed();
  });

  it('deliveries print attempt, status, response, latency and time', async () => {
    server.on(`GET /webhooks/${ID}/deliveries`, {
      body: {
        deliveries: [
          { id: 'dlv_2', endpointId: ID, eventId: 'evt_1', event: 'booking.approved', attempt: 2, status: 'succeeded', responseStatus: 200, durationMs: 14, attemptedAt: '2026-08-21T10:00:10.000Z', error: null },
          { id: 'dlv_1', endpointId: ID, eventId: 'evt_1', event: 'booking.approved', attempt: 1, status: 'failed', responseStatus: 500, durationMs: 9, attemptedAt: '2026-08-21T10:00:00.000Z', error: 'HTTP 500' },
        ],
      },
    });
    const t = context();
    expect(await t.run(['webhooks', 'deliveries', ID])).toBe(0);
    expect(t.out().split('\n').filter(Boolean)).toEqual([
      'evt_1\tbooking.approved\t2\tsucceeded\t200\t14\t2026-08-21T10:00:10.000Z\t',
      'evt_1\tbooking.approved\t1\tfailed\t500\t9\t2026-08-21T10:00:00.000Z\tHTTP 500',
    ]);
  });

  it('events lists every name locally, webhook.test not subscribable', async () => {
    const t = context();
    expect(await t.run(['webhooks', 'events'])).toBe(0);
    const lines = t.out().split('\n').filter(Boolean);
    expect(lines).toHaveLength(16);
    expect(lines).toContain('webhook.test\tfalse\ttest ping (`webhooks test ID`); sent on request, cannot be subscribed to');
    expect(lines[0]).toMatch(/^booking\.created\ttrue\t/);
    expect(server.requests).toHaveLength(0);
  });
});

/** Starts `webhooks listen` in-process; resolves with its URL once it says it is ready. */
async function listen(args: string[], opts: { configDir?: string; env?: Record<string, string> } = {}) {
  const controller = new AbortController();
  const t = context({ signal: controller.signal, ...opts });
  const done = t.run(['webhooks', 'listen', '--port', '0', ...args]);
  let ready: RegExpExecArray | null = null;
  for (let i = 0; i < 500 && !ready; i++) {
    ready = /Ready: listening on (\S+?),/.exec(t.err());
    if (!ready) {
      const early = await Promise.race([done, new Promise((resolve) => setTimeout(() => resolve('wait'), 10))]);
      if (early !== 'wait') throw new Error(`listen ended with ${String(early)}: ${t.err()}`);
    }
  }
  if (!ready) throw new Error(`listener not ready: ${t.err()}`);
  return { t, url: ready[1]!, stop: async () => (controller.abort(), await done) };
}

async function deliver(url: string, body: Buffer, id: string, secret: string, event = 'booking.approved'): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-service-event': event, 'x-service-delivery': id, 'x-service-signature': sign(secret, body) },
  });
  await res.arrayBuffer();
  return res.status;
}

const BODY = (id: string) => Buffer.from(`{"id":"${id}","event":"booking.approved","apiVersion":"2026-08-21","occurredAt":"2026-08-21T10:00:00.000Z","data":{"id":"3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b","status":"approved"}}`);

describe('webhooks listen (command)', () => {
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await new Receiver().start('/hooks');
  });
  afterEach(async () => {
    await receiver.close();
  });

  it('prints a tab-separated line per delivery when piped, warns about a bad signature, stops with 0', async () => {
    const { t, url, stop } = await listen(['--secret', SECRET, '--forward-to', receiver.url]);
    receiver.answers.push({ status: 500 });
    expect(await deliver(url, BODY('evt_a'), 'evt_a', SECRET)).toBe(500);
    expect(await deliver(url, BODY('evt_a'), 'evt_a', SECRET)).toBe(200);
    expect(await deliver(url, BODY('evt_b'), 'evt_b', 'whsec_wrong_wrong_wrong_wrong_wrong')).toBe(400);
    expect(await stop()).toBe(0);
    const lines = t.out().split('\n').filter(Boolean).map((line) => line.split('\t'));
    expect(lines.map((f) => f.slice(1, 8).concat(f[9]!))).toEqual([
      ['booking.approved', 'evt_a', '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', 'approved', 'valid', '500', '500', '1'],
      ['booking.approved', 'evt_a', '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', 'approved', 'valid', '200', '200', '2'],
      ['booking.approved', 'evt_b', '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', 'approved', 'invalid', '400', '', '1'],
    ]);
    expect(t.err()).toMatch(/warning: delivery evt_b \(booking\.approved\): signature does not match the body; answered 400, not forwarded/);
    expect(t.err()).toMatch(/Stopped: 3 deliveries, 1 with a bad signature, 1 retry\./);
    expect(t.err()).not.toContain(SECRET);
    expect(receiver.received).toHaveLength(2);
  });

  it('-o json prints each accepted envelope as one JSON line, the verdicts on stderr', async () => {
    const { t, url, stop } = await listen(['--secret', SECRET, '-o', 'json']);
    const pretty = Buffer.from(JSON.stringify(JSON.parse(BODY('evt_c').toString()), null, 2));
    expect(await deliver(url, BODY('evt_d'), 'evt_d', SECRET)).toBe(200);
    expect(await deliver(url, pretty, 'evt_c', SECRET)).toBe(200);
    expect(await deliver(url, BODY('evt_e'), 'evt_e', 'whsec_wrong_wrong_wrong_wrong_wrong')).toBe(400);
    expect(await stop()).toBe(0);
    const lines = t.out().split('\n').filter(Boolean);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(BODY('evt_d').toString());
    expect(JSON.parse(lines[1]!)).toMatchObject({ id: 'evt_c', data: { status: 'approved' } });
    expect(t.err()).toMatch(/evt_d .*valid/);
  });

  it('needs a secret unless told to skip verification, and takes one secret source only', async () => {
    const none = context();
    expect(await none.run(['webhooks', 'listen', '--port', '0'])).toBe(2);
    expect(none.err()).toMatch(/no secret to verify/);
    const two = context();
    expect(await two.run(['webhooks', 'listen', '--port', '0', '--secret', SECRET, '--endpoint', ID])).toBe(2);
    const unknown = context();
    expect(await unknown.run(['webhooks', 'listen', '--port', '0', '--endpoint', ID])).toBe(2);
    expect(unknown.err()).toMatch(/no signing secret kept for endpoint/);
  });

  it('--register creates an endpoint for the chosen events, verifies with its secret, deletes it on stop', async () => {
    server.on('POST /webhooks', (req) => ({ status: 201, body: { endpoint: { id: ID, url: JSON.parse(req.body).url, events: JSON.parse(req.body).events, active: true }, secret: SECRET } }));
    server.on(`DELETE /webhooks/${ID}`, { status: 204 });
    const { t, url, stop } = await listen(['--register', '--events', 'booking.approved,trip.*', '--forward-to', receiver.url]);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ url, events: ['booking.approved', 'trip.*'] });
    expect(await deliver(url, BODY('evt_f'), 'evt_f', SECRET)).toBe(200);
    expect(server.requestsTo(`DELETE /webhooks/${ID}`)).toHaveLength(0);
    expect(await stop()).toBe(0);
    expect(server.requestsTo(`DELETE /webhooks/${ID}`)).toHaveLength(1);
    expect(t.err()).toMatch(new RegExp(`Registered temporary endpoint ${ID}`));
    expect(t.err()).toMatch(new RegExp(`Deleted temporary endpoint ${ID}\\.`));
    server.assertAllUsed();
  });

  it('--register says so, and exits non-zero, when the endpoint cannot be deleted', async () => {
    server.on('POST /webhooks', { status: 201, body: { endpoint: { id: ID }, secret: SECRET } });
    server.on(`DELETE /webhooks/${ID}`, { status: 403, body: { error: 'forbidden' } });
    const { t, stop } = await listen(['--register']);
    expect(await stop()).toBe(4);
    expect(t.err()).toMatch(new RegExp(`could not delete temporary endpoint ${ID}.*tripctl webhooks delete ${ID} --yes`));
  });

  it('--save writes each delivery; replay sends it byte-exact, re-signed, and prints the handler status', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tripctl-replay-'));
    try {
      const { url, stop, t: listenCtx } = await listen(['--secret', SECRET, '--save', dir]);
      const body = BODY('evt_g');
      expect(await deliver(url, body, 'evt_g', SECRET)).toBe(200);
      expect(await stop()).toBe(0);
      const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
      expect(file).toBeDefined();

      const other = 'whsec_handler_secret_zyxwvutsrqponmlk';
      const replay = context({ configDir: listenCtx.configDir });
      receiver.answers.push({ status: 204 });
      expect(await replay.run(['webhooks', 'replay', join(dir, file!), '--to', receiver.url, '--secret', other])).toBe(0);
      expect(replay.out()).toBe('204\n');
      const got = receiver.received[0]!;
      expect(got.body.equals(body)).toBe(true);
      expect(verify(other, got.body, got.headers['x-service-signature'] as string)).toEqual({ ok: true });
      expect(got.headers['x-service-delivery']).toBe('evt_g');

      // No secret known: the original signature goes out unchanged (valid for the original secret).
      const plain = context({ configDir: listenCtx.configDir });
      expect(await plain.run(['webhooks', 'replay', join(dir, file!), '--to', receiver.url])).toBe(0);
      expect(plain.err()).toMatch(/original signature/);
      expect(verify(SECRET, receiver.received[1]!.body, receiver.received[1]!.headers['x-service-signature'] as string)).toEqual({ ok: true });

      // A handler that fails makes replay fail.
      receiver.answers.push({ status: 500 });
      const failing = context({ configDir: listenCtx.configDir });
      expect(await failing.run(['webhooks', 'replay', join(dir, file!), '--to', receiver.url, '--secret', other])).toBe(1);
      expect(failing.out()).toBe('500\n');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('replay re-signs with the kept secret of the endpoint the listener verified for', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'tripctl-replay-'));
    try {
      server.on('POST /webhooks', { status: 201, body: { endpoint: { id: ID, url: 'https://h.example/x', events: ['booking.approved'] }, secret: SECRET } });
      const creator = context();
      expect(await creator.run(['webhooks', 'create', '--url', 'https://h.example/x', '--events', 'booking.approved'])).toBe(0);
      const { url, stop } = await listen(['--endpoint', ID, '--save', dir], { configDir: creator.configDir });
      expect(await deliver(url, BODY('evt_h'), 'evt_h', SECRET)).toBe(200);
      expect(await stop()).toBe(0);
      const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
      const replay = context({ configDir: creator.configDir });
      expect(await replay.run(['webhooks', 'replay', join(dir, file!), '--to', receiver.url])).toBe(0);
      expect(replay.err()).toMatch(new RegExp(`kept secret of endpoint ${ID}`));
      expect(verify(SECRET, receiver.received[0]!.body, receiver.received[0]!.headers['x-service-signature'] as string)).toEqual({ ok: true });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
