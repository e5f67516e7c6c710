// The built tool in cron's environment (`env -i`: HOME and PATH only, no TZ, no TRIPCTL_*), on a
// machine whose zone is UTC: the first `auth login` saves the zone of the profile's country
// (Syria's), so the timetable's 08:00 leaves at 08:00 in Damascus, and a day typed in Arabic-Indic
// digits lists what the ASCII day lists (issue 34 §3, §4).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tripctl } from '../support/cli.js';
import { type Sandbox, startCheckedSandbox } from '../support/sandbox.js';

let sandbox: Sandbox;
let home: string;
beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0 });
  home = mkdtempSync(join(tmpdir(), 'tripctl-cron-home-'));
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(home, { recursive: true, force: true });
});

/** `env -i HOME=… PATH=…`: what cron gives a job (cleanEnv's LANG and TZ taken out). */
const cron = (args: string[], input?: string) =>
  tripctl(args, { env: { HOME: home, LANG: undefined, TZ: undefined }, input, timeoutMs: 30_000 });

it('auth login then trips publish --departure "D 08:00" from cron: sent as 08:00+03:00, listed by an Arabic-Indic day', async () => {
  const login = await cron(['auth', 'login', '--base-url', sandbox.baseUrl, '--with-key'], `${sandbox.keys.full}\n`);
  expect(login.code, login.stderr).toBe(0);
  expect(login.stderr).toContain('Local times are read and shown in Asia/Damascus');
  const config = JSON.parse(readFileSync(join(home, '.config', 'tripctl', 'config.json'), 'utf8'));
  expect(config.profiles.default.timezone).toBe('Asia/Damascus');

  const mark = sandbox.requests.length;
  const publish = await cron([
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
    '2027-02-10 08:00',
    '-o',
    'ids',
  ]);
  expect(publish.code, publish.stderr).toBe(0);
  expect(publish.stderr).toBe('');
  const posted = sandbox.requests.slice(mark).filter((r) => r.method === 'POST' && r.path.endsWith('/trips'));
  expect(posted.map((r) => JSON.parse(r.body).departureAt)).toEqual(['2027-02-10T08:00:00+03:00']);
  const id = publish.stdout.trim();

  const ascii = await cron(['trips', 'list', '--date', '2027-02-10', '-o', 'ids']);
  const arabic = await cron(['trips', 'list', '--date', '٢٠٢٧-٠٢-١٠', '-o', 'ids']);
  expect(ascii.stderr + arabic.stderr).toBe('');
  expect(ascii.stdout.split('\n')).toContain(id);
  expect(arabic.stdout).toBe(ascii.stdout);
});
