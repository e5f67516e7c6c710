// Terminal tables at 80, 100 and 160 columns with long English and Arabic text: no line wider
// than the terminal, ids whole, the least important columns cut with an ellipsis or left out;
// and, against the sandbox, handles for ids (looked up once, then cached) while piped output,
// CSV and JSON keep the service's raw values.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { ResourceSpec } from '../../src/output/columns.js';
import { displayWidth, fitColumns, truncate } from '../../src/output/layout.js';
import { Renderer } from '../../src/output/render.js';
import { specs } from '../../src/output/specs.js';
import { testContext } from '../support/context.js';
import { openSession, type SandboxSession } from '../support/sandbox.js';

// Sandbox start-up and whole flows on a machine shared with other work: a generous bound, not a timing check.
vi.setConfig({ testTimeout: 30_000 });

const LONG_AR = 'محطة الانطلاق الرئيسية في مدينة دير الزور قرب الجسر المعلق';
const LONG_EN = 'Deir ez-Zor Central Terminal by the Suspension Bridge, North Gate';
const TRIPS = [
  {
    id: '077fa547-a9a6-407e-953b-126cb4ba4a27',
    status: 'published',
    fromCityId: 'c-long-ar',
    toCityId: 'c-long-en',
    departureAt: '2026-12-06T11:00:00.000Z',
    pricePerSeat: 1800000,
    currency: 'SYP',
    totalSeats: 20,
    seatsBooked: 2,
    vehicleId: 'v-1',
  },
  {
    id: '2565e428-5100-4f82-b4aa-8b01fc29cccf',
    status: 'cancelled',
    fromCityId: 'damascus',
    toCityId: 'homs',
    departureAt: '2026-12-06T04:30:00.000Z',
    pricePerSeat: 123456789,
    currency: 'SYP',
    totalSeats: 9,
    seatsBooked: 0,
    vehicleId: 'v-2',
  },
];
const LABELS = {
  city: new Map([
    ['c-long-ar', LONG_AR],
    ['c-long-en', LONG_EN],
    ['damascus', 'Damascus'],
    ['homs', 'حمص'],
  ]),
  vehicle: new Map([
    ['v-1', 'DAM-204518'],
    ['v-2', 'حلب ١٢٣٤٥٦'],
  ]),
};
const REVIEWS = [
  {
    id: 'b3b9d1c2-0a57-4c55-9a43-2b9a6a8f0d11',
    rating: 5,
    tripId: '077fa547-a9a6-407e-953b-126cb4ba4a27',
    comment: `${LONG_AR} — ${LONG_EN}`,
    createdAt: '2026-11-20T10:00:00Z',
  },
  {
    id: 'c4c0e2d3-1b68-4d66-8b54-3c0b7b9f1e22',
    rating: 3,
    tripId: '2565e428-5100-4f82-b4aa-8b01fc29cccf',
    comment: LONG_EN.repeat(3),
    createdAt: '2026-11-21T10:00:00Z',
  },
];

async function table(width: number, items: unknown[], spec: ResourceSpec = specs.trip) {
  const t = testContext({ stdoutIsTTY: true, columns: width });
  t.cleanup();
  const kinds: string[][] = [];
  const r = new Renderer(t.io, {
    format: 'table',
    color: false,
    tty: true,
    width,
    timeZone: 'Asia/Damascus',
    now: () => new Date('2026-11-24T00:00:00Z'),
    handles: async (wanted) => {
      kinds.push([...wanted]);
      return LABELS;
    },
  });
  await r.list([items], spec);
  return { lines: t.out().trimEnd().split('\n'), err: t.err(), kinds };
}

describe.each([80, 100, 160])('at %i columns', (width) => {
  test('trips: no line wider than the terminal, ids whole, handles and money shown', async () => {
    const { lines, err, kinds } = await table(width, TRIPS);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    expect(lines[1]).toContain('077fa547-a9a6-407e-953b-126cb4ba4a27');
    expect(lines[2]).toContain('2565e428-5100-4f82-b4aa-8b01fc29cccf');
    expect(lines[0]).toMatch(
      width >= 100 ? /^ID\s+STATUS\s+FROM\s+TO\s+DEPARTURE GMT\+3\s+PRICE/ : /^ID\s+STATUS\s+FROM\s+DEPARTURE GMT\+3$/,
    );
    if (width >= 100) expect(lines[2]).toContain('1,234,567.89 SYP');
    expect(lines[1]).toContain('2026-12-06 14:00');
    expect(lines.join('\n')).not.toContain('c-long-ar'); // the id never shows where its name is known
    expect(kinds).toEqual([['city', 'vehicle']]);
    if (width < 160) {
      expect(lines[1]).toContain('…'); // the long names are cut
      expect(err).toMatch(/^\(not shown at this width: .*VEHICLE.*; -o csv shows every column\)\n$/);
    } else {
      expect(lines[0]).toMatch(/BOOKED\s+VEHICLE$/);
      expect(lines[2]).toMatch(/0\s+حلب ١٢٣٤٥٦$/);
      expect(err).toBe('(not shown at this width: SEATS; -o csv shows every column)\n');
    }
  });

  test('reviews: a long mixed Arabic and English comment is cut with an ellipsis', async () => {
    const { lines } = await table(width, REVIEWS, specs.review);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    expect(lines[1]).toMatch(/محطة.*…/);
    expect(lines[2]).toMatch(/Deir ez-Zor.*…/);
  });
});

test('a narrow terminal keeps the first column and cuts even it rather than overflow', async () => {
  const { lines } = await table(30, TRIPS);
  for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(30);
  expect(lines[1]).toBe(truncate('077fa547-a9a6-407e-953b-126cb4ba4a27', 30));
});

test('fitColumns: cuts the least important first, leaves columns out only when cutting is not enough', () => {
  const columns = [{ header: 'ID' }, { header: 'A', priority: 2, minWidth: 4 }, { header: 'B', priority: 4, minWidth: 4 }];
  expect(fitColumns(columns, [10, 10, 10], 34)).toEqual({
    shown: [
      { index: 0, width: 10 },
      { index: 1, width: 10 },
      { index: 2, width: 10 },
    ],
    hidden: [],
  });
  expect(fitColumns(columns, [10, 10, 10], 30)).toEqual({
    shown: [
      { index: 0, width: 10 },
      { index: 1, width: 10 },
      { index: 2, width: 6 },
    ],
    hidden: [],
  });
  expect(fitColumns(columns, [10, 10, 10], 20)).toEqual({
    shown: [
      { index: 0, width: 10 },
      { index: 1, width: 8 },
    ],
    hidden: ['B'],
  });
});

test('display width: Arabic letters one column each, vowel marks none, CJK two', () => {
  expect(displayWidth('حمص')).toBe(3);
  expect(displayWidth('حَمْص')).toBe(3);
  expect(displayWidth('東京')).toBe(4);
  expect(truncate('Damascus', 6)).toBe('Damas…');
});

describe('against the sandbox', () => {
  let session: SandboxSession;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  const env = () => ({
    TRIPCTL_BASE_URL: session.sandbox.baseUrl,
    TRIPCTL_API_KEY: session.sandbox.keys.full,
    TRIPCTL_TZ: 'Asia/Damascus',
    NO_COLOR: '1',
  });

  test('trips list on a terminal: city names, plates, pounds; one request per kind of handle, none once cached', async () => {
    const t = testContext({ stdoutIsTTY: true, columns: 160, env: env() });
    try {
      const mark = session.mark();
      expect(await t.run(['trips', 'list', '--per-page', '5'])).toBe(0);
      const first = session.since(mark).map((r) => `${r.method} ${r.path}`);
      expect(first.sort()).toEqual(['GET /cities', 'GET /trips', 'GET /vehicles']);
      const out = t.out();
      expect(out).toMatch(/^ID\s+STATUS\s+FROM\s+TO\s+DEPARTURE GMT\+3\s+PRICE\s+SEATS\s+BOOKED\s+VEHICLE\n/);
      expect(out).toMatch(
        /published\s+(Damascus|Homs|Aleppo)\s+\S+\s+\d{4}-\d\d-\d\d \d\d:\d\d\s+[\d,]+\.00 SYP\s+\d+\s+\d+\s+[A-Z]{3}-\d{6}\n/,
      );
      expect(out).not.toMatch(/damascus|homs/); // no slugs
      for (const line of out.trimEnd().split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(160);

      // The same config dir: the cached cities and vehicles cost nothing.
      const again = testContext({ stdoutIsTTY: true, columns: 160, env: env(), configDir: t.configDir });
      const mark2 = session.mark();
      expect(await again.run(['trips', 'list', '--per-page', '5'])).toBe(0);
      expect(session.since(mark2).map((r) => `${r.method} ${r.path}`)).toEqual(['GET /trips']);
      expect(again.out()).toBe(out);
    } finally {
      t.cleanup();
    }
  });

  test('piped table, CSV, JSON and ids keep the raw values and make no look-up', async () => {
    const mark = session.mark();
    const piped = await session.run(['trips', 'list', '--per-page', '2']);
    expect(piped.stdout.split('\n')[0]).toMatch(
      /^[0-9a-f-]{36}\tpublished\t[a-z-]+\t[a-z-]+\t\d{4}-\d\d-\d\dT[\d:.]+Z\t\d+\t\d+\t\d+\t[0-9a-f-]{36}$/,
    );
    const csv = await session.run(['trips', 'list', '--per-page', '2', '-o', 'csv']);
    expect(csv.stdout.split('\r\n')[0]).toBe('ID,STATUS,FROM,TO,DEPARTURE,PRICE,SEATS,BOOKED,VEHICLE');
    expect(csv.stdout).not.toContain('SYP');
    const bookings = await session.run(['bookings', 'list', '--per-page', '2', '-o', 'csv']);
    expect(bookings.stdout.split('\r\n')[0]).toBe('ID,STATUS,TRIP,SEATS,SOURCE,BOARDED,NO-SHOW,GROUP');
    expect(
      session
        .since(mark)
        .map((r) => r.path)
        .filter((path) => path !== '/trips' && path !== '/bookings'),
    ).toEqual([]);
  });

  test('bookings of one trip on a terminal show the passenger by name and phone, from one manifest request', async () => {
    const [approved] = await session.json<Array<{ tripId: string }>>(['bookings', 'list', '--status', 'approved', '--per-page', '1']);
    const t = testContext({ stdoutIsTTY: true, columns: 100, env: env() });
    try {
      const mark = session.mark();
      expect(await t.run(['bookings', 'list', '--trip', approved!.tripId])).toBe(0);
      expect(
        session
          .since(mark)
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
      ).toEqual(['GET /bookings', `GET /trips/${approved!.tripId}/manifest`]);
      expect(t.out()).toMatch(/^ID\s+STATUS\s+PASSENGER\s+/);
      expect(t.out()).toMatch(/approved\s+[A-Z][a-z]+ [A-Z][a-z]+ \+9639\d{8}\s/);
    } finally {
      t.cleanup();
    }
  });

  test("money without a currency in the answer uses the profile's currency setting", async () => {
    const t = testContext({ stdoutIsTTY: true, columns: 160, env: env() });
    try {
      expect(await t.run(['config', 'set', 'currency', 'usd'])).toBe(0);
      t.stdout.clear();
      expect(await t.run(['schedules', 'list'])).toBe(0);
      expect(t.out()).toMatch(/TIME GMT\+3\s+PRICE/);
      expect(t.out()).toContain('24,000.00 USD');
      expect(await t.run(['config', 'set', 'currency', 'pounds'])).toBe(2);
    } finally {
      t.cleanup();
    }
  });
});
