// Output is never cut short: through a real pipe read slowly, every format of a multi-page walk
// arrives whole — the same bytes as the same command writes to a file — on success and on failure
// alike. A write error other than a closed pipe is exit 1; a reader that goes away is a normal end.
// These need a real process (built bin): in-process buffers never push back.
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT } from '../support/cli.js';
import { startHostileServer, type HostileServer } from '../faults/hostile-server.js';
import { KEY, lines, page } from '../faults/support.js';

const TOTAL = 6_000;
const PER_PAGE = 100;
/** The page the service holds when a walk is interrupted: the pages before it are ~1 MB of output. */
const HOLD_AT = 41;
/** Pages after which the failing walk meets a 500. */
const GOOD_PAGES = 30;

let server: HostileServer;
let dir: string;
beforeAll(async () => {
  server = await startHostileServer();
  server.on('GET /trips', (req) => ({ json: page('trips', Number(req.query.page ?? 1), Number(req.query.perPage ?? 25), TOTAL) }));
  server.on('GET /bookings', (req) => {
    const n = Number(req.query.page ?? 1);
    return n > GOOD_PAGES
      ? { json: { error: 'database on fire', code: 'internal' }, status: 500 }
      : { json: page('bookings', n, Number(req.query.perPage ?? 25), TOTAL) };
  });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-pipes-'));
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function start(args: string[], stdout: 'pipe' | number): ChildProcess {
  return spawn(process.execPath, [BIN, ...args], {
    cwd: ROOT,
    env: cleanEnv(dir, { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY }),
    stdio: ['ignore', stdout, 'pipe'],
  });
}

function ended(child: ChildProcess): Promise<number | null> {
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve(code);
    }),
  );
}

function collect(stream: NodeJS.ReadableStream | null): () => string {
  const chunks: Buffer[] = [];
  stream?.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString('utf8');
}

/** Reads the child's stdout a chunk at a time with a pause after each, so the pipe fills up. */
async function throughSlowPipe(args: string[]): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const child = start(args, 'pipe');
  const stderr = collect(child.stderr);
  const chunks: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => {
    chunks.push(chunk);
    child.stdout!.pause();
    setTimeout(() => child.stdout!.resume(), 15);
  });
  const code = await ended(child);
  return { code, stdout: Buffer.concat(chunks), stderr: stderr() };
}

async function toFile(args: string[], name: string): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  try {
    const child = start(args, fd);
    const stderr = collect(child.stderr);
    const code = await ended(child);
    return { code, stdout: readFileSync(path), stderr: stderr() };
  } finally {
    closeSync(fd);
  }
}

/**
 * The format's flags: the table piped is asked for by leaving -o out (its script lines, streamed);
 * `-o table` by name is the person's table, which needs every row first.
 */
const output = (format: string): string[] => (format === 'table' ? [] : ['-o', format]);

/** Formats and the records each must hold for TOTAL trips: [format, count]. */
const PIPED_FORMATS: Array<[string, (out: string) => number]> = [
  ['json', (out) => (JSON.parse(out) as unknown[]).length],
  ['ndjson', (out) => lines(out).length],
  ['csv', (out) => lines(out, { crlf: true }).length - 1],
  ['table', (out) => lines(out).length],
  ['ids', (out) => lines(out).length],
];

describe('a walk of 60 pages through a slow reader (built bin)', () => {
  it.each(PIPED_FORMATS)(
    'trips list --all, %s: whole, byte for byte the file’s output, exit 0',
    async (format, count) => {
      const args = ['trips', 'list', '--all', '--per-page', String(PER_PAGE), ...output(format)];
      const piped = await throughSlowPipe(args);
      const filed = await toFile(args, `trips.${format}`);
      expect(filed.code, filed.stderr).toBe(0);
      expect(piped.code, piped.stderr).toBe(0);
      expect(piped.stderr).toBe('');
      expect(count(filed.stdout.toString('utf8'))).toBe(TOTAL);
      expect(piped.stdout.length).toBe(filed.stdout.length);
      expect(count(piped.stdout.toString('utf8'))).toBe(TOTAL);
    },
    120_000,
  );

  it.each(['ndjson', 'csv', 'table', 'ids'])(
    'bookings list --all, %s, failing at page 31: every earlier record arrives, then the error; exit 1',
    async (format) => {
      const args = ['bookings', 'list', '--all', '--per-page', String(PER_PAGE), ...output(format), '--retries', '0'];
      const piped = await throughSlowPipe(args);
      const filed = await toFile(args, `bookings.${format}`);
      expect(filed.code, filed.stderr).toBe(1);
      expect(piped.code, piped.stderr).toBe(1);
      expect(piped.stderr).toMatch(/^tripctl: database on fire \(HTTP 500, code internal\)$/m);
      expect(piped.stdout.length).toBe(filed.stdout.length);
      expect(lines(piped.stdout.toString('utf8'), { crlf: true }).length).toBe(GOOD_PAGES * PER_PAGE + (format === 'csv' ? 1 : 0));
    },
    120_000,
  );
});

describe('Ctrl-C in the middle of a walk through a slow reader (built bin)', () => {
  it.each(['ndjson', 'csv', 'table', 'ids'])(
    '%s: every line printed before the interrupt arrives whole; exit 130',
    async (format) => {
      const held = await startHostileServer();
      try {
        held.on('GET /trips', (req) => {
          const n = Number(req.query.page ?? 1);
          const answer = { json: page('trips', n, PER_PAGE, TOTAL) };
          return n === HOLD_AT ? { fault: 'hold', after: answer } : answer;
        });
        const child = spawn(process.execPath, [BIN, 'trips', 'list', '--all', '--per-page', String(PER_PAGE), ...output(format)], {
          cwd: ROOT,
          env: cleanEnv(dir, { TRIPCTL_BASE_URL: held.baseUrl, TRIPCTL_API_KEY: KEY }),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const stderr = collect(child.stderr);
        const chunks: Buffer[] = [];
        child.stdout!.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          child.stdout!.pause();
          setTimeout(() => child.stdout!.resume(), 15);
        });
        const code = ended(child);
        await held.waitForHeld(1);
        child.kill('SIGINT');
        expect(await code, stderr()).toBe(130);
        const out = Buffer.concat(chunks).toString('utf8');
        expect(out.endsWith('\n')).toBe(true);
        expect(lines(out, { crlf: true })).toHaveLength((HOLD_AT - 1) * PER_PAGE + (format === 'csv' ? 1 : 0));
        expect(stderr()).toMatch(/^tripctl: interrupted/m);
      } finally {
        await held.close();
      }
    },
    60_000,
  );
});

describe('write errors and readers that go away (built bin)', () => {
  it('stdout on a full disk (/dev/full): exit 1 with one line, no stack trace', async () => {
    const fd = openSync('/dev/full', 'w');
    try {
      const before = server.seen('GET /trips').length;
      const child = start(['trips', 'list', '--all', '--per-page', String(PER_PAGE), '-o', 'json'], fd);
      const stderr = collect(child.stderr);
      const code = await ended(child);
      expect(code, stderr()).toBe(1);
      expect(stderr()).toMatch(/^tripctl: /);
      expect(stderr()).not.toMatch(/\n\s+at /);
      // The walk stops at the first refused write, as for a reader gone: not all 60 pages asked for.
      expect(server.seen('GET /trips').length - before).toBeLessThanOrEqual(3);
    } finally {
      closeSync(fd);
    }
  }, 60_000);

  it('stdout on a full disk for a command that sends no request (--version, completion, help reference): exit 1, one line', async () => {
    // Such a command was done before the device's refusal arrived, and ended 0 with an empty file.
    for (const args of [['--version'], ['completion', 'bash'], ['help', 'reference']]) {
      const fd = openSync('/dev/full', 'w');
      try {
        const child = start(args, fd);
        const stderr = collect(child.stderr);
        expect(await ended(child), `${args.join(' ')}: ${stderr()}`).toBe(1);
        expect(stderr()).toBe('tripctl: cannot write the output: ENOSPC: no space left on device, write\n');
      } finally {
        closeSync(fd);
      }
    }
  }, 60_000);

  it('a reader that stops after the first chunk (`| head -c`): exit 0, nothing on stderr', async () => {
    const child = start(['trips', 'list', '--all', '--per-page', String(PER_PAGE), '-o', 'ndjson'], 'pipe');
    const stderr = collect(child.stderr);
    child.stdout!.once('data', () => child.stdout!.destroy());
    const code = await ended(child);
    expect(code, stderr()).toBe(0);
    expect(stderr()).toBe('');
  }, 60_000);
});
