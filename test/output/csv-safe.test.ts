// Every CSV tripctl writes opens safely in a spreadsheet: a cell that would run as a formula is
// neutralised the OWASP way (a leading single quote), a phone and a negative amount stay as they
// are; a CSV saved to a file begins with a UTF-8 byte-order mark, CSV on stdout never does.
// The manifest, `-o csv` and the sandbox's exports are all written by output/csv.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvField, neutralise } from '../../src/output/csv.js';
import { csvOf } from '../../src/sandbox/files/index.js';
import { parseCsv } from '../sandbox/readers.js';
import { testContext } from '../support/context.js';
import { type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';
import { startScriptedServer } from '../support/scripted-server.js';

const HOSTILE = '=HYPERLINK("http://x","Click")';
/** What a spreadsheet runs: a cell whose first character starts a formula (tab and CR included). */
const LIVE = /^[=+\-@\t\r]/;
/** What may start with + or - and still be safe: a number or a phone, nothing that calls anything. */
const NUMBER = /^[+-]?\d[\d ]*(?:\.\d+)?$/;

function liveCells(rows: string[][]): string[] {
  return rows.flat().filter((cell) => LIVE.test(cell) && !NUMBER.test(cell));
}

describe('one cell', () => {
  it.each([
    ['=1+2', "'=1+2"],
    [HOSTILE, `'${HOSTILE}`],
    ['+SUM(A1)', "'+SUM(A1)"],
    ['-2+3+cmd|x', "'-2+3+cmd|x"],
    ['@SUM(1)', "'@SUM(1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ['  =1', "'  =1"],
  ])('neutralises %j', (text, expected) => expect(neutralise(text)).toBe(expected));

  it.each(['+963944123456', '-24000.00', '-1', '+963 944 123 456', 'Homs', 'سارة', '', 'a=b', "'quoted"])('keeps %j as it is', (text) =>
    expect(neutralise(text)).toBe(text),
  );

  it.each([
    ["Ali;=cmd|' /C calc'!A0", `"Ali;'=cmd|' /C calc'!A0"`],
    ['Ali;Homs', '"Ali;Homs"'],
    ['-1;+963944123456', '"-1;+963944123456"'],
    ['=1;@SUM(1)', `"'=1;'@SUM(1)"`],
  ])('quotes %j, which holds the separator of a semicolon locale, and neutralises each part', (text, expected) => {
    expect(csvField(text)).toBe(expected);
    // Quoted, it stays one cell for any delimiter; split at its semicolons anyway, no part runs.
    const [cells] = parseCsv(`${expected}\r\n`);
    expect(cells).toHaveLength(1);
    expect(cells![0]!.split(';').filter((part) => LIVE.test(part) && !NUMBER.test(part))).toEqual([]);
  });

  it('quotes after neutralising, so a quote inside stays one cell', () => {
    expect(csvField(HOSTILE)).toBe(`"'=HYPERLINK(""http://x"",""Click"")"`);
    expect(parseCsv(`${csvField(HOSTILE)}\r\n`)).toEqual([[`'${HOSTILE}`]]);
  });
});

describe('the sandbox export, by the same writer', () => {
  it('neutralises a formula, keeps a negative amount, and begins with a byte-order mark', () => {
    const bytes = csvOf({
      title: 't',
      columns: ['name', 'amount'],
      rows: [[HOSTILE, -2400000]],
      money: { columns: ['amount'], currency: 'SYP' },
    });
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.toString('utf8').slice(1));
    expect(rows[1]).toEqual([`'${HOSTILE}`, '-24000.00']);
    expect(liveCells(rows)).toEqual([]);
  });
});

describe('a passenger who names themselves a formula', () => {
  let sandbox: Sandbox;
  let dir: string;
  let tripId: string;
  const api = (...args: Parameters<ReturnType<typeof sandboxApi>>) => sandboxApi(sandbox)(...args);
  const run = async (argv: string[]) => {
    const t = testContext({ env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full }, cwd: dir });
    const code = await t.run(argv);
    t.cleanup();
    return { code, out: t.out(), err: t.err() };
  };

  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
    dir = mkdtempSync(join(tmpdir(), 'tripctl-csv-safe-'));
    const { vehicles } = await api('GET', '/vehicles');
    const { trip } = await api('POST', '/trips', {
      vehicleId: vehicles[0].id,
      fromCityId: 'damascus',
      toCityId: 'homs',
      departureAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
      pricePerSeat: 1500,
      totalSeats: 4,
    });
    tripId = trip.id;
    for (const [i, fullName] of [HOSTILE, 'سارة الحلبي', '@SUM(1+1)'].entries()) {
      const { booking } = await api('POST', '/bookings', { tripId, seats: 1, phone: `+96394477000${i}`, fullName });
      await api('PATCH', `/bookings/${booking.id}`, { status: 'approved' });
    }
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is text in the manifest file, which begins with a byte-order mark; phones read +963…', async () => {
    const { code, out } = await run(['trips', 'manifest', tripId, '--format', 'csv', '--file', 'sheet.csv']);
    expect(code).toBe(0);
    const bytes = readFileSync(out.trim());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = parseCsv(bytes.toString('utf8').slice(1));
    expect(header).toEqual(['name', 'phone', 'seats', 'ref', 'boarded', 'note', 'group']);
    expect(rows.map((row) => row[0]).sort()).toEqual([`'${HOSTILE}`, "'@SUM(1+1)", 'سارة الحلبي'].sort());
    expect(rows.map((row) => row[1]).sort()).toEqual(['+963944770000', '+963944770001', '+963944770002']);
    expect(liveCells(rows)).toEqual([]);
  });

  it('is text in the manifest on stdout, which has no byte-order mark', async () => {
    const { code, out } = await run(['trips', 'manifest', tripId, '--format', 'csv', '--file', '-']);
    expect(code).toBe(0);
    expect(out.startsWith('name,phone,')).toBe(true);
    expect(liveCells(parseCsv(out))).toEqual([]);
    expect(out).toContain(`"'${HOSTILE.replace(/"/g, '""')}"`);
  });

  it("is text in the service's export; its byte-order mark kept in a file, dropped on stdout", async () => {
    const saved = await run(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', 'bookings.csv']);
    expect(saved.code).toBe(0);
    const bytes = readFileSync(saved.out.trim());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const piped = await run(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', '-']);
    expect(piped.code).toBe(0);
    expect(piped.out).toBe(bytes.subarray(3).toString('utf8'));
    const rows = parseCsv(piped.out);
    expect(rows.flat()).toContain(`'${HOSTILE}`);
    expect(liveCells(rows)).toEqual([]);
  });

  it('is text in -o csv, on stdout without a byte-order mark', async () => {
    const { code, out } = await run(['trips', 'manifest', tripId, '-o', 'csv', '--columns', 'fullName,phone']);
    expect(code).toBe(0);
    expect(out.charCodeAt(0)).not.toBe(0xfeff);
    const [header, ...rows] = parseCsv(out);
    expect(header).toEqual(['name', 'phone']);
    expect(rows).toHaveLength(3);
    expect(rows.every((row) => row[1]?.startsWith('+963'))).toBe(true);
    expect(liveCells(rows)).toEqual([]);
  });
});

describe('a CSV download on stdout', () => {
  it('loses a byte-order mark that arrives split across chunks, and nothing else', async () => {
    const server = await startScriptedServer();
    try {
      const pieces = () => [Buffer.from([0xef]), Buffer.from([0xbb]), Buffer.from([0xbf, 0x69]), Buffer.from('d\r\n1\r\n')];
      server.on('GET /reports/export', { kind: 'generate', pieces, headers: { 'content-type': 'text/csv' } });
      server.on('GET /reports/export', { kind: 'generate', pieces, headers: { 'content-type': 'text/csv' } });
      const env = { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_0123456789abcdefghij' };
      const csv = testContext({ env });
      expect(await csv.run(['reports', 'export', '--type', 'trips', '--format', 'csv', '--file', '-'])).toBe(0);
      expect(csv.out()).toBe('id\r\n1\r\n');
      csv.cleanup();
      // Not CSV: the bytes as sent.
      const pdf = testContext({ env });
      expect(await pdf.run(['reports', 'export', '--type', 'trips', '--format', 'pdf', '--file', '-'])).toBe(0);
      expect(pdf.out()).toBe('\ufeffid\r\n1\r\n');
      pdf.cleanup();
    } finally {
      await server.close();
    }
  });
});
