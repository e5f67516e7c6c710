// End to end: the built bin/tripctl spawned as a user would (no TTY, a temporary config dir, a
// clean environment) against the scripted server — only what needs a real process: start-up and
// the version the build put in, a request with its headers, stdin and stdout as pipes (a slow
// reader, one that goes away), Ctrl-C.
// Every other command test runs in-process (test/commands/, test/config/, test/completion/).
// The bundle is rebuilt first when src/ is newer (test/support/fresh-bundle.ts).
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { spawnTripctl, tripctl, type CliOptions } from '../support/cli.js';
import { scriptedEach } from '../support/scripted-each.js';

const KEY = 'sk_test_a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PAYMENT_ID = '9d5e4c3b-2a19-4f08-8e7d-6c5b4a392817';
const { version } = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };

const each = scriptedEach(KEY);

const run = (args: string[], opts: CliOptions = {}) => tripctl(args, { configDir: each.dir, env: each.env, ...opts });

describe('the built tool', () => {
  test('--version prints the package version and nothing else', async () => {
    for (const flag of ['--version', '-V']) {
      const result = await run([flag]);
      expect(result).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
    }
  });

  test('api: --input - sends stdin as the body, as is', async () => {
    each.server.on('PATCH /company', { body: { company: { id: 'c1' } } });
    const body = '{"description":"Daily buses"}';
    const result = await run(['api', 'PATCH', 'company', '--input', '-'], { input: body });
    expect(result.code).toBe(0);
    expect(each.server.requests[0]!.body).toBe(body);
    expect(each.server.requests[0]!.headers['content-type']).toBe('application/json');
    // The version the build put in reaches the service too.
    expect(each.server.requests[0]!.headers['user-agent']).toBe(`tripctl/${version} node/${process.versions.node}`);
  });
});

describe('stdout as a pipe', () => {
  // Far more than a pipe holds (64 KiB on Linux), so the tool must wait for its reader.
  const MANY = {
    cities: Array.from({ length: 20_000 }, (_, i) => ({
      id: `0b3c8a6e-1111-4000-8000-${String(i).padStart(12, '0')}`,
      name: `City ${i}`,
      nameAr: 'حمص',
    })),
  };
  const rows = MANY.cities.map((c) => `${c.id}\t${c.name}\t${c.nameAr}\n`).join('');

  test('a large output reaches a slow reader whole before the process ends', async () => {
    each.server.on('GET /cities', { body: MANY });
    const result = await run(['cities', 'list']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toBe(rows);
  });

  test('a reader that goes away (`| head -1`) ends the run quietly with exit 0', async () => {
    each.server.on('GET /cities', { body: MANY });
    const child = spawnTripctl(['cities', 'list'], { configDir: each.dir, env: each.env });
    let first = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout!.once('data', (chunk: Buffer) => {
      first = chunk.toString('utf8');
      child.stdout!.destroy();
    });
    child.stdin!.end();
    const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
    expect(first.split('\n')[0]).toBe(rows.split('\n')[0]);
    expect(code).toBe(0);
    expect(stderr).toBe('');
  });
});

describe('many requests in flight', () => {
  test('bookings approve --concurrency 32 shares one Ctrl-C signal among its requests without a Node warning', async () => {
    const ids = Array.from({ length: 64 }, (_, i) => `6a7b8c9d-0e1f-4a2b-8c3d-${String(i).padStart(12, '0')}`);
    // Slow answers, so that every one of the 32 slots has a request waiting on the signal at once.
    each.server.queue(
      ...ids.map(() => (req: { path: string }) => ({ delayMs: 50, body: { booking: { id: req.path.split('/')[2], status: 'approved' } } })),
    );
    const result = await run(['bookings', 'approve', '-', '--concurrency', '32'], { input: ids.join('\n') });
    expect(result.stderr).not.toMatch(/Warning/);
    expect(result.stderr.trim()).toBe('approved 64 of 64');
    expect(result.code).toBe(0);
    expect(
      result.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')[0]),
    ).toEqual(ids);
  });
});

describe('Ctrl-C', () => {
  test('SIGINT during a request that never answers → exit 130', async () => {
    each.server.on('GET /company', { kind: 'hang' });
    const child = spawnTripctl(['company', 'get'], { configDir: each.dir, env: each.env });
    const closed = exited(child);
    await waitUntil(() => each.server.requests.length === 1);
    child.kill('SIGINT');
    const { code, stderr } = await closed;
    expect(code).toBe(130);
    expect(stderr).toBe('tripctl: interrupted\n');
  });

  test('SIGINT while ids are still being read from stdin → exit 130 and nothing sent, not an empty queue', async () => {
    const child = spawnTripctl(['bookings', 'approve', '-'], { configDir: each.dir, env: each.env });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    // stdin stays open, as with `sleep 30 | tripctl bookings approve -`.
    child.stdin!.write('');
    const code = await new Promise<number | null>((resolve) => {
      child.on('close', (c) => resolve(c));
      setTimeout(() => child.kill('SIGINT'), 300);
    });
    expect(code).toBe(130);
    expect(stderr).toBe('tripctl: interrupted\n');
    expect(each.server.requests).toHaveLength(0);
  });

  test('SIGINT during a download → exit 130 and no file, not even a partial one', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'tripctl-dl-e2e-'));
    try {
      each.server.on(`GET /payments/${PAYMENT_ID}/invoice.pdf`, {
        kind: 'stall',
        body: Buffer.alloc(32 * 1024, 0x25),
        headers: { 'content-type': 'application/pdf', 'content-length': String(1024 * 1024) },
      });
      const child = spawnTripctl(['payments', 'invoice', PAYMENT_ID, '--file', 'invoice.pdf'], { configDir: each.dir, env: each.env, cwd });
      const closed = exited(child);
      // Wait until the partial file is really being written, then interrupt.
      await waitUntil(() => readdirSync(cwd).some((name) => name.endsWith('.part')));
      child.kill('SIGINT');
      const { code } = await closed;
      expect(code).toBe(130);
      expect(readdirSync(cwd)).toEqual([]);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});

function exited(child: ReturnType<typeof spawnTripctl>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  child.stdin!.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  return new Promise((resolve) =>
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    }),
  );
}

async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
