// The office's sheet as the office writes it, against the sandbox: an Excel workbook (real .xlsx
// bytes, built in test/support/xlsx.ts) with the office's own headings in English or Arabic,
// dates and times as Excel stores them (1900 and 1904 systems, a time a hair under the minute),
// fares as numbers or as text by the CSV cells' rules, drivers by name or phone; what is refused
// before anything is sent. The round trip of an export is round-trip.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipedRows } from '../support/piped.js';
import { excelSerialOf, type XlsxCell, xlsxWorkbook } from '../support/xlsx.js';
import { api, run, sandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
let dir: string;
const TZ = ['--tz', 'Asia/Damascus'];
const writesSince = (mark: number) => sb.requests.slice(mark).filter((r) => r.method !== 'GET');
const date = (wall: string, system: 1900 | 1904 = 1900): XlsxCell => ({ serial: excelSerialOf(wall, system), format: 'date' });
/** A time cell as Excel stores it: a fraction of a day (10:00 is 0.41666…, which floors to 09:59:59.999). */
const time = (hours: number, minutes = 0): XlsxCell => ({ serial: (hours + minutes / 60) / 24, format: 'time' });
const OFFICE = ['Date', 'Time', 'From', 'To', 'Vehicle', 'Driver', 'Fare (SYP)'];

let members: Array<{ id: string; fullName: string; phone: string; role: string }>;
const memberNamed = (name: string) => members.find((m) => m.fullName === name)!;

function workbook(name: string, rows: XlsxCell[][], opts: { sheet?: string; date1904?: boolean; more?: string } = {}): string {
  const file = join(dir, name);
  const sheets = [{ name: opts.sheet ?? 'Week', rows }];
  if (opts.more) sheets.unshift({ name: opts.more, rows: [['Prepared by'], ['the office']] });
  writeFileSync(file, xlsxWorkbook(sheets, { date1904: opts.date1904 }));
  return file;
}

async function tripsOn(day: string): Promise<Array<Record<string, any>>> {
  const { trips } = await api(sb, 'GET', '/trips?perPage=100');
  return trips.filter((t: any) => t.status === 'published' && t.departureAt.startsWith(day));
}

beforeAll(async () => {
  sb = await sandbox();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-sheet-'));
  members = (await api(sb, 'GET', '/members')).members;
});
afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an Excel timetable with the office headings', () => {
  it('publishes each row at its local time, fare and driver (by name, by phone as written), and the same sheet again is unchanged', async () => {
    const file = workbook('week.xlsx', [
      OFFICE,
      [date('2027-06-07'), time(10), 'Damascus', 'حمص', 'DAM-123456', 'rami saleh', 38000],
      [date('2027-06-07'), time(17, 30), 'حمص', 'Damascus', 'DAM-123456', '٠٩٤٤ ٠٠٠ ٠٠٦', '38,000'],
      [date('2027-06-07'), time(8, 15), 'Damascus', 'Aleppo', 'DAM-204518', 'Khaled', 25000.5],
    ]);
    const dry = await run(sb, ['trips', 'publish', '--from-file', file, '--dry-run', ...TZ]);
    expect(dry.code).toBe(0);
    // The dry run names the driver beside the request it would send.
    expect(dry.stderr).toContain('line 2: new: vehicle DAM-123456');
    expect(dry.stderr).toContain(`driver Rami Saleh, ${memberNamed('Rami Saleh').phone}, driver`);
    expect(dry.stderr).toContain('driver Yousef Aziz, +963944000006, driver');

    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'publish', '--from-file', file, ...TZ]);
    expect(result.code).toBe(0);
    expect(pipedRows(result.stdout).map((r) => [r[0], r[2]])).toEqual([
      ['2', 'created'],
      ['3', 'created'],
      ['4', 'created'],
    ]);
    expect(writesSince(mark).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /trips', 'POST /trips', 'POST /trips']);
    const trips = await tripsOn('2027-06-07');
    const at = (iso: string) => trips.find((t) => t.departureAt === iso)!;
    // Damascus is UTC+3: 10:00, 17:30 and 08:15 there.
    expect(at('2027-06-07T07:00:00.000Z')).toMatchObject({
      fromCityId: 'damascus',
      toCityId: 'homs',
      pricePerSeat: 3_800_000,
      driverId: memberNamed('Rami Saleh').id,
    });
    expect(at('2027-06-07T14:30:00.000Z')).toMatchObject({
      fromCityId: 'homs',
      pricePerSeat: 3_800_000,
      driverId: memberNamed('Yousef Aziz').id,
    });
    expect(at('2027-06-07T05:15:00.000Z')).toMatchObject({
      toCityId: 'aleppo',
      pricePerSeat: 2_500_050,
      driverId: memberNamed('Khaled Mansour').id,
    });

    // --verbose: every row on a line of its own (unattended, unchanged rows are one count line).
    const again = await run(sb, ['trips', 'publish', '--from-file', file, '--verbose', ...TZ]);
    expect(again.code).toBe(0);
    expect(pipedRows(again.stdout).map((r) => r[2])).toEqual(['unchanged', 'unchanged', 'unchanged']);
  });

  it('reads Arabic headings, a 1904 workbook, the sheet --sheet names, and a date-time cell with milliseconds to the second', async () => {
    const file = workbook(
      'mac.xlsx',
      [
        ['التاريخ', 'الوقت', 'من', 'إلى', 'المركبة', 'السائق', 'الأجرة (ل.س)'],
        [date('2027-06-08', 1904), time(9, 45), 'دمشق', 'حلب', 'DAM-330127', 'Rami', 26000],
      ],
      { date1904: true, sheet: 'الأسبوع', more: 'Cover' },
    );
    const first = await run(sb, ['trips', 'publish', '--from-file', file, ...TZ]);
    expect(first.code).toBe(2);
    expect(first.stderr).toContain(`${file}: unknown column 'Prepared by'`);

    const result = await run(sb, ['trips', 'publish', '--from-file', file, '--sheet', 'الأسبوع', ...TZ]);
    expect(result.code).toBe(0);
    expect((await tripsOn('2027-06-08')).map((t) => [t.departureAt, t.toCityId, t.pricePerSeat])).toEqual([
      ['2027-06-08T06:45:00.000Z', 'aleppo', 2_600_000],
    ]);

    // One Departure cell holding date and time, saved with milliseconds (10:00:00.400): read as 10:00.
    const stamp = workbook(
      'stamp.xlsx',
      [
        ['Departure', 'From', 'To', 'Vehicle', 'Price'],
        [{ serial: excelSerialOf('2027-06-09 10:00:00.400', 1904), format: 'dateTime' }, 'Damascus', 'Homs', 'DAM-330127', 12000],
      ],
      { date1904: true },
    );
    const dry = await run(sb, ['trips', 'publish', '--from-file', stamp, '--dry-run', ...TZ]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).body.departureAt).toBe('2027-06-09T10:00:00+03:00');

    const missing = await run(sb, ['trips', 'publish', '--from-file', file, '--sheet', 'Timetable', ...TZ]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain(`${file} has no sheet 'Timetable'`);
    expect(missing.stderr).toContain("its sheets: 'Cover', 'الأسبوع'");
  });

  it('refuses, before anything is sent: an unknown heading (naming the accepted ones), a fare in another currency, a Date without a Time, a text fare split wrong', async () => {
    const mark = sb.requests.length;
    const row = [date('2027-06-10'), time(10), 'Damascus', 'Homs', 'DAM-123456', 'Rami', 12000];
    const unknown = await run(sb, ['trips', 'publish', '--from-file', workbook('u.xlsx', [[...OFFICE.slice(0, 6), 'Cost'], row]), ...TZ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("unknown column 'Cost'");
    expect(unknown.stderr).toMatch(
      /the columns are: vehicle, from, to, departure, price, .*or as offices head them: Date, التاريخ, Time, .*Fare \(currency\)/,
    );

    const dollars = await run(sb, [
      'trips',
      'publish',
      '--from-file',
      workbook('d.xlsx', [[...OFFICE.slice(0, 6), 'Fare (USD)'], row]),
      ...TZ,
    ]);
    expect(dollars.code).toBe(2);
    expect(dollars.stderr).toContain("column 'Fare (USD)' is in USD, but the company's currency is SYP");

    const half = await run(sb, [
      'trips',
      'publish',
      '--from-file',
      workbook('h.xlsx', [OFFICE.filter((h) => h !== 'Time'), row.filter((_, i) => i !== 1)]),
      ...TZ,
    ]);
    expect(half.code).toBe(2);
    expect(half.stderr).toContain("a 'Time' column is needed beside 'Date'");

    const text = await run(sb, [
      'trips',
      'publish',
      '--from-file',
      workbook('t.xlsx', [OFFICE, [...row.slice(0, 6), '38.000,5 ل.س']]),
      ...TZ,
    ]);
    expect(text.code).toBe(2);
    expect(text.stderr).toMatch(/line 2: price: /);
    expect(writesSince(mark)).toEqual([]);
  });

  it('a driver nobody is, or a member who is not a driver, is refused naming the drivers or the fix', async () => {
    const row = (driver: string) => [date('2027-06-11'), time(10), 'Damascus', 'Homs', 'DAM-123456', driver, 12000];
    const file = workbook('drivers.xlsx', [OFFICE, row('Nadia'), row('Lina Khoury')]);
    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'publish', '--from-file', file, ...TZ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("line 2: driver: no driver 'Nadia' (the drivers: Khaled Mansour +963944000004");
    expect(result.stderr).toContain(
      `line 3: driver: Lina Khoury +963944000002 is a member whose role is admin, not driver (tripctl members update ${memberNamed('Lina Khoury').id} --role driver)`,
    );
    expect(writesSince(mark)).toEqual([]);
  });

  it('one vehicle given two departures at the same time is refused naming both rows', async () => {
    const row = (to: string) => [date('2027-06-12'), time(7), 'Damascus', to, 'DAM-123456', 'Rami', 12000];
    const file = workbook('twice.xlsx', [OFFICE, row('Homs'), row('Aleppo')]);
    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'publish', '--from-file', file, ...TZ]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('line 3: the vehicle of line 2 departs at that time too: a vehicle cannot leave twice at once');
    expect(writesSince(mark)).toEqual([]);
  });

  it('the same table in a CSV file: office headings, case and spacing free', async () => {
    const file = join(dir, 'office.csv');
    writeFileSync(file, 'DATE , time,FROM,to,  vehicle ,DRIVER,fare(syp)\n2027-06-13,06:30,Damascus,Homs,DAM-123456,Yousef,"12,500"\n');
    const dry = await run(sb, ['trips', 'publish', '--from-file', file, '--dry-run', ...TZ]);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.stdout).body).toMatchObject({
      departureAt: '2027-06-13T06:30:00+03:00',
      pricePerSeat: 1_250_000,
      driverId: memberNamed('Yousef Aziz').id,
    });
  });
});

describe('one door for every import', () => {
  it('bookings create --from-file reads a workbook with Arabic headings; --sheet on a CSV and an old .xls are refused', async () => {
    const { trips } = await api(sb, 'GET', '/trips?status=published&perPage=100');
    const trip = trips.find((t: any) => t.departureAt > '2027' && t.seatsBooked === 0) as Record<string, any>;
    const file = workbook('passengers.xlsx', [
      ['الهاتف', 'الاسم', 'المقاعد'],
      ['0944 310 001', 'لينا خوري', 2],
      ['+963944310002', 'Sami Haddad', 1],
    ]);
    const mark = sb.requests.length;
    const booked = await run(sb, ['bookings', 'create', '--from-file', file, '--trip', trip.id]);
    expect(booked.code, booked.stderr).toBe(0);
    expect(
      writesSince(mark).map((r) => {
        const body = JSON.parse(String(r.body));
        return [r.path, body.phone, body.fullName, body.seats];
      }),
    ).toEqual([
      ['/bookings', '+963944310001', 'لينا خوري', 2],
      ['/bookings', '+963944310002', 'Sami Haddad', 1],
    ]);

    const csv = join(dir, 'plain.csv');
    writeFileSync(csv, 'phone,seats\n0944 310 003,1\n');
    const sheet = await run(sb, ['bookings', 'create', '--from-file', csv, '--trip', trip.id, '--sheet', 'Week']);
    expect(sheet.code).toBe(2);
    expect(sheet.stderr).toContain(`--sheet: ${csv} is not an Excel workbook`);
    const xls = join(dir, 'old.xls');
    writeFileSync(xls, Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]));
    const old = await run(sb, ['bookings', 'create', '--from-file', xls, '--trip', trip.id]);
    expect(old.code).toBe(2);
    expect(old.stderr).toContain(`${xls} is an old Excel file (.xls)`);
  });
});
