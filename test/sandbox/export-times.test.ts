// Times and pages of the exports as their readers meet them: the bookings xlsx read with openpyxl
// holds each departure as the local time of the company's zone, which the sheet names; csv keeps
// ISO 8601 with the offset (the same instant as the API's); each PDF's page is the one the
// export's description in the served document names, and no PDF cuts an id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../src/sandbox/index.js';
import { pdfLayout } from '../../src/sandbox/files/pdf.js';
import { extractedText, poppler } from '../pdf/poppler.js';
import { type Client, open } from './http.js';
import { openpyxlRows } from './openpyxl.js';
import { parseCsv } from './readers.js';

let sandbox: Sandbox;
let client: Client;
let trips: Map<string, any>;

beforeAll(async () => {
  ({ sandbox, client } = await open());
  trips = new Map((await client.api('GET', '/trips?perPage=100')).body.trips.map((t: any) => [t.id, t]));
});
afterAll(async () => {
  await sandbox.close();
});

const ZONE = 'Asia/Damascus';

async function exported(type: string, format: 'csv' | 'xlsx' | 'pdf'): Promise<Buffer> {
  const res = await fetch(`${sandbox.baseUrl}/reports/export?type=${type}&format=${format}`, {
    headers: { authorization: `Bearer ${sandbox.keys.full}` },
  });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** The wall clock of an instant in the zone, as openpyxl writes a naive date-time: 2026-11-28T22:24:00. */
function wallClock(iso: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}

describe('times in the company zone', () => {
  it("bookings.xlsx, read with openpyxl: departureAt is a date cell equal to the trip's local departure, and the heading names the zone", async () => {
    const [header, ...rows] = openpyxlRows(await exported('bookings', 'xlsx'));
    const names = header!.map((c) => c.value);
    const departure = names.indexOf(`departureAt (${ZONE})`);
    expect(departure, String(names)).toBeGreaterThan(0);
    expect(names).toContain(`createdAt (${ZONE})`);
    expect(names).toContain(`boardedAt (${ZONE})`);
    const tripId = names.indexOf('tripId');
    let compared = 0;
    for (const row of rows) {
      const trip = trips.get(String(row[tripId]!.value));
      if (!trip) continue;
      const cell = row[departure]!;
      expect(cell.date).toBe(true);
      expect(cell.value).toBe(wallClock(trip.departureAt, ZONE));
      // Syria keeps UTC+03:00 all year: three hours ahead of the API's instant, never the same.
      expect(cell.value).not.toBe(trip.departureAt.slice(0, 19));
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  }, 60_000);

  it('trips.xlsx and reviews.xlsx: their times are local date cells under headings naming the zone', async () => {
    for (const [type, column] of [
      ['trips', 'departureAt'],
      ['reviews', 'createdAt'],
    ] as const) {
      const [header, ...rows] = openpyxlRows(await exported(type, 'xlsx'));
      const i = header!.findIndex((c) => c.value === `${column} (${ZONE})`);
      expect(i, type).toBeGreaterThanOrEqual(0);
      expect(rows.length, type).toBeGreaterThan(0);
      for (const row of rows) expect(row[i]!.date, type).toBe(true);
    }
    const [header, ...rows] = openpyxlRows(await exported('trips', 'xlsx'));
    const id = header!.findIndex((c) => c.value === 'id');
    const departure = header!.findIndex((c) => c.value === `departureAt (${ZONE})`);
    for (const row of rows) expect(row[departure]!.value).toBe(wallClock(trips.get(String(row[id]!.value)).departureAt, ZONE));
  }, 60_000);

  it('bookings.csv: ISO 8601 with the +03:00 offset, the same instant as the API, the local time as written', async () => {
    const [header, ...rows] = parseCsv((await exported('bookings', 'csv')).toString('utf8').replace(/^\uFEFF/, ''));
    const at = (name: string) => header!.indexOf(name);
    let compared = 0;
    for (const row of rows) {
      for (const name of ['createdAt', 'departureAt', 'boardedAt']) {
        const value = row[at(name)]!;
        if (value !== '') expect(value, name).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+03:00$/);
      }
      const trip = trips.get(row[at('tripId')]!);
      if (!trip) continue;
      const value = row[at('departureAt')]!;
      expect(Date.parse(value)).toBe(Date.parse(trip.departureAt));
      expect(value.slice(0, 19)).toBe(wallClock(trip.departureAt, ZONE));
      compared++;
    }
    expect(compared).toBeGreaterThan(5);
  });

  it('the PDFs show the local time and name the zone on every page', async () => {
    const csv = parseCsv((await exported('trips', 'csv')).toString('utf8').replace(/^\uFEFF/, ''));
    const text = extractedText(await exported('trips', 'pdf'));
    const first = csv[1]![csv[0]!.indexOf('departureAt')]!;
    expect(text).toContain(first.slice(0, 16).replace('T', ' '));
    expect(text).not.toMatch(/\d{2}:\d{2}(:\d{2})?(\.\d+)?Z/);
    const bookings = await exported('bookings', 'pdf');
    const pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', bookings))![1]);
    expect(pages).toBeGreaterThan(1);
    for (let page = 1; page <= pages; page++) {
      expect(extractedText(bookings, '-f', String(page), '-l', String(page))).toContain(`page ${page} of ${pages} - times in ${ZONE}`);
    }
  }, 60_000);
});

const SIZES: Record<string, RegExp> = {
  'A4 portrait': /Page size:\s+595\.28 x 841\.89/,
  'A4 landscape': /Page size:\s+841\.89 x 595\.28/,
  'A3 landscape': /Page size:\s+1190\.55 x 841\.89/,
};

describe('PDF pages as described, ids whole', () => {
  it("each export's PDF is on the page its description names, and every id of the export is whole in it", async () => {
    const doc = (await client.api('GET', '/openapi.json', { key: null })).body;
    const description: string = doc.paths['/reports/export'].get.description;
    const described = /pdf pages: (.*?);/.exec(description)![1]!;
    const types: string[] = doc.paths['/reports/export'].get.parameters.find((p: any) => p.name === 'type').schema.enum;
    const named = new Map<string, string>();
    for (const m of described.matchAll(/(A[34] (?:portrait|landscape)) \(([^)]*)\)/g))
      for (const t of m[2]!.split(', ')) named.set(t, m[1]!);
    expect([...named.keys()].sort()).toEqual([...types].sort());
    for (const type of types) {
      const pdf = await exported(type, 'pdf');
      expect(poppler('pdfinfo', pdf), type).toMatch(SIZES[named.get(type)!]!);
      const text = extractedText(pdf);
      const ids = new Set(
        parseCsv((await exported(type, 'csv')).toString('utf8').replace(/^\uFEFF/, ''))
          .slice(1)
          .flat()
          .filter((v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(v)),
      );
      for (const id of ids) expect(text, `${type}: ${id}`).toContain(id);
      expect(text, type).not.toMatch(/[0-9a-f]{8}-[0-9a-f-]*\.\.\./);
    }
  }, 120_000);

  it('a page too narrow for every column cuts the other wide columns, never a column of ids', () => {
    const id = 'd0b19487-96cc-47d0-be3a-6a4c1e2f9b10';
    const layout = pdfLayout(
      {
        title: 'Bookings',
        page: 'A4 portrait',
        columns: ['id', 'tripId', 'passenger', 'comment'],
        rows: [[id, id, 'x'.repeat(80), 'y'.repeat(200)]],
      },
      (text) => text.length * 4,
    );
    expect(layout.width).toBe(595.28);
    const natural = id.length * 4 + 8;
    expect(layout.columnWidths[0]).toBe(natural);
    expect(layout.columnWidths[1]).toBe(natural);
    expect(layout.columnWidths[2]! + layout.columnWidths[3]!).toBeCloseTo(595.28 - 72 - 2 * natural);
  });
});
