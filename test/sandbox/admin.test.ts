// The sandbox-only admin routes, events reaching subscribed endpoints end to end (signed over the
// raw bytes), and the files: the invoice PDF and the report exports.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { verify } from '../../src/webhooks/signature.js';
import { Receiver } from '../webhooks/receiver.js';
import { type Client, open } from './http.js';

let sandbox: Sandbox;
let client: Client;
let receiver: Receiver;

beforeAll(async () => {
  ({ sandbox, client } = await open());
  receiver = await new Receiver().start();
});
afterAll(async () => {
  await sandbox.close();
  await receiver.close();
});
beforeEach(async () => {
  await sandbox.idle();
  await client.admin('POST', '/reset');
  receiver.received.length = 0;
});

const BOOKING_KEYS = ['boardedAt', 'id', 'noShow', 'seats', 'source', 'status', 'tripId'];

describe('events on demand and administrator edits', () => {
  // trigger.test.ts checks every event type against the object; this, the envelope and the log.
  it('sends the events a triggered change causes, as envelopes, and logs them', async () => {
    const answer = await client.admin('POST', '/events', { event: 'booking.approved' });
    expect(answer.status).toBe(202);
    expect(answer.body.events.map((e: any) => e.event)).toEqual(['booking.created', 'booking.approved']);
    const envelope = answer.body.events[1];
    expect(envelope).toMatchObject({ event: 'booking.approved', apiVersion: '2026-08-21', data: { status: 'approved' } });
    expect(envelope.id).toMatch(/^evt_/);
    expect(Object.keys(envelope.data).sort()).toEqual(BOOKING_KEYS);
    expect((await client.api('GET', `/bookings/${envelope.data.id}`)).body.booking.status).toBe('approved');
    expect((await client.admin('GET', '/events')).body.events.at(-1).id).toBe(envelope.id);
    expect((await client.admin('POST', '/events', { event: 'booking.approved', id: '00000000-0000-4000-8000-000000000000' })).status).toBe(
      404,
    );
    expect((await client.admin('POST', '/events', { event: 'booking.exploded' })).status).toBe(422);
  });

  it('edits a booking as an administrator (booking.updated) within the free seats', async () => {
    const trip = (
      await client.api('POST', '/trips', {
        body: {
          vehicleId: (await client.api('GET', '/vehicles')).body.vehicles.find((v: any) => v.seats === 9).id,
          fromCityId: 'damascus',
          toCityId: 'daraa',
          departureAt: new Date(Date.now() + 86_400_000).toISOString(),
          pricePerSeat: 100,
          totalSeats: 4,
        },
      })
    ).body.trip;
    const booking = (await client.api('POST', '/bookings', { body: { tripId: trip.id, seats: 2, phone: '+963944888001' } })).body.booking;
    const edited = await client.admin('PATCH', `/bookings/${booking.id}`, { groupName: 'Choir', passengerNote: 'Front rows', seats: 4 });
    expect(edited.status).toBe(200);
    expect(edited.body.booking).toMatchObject({ groupName: 'Choir', passengerNote: 'Front rows', seats: 4, status: 'requested' });
    const event = sandbox.dispatcher.emitted.at(-1)!;
    expect(event.event).toBe('booking.updated');
    expect(event.data).toEqual({
      id: booking.id,
      tripId: trip.id,
      status: 'requested',
      seats: 4,
      source: 'partner_api',
      boardedAt: null,
      noShow: false,
    });
    const tooMany = await client.admin('PATCH', `/bookings/${booking.id}`, { seats: 5 });
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.code).toBe('not_enough_seats');
    expect((await client.admin('PATCH', `/bookings/${booking.id}`, { groupName: 'x'.repeat(81) })).body.code).toBe('group_too_long');
  });

  it('changes a payment (payment.updated) and moves the clock', async () => {
    const payment = (await client.api('GET', '/payments?status=paid')).body.payments[0];
    const changed = await client.admin('PATCH', `/payments/${payment.id}`, { status: 'refunded' });
    expect(changed.body.payment).toMatchObject({ id: payment.id, status: 'refunded' });
    expect(sandbox.dispatcher.emitted.at(-1)).toMatchObject({ event: 'payment.updated', data: { id: payment.id, status: 'refunded' } });
    expect((await client.api('GET', `/payments/${payment.id}`)).body.payment.status).toBe('refunded');
    const before = Date.parse((await client.admin('GET', '/clock')).body.clock.now);
    const moved = await client.admin('POST', '/clock', { advanceSeconds: 7200 });
    expect(moved.body.clock.offsetSeconds).toBe(7200);
    expect(Date.parse(moved.body.clock.now) - before).toBeGreaterThanOrEqual(7200_000);
    expect((await client.admin('POST', '/clock', { advanceSeconds: -5 })).status).toBe(422);
  });
});

describe('deliveries to subscribed endpoints', () => {
  it('delivers signed events to active endpoints subscribed to them, and only to those', async () => {
    const make = async (events: string[], active = true) =>
      (await client.api('POST', '/webhooks', { body: { url: receiver.url, events, active } })).body as {
        endpoint: { id: string };
        secret: string;
      };
    const bookings = await make(['booking.*']);
    await make(['trip.*']);
    await make(['booking.approved'], false);
    const other = await client.api('POST', '/webhooks', {
      key: sandbox.keys.otherCompany,
      body: { url: receiver.url, events: ['booking.*'] },
    });
    expect(other.status).toBe(201);

    const id = (await client.api('GET', '/bookings?status=requested')).body.bookings[0].id;
    await client.api('PATCH', `/bookings/${id}`, { body: { status: 'approved' } });
    await sandbox.idle();
    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.received;
    expect(delivery!.headers['x-service-event']).toBe('booking.approved');
    expect(verify(bookings.secret, delivery!.body, delivery!.headers['x-service-signature'] as string)).toEqual({ ok: true });
    const envelope = JSON.parse(delivery!.body.toString('utf8'));
    expect(envelope).toMatchObject({ event: 'booking.approved', data: { id, status: 'approved' } });
    expect(delivery!.headers['x-service-delivery']).toBe(envelope.id);
    const records = (await client.api('GET', `/webhooks/${bookings.endpoint.id}/deliveries`)).body.deliveries;
    expect(records[0]).toMatchObject({ eventId: envelope.id, event: 'booking.approved', status: 'succeeded', responseStatus: 200 });
  });
});

describe('files', () => {
  it('serves the invoice of a payment as a PDF attachment', async () => {
    const payment = (await client.api('GET', '/payments')).body.payments[0];
    const res = await fetch(`${sandbox.baseUrl}/payments/${payment.id}/invoice.pdf`, {
      headers: { authorization: `Bearer ${sandbox.keys.readOnly}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${payment.id}.pdf"`);
    const pdf = Buffer.from(await res.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain('startxref');
    const missing = await client.api('GET', '/payments/00000000-0000-4000-8000-000000000000/invoice.pdf');
    expect(missing.status).toBe(404);
  });

  it.each(['bookings', 'trips', 'revenue', 'drivers', 'routes', 'fleet', 'reviews'])(
    'exports %s as csv, xlsx and pdf',
    async (type) => {
      const day = (await client.admin('GET', '/clock')).body.clock.now as string;
      const local = new Date(Date.parse(day) + 3 * 3_600_000).toISOString().slice(0, 10).replace(/-/g, '');
      const expected = {
        csv: 'text/csv; charset=utf-8',
        xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        pdf: 'application/pdf',
      };
      for (const [format, contentType] of Object.entries(expected)) {
        const res = await fetch(`${sandbox.baseUrl}/reports/export?type=${type}&format=${format}`, {
          headers: { authorization: `Bearer ${sandbox.keys.full}` },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe(contentType);
        expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${type}-${local}.${format}"`);
        const data = Buffer.from(await res.arrayBuffer());
        if (format === 'xlsx') expect(data.subarray(0, 2).toString('latin1')).toBe('PK');
        if (format === 'pdf') expect(data.subarray(0, 5).toString('latin1')).toBe('%PDF-');
        if (format === 'csv' && type === 'bookings') {
          const lines = data
            .toString('utf8')
            .replace(/^\uFEFF/, '')
            .trim()
            .split('\r\n');
          const total = (await client.api('GET', '/bookings')).body.meta.total;
          expect(lines).toHaveLength(total + 1);
          expect(lines[0]).toMatch(/^id,createdAt,status,tripId/);
        }
      }
    },
    60_000,
  ); // a PDF of a few hundred cells takes seconds on a busy machine
});
