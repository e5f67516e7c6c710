// Bulk moves tell the truth: an empty queue is a success, each failure is also a stderr line a
// script can read, no listener leaks at any size, and Ctrl-C separates the ids whose request was in
// flight (unknown outcome) from those never sent. The last two need a real process (built bin).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnTripctl, tempConfigDir } from '../support/cli.js';
import { startHostileServer, type Answer, type HostileServer } from '../faults/hostile-server.js';
import { booking, cli, KEY, lines, uuidFor } from '../faults/support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

const approved = (req: { path: string }): Answer => ({ json: { booking: booking(0, { id: req.path.split('/')[2], status: 'approved' }) } });

/** Bulk verbs with their route and summary word. */
const VERBS: Array<[string, string, string]> = [
  ['approve', 'PATCH /bookings/*', 'approved'],
  ['reject', 'PATCH /bookings/*', 'rejected'],
  ['cancel', 'PATCH /bookings/*', 'cancelled'],
  ['board', 'POST /bookings/*/boarded', 'boarded'],
  ['no-show', 'POST /bookings/*/no-show', 'marked no-show'],
];

/** Refusals and the stderr line each gives: [status, body, suffix]. */
const REFUSALS: Array<[number, Record<string, unknown>, string]> = [
  [409, { error: 'booking is not requested', code: 'invalid_state' }, '(HTTP 409, code invalid_state)'],
  [404, { error: 'booking not found', code: 'not_found' }, '(HTTP 404, code not_found)'],
  [422, { error: 'seats exceed capacity' }, '(HTTP 422)'],
  [403, { error: 'missing scope bookings.write', code: 'forbidden' }, '(HTTP 403, code forbidden)'],
];

describe('an empty queue is a success', () => {
  it.each([
    ['nothing', ''],
    ['blank lines', '\n\n   \n'],
    ['tabs and CRLFs', '\t\r\n\r\n'],
  ])('bookings approve - with %s on stdin: exit 0, "approved 0 of 0", nothing sent', async (_name, input) => {
    const result = await cli(server, ['bookings', 'approve', '-'], { stdin: input });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain('approved 0 of 0');
    expect(result.stdout).toBe('');
    expect(server.requests).toEqual([]);
  });
});

describe('each failed id is also one line on stderr', () => {
  it.each(VERBS)('bookings %s: tripctl: <id>: <error> (HTTP n, code c) for every refusal', async (verb, route) => {
    const ids = [uuidFor(1), ...REFUSALS.map((_, i) => uuidFor(i + 2))];
    server.on(route, (req) => {
      const index = ids.indexOf(req.path.split('/')[2]!);
      if (index === 0) return approved(req);
      const [status, body] = REFUSALS[index - 1]!;
      return { json: body, status };
    });
    const result = await cli(server, ['bookings', verb, ...ids]);
    expect(result.code, result.stderr).toBe(4); // the most severe: a forbidden (403) outranks a missing booking (404) and the rest
    expect(lines(result.stdout)).toHaveLength(ids.length);
    REFUSALS.forEach(([, body, suffix], i) => {
      expect(result.stderr).toContain(`tripctl: ${ids[i + 1]}: ${String(body.error)} ${suffix}\n`);
    });
    expect(result.stderr).not.toContain(`tripctl: ${ids[0]}`);
  });
});

describe('bad input to a bulk move: exit 2, nothing sent', () => {
  it.each<[string, string[], string | undefined]>([
    ['a malformed id among good ones', ['bookings', 'approve', uuidFor(1), 'not-an-id', uuidFor(2)], undefined],
    ['a path smuggled as an id', ['bookings', 'approve', `${uuidFor(1)}/../../trips`], undefined],
    ['- mixed with ids', ['bookings', 'approve', '-', uuidFor(1)], `${uuidFor(2)}\n`],
    ['a malformed id on stdin', ['bookings', 'approve', '-'], `${uuidFor(1)}\nnope\n`],
    ['no ids at all', ['bookings', 'approve'], undefined],
    ['a concurrency of 0', ['bookings', 'approve', uuidFor(1), '--concurrency', '0'], undefined],
    ['a concurrency of 1000', ['bookings', 'approve', uuidFor(1), '--concurrency', '1000'], undefined],
  ])('%s', async (_name, argv, input) => {
    const result = await cli(server, argv, { stdin: input });
    expect(result.code, result.stderr).toBe(2);
    expect(server.requests).toEqual([]);
  });
});

describe('a real process (built bin)', () => {
  it.each(['8', '32'])(
    '500 ids at --concurrency %s: no MaxListenersExceededWarning, 500 lines, exit 0',
    async (concurrency) => {
      server.on('PATCH /bookings/*', approved);
      const ids = Array.from({ length: 500 }, (_, i) => uuidFor(i + 1));
      const { dir, cleanup } = await tempConfigDir();
      try {
        const child = spawnTripctl(['bookings', 'approve', '-', '--concurrency', concurrency], {
          configDir: dir,
          env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY },
        });
        const { code, stdout, stderr } = await finish(child, `${ids.join('\n')}\n`);
        expect(code, stderr).toBe(0);
        expect(stderr).not.toContain('MaxListenersExceededWarning');
        expect(stderr).not.toMatch(/Warning/);
        expect(lines(stdout)).toHaveLength(500);
      } finally {
        await cleanup();
      }
    },
    60_000,
  );

  it('Ctrl-C while the service holds requests: in-flight ids are "unknown", apart from ids never sent; exit 130', async () => {
    server.on('PATCH /bookings/*', { fault: 'hold', after: { json: { booking: booking(0, { status: 'approved' }) } } });
    const ids = Array.from({ length: 10 }, (_, i) => uuidFor(i + 1));
    const { dir, cleanup } = await tempConfigDir();
    try {
      const child = spawnTripctl(['bookings', 'approve', '-', '--concurrency', '4'], {
        configDir: dir,
        env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY },
      });
      const finished = finish(child, `${ids.join('\n')}\n`);
      await server.waitForHeld(4);
      child.kill('SIGINT');
      const { code, stdout, stderr } = await finished;
      expect(code, stderr).toBe(130);
      const sent = new Set(server.seen('PATCH /bookings/*').map((req) => req.path.split('/')[2]));
      expect(sent.size).toBe(4);
      const all = `${stdout}\n${stderr}`.split('\n');
      for (const id of ids) {
        const about = all.filter((line) => line.includes(id));
        if (sent.has(id)) {
          expect(
            about.some((line) => line.includes('unknown: in flight when interrupted')),
            `${id}: ${about.join(' | ')}`,
          ).toBe(true);
        } else {
          expect(
            about.some((line) => line.includes('in flight')),
            `${id}: ${about.join(' | ')}`,
          ).toBe(false);
        }
      }
    } finally {
      await cleanup();
    }
  }, 30_000);
});

async function finish(
  child: ReturnType<typeof spawnTripctl>,
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const out: Buffer[] = [];
  const err: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => err.push(chunk));
  child.stdin!.on('error', () => {});
  child.stdin!.end(input);
  const timer = setTimeout(() => child.kill('SIGKILL'), 25_000);
  const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
  clearTimeout(timer);
  return { code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') };
}

describe('a bulk error line names the id once', () => {
  it.each<[string, (id: string) => Answer, string]>([
    [
      'the service names it in its message',
      (id) => ({ json: { error: `booking ${id} not found`, code: 'not_found' }, status: 404 }),
      'booking not found (HTTP 404, code not_found)',
    ],
    [
      'in upper case',
      (id) => ({ json: { error: `Booking ${id.toUpperCase()} is not requested` }, status: 409 }),
      'Booking is not requested (HTTP 409)',
    ],
    ['in a path', (id) => ({ json: { error: `PATCH /bookings/${id} refused` }, status: 422 }), 'PATCH /bookings/{id} refused (HTTP 422)'],
  ])('%s', async (_name, answer, message) => {
    const id = uuidFor(5);
    server.on('PATCH /bookings/*', () => answer(id));
    const result = await cli(server, ['bookings', 'approve', id]);
    expect(result.stderr.split('\n').filter((line) => line.startsWith('tripctl: '))).toEqual([`tripctl: ${id}: ${message}`]);
    expect(lines(result.stdout)).toEqual([`${id}\terror\t${message}`]);
  });
});
