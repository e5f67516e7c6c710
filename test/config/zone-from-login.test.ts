// The zone from the first login (issue 34 §4): on a server whose system zone is UTC, `auth login`
// saves the zone of the profile's country (SY → Asia/Damascus, as phones assume) — never the
// system's — so cron's `trips publish --departure "D 08:00"` leaves at 08:00 in Damascus. A profile
// with no zone reads its country's; doctor warns about a zone that is not one of its country's.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { tempConfigDir } from '../support/cli.js';
import { fileSession } from '../support/sandbox.js';

const files = fileSession();
let dir: string;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ dir, cleanup } = await tempConfigDir());
});
afterAll(async () => {
  await cleanup?.();
});

/** cron's view: TZ=UTC (the test's clean environment), no terminal, no TRIPCTL_* but the config dir. */
const cron = { TRIPCTL_BASE_URL: undefined, TRIPCTL_API_KEY: undefined, TRIPCTL_TZ: undefined, TZ: 'UTC' };

it('auth login on a UTC machine saves Asia/Damascus, and a cron publish at 08:00 is sent as 08:00+03:00', async () => {
  const s = files.session;
  const login = await s.run(['auth', 'login', '--with-key'], {
    configDir: dir,
    input: `${s.sandbox.keys.full}\n`,
    env: { TRIPCTL_API_KEY: undefined, TRIPCTL_TZ: undefined, TZ: 'UTC' },
  });
  expect(login.code, login.stderr).toBe(0);
  expect(login.stderr).toContain('Local times are read and shown in Asia/Damascus');
  const profile = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')).profiles.default;
  expect(profile.timezone).toBe('Asia/Damascus');

  const mark = s.mark();
  const publish = await s.run(
    ['trips', 'publish', '--vehicle', 'DAM-123456', '--from', 'Damascus', '--to', 'Homs', '--price', '25000', '--fare-ok'].concat([
      '--departure',
      '2027-02-10 08:00',
    ]),
    { configDir: dir, env: cron },
  );
  expect(publish.code, publish.stderr).toBe(0);
  // Nothing said about the zone: it is known.
  expect(publish.stderr).not.toMatch(/zone|Asia\/Damascus/);
  const sent = s.since(mark).filter((r) => r.method === 'POST' && r.path.endsWith('/trips'));
  expect(sent.map((r) => JSON.parse(r.body).departureAt)).toEqual(['2027-02-10T08:00:00+03:00']);
});

it('--tz or TRIPCTL_TZ at login names another zone, which is saved', async () => {
  const s = files.session;
  for (const [extra, env] of [
    [['--tz', 'Asia/Beirut'], {}],
    [[], { TRIPCTL_TZ: 'Europe/Istanbul' }],
  ] as const) {
    const other = await tempConfigDir();
    try {
      const login = await s.run(['auth', 'login', '--with-key', ...extra], {
        configDir: other.dir,
        input: s.sandbox.keys.full,
        env: { TRIPCTL_API_KEY: undefined, TZ: 'UTC', ...env },
      });
      expect(login.code, login.stderr).toBe(0);
      const zone = JSON.parse(readFileSync(join(other.dir, 'config.json'), 'utf8')).profiles.default.timezone;
      expect(zone).toBe(extra.length ? 'Asia/Beirut' : 'Europe/Istanbul');
    } finally {
      await other.cleanup();
    }
  }
});
