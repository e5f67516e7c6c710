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

const LONG_AR = 'مُحَطَّة الانطلاق الرئيسية في مدينة دير الزور قرب الجسر المعلق';
const LONG_EN = 'Deir ez-Zor 🚌 Central Terminal 👨‍👩‍👧 by the Suspension Bridge, North Gate';
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

/** Where `text` starts on a line, in terminal columns. */
const columnOf = (line: string, text: string) => displayWidth(line.slice(0, line.indexOf(text)));

describe.each([80, 100, 160])('at %i columns', (width) => {
  test('trips: no line wider than the terminal, ids whole or absent, columns aligned, handles and money shown', async () => {
    const { lines, err, kinds } = await table(width, TRIPS);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    // What an operator reads is kept before the id, which is whole or not there at all.
    const ids = TRIPS.map((trip) => trip.id);
    for (const line of lines.slice(1)) expect(ids.some((id) => line.includes(id)) || !/[0-9a-f]{8}-/.test(line), line).toBe(true);
    if (width >= 160) {
      expect(lines[1]).toContain(ids[0]);
      expect(lines[2]).toContain(ids[1]);
      expect(lines[2]).toContain('1,234,567.89 SYP');
      // Amounts are right-aligned: they end in the same column.
      const end = (line: string, text: string) => columnOf(line, text) + displayWidth(text);
      expect(end(lines[1]!, '18,000.00 SYP')).toBe(end(lines[2]!, '1,234,567.89 SYP'));
      expect(end(lines[0]!, 'PRICE')).toBe(end(lines[2]!, '1,234,567.89 SYP'));
    } else {
      expect(lines.join('\n')).not.toContain('077fa547');
      expect(err).toMatch(/^\(not shown at this width: ID, .*VEHICLE; -o csv shows every column\)\n$/);
    }
    expect(lines[0]).toMatch(/FROM\s+TO\s+DEPARTURE GMT\+3/);
    // Emoji, a ZWJ family and Arabic vowel marks in the cells before: the next column still lines up.
    for (const line of lines.slice(1)) expect(columnOf(line, '2026-12-06'), line).toBe(columnOf(lines[0]!, 'DEPARTURE'));
    expect(lines[1]).toContain('2026-12-06 14:00');
    expect(lines.join('\n')).not.toContain('c-long-ar'); // the id never shows where its name is known
    expect(kinds).toEqual([['city', 'vehicle']]);
    expect(lines[1]).toContain('…'); // the long names are cut
  });

  test('reviews: a long mixed Arabic and English comment is cut with an ellipsis', async () => {
    const { lines } = await table(width, REVIEWS, specs.review);
    for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
    expect(lines[1]).toMatch(/مُحَطَّة.*…/);
    expect(lines[2]).toMatch(/Deir ez-Zor.*…/);
  });
});

test.each([20, 30])('at %i columns, below the narrowest table: one record per block, every id whole', async (width) => {
  const { lines, err } = await table(width, TRIPS);
  const blocks = lines.join('\n').split('\n\n');
  expect(blocks).toHaveLength(2);
  expect(blocks[0]!.split('\n')[0]).toBe('ID: 077fa547-a9a6-407e-953b-126cb4ba4a27');
  expect(blocks[1]).toContain('ID: 2565e428-5100-4f82-b4aa-8b01fc29cccf');
  expect(blocks[1]).toContain('PRICE: 1,234,567.89 SYP');
  expect(blocks[0]).toContain(`FROM: ${LONG_AR}`);
  expect(err).toBe('');
});

test('a terminal that reports 0 columns is taken as 100', async () => {
  const zero = await table(0, TRIPS);
  const hundred = await table(100, TRIPS);
  expect(zero.lines).toEqual(hundred.lines);
  expect(zero.lines.every((line) => line.trim() !== '')).toBe(true);
});

test('fitColumns: cuts the least important first, leaves columns out only when cutting is not enough', () => {
  const columns = [
    { header: 'ID', priority: 1 },
    { header: 'A', priority: 2, minWidth: 4 },
    { header: 'B', priority: 4, minWidth: 4 },
  ];
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

test('fitColumns: an id of lesser importance is left out whole before a more important column is cut', () => {
  const columns = [
    { header: 'ID', priority: 3 },
    { header: 'ROUTE', priority: 1, minWidth: 6 },
  ];
  expect(fitColumns(columns, [36, 20], 40)).toEqual({ shown: [{ index: 1, width: 20 }], hidden: ['ID'] });
});

test('display width: Arabic letters one column each, vowel marks none, CJK, emoji and ZWJ sequences two', () => {
  expect(displayWidth('حمص')).toBe(3);
  expect(displayWidth('حَمْص')).toBe(3);
  expect(displayWidth('東京')).toBe(4);
  expect(displayWidth('🚌')).toBe(2);
  expect(displayWidth('👨‍👩‍👧')).toBe(2);
  expect(displayWidth('🇸🇾')).toBe(2);
  expect(truncate('Damascus', 6)).toBe('Damas…');
  // Never inside a grapheme: the family stays whole or goes whole.
  expect(truncate('ab👨‍👩‍👧cd', 4)).toBe('ab…');
  expect(truncate('ab👨‍👩‍👧cd', 5)).toBe('ab👨‍👩‍👧…');
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
    expect(csv.stdout.split('\r\n')[0]).toBe('id,status,from,to,departure,pricePerSeat,seats,booked,vehicle');
    expect(csv.stdout).not.toContain('SYP');
    const bookings = await session.run(['bookings', 'list', '--per-page', '2', '-o', 'csv']);
    expect(bookings.stdout.split('\r\n')[0]).toBe('id,status,trip,seats,source,boarded,no-show,group');
    expect(
      session
        .since(mark)
        .map((r) => r.path)
        .filter((path) => path !== '/trips' && path !== '/bookings'),
    ).toEqual([]);
  });

  test('bookings on a terminal: the trip by route and local departure, the passenger by name and phone; each trip looked up once', async () => {
    const [approved] = await session.json<Array<{ tripId: string }>>(['bookings', 'list', '--status', 'approved', '--per-page', '1']);
    // Those on no manifest (requested, rejected, cancelled) are fetched singly for their passenger.
    const others = (await session.json<Array<{ id: string; status: string }>>(['bookings', 'list', '--trip', approved!.tripId]))
      .filter((b) => !['approved', 'boarded'].includes(b.status))
      .map((b) => `GET /bookings/${b.id}`);
    const trip = await session.json<{ fromCityId: string; toCityId: string; departureAt: string }>(['trips', 'get', approved!.tripId]);
    const cities = new Map((await session.json<Array<{ id: string; name: string }>>(['cities', 'list'])).map((c) => [c.id, c.name]));
    const t = testContext({ stdoutIsTTY: true, columns: 100, env: env() });
    try {
      const mark = session.mark();
      expect(await t.run(['bookings', 'list', '--trip', approved!.tripId])).toBe(0);
      expect(
        session
          .since(mark)
          .map((r) => `${r.method} ${r.path}`)
          .sort(),
      ).toEqual(
        ['GET /bookings', 'GET /cities', `GET /trips/${approved!.tripId}`, `GET /trips/${approved!.tripId}/manifest`, ...others].sort(),
      );
      const local = new Intl.DateTimeFormat('en-CA', {
        timeZone: 'Asia/Damascus',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).formatToParts(new Date(trip.departureAt));
      const part = (type: string) => local.find((p) => p.type === type)!.value;
      const route = `${cities.get(trip.fromCityId)} → ${cities.get(trip.toCityId)} · ${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
      expect(t.out()).toMatch(/^STATUS\s+PASSENGER\s+TRIP GMT\+3\s+SEATS/);
      expect(t.out()).toContain(route);
      expect(t.out()).toMatch(/approved\s+[A-Z][a-z]+ [A-Z][a-z]+ \+9639\d{8}\s/);
    } finally {
      t.cleanup();
    }
  });

  test('bookings of many trips: one trip request per distinct trip, none twice', async () => {
    const t = testContext({ stdoutIsTTY: true, columns: 160, env: env() });
    try {
      const bookings = await session.json<Array<{ tripId: string }>>(['bookings', 'list', '--per-page', '30']);
      const distinct = new Set(bookings.map((b) => b.tripId));
      expect(distinct.size).toBeGreaterThan(1);
      const mark = session.mark();
      expect(await t.run(['bookings', 'list', '--per-page', '30'])).toBe(0);
      const trips = session
        .since(mark)
        .map((r) => r.path)
        .filter((path) => /^\/trips\/[^/]+$/.test(path));
      expect(trips.sort()).toEqual([...distinct].map((id) => `/trips/${id}`).sort());
      expect(t.out()).toMatch(/ → .* · \d\d-\d\d \d\d:\d\d/);
      // Run again: the passengers the manifests gave are remembered, so no manifest is asked for.
      const again = testContext({ stdoutIsTTY: true, columns: 160, env: env(), configDir: t.configDir });
      const mark2 = session.mark();
      expect(await again.run(['bookings', 'list', '--per-page', '30'])).toBe(0);
      expect(session.since(mark2).filter((r) => r.path.endsWith('/manifest'))).toEqual([]);
      expect(again.out()).toBe(t.out());
      again.cleanup();
    } finally {
      t.cleanup();
    }
  });

  test('requested bookings on a terminal name their passenger: their booking fetched once each, then remembered', async () => {
    const requested = await session.json<Array<{ id: string }>>(['bookings', 'list', '--status', 'requested', '--per-page', '10']);
    expect(requested.length).toBeGreaterThan(1);
    const t = testContext({ stdoutIsTTY: true, columns: 160, env: env() });
    try {
      const mark = session.mark();
      expect(await t.run(['bookings', 'list', '--status', 'requested', '--per-page', '10'])).toBe(0);
      const fetched = session
        .since(mark)
        .map((r) => r.path)
        .filter((path) => /^\/bookings\/[^/]+$/.test(path));
      expect(fetched.sort()).toEqual(requested.map((b) => `/bookings/${b.id}`).sort());
      const rows = t.out().trimEnd().split('\n').slice(1);
      expect(rows).toHaveLength(requested.length);
      for (const row of rows) expect(row).toMatch(/\srequested\s+\S.* \+9639\d{8}\s/);
      const again = testContext({ stdoutIsTTY: true, columns: 160, env: env(), configDir: t.configDir });
      const mark2 = session.mark();
      expect(await again.run(['bookings', 'list', '--status', 'requested', '--per-page', '10'])).toBe(0);
      expect(session.since(mark2).filter((r) => /^\/bookings\/[^/]+$/.test(r.path))).toEqual([]);
      again.cleanup();
    } finally {
      t.cleanup();
    }
  });

  test('a terminal of 0 columns is read as 100; at 20 columns bookings are blocks with whole ids', async () => {
    const ids = (await session.run(['bookings', 'list', '--per-page', '3', '-o', 'ids'])).stdout.trim().split('\n');
    const zero = testContext({ stdoutIsTTY: true, columns: 0, env: env() });
    const narrow = testContext({ stdoutIsTTY: true, columns: 20, env: env(), configDir: zero.configDir });
    try {
      expect(await zero.run(['trips', 'list', '--per-page', '3'])).toBe(0);
      const lines = zero.out().trimEnd().split('\n');
      expect(lines).toHaveLength(4);
      expect(lines[0]).toMatch(/^STATUS\s+FROM\s+TO\s+DEPARTURE GMT\+3\s+PRICE/);
      for (const line of lines) expect(displayWidth(line)).toBeLessThanOrEqual(100);
      expect(await narrow.run(['bookings', 'list', '--per-page', '3'])).toBe(0);
      const blocks = narrow.out().trimEnd().split('\n\n');
      expect(blocks.map((block) => block.split('\n')[0])).toEqual(ids.map((id) => `ID: ${id}`));
      for (const block of blocks) expect(block).toMatch(/^TRIP GMT\+3: .+ → .+ · \d\d-\d\d \d\d:\d\d$/m);
    } finally {
      zero.cleanup();
      narrow.cleanup();
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
