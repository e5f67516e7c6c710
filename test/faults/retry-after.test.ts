// Retry-After: honoured up to the 60 s cap, refused at once beyond it with the wait the service
// asked for named; 429 ends in exit 6 and 503 in exit 1 on every path (retries spent, wait refused,
// no retries at all), in plain calls, bulk moves and downloads alike.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type Answer, type HostileServer } from './hostile-server.js';
import { booking, cli, errorLines, page, uuidFor } from './support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

const GOOD: Answer = { json: page('trips', 1, 25, 1) };
const httpDate = (msFromNow: number) => new Date(Date.now() + msFromNow).toUTCString();
const busy = (status: number, retryAfter?: string): Answer => ({
  json: { error: status === 429 ? 'slow down' : 'down for maintenance', code: status === 429 ? 'rate_limited' : 'maintenance' },
  status,
  headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter },
});

/** Waits the client takes, then succeeds: [name, status, Retry-After, shortest gap between the tries]. */
const HONOURED: Array<[string, number, () => string, number]> = [
  ['1 second (429)', 429, () => '1', 900],
  ['1 second (503)', 503, () => '1', 900],
  ['an HTTP date 2 s ahead (503)', 503, () => httpDate(2_000), 900],
  ['an HTTP date in the past (429)', 429, () => httpDate(-60_000), 0],
  ['0 (429)', 429, () => '0', 0],
  ['garbage (429): the usual backoff', 429, () => 'soon-ish', 0],
  ['a negative number (503): the usual backoff', 503, () => '-5', 0],
  ['a fraction (429): the usual backoff', 429, () => '0.5', 0],
];

/** Waits beyond the cap: [name, status, Retry-After, exit code, what the message names]. */
const REFUSED: Array<[string, number, () => string, number, RegExp]> = [
  ['120 s (429)', 429, () => '120', 6, /120 s/],
  ['120 s (503)', 503, () => '120', 1, /120 s/],
  ['61 s, just over the cap (429)', 429, () => '61', 6, /61 s/],
  ['an HTTP date 2 minutes ahead (503)', 503, () => httpDate(120_000), 1, /1[12]\d s/],
  ['a day (429)', 429, () => '86400', 6, /86400 s|24 h|1 day/],
];

/** Busy answers every time: [name, status, Retry-After, --retries, exit code, requests seen]. */
const SPENT: Array<[string, number, string | undefined, number, number, number]> = [
  ['429, no retries', 429, undefined, 0, 6, 1],
  ['429 after --retries 1', 429, undefined, 1, 6, 2],
  ['429 with Retry-After 0 after --retries 2', 429, '0', 2, 6, 3],
  ['503, no retries', 503, undefined, 0, 1, 1],
  ['503 after --retries 1', 503, undefined, 1, 1, 2],
  ['503 with Retry-After 0 after --retries 2', 503, '0', 2, 1, 3],
  ['502 after --retries 1', 502, undefined, 1, 1, 2],
  ['504 after --retries 1', 504, undefined, 1, 1, 2],
];

describe('Retry-After within the cap is honoured', () => {
  it.each(HONOURED)(
    '%s: exit 0 after 2 requests',
    async (_name, status, retryAfter, minGapMs) => {
      server.on('GET /trips', (_req, nth) => (nth === 0 ? busy(status, retryAfter()) : GOOD));
      const result = await cli(server, ['trips', 'list', '-o', 'ids', '--retries', '1']);
      expect(result.code, result.stderr).toBe(0);
      const [first, second] = server.seen('GET /trips');
      expect(second).toBeDefined();
      // The wait the service asked for is a lower bound: the second try may not come sooner.
      expect(second!.at - first!.at).toBeGreaterThanOrEqual(minGapMs);
    },
    15_000,
  );
});

describe('Retry-After beyond the 60 s cap fails at once, naming the wait', () => {
  it.each(REFUSED)('%s', async (_name, status, retryAfter, exitCode, named) => {
    server.on('GET /trips', busy(status, retryAfter()));
    const started = Date.now();
    const result = await cli(server, ['trips', 'list', '--retries', '3']);
    expect(result.code, result.stderr).toBe(exitCode);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(server.seen('GET /trips')).toHaveLength(1);
    const errors = errorLines(result.stderr);
    expect(errors, result.stderr).toHaveLength(1);
    expect(result.stderr).toMatch(named);
  });
});

describe('429 is exit 6 and 503 exit 1 once retries are spent', () => {
  it.each(SPENT)('%s', async (_name, status, retryAfter, retries, exitCode, requests) => {
    server.on('GET /trips', busy(status, retryAfter));
    const result = await cli(server, ['trips', 'list', '--retries', String(retries)]);
    expect(result.code, result.stderr).toBe(exitCode);
    expect(server.seen('GET /trips')).toHaveLength(requests);
    expect(errorLines(result.stderr)).toHaveLength(1);
  });
});

describe('the same codes through bulk moves and downloads', () => {
  it.each<[number, string | undefined, number, number]>([
    [429, undefined, 6, 2],
    [503, undefined, 1, 2],
    [429, '120', 6, 1],
    [503, '120', 1, 1],
  ])('bookings approve meeting %i (Retry-After %s): exit %i, %i requests', async (status, retryAfter, exitCode, requests) => {
    server.on('PATCH /bookings/*', busy(status, retryAfter));
    const result = await cli(server, ['bookings', 'approve', uuidFor(5), '--retries', '1']);
    expect(result.code, result.stderr).toBe(exitCode);
    expect(server.seen('PATCH /bookings/*')).toHaveLength(requests);
  });

  it.each<[number, string | undefined, number, number]>([
    [429, undefined, 6, 2],
    [503, undefined, 1, 2],
    [429, '120', 6, 1],
    [503, '120', 1, 1],
  ])('payments invoice meeting %i (Retry-After %s): exit %i, %i requests, no file', async (status, retryAfter, exitCode, requests) => {
    server.on('GET /payments/*/invoice.pdf', busy(status, retryAfter));
    const dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-'));
    try {
      const result = await cli(server, ['payments', 'invoice', uuidFor(9), '--file', 'inv.pdf', '--retries', '1'], { cwd: dir });
      expect(result.code, result.stderr).toBe(exitCode);
      expect(server.seen('GET /payments/*/invoice.pdf')).toHaveLength(requests);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a 429 on page 2 of a walk, Retry-After 0: the walk goes on, every item once', async () => {
    server.on('GET /trips', (req) => {
      const n = Number(req.query.page);
      const again = server.seen('GET /trips').filter((r) => r.query.page === String(n)).length > 1;
      return n === 2 && !again ? busy(429, '0') : { json: page('trips', n, 10, 30) };
    });
    const result = await cli(server, ['trips', 'list', '--all', '--per-page', '10', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(0);
    expect(new Set(result.stdout.trim().split('\n')).size).toBe(30);
    expect(server.seen('GET /trips').map((r) => r.query.page)).toEqual(['1', '2', '2', '3']);
  });

  it('a 429 on page 2 of a walk asking for 120 s: exit 6 at once', async () => {
    server.on('GET /trips', (req) => (req.query.page === '2' ? busy(429, '120') : { json: page('trips', Number(req.query.page), 10, 30) }));
    const result = await cli(server, ['trips', 'list', '--all', '--per-page', '10', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).toMatch(/120 s/);
    expect(server.seen('GET /trips')).toHaveLength(2);
  });

  it('a success after a 429 in a bulk move is a success', async () => {
    server.on('PATCH /bookings/*', (_req, nth) => (nth === 0 ? busy(429, '0') : { json: { booking: booking(5, { status: 'approved' }) } }));
    const result = await cli(server, ['bookings', 'approve', uuidFor(5), '--retries', '1']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${uuidFor(5)}\tapproved\n`);
  });
});
