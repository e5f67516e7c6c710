// Every PDF the sandbox makes (the seven report exports and the invoice) with mixed Arabic, Latin,
// digits and punctuation in it, read back with pdftotext (reading order and -layout): each text
// comes out exactly as written. The data is the seed's plus a booking, a group and a vehicle
// named for the purpose.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { REPORT_TYPES } from '../../src/sandbox/domain/sheets.js';
import type { Sandbox } from '../../src/sandbox/index.js';
import { extractedText } from '../pdf/poppler.js';
import { type Client, open } from './http.js';

const PASSENGER = 'محمد (3 مقاعد)';
const GROUP = 'خدمة ممتازة، شكراً';
const MAKE = 'كيا (Kia)';
const MODEL = 'ريو 2026، أبيض';

const TITLES: Record<string, string> = {
  bookings: 'Bookings - الحجوزات',
  trips: 'Trips - الرحلات',
  revenue: 'Revenue by day - الإيرادات حسب اليوم',
  drivers: 'Drivers - السائقون',
  routes: 'Routes - الخطوط',
  fleet: 'Fleet - الأسطول',
  reviews: 'Reviews - التقييمات',
};

let sandbox: Sandbox;
let client: Client;
let cities: Map<string, { name: string; nameAr: string }>;
let booking: any;
let trip: any;

beforeAll(async () => {
  ({ sandbox, client } = await open());
  cities = new Map((await client.api('GET', '/cities')).body.cities.map((c: any) => [c.id, c]));
  trip = (await client.api('GET', '/trips?status=published&perPage=100')).body.trips.find(
    (t: any) => Date.parse(t.departureAt) > Date.now() && t.totalSeats > t.seatsBooked,
  );
  booking = (await client.api('POST', '/bookings', { body: { tripId: trip.id, seats: 1, phone: '+963944777321', fullName: PASSENGER } }))
    .body.booking;
  expect((await client.admin('PATCH', `/bookings/${booking.id}`, { groupName: GROUP })).status).toBe(200);
  expect((await client.api('POST', '/vehicles', { body: { make: MAKE, model: MODEL, seats: 4 } })).status).toBe(201);
});
afterAll(async () => {
  await sandbox.close();
});

async function pdf(path: string): Promise<Buffer> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, { headers: { authorization: `Bearer ${sandbox.keys.full}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/pdf');
  return Buffer.from(await res.arrayBuffer());
}

/** Each text is found, exactly as written, in both of pdftotext's orders. */
function expectExtracted(file: Buffer, texts: string[]): void {
  const reading = extractedText(file);
  const layout = extractedText(file, '-layout');
  for (const text of texts) {
    expect(reading, `${text} (reading order)`).toContain(text);
    expect(layout, `${text} (-layout)`).toContain(text);
  }
}

const routeAr = (t: any) => `${cities.get(t.fromCityId)!.nameAr} - ${cities.get(t.toCityId)!.nameAr}`;

describe('report exports', () => {
  it.each(REPORT_TYPES)('%s.pdf', async (type) => {
    const expected = [TITLES[type]!];
    if (type === 'bookings') expected.push(PASSENGER, GROUP, routeAr(trip));
    if (type === 'trips') expected.push(routeAr(trip));
    if (type === 'fleet') expected.push(MAKE, MODEL);
    if (type === 'reviews') expected.push('خدمة ممتازة، شكراً', 'رحلة مريحة والسائق محترم');
    if (type === 'routes') expected.push(cities.get(trip.fromCityId)!.nameAr);
    if (type === 'drivers') {
      const members = (await client.api('GET', '/members')).body.members;
      expected.push(...members.filter((m: any) => m.role === 'driver').map((m: any) => m.fullName));
    }
    expectExtracted(await pdf(`/reports/export?type=${type}&format=pdf`), expected);
  });
});

it('invoice.pdf: the passenger, the route in Arabic and the amount in pounds', async () => {
  const payment = (await client.api('GET', `/bookings/${booking.id}`)).body.booking.payments[0];
  const file = await pdf(`/payments/${payment.id}/invoice.pdf`);
  expectExtracted(file, [PASSENGER, routeAr(trip), 'فاتورة', `${(payment.amount / 100).toFixed(2)} SYP`, '+963944777321']);
});
