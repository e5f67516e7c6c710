// The sandbox delivers signed events → `tripctl webhooks listen` → a test receiver standing in
// for the operator's handler. The commands run in-process (main() with the test context) against
// an in-process sandbox on loopback; the one listener that is stopped by SIGTERM is the built
// bin/tripctl in a child process, since signals are what that test is about.
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { startSandbox } from '../../src/sandbox/index.js';
import { verify } from '../../src/webhooks/signature.js';
import { spawnTripctl, tempConfigDir, waitForLine } from '../support/cli.js';
import { testContext, type TestContext } from '../support/context.js';
import { startListen, until } from '../webhooks/in-process.js';
import { Receiver } from '../webhooks/receiver.js';
import { startCheckedSandbox } from '../support/sandbox.js';

// 0.05: the 8 s delivery time-out becomes 400 ms and the first retry wait (10 s) 500 ms, enough
// for two child processes on a busy machine.
const TIME_SCALE = 0.05;

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

let sandbox: Sandbox;
let configDir: string;
let removeConfigDir: () => Promise<void>;
let receiver: Receiver;
const children: ChildProcess[] = [];

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0, timeScale: TIME_SCALE });
  ({ dir: configDir, cleanup: removeConfigDir } = await tempConfigDir());
});

afterAll(async () => {
  await sandbox.close();
  await removeConfigDir();
});

/** An in-process context on the shared config dir, pointed at the sandbox with the full key. */
function context(signal?: AbortSignal): TestContext {
  return testContext({ configDir, signal, env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full } });
}

async function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const t = context();
  const code = await t.run(args);
  return { code, stdout: t.out(), stderr: t.err() };
}

async function json<T>(args: string[]): Promise<T> {
  const result = await run([...args, '-o', 'json']);
  if (result.code !== 0) throw new Error(`tripctl ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
  return JSON.parse(result.stdout) as T;
}

beforeEach(async () => {
  receiver = await new Receiver().start('/hooks');
});

afterEach(async () => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  await receiver.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Running {
  child: ChildProcess;
  url: string;
  stdout: () => string;
  stderr: () => string;
  stop: () => Promise<number>;
}

/** Starts the built `tripctl webhooks listen …` against the sandbox; resolves once it says it is ready. */
async function spawnListen(args: string[]): Promise<Running> {
  const child = spawnTripctl(['webhooks', 'listen', ...args], {
    configDir,
    env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full },
  });
  children.push(child);
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  const exited = new Promise<number>((resolve) => child.on('close', (code, signal) => resolve(code ?? (signal ? 128 : 1))));
  const ready = await Promise.race([
    waitForLine(child.stderr!, /Ready: listening on /, 15_000),
    exited.then((code) => {
      throw new Error(`listen exited ${code}: ${err}`);
    }),
  ]);
  const url = /listening on (\S+?),/.exec(ready)![1]!;
  return {
    child,
    url,
    stdout: () => out,
    stderr: () => err,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function requestedBooking(): Promise<string> {
  const bookings = await json<Array<{ id: string; status: string }>>(['bookings', 'list', '--status', 'requested', '--per-page', '100']);
  const booking = bookings.find((b) => b.status === 'requested' && !used.has(b.id));
  if (!booking) throw new Error('the sandbox has no requested booking left');
  used.add(booking.id);
  return booking.id;
}
const used = new Set<string>();

describe('sandbox → webhooks listen → handler', () => {
  it("an approved booking arrives byte-identical and validly signed; a 500 is retried and marked with the handler's words; --save + verify --saved + replay", async () => {
    const port = await freePort();
    const created = await json<{ endpoint: { id: string }; secret: string }>([
      'webhooks',
      'create',
      '--url',
      `http://127.0.0.1:${port}/`,
      '--events',
      'booking.approved',
    ]);
    const endpointId = created.endpoint.id;
    const saveDir = await mkdtemp(join(tmpdir(), 'tripctl-e2e-save-'));
    try {
      const listener = await startListen(context, [
        '--port',
        String(port),
        '--endpoint',
        endpointId,
        '--forward-to',
        receiver.url,
        '--save',
        saveDir,
      ]);
      receiver.answers.push({ status: 500, body: 'handler broke\nat line 2' });

      const bookingId = await requestedBooking();
      expect((await run(['bookings', 'approve', bookingId])).code).toBe(0);

      // The first attempt gets the handler's 500, so the sandbox tries again until a 2xx.
      await until('a 2xx answer from the handler', () => (receiver.received.length >= 2 ? true : undefined));
      const envelope = sandbox.dispatcher.emitted.find(
        (e) => e.event === 'booking.approved' && (e.data as { id?: string }).id === bookingId,
      );
      expect(envelope).toBeDefined();
      const sent = Buffer.from(JSON.stringify(envelope), 'utf8');
      for (const got of receiver.received) {
        expect(got.body.equals(sent)).toBe(true);
        expect(got.headers['x-service-event']).toBe('booking.approved');
        expect(got.headers['x-service-delivery']).toBe(envelope!.id);
        expect(got.headers['user-agent']).toBe('Service-Partner-Webhooks/1.0');
        expect(verify(created.secret, got.body, got.headers['x-service-signature'] as string)).toEqual({ ok: true });
      }

      const lines = await until('two delivery lines', () => {
        const rows = listener.t
          .out()
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('\t'));
        return rows.length >= 2 ? rows : undefined;
      });
      expect(lines[0]!.slice(1, 8)).toEqual(['booking.approved', envelope!.id, bookingId, 'approved', 'valid', '500', '500']);
      expect(lines[0]![10]).toBe('handler broke');
      expect(lines[1]!.slice(1, 8)).toEqual(['booking.approved', envelope!.id, bookingId, 'approved', 'valid', '200', '200']);
      expect(lines[1]![9]).toBe('2');

      expect(await listener.stop()).toBe(0);
      expect(listener.t.err()).toMatch(/Stopped: 2 deliveries, 1 retry\./);

      // The service's own record of the attempts.
      const attempts = await json<Array<{ attempt: number; responseStatus: number; eventId: string }>>([
        'webhooks',
        'deliveries',
        endpointId,
      ]);
      expect(attempts.map((a) => [a.eventId, a.attempt, a.responseStatus]).sort()).toEqual([
        [envelope!.id, 1, 500],
        [envelope!.id, 2, 200],
      ]);
      // Each attempt's outcome beside the delivery's as a whole, as the sandbox records them.
      const table = await run(['webhooks', 'deliveries', endpointId, '-o', 'csv', '--columns', 'attempt,status,delivery,next-attempt']);
      expect(table.code, table.stderr).toBe(0);
      expect(table.stdout.trim().split(/\r?\n/).sort()).toEqual(
        ['1,failed,succeeded,', '2,succeeded,succeeded,', 'attempt,status,delivery,next-attempt'].sort(),
      );

      // A saved delivery checks out whole with the endpoint's kept secret, and replays byte-exact, re-signed.
      const files = (await readdir(saveDir)).filter((f) => f.endsWith('.json')).sort();
      expect(files).toHaveLength(2);
      const checked = await run(['webhooks', 'verify', '--saved', join(saveDir, files[0]!)]);
      expect(checked.code).toBe(0);
      expect(checked.stderr).toContain(`with the kept secret of endpoint ${endpointId}`);
      const replayed = await run(['webhooks', 'replay', join(saveDir, files[0]!), '--to', receiver.url]);
      expect(replayed.code).toBe(0);
      expect(replayed.stdout).toBe('200\n');
      const last = receiver.received[receiver.received.length - 1]!;
      expect(last.body.equals(sent)).toBe(true);
      expect(verify(created.secret, last.body, last.headers['x-service-signature'] as string)).toEqual({ ok: true });
    } finally {
      await rm(saveDir, { recursive: true, force: true });
    }
  });

  it('the built tool: --register creates an endpoint, answers 400 to a forged delivery, and deletes the endpoint and its kept secret on SIGTERM', async () => {
    const mark = sandbox.requests.length;
    const listener = await spawnListen(['--port', '0', '--register', '--events', 'booking.*', '--forward-to', receiver.url]);
    const create = sandbox.requests.slice(mark).find((r) => r.method === 'POST' && r.path === '/webhooks');
    expect(create).toBeDefined();
    expect(JSON.parse(create!.body)).toEqual({ url: listener.url, events: ['booking.*'] });
    const endpoints = await json<Array<{ id: string; url: string }>>(['webhooks', 'list']);
    const endpoint = endpoints.find((e) => e.url === listener.url);
    expect(endpoint).toBeDefined();
    const secret = /Signing secret of \S+ \(kept in profile 'default' while listening\): (whsec_\S+)/.exec(listener.stderr())?.[1];
    expect(secret).toBeDefined();
    const kept = await run(['webhooks', 'secret', endpoint!.id]);
    expect(kept.stdout).toBe(`${secret}\n`);

    const forged = await fetch(listener.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-service-event': 'booking.approved',
        'x-service-delivery': 'evt_forged',
        'x-service-signature': `sha256=${'0'.repeat(64)}`,
      },
      body: '{"id":"evt_forged","event":"booking.approved","data":{}}',
    });
    expect(forged.status).toBe(400);

    const bookingId = await requestedBooking();
    expect((await run(['bookings', 'reject', bookingId])).code).toBe(0);
    const got = await until('the rejected booking at the handler', () =>
      receiver.received.find((r) => r.headers['x-service-event'] === 'booking.rejected' && r.body.includes(bookingId)),
    );
    expect(receiver.received.every((r) => r.headers['x-service-delivery'] !== 'evt_forged')).toBe(true);
    expect(verify(secret!, got.body, got.headers['x-service-signature'] as string)).toEqual({ ok: true });
    await until('the delivery line', () => (/\tbooking\.rejected\t.*\tvalid\t200\t200\t/.test(listener.stdout()) ? true : undefined));
    expect(listener.stderr()).toMatch(
      /warning: delivery evt_forged \(booking\.approved\): signature does not match the body; answered 400, not forwarded/,
    );

    expect(await listener.stop(), listener.stderr()).toBe(0);
    expect(listener.stderr()).toContain(`Registered temporary endpoint ${endpoint!.id}`);
    expect(listener.stderr()).toContain(`Deleted temporary endpoint ${endpoint!.id} and forgot its kept secret.`);
    expect(sandbox.requests.slice(mark).some((r) => r.method === 'DELETE' && r.path === `/webhooks/${endpoint!.id}`)).toBe(true);
    const after = await json<Array<{ id: string }>>(['webhooks', 'list']);
    expect(after.some((e) => e.id === endpoint!.id)).toBe(false);
    expect((await run(['webhooks', 'secret', endpoint!.id])).code).toBe(5);
  });
});
