// `webhooks listen` in-process against a scripted service and a test handler: what it prints
// (piped, terminal, -o json, -o ids) and what it keeps out of the terminal, the --register
// lifecycle (secret shown once, kept while listening, forgotten with the endpoint), paths, --save
// and replay.
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sign, verify } from '../../src/webhooks/signature.js';
import { ScriptedServer } from '../support/scripted-server.js';
import { testContext, type TestContext, type TestContextOptions } from '../support/context.js';
import { deliver, startListen } from './in-process.js';
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

function context(opts: TestContextOptions & { env?: Record<string, string> } = {}): TestContext {
  const t = testContext({ ...opts, env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_commandtestkey', ...opts.env } });
  contexts.push(t);
  return t;
}

/** Starts `webhooks listen` in-process; resolves with its URL once it says it is ready. */
function listen(args: string[], opts: TestContextOptions & { env?: Record<string, string> } = {}) {
  return startListen((signal) => context({ ...opts, signal }), args);
}

const BODY = (id: string) =>
  Buffer.from(
    `{"id":"${id}","event":"booking.approved","apiVersion":"2026-08-21","occurredAt":"2026-08-21T10:00:00.000Z","data":{"id":"3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b","status":"approved"}}`,
  );

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
    receiver.answers.push({ status: 500, body: '\n  database is down\r\n    at handler (app.js:10)' });
    expect(await deliver(url, BODY('evt_a'), 'evt_a', SECRET)).toBe(500);
    expect(await deliver(url, BODY('evt_a'), 'evt_a', SECRET)).toBe(200);
    expect(await deliver(url, BODY('evt_b'), 'evt_b', 'whsec_wrong_wrong_wrong_wrong_wrong')).toBe(400);
    expect(await stop()).toBe(0);
    const lines = t
      .out()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'));
    expect(lines.map((f) => f.slice(1, 8).concat(f.slice(9)))).toEqual([
      ['booking.approved', 'evt_a', '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', 'approved', 'valid', '500', '500', '1', 'database is down'],
      ['booking.approved', 'evt_a', '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', 'approved', 'valid', '200', '200', '2', ''],
      ['booking.approved', 'evt_b', '3f1e2d4c-5b6a-4798-8a9b-0c1d2e3f4a5b', 'approved', 'invalid', '400', '', '1', ''],
    ]);
    expect(lines.every((f) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(f[0]!))).toBe(true);
    expect(t.err()).toMatch(
      /warning: delivery evt_b \(booking\.approved\): signature does not match the body; answered 400, not forwarded/,
    );
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

  it('a --host that is no address of this machine is a usage error in one line, not an unexpected one', async () => {
    const t = context();
    expect(await t.run(['webhooks', 'listen', '--port', '0', '--host', '192.0.2.1', '--secret', SECRET])).toBe(2);
    expect(t.err()).toContain('tripctl: 192.0.2.1 is not an address of this machine\nhint: give --host one of its own addresses');
    expect(t.err()).not.toContain('unexpected error');
  });

  it('--register shows the secret once on stderr, keeps it while listening (secret, replay), and forgets it with the endpoint', async () => {
    server.on('POST /webhooks', (req) => ({
      status: 201,
      body: { endpoint: { id: ID, url: JSON.parse(req.body).url, events: JSON.parse(req.body).events, active: true }, secret: SECRET },
    }));
    server.on(`DELETE /webhooks/${ID}`, { status: 204 });
    const dir = await mkdtemp(join(tmpdir(), 'tripctl-register-'));
    try {
      const { t, url, stop } = await listen([
        '--register',
        '--events',
        'booking.approved,trip.*',
        '--forward-to',
        receiver.url,
        '--save',
        dir,
      ]);
      expect(JSON.parse(server.requests[0]!.body)).toEqual({ url, events: ['booking.approved', 'trip.*'] });
      expect(t.err().split(SECRET)).toHaveLength(2);
      expect(t.err()).toContain(`Signing secret of ${ID} (kept in profile 'default' while listening): ${SECRET}\n`);
      expect(await deliver(url, BODY('evt_f'), 'evt_f', SECRET)).toBe(200);

      // While it runs, the secret is found like one kept by `webhooks create`.
      const secret = context({ configDir: t.configDir });
      expect(await secret.run(['webhooks', 'secret', ID])).toBe(0);
      expect(secret.out()).toBe(`${SECRET}\n`);
      const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
      const replay = context({ configDir: t.configDir });
      expect(await replay.run(['webhooks', 'replay', join(dir, file!), '--to', receiver.url])).toBe(0);
      expect(replay.err()).toContain(`re-signed with the kept secret of endpoint ${ID}`);
      expect(verify(SECRET, receiver.received[1]!.body, receiver.received[1]!.headers['x-service-signature'] as string)).toEqual({
        ok: true,
      });

      expect(server.requestsTo(`DELETE /webhooks/${ID}`)).toHaveLength(0);
      expect(await stop()).toBe(0);
      expect(server.requestsTo(`DELETE /webhooks/${ID}`)).toHaveLength(1);
      expect(t.err()).toMatch(new RegExp(`Registered temporary endpoint ${ID}`));
      expect(t.err()).toContain(`Deleted temporary endpoint ${ID} and forgot its kept secret.`);
      expect(t.err().split(SECRET)).toHaveLength(2);
      const gone = context({ configDir: t.configDir });
      expect(await gone.run(['webhooks', 'secret', ID])).toBe(5);
      server.assertAllUsed();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('--register says so, exits non-zero and keeps the secret, when the endpoint cannot be deleted', async () => {
    server.on('POST /webhooks', { status: 201, body: { endpoint: { id: ID }, secret: SECRET } });
    server.on(`DELETE /webhooks/${ID}`, { status: 403, body: { error: 'forbidden' } });
    const { t, stop } = await listen(['--register']);
    expect(await stop()).toBe(4);
    expect(t.err()).toMatch(new RegExp(`could not delete temporary endpoint ${ID}.*tripctl webhooks delete ${ID} --yes`));
    const kept = context({ configDir: t.configDir });
    expect(await kept.run(['webhooks', 'secret', ID])).toBe(0);
    expect(kept.out()).toBe(`${SECRET}\n`);
  });

  it("accepts deliveries on any path, and says once when one differs from the registered URL's path", async () => {
    server.on('POST /webhooks', { status: 201, body: { endpoint: { id: ID }, secret: SECRET } });
    server.on(`DELETE /webhooks/${ID}`, { status: 204 });
    const { t, url, stop } = await listen(['--register', 'https://abc.tunnel.example/hooks']);
    expect(JSON.parse(server.requests[0]!.body)).toMatchObject({ url: 'https://abc.tunnel.example/hooks' });
    expect(t.err()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+\/, any path,/);
    expect(await deliver(new URL('/hooks', url).href, BODY('evt_p1'), 'evt_p1', SECRET)).toBe(200);
    expect(t.err()).not.toMatch(/arrived on/);
    expect(await deliver(url, BODY('evt_p2'), 'evt_p2', SECRET)).toBe(200);
    expect(await deliver(new URL('/rewritten?x=1', url).href, BODY('evt_p3'), 'evt_p3', SECRET)).toBe(200);
    expect(await stop()).toBe(0);
    const notices = t
      .err()
      .split('\n')
      .filter((line) => /arrived on|every path/.test(line));
    expect(notices).toEqual([
      "tripctl: warning: a delivery arrived on /, not on /hooks (the registered URL's path); accepted",
      'hint: every path is accepted unless --path is given; a tunnel or proxy in between may rewrite paths',
    ]);
    expect(t.out().split('\n').filter(Boolean)).toHaveLength(3);
  });

  it('--path takes deliveries on that path only', async () => {
    const { t, url, stop } = await listen(['--secret', SECRET, '--path', '/in']);
    expect(url).toMatch(/\/in$/);
    expect(await deliver(url, BODY('evt_q1'), 'evt_q1', SECRET)).toBe(200);
    expect(await deliver(new URL('/', url).href, BODY('evt_q2'), 'evt_q2', SECRET)).toBe(404);
    expect(await stop()).toBe(0);
    expect(t.out().split('\n').filter(Boolean)).toHaveLength(1);
    expect(t.err()).toMatch(/POST \/: 404 - not the listening path \(\/in\)/);
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
      expect(verify(SECRET, receiver.received[1]!.body, receiver.received[1]!.headers['x-service-signature'] as string)).toEqual({
        ok: true,
      });

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
      server.on('POST /webhooks', {
        status: 201,
        body: { endpoint: { id: ID, url: 'https://h.example/x', events: ['booking.approved'] }, secret: SECRET },
      });
      const creator = context();
      expect(await creator.run(['webhooks', 'create', '--url', 'https://h.example/x', '--events', 'booking.approved'])).toBe(0);
      const { url, stop } = await listen(['--endpoint', ID, '--save', dir], { configDir: creator.configDir });
      expect(await deliver(url, BODY('evt_h'), 'evt_h', SECRET)).toBe(200);
      expect(await stop()).toBe(0);
      const [file] = (await readdir(dir)).filter((f) => f.endsWith('.json'));
      const replay = context({ configDir: creator.configDir });
      expect(await replay.run(['webhooks', 'replay', join(dir, file!), '--to', receiver.url])).toBe(0);
      expect(replay.err()).toMatch(new RegExp(`kept secret of endpoint ${ID}`));
      expect(verify(SECRET, receiver.received[0]!.body, receiver.received[0]!.headers['x-service-signature'] as string)).toEqual({
        ok: true,
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

/** A delivery whose text fields carry what a hostile or broken service could put there. */
const HOSTILE_ID = 'evt_\u001b[2J\u001b]8;;https://evil.example\u0007click\u001b]8;;\u0007\u202eredro\u009b31m';
const HOSTILE = Buffer.from(
  JSON.stringify({
    id: HOSTILE_ID,
    event: 'booking.approved\u001b[31m',
    data: { id: '3f1e2d4c\u2066-\u2069x', status: 'approved\nFORGED\tLINE\r\u001b]0;title\u001b\\' },
  }),
);
const UNSAFE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/** Posts HOSTILE signed with `secret`, without delivery or event headers (so the body's fields are shown). */
async function deliverHostile(url: string, secret: string): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    body: HOSTILE,
    headers: { 'content-type': 'application/json', 'x-service-signature': sign(secret, HOSTILE) },
  });
  await res.arrayBuffer();
  return res.status;
}

describe('webhooks listen: what reaches the terminal', () => {
  let receiver: Receiver;
  beforeEach(async () => {
    receiver = await new Receiver().start('/hooks');
  });
  afterEach(async () => {
    await receiver.close();
  });

  it("on a terminal, fits each line in 100 columns and shows a failing handler's status with the first line of its body", async () => {
    const { t, url, stop } = await listen(['--secret', SECRET, '--forward-to', receiver.url], { stdoutIsTTY: true, columns: 160 });
    receiver.answers.push({ status: 503, body: `Service Unavailable: the booking store did not answer ${'x'.repeat(200)}\nsecond line` });
    expect(await deliver(url, BODY('evt_000000000000000000000001'), 'evt_000000000000000000000001', SECRET)).toBe(503);
    expect(await deliver(url, BODY('evt_000000000000000000000001'), 'evt_000000000000000000000001', SECRET)).toBe(200);
    expect(
      await deliver(url, BODY('evt_000000000000000000000002'), 'evt_000000000000000000000002', 'whsec_wrong_wrong_wrong_wrong_wrong'),
    ).toBe(400);
    expect(await stop()).toBe(0);
    const lines = t.out().split('\n').filter(Boolean).map(stripVTControlCharacters);
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(100);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d booking\.approved +evt_00000000\u2026 3f1e2d4c\u2026 approved +valid +\u2192 503 in \d+ ms: Service Unav/,
    );
    expect(lines[0]).toMatch(/\u2026$/);
    expect(lines[0]).not.toContain('second line');
    expect(lines[1]).toMatch(/valid +\u2192 200 in \d+ ms retry #1$/);
    expect(lines[2]).toMatch(/INVALID +\u2190 400, not forwarded$/);
  });

  it('never lets escape sequences, C1 or bidi controls from a delivery reach stdout or stderr, and keeps it one line', async () => {
    // A line for each of the two deliveries; -o ids and -o json print only the accepted one.
    for (const [args, tty, shown] of [
      [[], true, 2],
      [[], false, 2],
      [['-o', 'ids'], false, 1],
      [['-o', 'json'], true, 1],
    ] as const) {
      const { t, url, stop } = await listen(['--secret', SECRET, ...args], { stdoutIsTTY: tty, stderrIsTTY: tty, columns: 100 });
      expect(await deliverHostile(url, SECRET)).toBe(200);
      expect(await deliverHostile(url, 'whsec_wrong_wrong_wrong_wrong_wrong')).toBe(400);
      expect(await stop()).toBe(0);
      const what = `${args.join(' ') || 'lines'} (tty ${tty})`;
      expect(UNSAFE.test(t.out()), what).toBe(false);
      expect(UNSAFE.test(t.err()), what).toBe(false);
      expect(t.out().split('\n').filter(Boolean), what).toHaveLength(shown);
      expect(t.out(), what).not.toMatch(/^FORGED/m);
      expect(t.err(), what).toMatch(/warning: delivery evt_clickredro \(booking\.approved\): signature does not match/);
    }
  });

  it('keeps C1 controls that arrive in a header (decoded as latin1) off the terminal', async () => {
    const { t, url, stop } = await listen(['--secret', SECRET], { stdoutIsTTY: true, columns: 100 });
    const body = BODY('evt_c1');
    const { port } = new URL(url);
    const { connect } = await import('node:net');
    const head = `POST / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Service-Delivery: evt_\u009b2J\u00e2\u0080\u00aeevil\r\nX-Service-Event: booking.approved\r\nX-Service-Signature: ${sign(SECRET, body)}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(Buffer.concat([Buffer.from(head, 'latin1'), body])));
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200/);
    expect(await stop()).toBe(0);
    expect(t.out()).toMatch(/ evt_\u00e2\u00aeevil /);
    expect(UNSAFE.test(t.out())).toBe(false);
  });
});
