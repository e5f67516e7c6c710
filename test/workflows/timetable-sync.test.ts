// The service kept in step with a sheet as offices edit it, against the sandbox (issue 35 §2, §4):
// a departure moved 30 minutes is that trip moved (exit 8 and nothing sent without --update; with
// it, a PATCH of its departure and no second trip); two rows removed are both named; --prune --yes
// unattended cancels the unbooked one, keeps the booked one naming its passenger, and ends 9; a row
// whose trip was cancelled says so; --update never re-routes a booked trip and names the
// passengers of a booked trip it moves; a tie is reported, not guessed; an `id` names its trip;
// and the cron mail of an unchanged week is one line.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipedRows } from '../support/piped.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { api, run, sandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
let dir: string;
/** One config dir for every run, as on the office's machine: it keeps the record of what each sheet published. */
let configDir: string;
const tripctl = (argv: string[], opts: Parameters<typeof run>[2] = {}) => run(sb, argv, { configDir, ...opts });
const TZ = ['--tz', 'Asia/Damascus'];
const HEADER = 'vehicle,from,to,departure,price';
const writesSince = (mark: number) =>
  sb.requests
    .slice(mark)
    .filter((r) => r.method !== 'GET')
    .map((r) => `${r.method} ${r.path}`);

interface Trip {
  id: string;
  status: string;
  departureAt: string;
  toCityId: string;
}
/** Every trip of the company, as the service holds it. */
async function allTrips(): Promise<Trip[]> {
  const trips: Trip[] = [];
  for (let page = 1; ; page++) {
    const { trips: listed, meta } = await api(sb, 'GET', `/trips?perPage=100&page=${page}`);
    trips.push(...listed);
    if (page >= meta.lastPage) return trips;
  }
}
const trip = async (id: string): Promise<Trip> => (await api(sb, 'GET', `/trips/${id}`)).trip;
const book = (tripId: string, phone: string, fullName: string) => api(sb, 'POST', '/bookings', { tripId, seats: 1, phone, fullName });

beforeAll(async () => {
  sb = await sandbox();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-sync-'));
  configDir = join(dir, 'config');
  mkdirSync(configDir);
});
afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Publishes a sheet and returns the ids of its rows' trips, in row order. */
async function publish(file: string, rows: string[]): Promise<string[]> {
  writeFileSync(file, [HEADER, ...rows].join('\n'));
  const first = await tripctl(['trips', 'publish', '--from-file', file, ...TZ]);
  expect(first.code, first.stderr).toBe(0);
  return pipedRows(first.stdout).map((l) => l[1]!);
}

describe('a trip keeps its identity across edits', () => {
  const file = () => join(dir, 'move.csv');
  const rows = (time: string) => [
    'DAM-123456,Damascus,Homs,2027-06-07 08:00,25000',
    `DAM-123456,Homs,Damascus,2027-06-07 ${time},25000`,
    'DAM-204518,Damascus,Aleppo,2027-06-07 10:00,40000',
  ];
  let ids: string[];

  it('a departure moved 30 minutes: without --update the trip moves in the plan, exit 8, nothing sent', async () => {
    ids = await publish(file(), rows('10:00'));
    writeFileSync(file(), [HEADER, ...rows('10:30')].join('\n'));
    const mark = sb.requests.length;
    const dry = await tripctl(['trips', 'publish', '--from-file', file(), '--dry-run', ...TZ]);
    expect(dry.code).toBe(8);
    expect(dry.stderr).toContain(`line 3: differs (${ids[1]}): moves 10:00 → 10:30 GMT+3; not sent without --update`);
    const again = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(again.code).toBe(8);
    expect(pipedRows(again.stdout)).toEqual([['3', ids[1], 'differs', 'moves 10:00 → 10:30 GMT+3']]);
    expect(again.stderr).toContain(`${file()}: 2 unchanged; nothing sent`);
    expect(writesSince(mark)).toEqual([]);
    expect((await trip(ids[1]!)).departureAt).toBe('2027-06-07T07:00:00.000Z');
  });

  it('with --update the same trip departs at the new time, and no second trip exists', async () => {
    const before = (await allTrips()).length;
    const mark = sb.requests.length;
    const moved = await tripctl(['trips', 'publish', '--from-file', file(), '--update', ...TZ]);
    expect(moved.code).toBe(0);
    expect(pipedRows(moved.stdout)).toEqual([['3', ids[1], 'updated: moves 10:00 → 10:30 GMT+3']]);
    expect(writesSince(mark)).toEqual([`PATCH /trips/${ids[1]}`]);
    expect(JSON.parse(String(sb.requests.slice(mark).find((r) => r.method === 'PATCH')?.body))).toEqual({
      departureAt: '2027-06-07T10:30:00+03:00',
    });
    expect(await trip(ids[1]!)).toMatchObject({ status: 'published', departureAt: '2027-06-07T07:30:00.000Z' });
    expect((await allTrips()).length).toBe(before);
    const again = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('');
  });

  it('what cannot be paired without a guess is reported: a trip as near to two rows is neither row, exit 8', async () => {
    // The 10:30 trip of Homs → Damascus; the sheet now has 10:00 and 11:00 on that route and day.
    const tie = [...rows('10:00'), 'DAM-123456,Homs,Damascus,2027-06-07 11:00,25000'];
    writeFileSync(file(), [HEADER, ...tie].join('\n'));
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), '--update', ...TZ]);
    expect(result.code).toBe(8);
    const lines = pipedRows(result.stdout);
    expect(lines.map((l) => [l[0], l[2]])).toEqual([
      ['3', 'unpaired'],
      ['5', 'unpaired'],
    ]);
    expect(lines[0]![3]).toMatch(
      new RegExp(`could be DAM-123456 Homs → Damascus 2027-06-07 10:30 \\S+ \\(${ids[1]}\\) moved, as near to line 5`),
    );
    expect(lines[0]![3]).toContain('name its trip in an id column; not sent');
    expect(writesSince(mark)).toEqual([]);
  });

  it('a row naming its trip by id is that trip, whatever else changed (-F id for a one-row sheet)', async () => {
    const one = join(dir, 'one.csv');
    writeFileSync(one, `${HEADER}\nDAM-204518,Homs,Damascus,2027-06-07 12:00,25000\n`);
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', one, '--update', '-F', `id=${ids[1]}`, ...TZ]);
    // The Aleppo trip of that vehicle and day was published from another sheet: counted, left alone.
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(
      `1 other published trip of these vehicles and days was not published from ${one} (left alone; --verbose lists them)`,
    );
    expect(pipedRows(result.stdout)[0]!.slice(0, 2)).toEqual(['2', ids[1]]);
    expect(pipedRows(result.stdout)[0]![2]).toMatch(/^updated: vehicle .*DAM-204518.*; moves 10:30 → 12:00 GMT\+3$/);
    expect(writesSince(mark)).toEqual([`PATCH /trips/${ids[1]}`]);
  });
});

describe('rows removed, and --prune', () => {
  const file = () => join(dir, 'prune.csv');
  const rows = [
    'DAM-123456,Damascus,Homs,2027-06-14 08:00,25000',
    'DAM-123456,Homs,Damascus,2027-06-14 13:00,25000',
    'DAM-123456,Damascus,Homs,2027-06-14 18:00,25000',
  ];
  let ids: string[];

  it('two rows removed: both trips named as no longer in the sheet, still on sale, exit 8', async () => {
    ids = await publish(file(), rows);
    await book(ids[2]!, '+963944120077', 'Rami Haddad');
    writeFileSync(file(), [HEADER, rows[0]].join('\n'));
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(result.code).toBe(8);
    expect(result.stderr).toContain(`2 published trips no longer in ${file()}, still on sale; --prune cancels them:`);
    expect(result.stderr).toMatch(new RegExp(`  DAM-123456 Homs → Damascus 2027-06-14 13:00 \\S+ \\(${ids[1]}\\)`));
    expect(result.stderr).toMatch(new RegExp(`  DAM-123456 Damascus → Homs 2027-06-14 18:00 \\S+ \\(${ids[2]}\\)`));
    expect(writesSince(mark)).toEqual([]);
  });

  it('--prune from cron needs --yes: exit 2 before anything is read or sent', async () => {
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), '--prune', ...TZ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('tripctl: --prune cancels trips and needs confirmation');
    expect(sb.requests.length).toBe(mark);
  });

  it('--prune --yes unattended cancels the unbooked trip, keeps the booked one naming its passenger, and ends 9', async () => {
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), '--prune', '--yes', ...TZ]);
    expect(result.code).toBe(9);
    expect(pipedRows(result.stdout)).toEqual([
      [ids[1], 'cancelled (no longer in the sheet)'],
      [ids[2], 'kept', `booked: 1 passenger: Rami Haddad +963944120077; tell them, then cancel it with tripctl trips cancel ${ids[2]}`],
    ]);
    expect(result.stderr).toContain('cancelled 1 of 2; 1 kept (not sent)');
    expect(result.stderr).toContain(`${file()}: 1 cancelled, 1 unchanged\n`);
    expect(writesSince(mark)).toEqual([`DELETE /trips/${ids[1]}`]);
    expect((await trip(ids[1]!)).status).toBe('cancelled');
    expect((await trip(ids[2]!)).status).toBe('published');
  });

  it('on a terminal the booked trip is asked about, and kept when the person says no', async () => {
    const prompter = new ScriptedPrompter([[/^Cancel DAM-123456 .* all the same\? It has 1 passenger: Rami Haddad/, () => false]]);
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), '--prune', ...TZ], {
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter,
    });
    expect(prompter.asked).toHaveLength(1);
    expect(result.code).toBe(8);
    expect(writesSince(mark)).toEqual([]);
  });

  it('a row whose trip was cancelled says so, and how to publish it again: exit 8', async () => {
    writeFileSync(file(), [HEADER, rows[0], rows[1], rows[2]].join('\n'));
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(result.code).toBe(8);
    const [line] = pipedRows(result.stdout);
    expect(line).toEqual([
      '3',
      ids[1],
      'trip cancelled',
      "not sent: an import never sells a cancelled trip again; to publish it again, run `tripctl trips publish` with this row's values once, or take the row out",
    ]);
    expect(result.stderr).toContain('imported 0 of 1; 1 trip cancelled (not sent)');
    expect(writesSince(mark)).toEqual([]);
  });

  it('a trip of the same vehicle and day published some other way is counted on one line, and never pruned', async () => {
    const vehicleId = (await api(sb, 'GET', `/trips/${ids[0]}`)).trip.vehicleId;
    const { trip: other } = await api(sb, 'POST', '/trips', {
      vehicleId,
      fromCityId: 'homs',
      toCityId: 'aleppo',
      departureAt: '2027-06-14T21:00:00+03:00',
      pricePerSeat: 3_000_000,
    });
    const verbose = await tripctl(['trips', 'publish', '--from-file', file(), '--verbose', ...TZ]);
    expect(verbose.stderr).toContain(`1 other published trip of these vehicles and days was not published from ${file()} (left alone):\n`);
    expect(verbose.stderr).toMatch(new RegExp(`  DAM-123456 Homs → Aleppo 2027-06-14 21:00 \\S+ \\(${other.id}\\)`));
    const pruned = await tripctl(['trips', 'publish', '--from-file', file(), '--prune', '--yes', ...TZ]);
    expect(pruned.stdout).not.toContain(other.id);
    expect((await trip(other.id)).status).toBe('published');
    await api(sb, 'DELETE', `/trips/${other.id}`);
  });
});

describe("a row that was its vehicle's or its day's only one", () => {
  // Found from cron with an office's workbook: the trips a run compared were only those of the
  // sheet's vehicles and days, so such a row's trip was never named, never pruned, and dropped
  // from the sheet's record. The record now puts it in scope wherever it is.
  const file = () => join(dir, 'only.csv');
  const rows = [
    'DAM-330127,Damascus,Homs,2027-06-21 08:00,25000',
    'DAM-330127,Damascus,Homs,2027-06-22 08:00,25000',
    'DAM-204518,Damascus,Aleppo,2027-06-23 09:00,40000',
  ];
  let ids: string[];

  it('taken out: named as no longer in the sheet (exit 8), and --prune --yes cancels it', async () => {
    ids = await publish(file(), rows);
    writeFileSync(file(), [HEADER, rows[0], rows[2]].join('\n'));
    const named = await tripctl(['trips', 'publish', '--from-file', file(), ...TZ]);
    expect(named.code, named.stderr).toBe(8);
    expect(named.stderr).toContain(`1 published trip no longer in ${file()}, still on sale; --prune cancels it:`);
    expect(named.stderr).toMatch(new RegExp(`  DAM-330127 Damascus → Homs 2027-06-22 08:00 \\S+ \\(${ids[1]}\\)`));
    const mark = sb.requests.length;
    const pruned = await tripctl(['trips', 'publish', '--from-file', file(), '--prune', '--yes', ...TZ]);
    expect(pruned.code, pruned.stderr).toBe(0);
    expect(writesSince(mark)).toEqual([`DELETE /trips/${ids[1]}`]);
    expect((await trip(ids[1]!)).status).toBe('cancelled');
  });

  it('moved to another day or vehicle: the new one is created and the old one named, not left on sale unsaid', async () => {
    writeFileSync(file(), [HEADER, rows[0]!.replace('2027-06-21', '2027-06-24'), rows[2]!.replace('DAM-204518', 'DAM-123456')].join('\n'));
    const dry = await tripctl(['trips', 'publish', '--from-file', file(), '--dry-run', ...TZ]);
    // The code the run would end with: the two new rows sent, the two old trips still on sale.
    expect(dry.code, dry.stderr).toBe(9);
    expect(dry.stderr).toContain(`2 published trips no longer in ${file()}, still on sale; --prune cancels them:`);
    expect(dry.stderr).toContain(`(${ids[0]})`);
    expect(dry.stderr).toContain(`(${ids[2]})`);
  });
});

describe('changes under booked passengers', () => {
  const file = () => join(dir, 'booked.csv');
  const rows = ['DAM-502291,Damascus,Homs,2027-06-21 08:00,25000', 'DAM-502291,Homs,Damascus,2027-06-21 17:00,25000'];
  let ids: string[];

  it('--update never changes the route of a booked trip: refused, and what else is sent ends 9', async () => {
    ids = await publish(file(), rows);
    await book(ids[0]!, '+963944120088', 'لينا خوري');
    writeFileSync(
      file(),
      [HEADER, 'DAM-502291,Damascus,Aleppo,2027-06-21 08:00,25000', rows[1], 'DAM-502291,Damascus,Homs,2027-06-22 08:00,25000'].join('\n'),
    );
    const mark = sb.requests.length;
    const result = await tripctl(['trips', 'publish', '--from-file', file(), '--update', ...TZ]);
    expect(result.code).toBe(9);
    const lines = pipedRows(result.stdout);
    expect(lines[0]!.slice(0, 3)).toEqual(['2', ids[0], 'refused']);
    expect(lines[0]![3]).toMatch(/^to Homs .* → Aleppo .*, under 1 booked passenger/);
    expect(lines[0]![3]).toContain(
      'under 1 booked passenger: its passengers booked another journey: cancel it and publish the new route instead',
    );
    expect(lines[1]!.slice(0, 1).concat(lines[1]![2]!)).toEqual(['4', 'created']);
    expect(writesSince(mark)).toEqual(['POST /trips']);
    expect((await trip(ids[0]!)).toCityId).toBe('homs');
  });

  it('a change of time of a booked trip names the passengers to tell, in the review and from cron', async () => {
    writeFileSync(
      file(),
      [HEADER, 'DAM-502291,Damascus,Homs,2027-06-21 08:45,25000', rows[1], 'DAM-502291,Damascus,Homs,2027-06-22 08:00,25000'].join('\n'),
    );
    const prompter = new ScriptedPrompter([[/^Change 1 trip\?$/, () => false]]);
    const review = await tripctl(['trips', 'publish', '--from-file', file(), '--update', ...TZ], {
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter,
    });
    expect(review.code).toBe(130);
    expect(review.stderr).toContain('  line 2: moves 08:00 → 08:45 GMT+3\n    line 2: tell 1 passenger: لينا خوري +963944120088\n');
    const cron = await tripctl(['trips', 'publish', '--from-file', file(), '--update', ...TZ]);
    expect(cron.code).toBe(0);
    expect(cron.stderr).toContain('line 2: tell 1 passenger: لينا خوري +963944120088\n');
    expect((await trip(ids[0]!)).departureAt).toBe('2027-06-21T05:45:00.000Z');
  });
});

describe('mail a person reads', () => {
  it('the same week again prints one line and exits 0', async () => {
    const file = join(dir, 'week.csv');
    const week: string[] = [];
    for (let day = 1; day <= 7; day++)
      for (const [plate, time] of [
        ['DAM-330127', '07:00'],
        ['DAM-330127', '15:00'],
        ['DAM-418803', '09:30'],
        ['DAM-418803', '18:00'],
      ])
        week.push(`${plate},Homs,Damascus,2027-07-0${day} ${time},20000`);
    await publish(file, week);
    const again = await tripctl(['trips', 'publish', '--from-file', file, ...TZ]);
    expect(again.code).toBe(0);
    expect(again.stdout).toBe('');
    expect(again.stderr).toBe(`${file}: 28 unchanged; nothing sent\n`);
  });
});
