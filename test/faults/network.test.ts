// A network that breaks at every stage: refused, reset before headers, after headers, in the
// middle of the body, a hang, a drip. Retry-safe requests are tried again after any reset; the
// time-out is a deadline for the whole request; every failure without an answer is exit 7.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { closedPort } from '../support/scripted-server.js';
import { runInProcess } from '../support/context.js';
import { startHostileServer, type Answer, type HostileServer } from './hostile-server.js';
import { cli, errorLines, KEY, lines, page, trip } from './support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

const GOOD: Answer = { json: page('trips', 1, 25, 2) };
const GOOD_TEXT = JSON.stringify(GOOD.json);

/** Faults that break a GET before a whole answer arrived; each is retried like a refused connect. */
const BREAKS: Array<[string, Answer]> = [
  ['a reset before the headers', { fault: 'reset-before-headers' }],
  ['a reset after the headers', { fault: 'reset-after-headers' }],
  ['a reset in the middle of the body', { fault: 'reset-mid-body', body: GOOD_TEXT }],
  [
    'a body shorter than its Content-Length',
    { fault: 'truncate', declared: GOOD_TEXT.length + 100, body: Buffer.from(GOOD_TEXT), headers: { 'content-type': 'application/json' } },
  ],
];

describe('a broken answer to a GET is tried again', () => {
  it.each(BREAKS)('%s, then a good answer: exit 0 with the data, 2 requests seen', async (_name, fault) => {
    server.on('GET /trips', (_req, nth) => (nth === 0 ? fault : GOOD));
    const result = await cli(server, ['trips', 'list', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([trip(1).id, trip(2).id]);
    expect(server.seen('GET /trips')).toHaveLength(2);
  });

  it.each(BREAKS)('%s every time, --retries 2: exit 7 after 3 requests, one line', async (_name, fault) => {
    server.on('GET /trips', fault);
    const result = await cli(server, ['trips', 'list', '--retries', '2']);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stdout).toBe('');
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(server.seen('GET /trips')).toHaveLength(3);
  });
});

describe('a broken page in the middle of a walk is tried again, and nothing is lost or doubled', () => {
  it.each(BREAKS)('page 2 of 3 meets %s once: exit 0, every id once', async (_name, fault) => {
    const pages = [1, 2, 3].map((n) => JSON.stringify(page('trips', n, 10, 30)));
    server.on('GET /trips', (req) => {
      const n = Number(req.query.page);
      if (n === 2 && server.seen('GET /trips').filter((r) => r.query.page === '2').length === 1) {
        if ('declared' in fault) return { ...fault, body: Buffer.from(pages[1]!), declared: pages[1]!.length + 100 };
        if ('body' in fault) return { ...fault, body: pages[1]! };
        return fault;
      }
      return { raw: pages[n - 1]!, headers: { 'content-type': 'application/json' } };
    });
    const result = await cli(server, ['trips', 'list', '--all', '--per-page', '10', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)).toEqual(Array.from({ length: 30 }, (_, i) => trip(i + 1).id));
    expect(server.seen('GET /trips').map((r) => r.query.page)).toEqual(['1', '2', '2', '3']);
  });
});

describe('a request that is not safe to repeat is not repeated once it reached the service', () => {
  it.each(BREAKS.slice(1, 3))('PATCH /company with %s: one request, exit 7', async (_name, fault) => {
    server.on('PATCH /company', fault);
    const result = await cli(server, ['company', 'update', '--description', 'new text']);
    expect(result.code, result.stderr).toBe(7);
    expect(server.seen('PATCH /company')).toHaveLength(1);
  });
});

describe('time-outs are deadlines', () => {
  it('a server that drips one byte every 200 ms for ever: exit 7 after about --timeout 1', async () => {
    server.on('GET /trips', { fault: 'drip', everyMs: 200 });
    const started = Date.now();
    const result = await cli(server, ['trips', 'list', '--timeout', '1', '--retries', '0']);
    const elapsed = Date.now() - started;
    expect(result.code, result.stderr).toBe(7);
    expect(result.stdout).toBe('');
    expect(errorLines(result.stderr)[0]).toMatch(/time-?out|timed out|within 1 s/i);
    expect(elapsed).toBeLessThan(10_000);
    expect(server.seen('GET /trips')).toHaveLength(1);
  }, 20_000);

  it('the drip with the default retries still ends well before 10 s', async () => {
    server.on('GET /trips', { fault: 'drip', everyMs: 200 });
    const started = Date.now();
    const result = await cli(server, ['trips', 'list', '--timeout', '1']);
    expect(result.code, result.stderr).toBe(7);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it('a drip in the middle of a download is cut at the deadline too, and leaves no file', async () => {
    server.on('GET /reports/export', { fault: 'drip', everyMs: 200 });
    const dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-'));
    try {
      const started = Date.now();
      const result = await cli(
        server,
        ['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', 'out.csv', '--timeout', '1', '--retries', '0'],
        { cwd: dir },
      );
      expect(result.code, result.stderr).toBe(7);
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 20_000);

  it('headers and half a body, then silence: exit 7 at the deadline', async () => {
    server.on('GET /trips', {
      fault: 'gate',
      first: Buffer.from(GOOD_TEXT.slice(0, 40)),
      rest: Buffer.from(GOOD_TEXT.slice(40)),
      headers: { 'content-type': 'application/json' },
      release: new Promise<void>(() => {}),
    });
    const started = Date.now();
    const result = await cli(server, ['trips', 'list', '--timeout', '1', '--retries', '0']);
    expect(result.code, result.stderr).toBe(7);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 20_000);

  it('a drip on the second page of a walk: exit 7 at the deadline', async () => {
    server.on('GET /trips', (req) =>
      req.query.page === '2' ? { fault: 'drip', everyMs: 200 } : { json: page('trips', Number(req.query.page), 10, 30) },
    );
    const result = await cli(server, ['trips', 'list', '--all', '--per-page', '10', '--timeout', '1', '--retries', '0', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(7);
    expect(server.seen('GET /trips')).toHaveLength(2);
  }, 20_000);

  it('a server that never answers: exit 7 naming the time-out', async () => {
    server.on('GET /trips', { fault: 'hang' });
    const result = await cli(server, ['trips', 'list', '--timeout', '1', '--retries', '0']);
    expect(result.code, result.stderr).toBe(7);
    expect(errorLines(result.stderr)[0]).toMatch(/time-?out|timed out|within 1 s/i);
  }, 20_000);
});

describe('no service at all', () => {
  it('a refused connection: exit 7, tried 1 + --retries times (nothing listens, nothing to count)', async () => {
    const port = await closedPort();
    const result = await runInProcess(['trips', 'list', '--retries', '1'], {
      env: { TRIPCTL_BASE_URL: `http://127.0.0.1:${port}/api/partner/v1`, TRIPCTL_API_KEY: KEY },
    });
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toMatch(/refused/);
  });
});
