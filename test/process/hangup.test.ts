// A closed terminal or SSH session (SIGHUP) is a stop from outside like SIGTERM, at every stage:
// an export waiting for headers, half-written, dripping; a bulk approve with requests in flight;
// a listener with a temporary endpoint. And a reader that goes away (`| head -1`): a read ends
// with 0, a write verb stops sending, says what was and was not sent, and ends with 130. Real
// processes of the built bin/tripctl: signals and pipes are the point.
import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, spawnTripctl, waitForLine } from '../support/cli.js';
import { type Answer, startHostileServer, type HostileServer } from '../faults/hostile-server.js';
import { booking, KEY, lines, page, uuidFor } from '../faults/support.js';

let server: HostileServer;
let dir: string;
let cwd: string;
beforeEach(async () => {
  server = await startHostileServer();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-hup-'));
  cwd = mkdtempSync(join(tmpdir(), 'tripctl-faults-hup-cwd-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
});

interface Running {
  child: ReturnType<typeof spawnTripctl>;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<number | null>;
}

function start(argv: string[], input?: string): Running {
  const child = spawnTripctl(argv, { configDir: dir, cwd, env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY } });
  let out = '';
  let err = '';
  child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  child.stdin!.on('error', () => undefined);
  if (input !== undefined) child.stdin!.end(input);
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  const exited = new Promise<number | null>((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    }),
  );
  return { child, stdout: () => out, stderr: () => err, exited };
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  if (!condition()) throw new Error(`never: ${what}`);
}

const EXPORT = ['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', 'out.csv', '--retries', '0'];
const CSV = { 'content-type': 'text/csv' };

describe('SIGHUP at each stage of an export: exit 130, no file, no .part', () => {
  const stages: Array<[string, () => Answer, () => boolean]> = [
    ['waiting for the headers', () => ({ fault: 'hang' }), () => server.seen('GET /reports/export').length === 1],
    [
      'half-written (the .part on disk)',
      () => ({
        fault: 'gate',
        first: Buffer.alloc(64 * 1024, 0x61),
        rest: Buffer.from('\n'),
        headers: CSV,
        release: new Promise<void>(() => undefined),
      }),
      () => readdirSync(cwd).some((name) => name.endsWith('.part')),
    ],
    ['dripping a byte at a time', () => ({ fault: 'drip', everyMs: 20 }), () => server.seen('GET /reports/export').length === 1],
  ];

  it.each(stages)('%s', async (_name, answer, reached) => {
    server.on('GET /reports/export', answer());
    const run = start(EXPORT, '');
    await until(reached, 'the stage');
    run.child.kill('SIGHUP');
    expect(await run.exited, run.stderr()).toBe(130);
    expect(run.stderr()).toContain('interrupted');
    expect(readdirSync(cwd)).toEqual([]);
  });
});

describe('SIGHUP during a bulk approve', () => {
  it('every id has its line (answered, unknown, not sent) and the summary; exit 130', async () => {
    server.on('PATCH /bookings/*', { fault: 'hold', after: { json: { booking: booking(0, { status: 'approved' }) } } });
    const ids = Array.from({ length: 10 }, (_, i) => uuidFor(i + 1));
    const run = start(['bookings', 'approve', '-', '--concurrency', '4'], `${ids.join('\n')}\n`);
    await server.waitForHeld(4);
    run.child.kill('SIGHUP');
    expect(await run.exited, run.stderr()).toBe(130);
    expect(lines(run.stdout()).map((line) => line.split('\t')[0])).toEqual(ids);
    expect(run.stdout()).toContain('unknown: in flight when interrupted');
    expect(run.stdout()).toContain('not sent: interrupted');
    expect(run.stderr()).toMatch(/^approved 0 of 10; 4 unknown \(in flight when interrupted\); 6 not sent \(interrupted\)$/m);
  }, 30_000);
});

describe('SIGHUP on a listener with a temporary endpoint', () => {
  it('deletes the endpoint and forgets its kept secret, as SIGTERM does', async () => {
    const endpointId = uuidFor(77);
    server.on('POST /webhooks', (req) => ({
      json: {
        endpoint: { id: endpointId, url: JSON.parse(req.body).url, events: ['booking.*'], active: true },
        secret: 'whsec_hangupsecret0123456789abcdef',
      },
      status: 201,
    }));
    server.on('DELETE /webhooks/*', { empty: true, status: 204 });
    const run = start(['webhooks', 'listen', '--port', '0', '--register', '--events', 'booking.*', '--yes']);
    await waitForLine(run.child.stderr!, /Ready: listening on /, 15_000);
    const kept = () => readFileSync(join(dir, 'config.json'), 'utf8');
    expect(kept()).toContain(endpointId);
    run.child.kill('SIGHUP');
    expect(await run.exited, run.stderr()).toBe(0);
    expect(server.seen('DELETE /webhooks/*').map((r) => r.path)).toEqual([`/webhooks/${endpointId}`]);
    expect(run.stderr()).toContain(`Deleted temporary endpoint ${endpointId}`);
    expect(kept()).not.toContain(endpointId);
  }, 30_000);
});

describe('a stop sent twice at once, and a second Ctrl-C', () => {
  /** A listener whose temporary endpoint's DELETE the server holds until released. */
  async function listening(endpointId: string): Promise<Running> {
    server.on('POST /webhooks', (req) => ({
      json: {
        endpoint: { id: endpointId, url: JSON.parse(req.body).url, events: ['booking.*'] },
        secret: 'whsec_twicesecret0123456789abcdef',
      },
      status: 201,
    }));
    server.on('DELETE /webhooks/*', { fault: 'hold', after: { empty: true, status: 204 } });
    const run = start(['webhooks', 'listen', '--port', '0', '--register', '--events', 'booking.*', '--yes']);
    await waitForLine(run.child.stderr!, /Ready: listening on /, 15_000);
    return run;
  }

  it('SIGINT delivered twice within milliseconds (GNU timeout signals the command and its group): one stop, the endpoint deleted, exit 0', async () => {
    const endpointId = uuidFor(80);
    const run = await listening(endpointId);
    run.child.kill('SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 20));
    run.child.kill('SIGINT');
    await server.waitForHeld(1);
    await new Promise((resolve) => setTimeout(resolve, 100)); // the second signal has been handled by now
    server.releaseHeld();
    expect(await run.exited, run.stderr()).toBe(0);
    expect(run.stderr()).toContain(`Deleted temporary endpoint ${endpointId}`);
  }, 30_000);

  it('a second Ctrl-C a moment later means now: exit 130 without waiting for the clean-up', async () => {
    const run = await listening(uuidFor(81));
    run.child.kill('SIGINT');
    await server.waitForHeld(1);
    await new Promise((resolve) => setTimeout(resolve, 400));
    run.child.kill('SIGINT');
    expect(await run.exited, run.stderr()).toBe(130);
    expect(run.stderr()).not.toContain('Deleted temporary endpoint');
    expect(run.stderr()).toContain('tripctl: stopped at once (a second interrupt): the clean-up the first one began was abandoned\n');
    server.releaseHeld();
  }, 30_000);
});

describe('SIGHUP while a listener is registering its endpoint', () => {
  it('the registration landed but its answer never came: the endpoint found by its URL is deleted', async () => {
    const endpointId = uuidFor(78);
    let registered: string | undefined;
    server.on('POST /webhooks', (req) => {
      registered = JSON.parse(req.body).url as string;
      return { fault: 'hang' };
    });
    server.on('GET /webhooks', () => ({
      json: {
        endpoints: [
          { id: uuidFor(79), url: 'https://elsewhere.example/hooks', events: ['trip.*'] },
          ...(registered ? [{ id: endpointId, url: registered, events: ['booking.*'] }] : []),
        ],
      },
    }));
    server.on('DELETE /webhooks/*', { empty: true, status: 204 });
    const run = start(['webhooks', 'listen', '--port', '0', '--register', '--events', 'booking.*', '--yes']);
    await until(() => registered !== undefined, 'the registration sent');
    run.child.kill('SIGHUP');
    expect(await run.exited, run.stderr()).toBe(130);
    expect(server.seen('DELETE /webhooks/*').map((r) => r.path)).toEqual([`/webhooks/${endpointId}`]);
    expect(run.stderr()).toContain(`Deleted temporary endpoint ${endpointId}`);
  }, 30_000);
});

describe('a reader that goes away (| head -1)', () => {
  it('a write verb stops sending, says what was and was not sent on stderr, and ends with 130', async () => {
    server.on('PATCH /bookings/*', async (req) => {
      await new Promise((resolve) => setTimeout(resolve, 30));
      return { json: { booking: booking(0, { id: req.path.split('/')[2], status: 'approved' }) } };
    });
    const ids = Array.from({ length: 17 }, (_, i) => uuidFor(i + 1));
    const run = start(['bookings', 'approve', '-', '--concurrency', '2'], `${ids.join('\n')}\n`);
    // head -1: one line read, then the pipe is closed.
    await waitForLine(run.child.stdout!, /\tapproved$/, 15_000);
    run.child.stdout!.destroy();
    expect(await run.exited, run.stderr()).toBe(130);
    const sent = server.seen('PATCH /bookings/*').length;
    expect(sent).toBeLessThan(17);
    expect(run.stderr()).toMatch(/^not sent: [0-9a-f-]{36}( [0-9a-f-]{36})*$/m);
    expect(run.stderr()).toMatch(/^approved \d+ of 17; .*not sent \(interrupted\)$/m);
    const notSent = /^not sent: (.*)$/m.exec(run.stderr())![1]!.split(' ');
    for (const id of notSent) expect(server.seen('PATCH /bookings/*').some((r) => r.path.includes(id))).toBe(false);
  }, 30_000);

  it('a read keeps exit 0 and says nothing', async () => {
    server.on('GET /bookings', (req) => {
      const pageNo = Number(req.query.page ?? 1);
      return { json: { ...page('bookings', pageNo, 100, 5000) } };
    });
    const run = start(['bookings', 'list', '--all', '-o', 'ids'], '');
    await waitForLine(run.child.stdout!, /^[0-9a-f-]{36}$/, 15_000);
    run.child.stdout!.destroy();
    expect(await run.exited, run.stderr()).toBe(0);
    expect(run.stderr()).toBe('');
    expect(existsSync(join(cwd, 'out.csv'))).toBe(false);
  }, 30_000);
});

describe('a stdout that cannot be written (a full disk: /dev/full)', () => {
  it.each([
    ['a list', ['trips', 'list', '-o', 'ids']],
    ['api GET', ['api', 'GET', '/trips']],
    ['a download to stdout', ['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', '-']],
  ])('%s: one error line, exit 1', async (_name, argv) => {
    server.on('GET /trips', { json: page('trips', 1, 25, 25) });
    server.on('GET /reports/export', { raw: 'id,status\n'.repeat(2000), headers: CSV });
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawn(process.execPath, [BIN, ...argv], {
        cwd,
        env: cleanEnv(dir, { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY }),
        stdio: ['ignore', full, 'pipe'],
      });
      let err = '';
      child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code, err).toBe(1);
      expect(lines(err)).toEqual(['tripctl: cannot write the output: ENOSPC: no space left on device, write']);
    } finally {
      closeSync(full);
    }
  });
});

describe('FORCE_COLOR and NO_COLOR both set, on a terminal', () => {
  it('a prompt honours NO_COLOR, and Node prints no warning about it', async () => {
    // `script` gives the command a pseudo-terminal; the prompt library looks at colours when loaded.
    const command = `${process.execPath} ${BIN} auth login --base-url http://127.0.0.1:9/api/partner/v1`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: cleanEnv(dir, { FORCE_COLOR: '1', NO_COLOR: '1', TERM: 'xterm-256color' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout!.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
    const closed = new Promise((resolve) => child.on('close', resolve));
    await until(() => screen.includes('Secret key'), 'the key prompt');
    child.stdin!.write('\u0003');
    await closed;
    expect(screen).toContain('tripctl: interrupted');
    expect(screen).not.toMatch(/Warning/);
    expect(screen).not.toContain('\u001b[34m');
  }, 30_000);
});
