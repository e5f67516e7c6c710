// The defects of the second audit of the sandbox (issue 12), one test each: each failed before
// its fix. The sandbox clock is pinned to Tuesday 2026-09-01 09:00 in Syria (06:00 UTC).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { SKIPPED_ERROR } from '../../src/sandbox/events/dispatcher.js';
import { type Client, open } from './http.js';

const NOW = Date.parse('2026-09-01T06:00:00.000Z');
const IN_DAYS = (days: number) => new Date(NOW + days * 86_400_000).toISOString();
let sandbox: Sandbox;
let client: Client;

beforeAll(async () => {
  ({ sandbox, client } = await open({ now: () => new Date(NOW) }));
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  expect((await client.admin('POST', '/reset')).status).toBe(200);
});

async function freeVehicle(seats = 12): Promise<string> {
  return (await client.api('POST', '/vehicles', { body: { make: 'Toyota', model: 'HiAce', seats } })).body.vehicle.id;
}

describe('schedules', () => {
  it('changing departureTime keeps the published departures and adds none on their dates', async () => {
    const vehicleId = await freeVehicle();
    const driverId = (await client.api('GET', '/members')).body.members.find((m: any) => m.role === 'driver').id;
    const created = await client.api('POST', '/schedules', {
      body: {
        vehicleId,
        driverId,
        fromCityId: 'damascus',
        toCityId: 'aleppo',
        pricePerSeat: 2_000_000,
        departureTime: '07:30',
        recurrence: 'daily',
        horizonDays: 3,
      },
    });
    const id = created.body.schedule.id;
    const departures = async () =>
      (await client.api('GET', `/trips?scheduleId=${id}&perPage=100`)).body.trips.map((t: any) => t.departureAt).sort();
    const before = await departures();
    expect(before).toEqual(['2026-09-02T04:30:00.000Z', '2026-09-03T04:30:00.000Z', '2026-09-04T04:30:00.000Z']);

    const mark = sandbox.dispatcher.emitted.length;
    expect((await client.api('PATCH', `/schedules/${id}`, { body: { departureTime: '05:00' } })).status).toBe(200);
    expect(await departures()).toEqual(before);
    expect(sandbox.dispatcher.emitted.slice(mark).map((e) => e.event)).toEqual(['schedule.updated']);

    // Today's 05:00 has passed; the next date the horizon reaches gets the new time, once.
    await client.admin('POST', '/clock', { advanceSeconds: 86_400 });
    expect(await departures()).toEqual([...before, '2026-09-05T02:00:00.000Z']);
  });
});

describe('webhook.test', () => {
  /** A receiver that answers 500, and runs `onFirst` before answering its first delivery. */
  async function failingReceiver(onFirst: () => Promise<void>) {
    let hits = 0;
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', async () => {
        hits++;
        if (hits === 1) await onFirst();
        res.statusCode = 500;
        res.end('no');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
      hits: () => hits,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  it.each([
    ['deleted', (id: string) => client.api('DELETE', `/webhooks/${id}`)],
    ['paused', (id: string) => client.api('PATCH', `/webhooks/${id}`, { body: { active: false } })],
  ])('stops retrying once the endpoint is %s', async (_how, stop) => {
    let endpointId = '';
    const receiver = await failingReceiver(async () => {
      expect((await stop(endpointId)).status).toBe(200);
    });
    try {
      endpointId = (await client.api('POST', '/webhooks', { body: { url: receiver.url, events: ['trip.created'] } })).body.endpoint.id;
      expect((await client.api('POST', `/webhooks/${endpointId}/test`)).status).toBe(202);
      await sandbox.idle();
      expect(receiver.hits()).toBe(1);
      const records = sandbox.dispatcher.deliveriesOf(endpointId);
      expect(records.map((r) => [r.attempt, r.status])).toEqual([
        [2, 'failed'],
        [1, 'failed'],
      ]);
      expect(records[0]!.error).toBe(SKIPPED_ERROR);
    } finally {
      await receiver.close();
    }
  });

  it('is refused on a paused endpoint and delivers nothing', async () => {
    const receiver = await failingReceiver(async () => {});
    try {
      const id = (await client.api('POST', '/webhooks', { body: { url: receiver.url, events: ['trip.created'], active: false } })).body
        .endpoint.id;
      const answer = await client.api('POST', `/webhooks/${id}/test`);
      expect(answer.status).toBe(409);
      expect(answer.body.code).toBe('endpoint_paused');
      expect((await client.admin('POST', '/events', { event: 'webhook.test', id })).status).toBe(409);
      await sandbox.idle();
      expect(receiver.hits()).toBe(0);
      expect(sandbox.dispatcher.deliveriesOf(id)).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe('pagination', () => {
  it.each(['/trips', '/bookings', '/payments'])('reads page below 1 as page 1 on %s', async (path) => {
    const first = await client.api('GET', `${path}?perPage=2`);
    for (const page of ['0', '-3']) {
      const answer = await client.api('GET', `${path}?page=${page}&perPage=2`);
      expect(answer.status).toBe(200);
      expect(answer.body.meta.page).toBe(1);
      expect(answer.body).toEqual(first.body);
    }
  });

  it('documents page without a minimum that would contradict its description', async () => {
    const doc = (await client.api('GET', '/openapi.json', { key: null })).body;
    for (const path of ['/trips', '/bookings', '/payments']) {
      const page = doc.paths[path].get.parameters.find((p: any) => p.name === 'page');
      expect(page.schema.minimum).toBeUndefined();
      expect(page.description).toMatch(/below 1 .*read as 1/);
    }
  });
});

describe('bookings', () => {
  it("answers 404 for another company's trip, and the document declares it", async () => {
    const other = (await client.api('GET', '/trips?status=published', { key: sandbox.keys.otherCompany })).body.trips[0];
    const answer = await client.api('POST', '/bookings', { body: { tripId: other.id, seats: 1, phone: '+963944555001' } });
    expect(answer.status).toBe(404);
    const doc = (await client.api('GET', '/openapi.json', { key: null })).body;
    expect(doc.paths['/bookings'].post.responses['404']['x-codes']).toContain('not_found');
  });
});

describe('webhook URLs', () => {
  it('checks the 2048-character limit on the URL as stored, after percent-encoding', async () => {
    const url = `https://example.com/${'é'.repeat(2028)}`;
    expect(url.length).toBe(2048);
    const answer = await client.api('POST', '/webhooks', { body: { url, events: ['trip.created'] } });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({ code: 'url_too_long', field: 'url' });
    expect((await client.api('GET', '/webhooks')).body.endpoints).toEqual([]);
  });
});

describe('vehicles', () => {
  it('cannot drop below the totalSeats of a published trip on them', async () => {
    const vehicleId = await freeVehicle(12);
    const trip = await client.api('POST', '/trips', {
      body: { vehicleId, fromCityId: 'damascus', toCityId: 'homs', departureAt: IN_DAYS(2), pricePerSeat: 1_000_000, totalSeats: 10 },
    });
    expect(trip.status).toBe(201);
    const refused = await client.api('PATCH', `/vehicles/${vehicleId}`, { body: { seats: 9 } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('seats_below_trip');
    expect(refused.body.error).toContain(trip.body.trip.id);
    expect((await client.api('PATCH', `/vehicles/${vehicleId}`, { body: { seats: 10 } })).status).toBe(200);
    // Once the trip is cancelled it no longer holds the seats.
    await client.api('DELETE', `/trips/${trip.body.trip.id}`);
    expect((await client.api('PATCH', `/vehicles/${vehicleId}`, { body: { seats: 4 } })).status).toBe(200);
  });
});

describe('the carId alias', () => {
  it('publishes with carId alone, and the document expresses the alias as anyOf', async () => {
    const vehicleId = await freeVehicle();
    const body = { fromCityId: 'damascus', toCityId: 'homs', departureAt: IN_DAYS(2), pricePerSeat: 1_000_000 };
    const answer = await client.api('POST', '/trips', { body: { ...body, carId: vehicleId } });
    expect(answer.status).toBe(201);
    expect(answer.body.trip.vehicleId).toBe(vehicleId);
    const neither = await client.api('POST', '/trips', { body });
    expect(neither.status).toBe(422);
    expect(neither.body.field).toBe('vehicleId');

    const doc = (await client.api('GET', '/openapi.json', { key: null })).body;
    const schema = doc.paths['/trips'].post.requestBody.content['application/json'].schema;
    expect(schema.required).not.toContain('vehicleId');
    expect(schema.anyOf).toEqual([{ required: ['vehicleId'] }, { required: ['carId'] }]);
  });
});

describe('the document says every decision', () => {
  it('has a webhooks section: envelope, data per event, delivery headers, signature, retry rule', async () => {
    const doc = (await client.api('GET', '/openapi.json', { key: null })).body;
    const events = doc.components.schemas.EventName.enum;
    expect(events).toContain('webhook.test');
    expect(Object.keys(doc.webhooks).sort()).toEqual([...events].sort());
    const approved = doc.webhooks['booking.approved'].post;
    expect(approved.parameters.map((p: any) => p.name)).toEqual([
      'User-Agent',
      'X-Service-Event',
      'X-Service-Delivery',
      'X-Service-Signature',
    ]);
    expect(approved.parameters[1].schema.const).toBe('booking.approved');
    expect(approved.security).toEqual([{ webhookSignature: [] }]);
    expect(doc.components.securitySchemes.webhookSignature).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Service-Signature' });
    const envelope = approved.requestBody.content['application/json'].schema;
    expect(envelope.required).toEqual(['id', 'event', 'apiVersion', 'occurredAt', 'data']);
    expect(envelope.properties.data).toEqual({ $ref: '#/components/schemas/BookingEventData' });
    expect(doc.webhooks['trip.created'].post.requestBody.content['application/json'].schema.properties.data).toEqual({
      $ref: '#/components/schemas/Trip',
    });
    expect(approved['x-delivery']).toMatchObject({ timeoutSeconds: 8, maxAttempts: 5, retryWaitsSeconds: [10, 30, 120, 300] });
    expect(doc['x-delivery']).toEqual(approved['x-delivery']);
  });

  it('enumerates what an endpoint may subscribe to, refusing webhook.test, and states the URL rule', async () => {
    const doc = (await client.api('GET', '/openapi.json', { key: null })).body;
    const subscribable = doc.components.schemas.SubscribableEvent;
    expect(subscribable.enum).toContain('booking.*');
    expect(subscribable.enum).not.toContain('webhook.test');
    const url = doc.paths['/webhooks'].post.requestBody.content['application/json'].schema.properties.url;
    expect(new RegExp(url.pattern).test('https://example.com/hook')).toBe(true);
    expect(new RegExp(url.pattern).test('http://127.0.0.1:8080/hook')).toBe(true);
    expect(new RegExp(url.pattern).test('http://example.com/hook')).toBe(false);
    expect((await client.api('POST', '/webhooks', { body: { url: 'https://example.com/h', events: ['webhook.test'] } })).body.code).toBe(
      'webhook_test_not_subscribable',
    );
  });

  it('names the registered phones, the demo data, and that there are no rate limits', async () => {
    const doc = (await client.api('GET', '/openapi.json', { key: null })).body;
    expect(doc.paths['/members'].post.description).toContain('+963933000101');
    expect(doc.info.description).toContain('Qasioun Express');
    expect(doc.info.description).toContain('Rate limits: none');
    expect(doc['x-rate-limits']).toBe('none');
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    // A phone the document names is one members add finds.
    const added = await client.api('POST', '/members', { body: { phone: '+963933000101', role: 'driver' } });
    expect(added.status).toBe(201);
  });
});
