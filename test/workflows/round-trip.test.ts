// Round trips: what `trips list -o csv` writes, `trips publish --from-file` reads back as the same
// trips — as CSV, and saved from Excel as a workbook. Its money column is `pricePerSeat` (minor
// units, which is what an import reads under that name); `status` and `booked` are read past and
// `id` names the trip. An unedited export is every row unchanged, nothing sent, exit 0; one edited
// cell is the only change.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pipedRows } from '../support/piped.js';
import { type XlsxCell, xlsxWorkbook } from '../support/xlsx.js';
import { api, run, sandbox, type Sandbox } from './helpers.js';

let sb: Sandbox;
let dir: string;
const writesSince = (mark: number) => sb.requests.slice(mark).filter((r) => r.method !== 'GET');

beforeAll(async () => {
  sb = await sandbox();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-round-trip-'));
});
afterAll(async () => {
  await sb?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('round trips: what trips list -o csv writes, trips publish --from-file reads back', () => {
  it('an unedited export is every trip unchanged, nothing sent, exit 0; one edited cell is the only change sent', async () => {
    const exported = await run(sb, ['trips', 'list', '--status', 'published', '--all', '-o', 'csv']);
    expect(exported.code).toBe(0);
    const [header, ...records] = exported.stdout.trimEnd().split('\r\n');
    expect(header).toBe('id,status,from,to,departure,pricePerSeat,seats,booked,vehicle');
    const file = join(dir, 'export.csv');
    writeFileSync(file, exported.stdout);

    const mark = sb.requests.length;
    // --verbose: every row on a line of its own (unattended, unchanged rows are one count line).
    const back = await run(sb, ['trips', 'publish', '--from-file', file, '--verbose']);
    expect(back.code).toBe(0);
    expect(new Set(pipedRows(back.stdout).map((r) => r[2]))).toEqual(new Set(['unchanged']));
    expect(pipedRows(back.stdout)).toHaveLength(records.length);
    expect(writesSince(mark)).toEqual([]);

    // Opened in Excel and saved as a workbook: numbers become number cells, the rest text.
    const cells = [header!, ...records].map((line, i) =>
      line.split(',').map((cell): XlsxCell => (i > 0 && /^\d+$/.test(cell) ? Number(cell) : cell)),
    );
    const saved = join(dir, 'export.xlsx');
    writeFileSync(saved, xlsxWorkbook([{ name: 'trips', rows: cells }]));
    const fromExcel = await run(sb, ['trips', 'publish', '--from-file', saved, '--verbose']);
    expect(fromExcel.code, fromExcel.stderr).toBe(0);
    expect(new Set(pipedRows(fromExcel.stdout).map((r) => r[2]))).toEqual(new Set(['unchanged']));
    expect(writesSince(mark)).toEqual([]);

    // The office raises one fare by editing its cell (minor units, as the column's name says).
    const edited = records[0]!.split(',');
    const [id] = edited;
    edited[5] = String(Number(edited[5]) + 50_000);
    writeFileSync(file, [header, edited.join(','), ...records.slice(1)].join('\r\n'));
    const plan = await run(sb, ['trips', 'publish', '--from-file', file]);
    expect(plan.code).toBe(8);
    expect(pipedRows(plan.stdout).filter((r) => r[2] !== 'unchanged')).toEqual([
      ['2', id, 'differs', expect.stringMatching(/^price .* → .*SYP$/)],
    ]);
    const before = sb.requests.length;
    const update = await run(sb, ['trips', 'publish', '--from-file', file, '--update']);
    expect(update.code).toBe(0);
    expect(writesSince(before).map((r) => `${r.method} ${r.path} ${r.body}`)).toEqual([`PATCH /trips/${id} {"pricePerSeat":${edited[5]}}`]);
    expect(readFileSync(file, 'utf8')).toContain(id);
  });

  it('a row whose id names one trip at the vehicle and time of another published trip is refused, naming that trip', async () => {
    const { trips } = await api(sb, 'GET', '/trips?status=published&perPage=100');
    const [a, b] = trips as Array<Record<string, any>>;
    const file = join(dir, 'clash.csv');
    writeFileSync(
      file,
      `id,from,to,departure,pricePerSeat,vehicle\n${a!.id},${b!.fromCityId},${b!.toCityId},${b!.departureAt},${b!.pricePerSeat},${b!.vehicleId}\n`,
    );
    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'publish', '--from-file', file, '--update']);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('line 2: its vehicle already departs at that time on trip ');
    expect(result.stderr).toContain(`(${b!.id})`);
    expect(writesSince(mark)).toEqual([]);
  });
});
