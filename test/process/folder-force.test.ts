// The built tool saving a trip's tickets into folders people care about: `--force` replaces the
// tickets it wrote before and nothing else, whether the folder is named, `.` or `~`.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tripctl } from '../support/cli.js';
import { newTrip, type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

let sandbox: Sandbox;
let dir: string;
let tripId: string;

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-process-folder-'));
  const api = sandboxApi(sandbox);
  const trip = await newTrip(sandbox, { departureAt: '2027-04-01T05:00:00Z', totalSeats: 4 });
  tripId = trip.id;
  for (const i of [0, 1]) {
    const { booking } = await api('POST', '/bookings', { tripId, seats: 1, phone: `+96394477010${i}`, fullName: `Rider ${i}` });
    await api('PATCH', `/bookings/${booking.id}`, { status: 'approved' });
  }
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('docs, . and ~ keep every file and subfolder through --all --force, run twice', async () => {
  const home = join(dir, 'home');
  const docs = join(home, 'docs');
  mkdirSync(join(docs, 'drafts'), { recursive: true });
  writeFileSync(join(docs, 'thesis.txt'), 'four years of work');
  writeFileSync(join(docs, 'drafts', 'v1.txt'), 'draft');
  writeFileSync(join(home, '.bashrc'), 'PS1=$');
  const env = { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full, HOME: home };
  const folder = `tickets-${tripId.slice(0, 8)}`;
  for (const [cwd, file] of [
    [home, 'docs'],
    [docs, '.'],
    [dir, '--file=~'],
  ] as const)
    for (const pass of [1, 2]) {
      const args = ['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', '--force'];
      const run = await tripctl(file.startsWith('--') ? [...args, file] : [...args, '--file', file], {
        env,
        cwd,
        configDir: join(dir, 'config'),
      });
      expect(run.code, `${file} pass ${pass}: ${run.stderr}`).toBe(0);
      expect(run.stdout.trim()).toBe(join(file === '--file=~' ? home : docs, folder));
    }
  expect(readdirSync(docs).sort()).toEqual(['drafts', 'thesis.txt', folder]);
  expect(readFileSync(join(docs, 'thesis.txt'), 'utf8')).toBe('four years of work');
  expect(readFileSync(join(docs, 'drafts', 'v1.txt'), 'utf8')).toBe('draft');
  expect(readdirSync(join(docs, folder))).toHaveLength(2);
  expect(readdirSync(home).sort()).toEqual(['.bashrc', 'docs', folder]);
  expect(readFileSync(join(home, '.bashrc'), 'utf8')).toBe('PS1=$');
}, 120_000);
