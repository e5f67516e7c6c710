// An assistant's records (output/records.ts): the table's view as compact JSON, under a budget.
import { expect, it } from 'vitest';
import { listAnswer, objectAnswer, RECORDS_BUDGET_BYTES } from '../../src/output/records.js';
import { plural } from '../../src/output/render.js';
import { specs } from '../../src/output/specs.js';

const cities = new Map([
  ['damascus', 'Damascus'],
  ['tartus', 'Tartus'],
]);
const arabic = new Map([
  ['damascus', 'دمشق'],
  ['tartus', 'طرطوس'],
]);
const opts = {
  timeZone: 'Asia/Damascus',
  currency: undefined,
  plural,
  handles: async () => ({ city: cities, cityAr: arabic, vehicle: new Map([['v1', 'DAM-204518']]) }),
};
const trip = (n: number) => ({
  id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  status: 'published',
  fromCityId: 'damascus',
  toCityId: 'tartus',
  departureAt: '2026-12-10T11:00:00.000Z',
  pricePerSeat: 1_800_000,
  currency: 'SYP',
  totalSeats: 20,
  seatsBooked: 2,
  vehicleId: 'v1',
});

it("a trip in the operator's terms: 18,000.00 SYP, 14:00 in Damascus with the zone named, cities in both languages", async () => {
  const answer = (await objectAnswer(trip(1), specs.trip, opts)) as { trip: Record<string, unknown>; timeZone: string };
  expect(answer).toEqual({
    trip: {
      id: trip(1).id,
      status: 'published',
      from: 'Damascus / دمشق',
      to: 'Tartus / طرطوس',
      departure: '2026-12-10 14:00',
      price: '18,000.00 SYP',
      seats: 20,
      booked: 2,
      vehicle: 'DAM-204518',
      vehicleId: 'v1',
    },
    timeZone: 'Asia/Damascus',
  });
  expect(JSON.stringify(answer)).not.toContain('1800000');
});

it('a long list is cut to the budget and says how many of how many, and how to narrow it', async () => {
  const items = Array.from({ length: 200 }, (_, n) => trip(n));
  const answer = (await listAnswer(items, specs.trip, undefined, opts)) as { trips: unknown[]; shown: number; total: number; more: string };
  expect(JSON.stringify(answer).length).toBeLessThanOrEqual(RECORDS_BUDGET_BYTES + 300);
  expect(answer.trips.length).toBe(answer.shown);
  expect(answer.shown).toBeLessThan(200);
  expect(answer.total).toBe(200);
  expect(answer.more).toMatch(/narrow the list/);
});

it('a first page of a longer list says so and how to get the next; a whole short one says only its total', async () => {
  const first = (await listAnswer([trip(1), trip(2)], specs.trip, 30, opts)) as Record<string, unknown>;
  expect(first).toMatchObject({ shown: 2, total: 30, more: expect.stringMatching(/cursor \(nextCursor\)/) });
  const whole = (await listAnswer([trip(1)], specs.trip, undefined, opts)) as Record<string, unknown>;
  expect(whole).toMatchObject({ total: 1 });
  expect(Object.keys(whole)).toEqual(['trips', 'timeZone', 'total']);
});

it("figures: every amount in the currency's units, a route by its cities", async () => {
  const report = {
    currency: 'SYP',
    revenue: { gross: 1_274_000_00, net: 1_144_000_00 },
    routes: [{ fromCityId: 'damascus', toCityId: 'tartus', trips: 3, revenue: 90_000_00 }],
    trips: { total: 26 },
  };
  const answer = (await objectAnswer(report, specs.report, opts)) as { report: Record<string, unknown> };
  expect(answer.report).toEqual({
    revenue: { gross: '1,274,000.00 SYP', net: '1,144,000.00 SYP' },
    routes: [{ route: 'Damascus → Tartus', trips: 3, revenue: '90,000.00 SYP' }],
    trips: { total: 26 },
  });
});
