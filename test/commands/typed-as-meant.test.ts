// What nobody watches means what was meant (issue 27), against the sandbox: digits in either
// script, phones valid or refused, no city guessed from a short or common word, a spreadsheet row
// read exactly or refused, and the same instants from a terminal and from cron's bare environment.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolsFor } from '../../src/cmdkit/run-operation.js';
import { CliError, ExitCode } from '../../src/errors.js';
import { CITY_ALTERNATIVE_NAMES } from '../../src/input/city-names.js';
import { COMMON_WORDS } from '../../src/input/common-words.js';
import { testContext } from '../support/context.js';
import { openSession, type SandboxSession } from '../support/sandbox.js';

let session: SandboxSession;
let dir: string;
beforeAll(async () => {
  session = await openSession();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-typed-'));
});
afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

const posts = (mark: number, path: string) =>
  session
    .since(mark)
    .filter((r) => r.method === 'POST' && r.path.endsWith(path))
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);

describe('digits as people type them', () => {
  it('--price ١٨٠٠٠ publishes 1800000 minor units; seats and the departure in Arabic-Indic digits too', async () => {
    const mark = session.mark();
    const args = ['trips', 'publish', '--vehicle', 'DAM-123456', '--from', 'Homs', '--to', 'Hama', '--yes'];
    const result = await session.run([...args, '--departure', '٢٠٢٧-٠٢-٠١ ٠٨:٣٠', '--price', '١٨٠٠٠', '--seats', '١٠', '--tz', 'UTC']);
    expect(result.code, result.stderr).toBe(0);
    expect(posts(mark, '/trips')).toEqual([
      expect.objectContaining({ pricePerSeat: 1800000, totalSeats: 10, departureAt: '2027-02-01T08:30:00+00:00' }),
    ]);
  });

  it("--phone '٠٩٤٤ ١٢٣ ٤٥٦' books +963944123456", async () => {
    const [trip] = await session.json<Array<{ id: string }>>(['trips', 'list', '--status', 'published', '--limit', '1']);
    const mark = session.mark();
    const result = await session.run(['bookings', 'create', '--trip', trip!.id, '--seats', '١', '--phone', '٠٩٤٤ ١٢٣ ٤٥٦', '--yes']);
    expect(result.code, result.stderr).toBe(0);
    expect(posts(mark, '/bookings')).toEqual([expect.objectContaining({ phone: '+963944123456', seats: 1 })]);
  });

  it("--phone '0944 12 34' is exit 2 saying what is wrong and the country assumed, nothing sent", async () => {
    const [trip] = await session.json<Array<{ id: string }>>(['trips', 'list', '--status', 'published', '--limit', '1']);
    const mark = session.mark();
    const result = await session.run(['bookings', 'create', '--trip', trip!.id, '--seats', '1', '--phone', '0944 12 34', '--yes']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toBe(
      "tripctl: --phone: '0944 12 34' has too few digits for a mobile number in Syria (SY): 7 digits after the leading 0, where one has 9 (such as 0944 567 890)\n" +
        "hint: read in Syria (SY), the profile's 'country' setting; a number of another country is written with its code (+…)\n",
    );
    expect(session.since(mark).filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('no guessing on short words', () => {
  it('--from All is exit 2 with nothing sent', async () => {
    const mark = session.mark();
    const result = await session.run(['trips', 'list', '--from', 'All', '-o', 'json']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain("tripctl: --from: 'All' is a common word, not one of the cities");
    expect(session.since(mark).filter((r) => r.path.endsWith('/trips'))).toEqual([]);
  });

  it('دیر الزور (a Persian keyboard) and طرطوس، (with its comma) resolve', async () => {
    const mark = session.mark();
    const args = ['trips', 'publish', '--vehicle', 'DAM-204518', '--departure', '2027-02-02 08:30', '--price', '18000', '--yes'];
    const result = await session.run([...args, '--from', 'دیر الزور', '--to', 'طرطوس،']);
    expect(result.code, result.stderr).toBe(0);
    expect(posts(mark, '/trips')).toEqual([expect.objectContaining({ fromCityId: 'deir-ez-zor', toCityId: 'tartus' })]);
  });

  it('a vehicle by its plate alike: in Arabic-Indic digits it resolves; a common word or two letters is refused', async () => {
    const args = [
      'trips',
      'publish',
      '--from',
      'Homs',
      '--to',
      'Hama',
      '--departure',
      '2027-02-03 08:30',
      '--price',
      '18000',
      '--tz',
      'UTC',
    ];
    const vehicles = await session.json<Array<{ id: string; plate: string }>>(['vehicles', 'list']);
    const sent = session.mark();
    const published = await session.run([...args, '--vehicle', 'dam-٥٠٢٢٩١', '--yes']);
    expect(published.code, published.stderr).toBe(0);
    expect(posts(sent, '/trips')).toEqual([expect.objectContaining({ vehicleId: vehicles.find((v) => v.plate === 'DAM-502291')!.id })]);
    for (const [typed, message] of [
      ['any', "tripctl: --vehicle: 'any' is a common word, not one of the vehicles"],
      ['DA', "tripctl: --vehicle: no vehicle 'DA'"],
      ['DAM', "tripctl: --vehicle 'DAM' matches"],
    ]) {
      const mark = session.mark();
      const result = await session.run([...args, '--vehicle', typed!, '--yes']);
      expect(result.code, typed).toBe(ExitCode.usage);
      expect(result.stderr, typed).toContain(message);
      expect(session.since(mark).filter((r) => r.method === 'POST')).toEqual([]);
    }
  });

  it('every city of the sandbox and a list of common words through the resolver: no word finds a city it does not name', async () => {
    const cities = await session.json<Array<{ id: string; name: string; nameAr: string }>>(['cities', 'list']);
    const t = testContext({ env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full } });
    const resolve = async (typed: string) => {
      try {
        return await toolsFor(t.ctx).resolver.city('--from', typed);
      } catch (error) {
        expect(error, typed).toBeInstanceOf(CliError);
        expect((error as CliError).exitCode, typed).toBe(ExitCode.usage);
        return undefined;
      }
    };
    try {
      for (const word of COMMON_WORDS) expect(await resolve(word), word).toBeUndefined();
      for (const word of COMMON_WORDS) expect(await resolve(word.toUpperCase()), word).toBeUndefined();
      for (const city of cities) {
        const names = [city.id, city.name, city.nameAr, ...(CITY_ALTERNATIVE_NAMES[city.id] ?? [])];
        for (const name of names) expect(await resolve(name), name).toBe(city.id);
        for (const name of names) {
          // Every start of every name: shorter than three letters is never read; longer is this city or refused.
          for (let n = 1; n < [...name].length; n++) {
            const start = [...name].slice(0, n).join('');
            const found = await resolve(start);
            if (found !== undefined) {
              expect(found, `'${start}' (a start of ${name})`).toBe(city.id);
              expect(start.replace(/^(al|as|ad|ar|az|at|el|es|ed|er|ez|et|ash|esh)[-\s’']|^ال/i, '').length, start).toBeGreaterThanOrEqual(
                3,
              );
            }
          }
        }
      }
    } finally {
      t.cleanup();
    }
  });
});

describe('a spreadsheet row is read exactly or refused', () => {
  it('38,000 unquoted is exit 2 naming the line, both counts and the cause; nothing of the file is sent', async () => {
    const file = join(dir, 'timetable.csv');
    writeFileSync(
      file,
      'vehicle,from,to,departure,price,notes\n' +
        'DAM-502291,Damascus,Homs,2027-01-10 08:30,"38,000",\n' +
        'DAM-502291,Damascus,Homs,2027-01-10 20:30,38,000,\n',
    );
    const mark = session.mark();
    const result = await session.run(['trips', 'publish', '--from-file', file, '--yes']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain(
      `${file}: line 3: 7 cells, but the header names 6 columns: '38,000' looks like one number split in two; quote a number that has a thousands separator ("38,000"), or write it without one`,
    );
    expect(result.stderr).toContain('nothing was sent');
    expect(session.since(mark).filter((r) => r.method === 'POST')).toEqual([]);
  });

  it('the same rule for every import: an extra empty cell in a bookings file is refused', async () => {
    const [trip] = await session.json<Array<{ id: string }>>(['trips', 'list', '--status', 'published', '--limit', '1']);
    const file = join(dir, 'passengers.csv');
    writeFileSync(file, `trip,seats,phone\n${trip!.id},1,0944 555 001\n${trip!.id},1,0944 555 002,\n`);
    const mark = session.mark();
    const result = await session.run(['bookings', 'create', '--from-file', file, '--yes']);
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toContain(`${file}: line 3: 4 cells, but the header names 3 columns`);
    expect(session.since(mark).filter((r) => r.method === 'POST')).toEqual([]);
  });
});

describe('one clock for the company', () => {
  const timetable = (plate: string) => {
    const file = join(dir, `week-${plate}.csv`);
    writeFileSync(
      file,
      `vehicle,from,to,departure,price\n${plate},Damascus,Aleppo,2027-01-11 20:30,18000\n${plate},Aleppo,Damascus,٢٠٢٧-٠١-١٢ ٠٧:٠٠,18000\n`,
    );
    return file;
  };
  // The operator's terminal, and cron's bare environment on a server that keeps UTC: only a profile.
  const terminal = { TZ: 'Asia/Damascus', TRIPCTL_BASE_URL: undefined, TRIPCTL_API_KEY: undefined };
  const cron = { TZ: undefined, TRIPCTL_BASE_URL: undefined, TRIPCTL_API_KEY: undefined };
  const departures = (stdout: string) =>
    stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { body: { departureAt: string } }).body.departureAt);

  it('auth login saves the zone it used; the timetable then sends the same instants from cron as from the terminal', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'tripctl-clock-'));
    try {
      const login = await session.run(['--base-url', session.sandbox.baseUrl, 'auth', 'login', '--with-key'], {
        configDir,
        input: `${session.sandbox.keys.full}\n`,
        env: terminal,
      });
      expect(login.code, login.stderr).toBe(0);
      expect(login.stderr).toContain('Local times are read and shown in Asia/Damascus');
      const saved = JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')) as { profiles: Record<string, { timezone?: string }> };
      expect(saved.profiles.default?.timezone).toBe('Asia/Damascus');

      const file = timetable('DAM-330127');
      const atTerminal = await session.run(['trips', 'publish', '--from-file', file, '--dry-run'], { configDir, env: terminal });
      const fromCron = await session.run(['trips', 'publish', '--from-file', file, '--dry-run'], {
        configDir,
        env: { ...cron, TZ: 'UTC' },
      });
      expect(atTerminal.code, atTerminal.stderr).toBe(0);
      expect(fromCron.code, fromCron.stderr).toBe(0);
      expect(departures(atTerminal.stdout)).toEqual(['2027-01-11T20:30:00+03:00', '2027-01-12T07:00:00+03:00']);
      expect(departures(fromCron.stdout)).toEqual(departures(atTerminal.stdout));
      expect(fromCron.stderr).not.toContain("this system's time zone");

      const mark = session.mark();
      const sent = await session.run(['trips', 'publish', '--from-file', file, '--yes'], { configDir, env: { ...cron, TZ: 'UTC' } });
      expect(sent.code, sent.stderr).toBe(0);
      expect(posts(mark, '/trips').map((body) => body.departureAt)).toEqual(departures(atTerminal.stdout));
    } finally {
      rmSync(configDir, { recursive: true, force: true });
    }
  });

  it('a profile that names only its country reads times in its zone, with neither Syria’s; of a country with several zones, a run nobody watches names the system’s zone once', async () => {
    const configDir = mkdtempSync(join(tmpdir(), 'tripctl-clock-'));
    try {
      writeFileSync(
        join(configDir, 'config.json'),
        JSON.stringify({
          defaultProfile: 'ops',
          profiles: { ops: { baseUrl: session.sandbox.baseUrl, apiKey: session.sandbox.keys.full, country: 'SY' } },
        }),
        { mode: 0o600 },
      );
      const file = timetable('DAM-418803');
      const byCountry = await session.run(['trips', 'publish', '--from-file', file, '--dry-run'], {
        configDir,
        env: { ...cron, TZ: 'UTC' },
      });
      expect(departures(byCountry.stdout)).toEqual(['2027-01-11T20:30:00+03:00', '2027-01-12T07:00:00+03:00']);

      // No country: Syria's, the same default phones use — never the system's UTC.
      await session.run(['config', 'unset', 'country'], { configDir, env: cron });
      const byDefault = await session.run(['trips', 'publish', '--from-file', file, '--dry-run'], {
        configDir,
        env: { ...cron, TZ: 'UTC' },
      });
      expect(departures(byDefault.stdout)).toEqual(['2027-01-11T20:30:00+03:00', '2027-01-12T07:00:00+03:00']);
      expect(byDefault.stderr).not.toContain("this system's time zone");

      expect((await session.run(['config', 'set', 'country', 'US'], { configDir, env: cron })).code).toBe(0);
      const bySystem = await session.run(['trips', 'publish', '--from-file', file, '--dry-run'], {
        configDir,
        env: { ...cron, TZ: 'UTC' },
      });
      expect(departures(bySystem.stdout)).toEqual(['2027-01-11T20:30:00+00:00', '2027-01-12T07:00:00+00:00']);
      const notes = bySystem.stderr.split('\n').filter((line) => line.includes("this system's time zone"));
      expect(notes).toEqual([
        "tripctl: local times are in UTC, this system's time zone: profile 'ops' names no timezone and its country has several (set one: tripctl config set timezone ZONE)",
      ]);

      // At a terminal the zone is in front of the person already: the review and the question name it.
      const t = testContext({ configDir, stdinIsTTY: true, stderrIsTTY: true, env: { TZ: 'UTC' } });
      try {
        expect(await t.run(['trips', 'publish', '--from-file', file, '--dry-run']), t.err()).toBe(0);
        expect(t.err()).not.toContain("this system's time zone");
        expect(t.err()).toContain('2027-01-11 20:30 UTC');
      } finally {
        t.cleanup();
      }
    } finally {
      rmSync(configDir, { recursive: true, force: true });
    }
  });
});
