// Imports from a spreadsheet against the sandbox: a timetable saved by Excel (BOM, CRLF,
// semicolons, Arabic city names, plates, local times), then 200 bookings — bad rows listed with
// their line numbers and nothing sent, a dry run, a run, and re-runs that create nothing new.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, run, sandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
let dir: string;
const tripIds: string[] = [];
let cancelledTrip: string;

const posts = (from: number, path: string) => sb.requests.slice(from).filter((r) => r.method === 'POST' && r.path.endsWith(path));

/** Excel's "CSV UTF-8" in a semicolon locale: BOM, CRLF, `;`. */
function excel(rows: string[][]): string {
  return `\ufeff${rows.map((r) => r.map((c) => (/[;"\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(';')).join('\r\n')}\r\n`;
}

const TIMETABLE = [
  ['Vehicle', 'From', 'To', 'Departure', 'Price', 'Seats', 'Notes'],
  ...Array.from({ length: 12 }, (_, i) => [
    i % 2 ? 'DAM-204518' : 'dam-123456',
    i % 3 ? 'دمشق' : 'Damascus',
    i % 2 ? 'حلب' : 'Homs',
    `2027-02-${String(1 + Math.floor(i / 2)).padStart(2, '0')} ${i % 2 ? '14:30' : '08:00'}`,
    '15000',
    '',
    i === 0 ? 'Two bags; one stop' : '',
  ]),
];

beforeAll(async () => {
  sb = await sandbox();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-import-'));
});
afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('trips publish --from-file', () => {
  it('checks every row first: all bad rows listed by line, exit 2, nothing sent', async () => {
    const file = join(dir, 'bad-timetable.csv');
    const rows = [...TIMETABLE.map((r) => [...r])];
    rows[2]![1] = 'Atlantis'; // line 3
    rows[4]![3] = '2027-02-30 08:00'; // line 5
    rows[5]![4] = 'free'; // line 6
    rows.push([...rows[1]!]); // line 14: the trip of line 2 again
    writeFileSync(file, excel(rows));
    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'publish', '--from-file', file, '--tz', 'Asia/Damascus']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(`${file}: line 3: from: no city 'Atlantis'`);
    expect(result.stderr).toMatch(/line 5: departure: .*2027-02-30/);
    expect(result.stderr).toContain("line 6: price: must be an amount in SYP such as 18000 or 18000.50, not 'free'");
    expect(result.stderr).toContain('line 14: the vehicle of line 2 departs at that time too: a vehicle cannot leave twice at once');
    expect(result.stderr).toContain(`4 of 13 rows of ${file} have errors; nothing was sent`);
    expect(result.stdout).toBe('');
    expect(posts(mark, '/trips')).toEqual([]);
  });

  it('dry run: the requests as NDJSON, handles resolved, local times with their offset', async () => {
    const file = join(dir, 'timetable.csv');
    writeFileSync(file, excel(TIMETABLE));
    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'publish', '--from-file', file, '--dry-run', '--tz', 'Asia/Damascus']);
    expect(result.code).toBe(0);
    const requests = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(requests).toHaveLength(12);
    const { vehicles } = await api(sb, 'GET', '/vehicles');
    const plate = (id: string) => vehicles.find((v: { id: string }) => v.id === id).plate;
    expect(requests[0]).toMatchObject({
      line: 2,
      method: 'POST',
      path: '/trips',
      body: {
        fromCityId: 'damascus',
        toCityId: 'homs',
        departureAt: '2027-02-01T08:00:00+03:00',
        pricePerSeat: 1500000,
        notes: 'Two bags; one stop',
      },
    });
    expect(plate(requests[0].body.vehicleId)).toBe('DAM-123456');
    expect(requests[1]).toMatchObject({
      line: 3,
      body: { fromCityId: 'damascus', toCityId: 'aleppo', departureAt: '2027-02-01T14:30:00+03:00' },
    });
    expect(posts(mark, '/trips')).toEqual([]);
  });

  it('publishes every row, then a re-run finds each trip and sends nothing', async () => {
    const file = join(dir, 'timetable.csv');
    const mark = sb.requests.length;
    const first = await run(sb, ['trips', 'publish', '--from-file', file, '--tz', 'Asia/Damascus']);
    expect(first.code).toBe(0);
    const lines = first.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.map((l) => l[0])).toEqual(Array.from({ length: 12 }, (_, i) => String(i + 2)));
    expect(lines.every((l) => l[2] === 'created')).toBe(true);
    tripIds.push(...lines.map((l) => l[1]!));
    expect(posts(mark, '/trips')).toHaveLength(12);

    const again = sb.requests.length;
    const second = await run(sb, ['trips', 'publish', '--from-file', file, '--tz', 'Asia/Damascus', '--verbose']);
    expect(second.code).toBe(0);
    expect(
      second.stdout
        .trim()
        .split('\n')
        .map((line) => line.split('\t')),
    ).toEqual(tripIds.map((id, i) => [String(i + 2), id, 'unchanged']));
    expect(second.stderr).toContain(`${file}: 12 unchanged; nothing sent`);
    expect(posts(again, '/trips')).toEqual([]);
  });
});

describe('bookings create --from-file', () => {
  /** 200 rows over the 12 trips; two rows are the same booking twice (two people, one phone). */
  function bookingRows(): string[][] {
    const rows = [['trip', 'seats', 'phone', 'name', 'note', 'group']];
    for (let i = 0; i < 200; i++) {
      rows.push([
        tripIds[i % 12]!,
        '1',
        `+96395${String(5_100_000 + i)}`,
        i % 4 ? `Passenger ${i}` : `راكب ${i}`,
        i % 10 === 0 ? 'Window seat, please' : '',
        i % 25 === 0 ? 'School trip' : '',
      ]);
    }
    rows[100] = [...rows[99]!];
    return rows;
  }
  const csv = (rows: string[][]) =>
    `${rows.map((r) => r.map((c) => (/[,"\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(',')).join('\n')}\n`;

  beforeAll(async () => {
    // One trip that stops taking bookings: its row passes every local check and is refused by the service.
    const { trip } = await api(sb, 'POST', '/trips', {
      vehicleId: (await api(sb, 'GET', '/vehicles')).vehicles[0].id,
      fromCityId: 'homs',
      toCityId: 'hama',
      departureAt: '2027-03-01T06:00:00Z',
      pricePerSeat: 900000,
    });
    cancelledTrip = trip.id;
    await api(sb, 'DELETE', `/trips/${trip.id}`);
  });

  it('lists every bad row of 200 with its line number and sends nothing', async () => {
    const rows = bookingRows();
    rows[5]![1] = '0';
    rows[17]![2] = '0944 12';
    rows[33]![0] = 'not-a-trip';
    rows[64]![4] = 'x'.repeat(201);
    rows[128]![2] = '';
    rows[150]!.push('surplus');
    const file = join(dir, 'bad-bookings.csv');
    writeFileSync(file, csv(rows));
    const mark = sb.requests.length;
    const result = await run(sb, ['bookings', 'create', '--from-file', file]);
    expect(result.code).toBe(2);
    const reported = result.stderr
      .split('\n')
      .filter((l) => l.includes(': line '))
      .map((l) => /line (\d+): (.*)$/.exec(l)!.slice(1));
    expect(reported).toEqual([
      ['6', 'seats: must be from 1 to 20, not 0'],
      [
        '18',
        "phone: '0944 12' has too few digits for a mobile number in Syria (SY): 5 digits after the leading 0, where one has 9 (such as 0944 567 890) (read in Syria (SY), the profile's 'country' setting; a number of another country is written with its code (+…))",
      ],
      ['34', "trip: must be a UUID, not 'not-a-trip' (or its first 8 characters as tables show them)"],
      ['65', 'note: is 201 characters long; the most is 200'],
      ['129', 'missing phone'],
      ['151', "7 cells, but the header names 6 columns: a cell holds ',' without quotes; quote that cell, or remove the extra separator"],
    ]);
    expect(result.stderr).toContain('6 of 200 rows');
    expect(sb.requests.slice(mark)).toEqual([]);
  });

  it('dry run prints the 200 requests with their keys; identical rows get different keys', async () => {
    const file = join(dir, 'bookings.csv');
    writeFileSync(file, csv(bookingRows()));
    const mark = sb.requests.length;
    const result = await run(sb, ['bookings', 'create', '--from-file', file, '--dry-run']);
    expect(result.code).toBe(0);
    const requests = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(requests).toHaveLength(200);
    expect(requests[1]).toMatchObject({
      line: 3,
      method: 'POST',
      path: '/bookings',
      body: { tripId: tripIds[1], seats: 1, phone: '+963955100001', fullName: 'Passenger 1' },
    });
    expect(requests[0].body).toMatchObject({ fullName: 'راكب 0', passengerNote: 'Window seat, please', groupName: 'School trip' });
    expect(requests[98].body).toEqual(requests[99].body);
    expect(new Set(requests.map((r) => r.idempotencyKey)).size).toBe(200);
    // It reads the trips' bookings to compare with (none yet), and sends nothing.
    expect(sb.requests.slice(mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('creates 200 bookings at bounded concurrency; a re-run of the same file finds every one and sends nothing', async () => {
    const file = join(dir, 'bookings.csv');
    const before = (await api(sb, 'GET', '/bookings?perPage=1')).meta.total;
    const first = await run(sb, ['bookings', 'create', '--from-file', file, '--concurrency', '6']);
    expect(first.stderr).toContain('imported 200 of 200');
    expect(first.code).toBe(0);
    const lines = first.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines.map((l) => Number(l[0]))).toEqual(Array.from({ length: 200 }, (_, i) => i + 2));
    expect(lines.every((l) => l[2] === 'created')).toBe(true);
    expect(new Set(lines.map((l) => l[1])).size).toBe(200);
    expect((await api(sb, 'GET', '/bookings?perPage=1')).meta.total).toBe(before + 200);

    // Each row matches its trip's booking of the same phone; the two rows of one phone, its two bookings.
    const mark = sb.requests.length;
    const second = await run(sb, ['bookings', 'create', '--from-file', file, '-o', 'ndjson']);
    expect(second.code).toBe(0);
    const outcomes = second.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(outcomes.map((o) => o.result.outcome)).toEqual(lines.map(() => 'unchanged'));
    expect(new Set(outcomes.map((o) => o.id))).toEqual(new Set(lines.map((l) => l[1])));
    expect(second.stderr).toContain(`${file}: 200 unchanged; nothing sent`);
    expect(sb.requests.slice(mark).filter((r) => r.method !== 'GET')).toEqual([]);
    expect((await api(sb, 'GET', '/bookings?perPage=1')).meta.total).toBe(before + 200);
  }, 60_000);

  it("from stdin, a row the service refuses is that row's error; the others go through", async () => {
    const text = `trip,seats,phone\n${tripIds[0]},2,+963955200001\n${cancelledTrip},1,+963955200002\n`;
    const result = await run(sb, ['bookings', 'create', '--from-file', '-', '--name', 'Walk-in'], { stdin: text });
    expect(result.code).toBe(6);
    const [ok, refused] = result.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(ok).toEqual(['2', expect.any(String), 'created']);
    expect(refused!.slice(0, 3)).toEqual(['3', '-', 'error']);
    expect(refused![3]).toMatch(/HTTP 409, code trip_not_bookable/);
    // The service's words reach the operator whole: the trip's id keeps its hyphens.
    expect(refused![3]).toContain(`trip ${cancelledTrip} is cancelled`);
    expect(result.stderr).toContain(`tripctl: line 3: trip ${cancelledTrip} is cancelled; only published trips take bookings`);
    const booking = (await api(sb, 'GET', `/bookings/${ok![1]}`)).booking;
    expect(booking.passenger.fullName).toBe('Walk-in');
  });

  it('refuses a file that is not UTF-8, and an unknown column, before any request', async () => {
    const latin1 = join(dir, 'latin1.csv');
    writeFileSync(
      latin1,
      Buffer.from('trip,seats,phone,name\n00000000-0000-4000-8000-000000000000,1,+963955300001,J\xe9r\xf4me\n', 'latin1'),
    );
    const mark = sb.requests.length;
    const notUtf8 = await run(sb, ['bookings', 'create', '--from-file', latin1]);
    expect(notUtf8.code).toBe(2);
    expect(notUtf8.stderr).toContain('is not UTF-8 text');
    const odd = join(dir, 'odd.csv');
    writeFileSync(odd, 'trip,seats,mobile\n');
    const unknown = await run(sb, ['bookings', 'create', '--from-file', odd]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown column 'mobile'");
    expect(unknown.stderr).toContain('the columns are: trip, seats, phone, name, note, group');
    expect(sb.requests.slice(mark)).toEqual([]);
  });
});
