// Exports for the people who open them, read back from a running sandbox and compared with the
// API: money in pounds with two decimals beside a currency column (csv text, xlsx numbers with a
// currency format whose sums equal the API's totals), cities in English and in Arabic.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../src/sandbox/index.js';
import { type Client, open } from './http.js';
import { parseCsv, readZip } from './readers.js';

let sandbox: Sandbox;
let client: Client;
let cities: Map<string, { name: string; nameAr: string }>;

beforeAll(async () => {
  ({ sandbox, client } = await open());
  cities = new Map((await client.api('GET', '/cities')).body.cities.map((c: any) => [c.id, c]));
});
afterAll(async () => {
  await sandbox.close();
});

async function exported(type: string, format: 'csv' | 'xlsx'): Promise<Buffer> {
  const res = await fetch(`${sandbox.baseUrl}/reports/export?type=${type}&format=${format}`, {
    headers: { authorization: `Bearer ${sandbox.keys.full}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The csv as objects keyed by the header row. */
async function csvRows(type: string): Promise<Array<Record<string, string>>> {
  const [header, ...rows] = parseCsv((await exported(type, 'csv')).toString('utf8').replace(/^\uFEFF/, ''));
  return rows.map((row) => Object.fromEntries(header!.map((name, i) => [name, row[i]!])));
}

/** Cells of the xlsx's sheet by reference (A1…), with their style index, and the number formats by style. */
async function xlsxCells(
  type: string,
): Promise<{ cells: Map<string, { value: string; style: number }>; formatOf: (style: number) => string }> {
  const entries = readZip(await exported(type, 'xlsx'));
  const sheet = entries.find((e) => e.name === 'xl/worksheets/sheet1.xml')!.data.toString('utf8');
  const styles = entries.find((e) => e.name === 'xl/styles.xml')!.data.toString('utf8');
  const cells = new Map<string, { value: string; style: number }>();
  for (const m of sheet.matchAll(/<c r="([A-Z]+\d+)"(?: s="(\d+)")?(?: t="(\w+)")?>(.*?)<\/c>/g)) {
    const value = m[3] === 'inlineStr' ? /<t[^>]*>(.*?)<\/t>/.exec(m[4]!)![1]! : /<v>(.*?)<\/v>/.exec(m[4]!)![1]!;
    cells.set(m[1]!, { value, style: Number(m[2] ?? 0) });
  }
  const xfs = [.../<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)![1]!.matchAll(/numFmtId="(\d+)"/g)].map((m) => m[1]!);
  const codes = new Map([...styles.matchAll(/<numFmt numFmtId="(\d+)" formatCode="([^"]*)"\/>/g)].map((m) => [m[1]!, m[2]!]));
  return { cells, formatOf: (style) => (codes.get(xfs[style]!) ?? '').replace(/&quot;/g, '"') };
}

const pounds = (minor: number) => (minor / 100).toFixed(2);

describe('money', () => {
  it('trips.csv: pricePerSeat in pounds with two decimals (24000.00 for 2400000), beside its currency', async () => {
    const rows = await csvRows('trips');
    const trips = new Map((await client.api('GET', '/trips?perPage=100')).body.trips.map((t: any) => [t.id, t]));
    let compared = 0;
    for (const row of rows) {
      expect(row.pricePerSeat).toMatch(/^\d+\.\d{2}$/);
      expect(row.currency).toBe('SYP');
      const trip: any = trips.get(row.id);
      if (!trip) continue;
      expect(row.pricePerSeat).toBe(pounds(trip.pricePerSeat));
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('revenue.xlsx: amounts are numbers in pounds with a currency format, and their sum is the API total', async () => {
    const { cells, formatOf } = await xlsxCells('revenue');
    const header = [...cells.entries()].filter(([ref]) => /^[A-Z]+1$/.test(ref)).map(([ref, c]) => [c.value, ref.replace('1', '')]);
    const column = Object.fromEntries(header) as Record<string, string>;
    let paid = 0;
    let pending = 0;
    for (let row = 2; cells.has(`A${row}`); row++) {
      const cell = cells.get(`${column.paid}${row}`)!;
      expect(cell.value).toMatch(/^\d+(\.\d{1,2})?$/);
      expect(formatOf(cell.style)).toBe('#,##0.00 "SYP"');
      expect(cells.get(`${column.currency}${row}`)!.value).toBe('SYP');
      paid += Number(cell.value);
      pending += Number(cells.get(`${column.pending}${row}`)?.value ?? 0);
    }
    const { revenue } = (await client.api('GET', '/dashboard')).body.dashboard;
    expect(revenue.currency).toBe('SYP');
    expect(paid.toFixed(2)).toBe(pounds(revenue.paid));
    expect(pending.toFixed(2)).toBe(pounds(revenue.pending));
  });

  it('routes.csv: revenue in pounds with its currency', async () => {
    for (const row of await csvRows('routes')) {
      expect(row.revenue).toMatch(/^\d+\.\d{2}$/);
      expect(row.currency).toBe('SYP');
    }
  });
});

describe('cities in English and Arabic', () => {
  it('routes: from, fromAr, to, toAr', async () => {
    const rows = await csvRows('routes');
    expect(rows.length).toBeGreaterThan(3);
    const byName = new Map([...cities.values()].map((c) => [c.name, c.nameAr]));
    for (const row of rows) {
      expect(row.fromAr).toBe(byName.get(row.from!));
      expect(row.toAr).toBe(byName.get(row.to!));
      expect(row.fromAr).toMatch(/\p{Script=Arabic}/u);
    }
  });

  it('bookings, trips and reviews: route and routeAr, each naming the trip’s two cities', async () => {
    const trips = new Map((await client.api('GET', '/trips?perPage=100')).body.trips.map((t: any) => [t.id, t]));
    for (const [type, tripOf] of [
      ['trips', (row: Record<string, string>) => row.id],
      ['bookings', (row: Record<string, string>) => row.tripId],
      ['reviews', (row: Record<string, string>) => row.tripId],
    ] as const) {
      const rows = await csvRows(type);
      expect(rows.length, type).toBeGreaterThan(0);
      let compared = 0;
      for (const row of rows) {
        const trip: any = trips.get(tripOf(row)!);
        if (!trip) continue;
        const from = cities.get(trip.fromCityId)!;
        const to = cities.get(trip.toCityId)!;
        expect(row.route, type).toBe(`${from.name} - ${to.name}`);
        expect(row.routeAr, type).toBe(`${from.nameAr} - ${to.nameAr}`);
        compared++;
      }
      expect(compared, type).toBeGreaterThan(0);
    }
  });
});
