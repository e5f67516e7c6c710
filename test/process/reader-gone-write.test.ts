// A write verb whose reader of stdout is gone before it answers (`tripctl trips publish … | { exec
// 0<&-; sleep 1; }`): the trip is made, and its id, lost with stdout, is said on stderr; the run
// ends with 130, as the README's exit codes say, never 0 (a read keeps 0: hangup.test.ts). Real processes of the built bin/tripctl: the closed pipe (EPIPE) is the point.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { spawnTripctl } from '../support/cli.js';
import { type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-reader-gone-write-'));
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The command with its stdout's reader gone from the start, as `| { exec 0<&-; sleep 1; }`. */
async function withReaderGone(argv: string[]): Promise<{ code: number | null; stderr: string }> {
  const child = spawnTripctl(argv, { configDir: dir, env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full } });
  child.stdout!.destroy();
  child.stdin!.end();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stderr };
}

const publish = (departure: string) => [
  'trips',
  'publish',
  '--vehicle',
  'DAM-123456',
  '--from',
  'Damascus',
  '--to',
  'Homs',
  '--price',
  '25000',
  '--fare-ok',
  '--departure',
  departure,
];

it('trips publish: exit 130, and stderr names the trip it made', async () => {
  const mark = sandbox.requests.length;
  const { code, stderr } = await withReaderGone(publish('2027-03-10 08:00'));
  expect(code, stderr).toBe(130);
  const posts = sandbox.requests.slice(mark).filter((r) => r.method === 'POST' && r.path === '/trips');
  expect(posts).toHaveLength(1);
  const { trips } = await sandboxApi(sandbox)('GET', '/trips?perPage=100');
  const made = trips.find((t: { departureAt: string }) => t.departureAt.startsWith('2027-03-10T05:00'));
  expect(made, stderr).toBeDefined();
  expect(stderr.trim().split('\n')).toEqual([
    'tripctl: interrupted: the reader of the output went away',
    `done: POST /trips → trip ${made.id}`,
  ]);
}, 30_000);
