// About 300 lines: the document's shape, then one walk over every operation it lists.
// The OpenAPI document and the route table cannot drift: the document lists every row with its
// scope; every endpoint row of partner-api.md is in the document; and a walk over every operation
// of the served document checks that the sandbox serves it — 401 without a key, 403 without its
// scope, and the documented success status and response shape with the full key.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_ROUTES, type Sandbox } from '../../src/sandbox/index.js';
import { violations, type Schema } from '../../src/sandbox/openapi/json-schema.js';
import { SCOPES } from '../../src/sandbox/domain/state.js';
import { type Client, FUTURE, open } from './http.js';

let sandbox: Sandbox;
let client: Client;
let doc: any;

beforeAll(async () => {
  ({ sandbox, client } = await open());
  const answer = await client.api('GET', '/openapi.json', { key: null });
  expect(answer.headers.get('content-type')).toContain('application/json');
  doc = JSON.parse(answer.text);
});
afterAll(async () => {
  await sandbox.close();
});

interface Op {
  path: string;
  method: string;
  op: any;
}

function operations(): Op[] {
  const out: Op[] = [];
  for (const [path, item] of Object.entries<any>(doc.paths)) {
    for (const method of ['get', 'post', 'patch', 'put', 'delete'])
      if (item[method]) out.push({ path, method: method.toUpperCase(), op: item[method] });
  }
  return out;
}

/** Every endpoint row of partner-api.md's tables: method, path, scope (transcribed from the description). */
const DESCRIPTION_ROWS = `
GET /openapi.json none
GET /cities trips.read
GET /places trips.read
GET /company company.read
PATCH /company company.write
POST /company/logo company.write
DELETE /company/logo company.write
GET /members members.read
POST /members members.write
PATCH /members/{memberId} members.write
DELETE /members/{memberId} members.write
GET /vehicles fleet.read
POST /vehicles fleet.write
PATCH /vehicles/{vehicleId} fleet.write
DELETE /vehicles/{vehicleId} fleet.write
GET /trips trips.read
POST /trips trips.write
GET /trips/{tripId} trips.read
PATCH /trips/{tripId} trips.write
DELETE /trips/{tripId} trips.write
POST /trips/{tripId}/complete trips.write
GET /trips/{tripId}/manifest trips.read
GET /schedules schedules.read
POST /schedules schedules.write
GET /schedules/{scheduleId} schedules.read
PATCH /schedules/{scheduleId} schedules.write
DELETE /schedules/{scheduleId} schedules.write
POST /schedules/{scheduleId}/toggle schedules.write
POST /schedules/{scheduleId}/exceptions schedules.write
DELETE /schedules/{scheduleId}/exceptions/{exceptionId} schedules.write
GET /bookings bookings.read
POST /bookings bookings.write
GET /bookings/{bookingId} bookings.read
PATCH /bookings/{bookingId} bookings.write
POST /bookings/{bookingId}/boarded bookings.write
POST /bookings/{bookingId}/no-show bookings.write
GET /bookings/{bookingId}/ticket bookings.read
GET /payments payments.read
GET /payments/{paymentId} payments.read
GET /payments/{paymentId}/invoice.pdf payments.read
GET /payouts payments.read
GET /dashboard reports.read
GET /reports reports.read
GET /reports/export reports.read
GET /reviews company.read
GET /webhooks webhooks.read
POST /webhooks webhooks.write
PATCH /webhooks/{endpointId} webhooks.write
DELETE /webhooks/{endpointId} webhooks.write
POST /webhooks/{endpointId}/test webhooks.write
GET /webhooks/{endpointId}/deliveries webhooks.read
`
  .trim()
  .split('\n')
  .map((line) => line.trim().split(' ') as [string, string, string]);

const SUCCESS_201 = ['POST /members', 'POST /vehicles', 'POST /trips', 'POST /schedules', 'POST /bookings'];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1.0 at version 2026-08-21 with a bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('2026-08-21');
    expect(doc.servers[0].url).toBe(sandbox.baseUrl);
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('lists every row of the route table once, with operationId, x-scope, security and responses', () => {
    const ops = operations();
    expect(ops).toHaveLength(ALL_ROUTES.length);
    const ids = ops.map((o) => o.op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const route of ALL_ROUTES) {
      const op = doc.paths[route.path]?.[route.method.toLowerCase()];
      expect(op, `${route.method} ${route.path}`).toBeDefined();
      expect(op.operationId).toBe(route.operationId);
      expect(op['x-scope']).toBe(route.scope);
      expect(op.security).toEqual(route.scope === 'none' ? [] : [{ bearerAuth: [route.scope] }]);
      expect(op.responses[String(route.status)]).toBeDefined();
      if (route.scope !== 'none') {
        expect(op.responses['401']['x-codes']).toContain('unauthorized');
        expect(op.responses['403']['x-codes']).toContain('missing_scope');
      }
      if (route.admin) expect(op.tags).toEqual(['sandbox']);
    }
  });

  it('holds every endpoint row of partner-api.md with its scope, and nothing else outside the sandbox tag', () => {
    const partner = operations().filter((o) => !o.op.tags.includes('sandbox'));
    for (const [method, path, scope] of DESCRIPTION_ROWS) {
      const op = doc.paths[path]?.[method.toLowerCase()];
      expect(op, `${method} ${path}`).toBeDefined();
      expect(op['x-scope'], `${method} ${path}`).toBe(scope);
      if (SUCCESS_201.includes(`${method} ${path}`)) expect(op.responses['201'], `${method} ${path}`).toBeDefined();
    }
    expect(partner.map((o) => `${o.method} ${o.path}`).sort()).toEqual(DESCRIPTION_ROWS.map(([m, p]) => `${m} ${p}`).sort());
    // "Success status is 201 for POST /members, POST /vehicles, POST /trips, POST /schedules and
    // POST /bookings, and 200 for the other endpoints of the groups up to bookings."
    for (const o of partner) {
      if (!['reference', 'company', 'members', 'fleet', 'trips', 'schedules', 'bookings'].includes(o.op.tags[0])) continue;
      const success = Object.keys(o.op.responses).filter((s) => s.startsWith('2'));
      expect(success, `${o.method} ${o.path}`).toEqual([SUCCESS_201.includes(`${o.method} ${o.path}`) ? '201' : '200']);
    }
  });

  it('documents the request bodies, parameters and error codes of the rows', () => {
    const booking = doc.paths['/bookings'].post;
    expect(booking.requestBody.content['application/json'].schema.required).toEqual(['tripId', 'seats', 'phone']);
    expect(booking.parameters.find((p: any) => p.name === 'Idempotency-Key')).toMatchObject({ in: 'header' });
    expect(booking.responses['409']['x-codes']).toEqual(expect.arrayContaining(['not_enough_seats', 'idempotency_key_reused']));
    expect(booking.description).toMatch(/24 hours/);
    const trips = doc.paths['/trips'].get;
    expect(trips.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['status', 'fromCityId', 'toCityId', 'page', 'perPage']),
    );
    expect(doc.paths['/trips/{tripId}'].get.parameters[0]).toMatchObject({
      name: 'tripId',
      in: 'path',
      required: true,
      schema: { format: 'uuid' },
    });
    expect(doc.paths['/schedules'].post.requestBody.content['application/json'].schema.properties.intervalDays).toBeDefined();
    expect(doc.paths['/reports/export'].get.responses['422']['x-codes']).toEqual(
      expect.arrayContaining(['missing_type', 'missing_format']),
    );
    expect(Object.keys(doc.paths['/payments/{paymentId}/invoice.pdf'].get.responses['200'].content)).toEqual(['application/pdf']);
    expect(doc.paths['/__sandbox/events'].servers[0].url).toBe(sandbox.url);
    expect(JSON.stringify(doc)).not.toContain('x-pattern-message');
  });
});

// ---- the walk ----------------------------------------------------------------------------------

interface Fixture {
  params?: Record<string, string>;
  body?: unknown;
  query?: string;
  headers?: Record<string, string>;
}

async function ids() {
  const trips = (await client.api('GET', '/trips?perPage=100')).body.trips;
  const now = Date.now();
  const future = trips.find((t: any) => t.status === 'published' && Date.parse(t.departureAt) > now && t.scheduleId === null);
  const departed = trips.find((t: any) => t.status === 'published' && Date.parse(t.departureAt) <= now);
  const bookings = (await client.api('GET', '/bookings?perPage=100')).body.bookings;
  const byStatus = (s: string) => bookings.find((b: any) => b.status === s).id as string;
  const members = (await client.api('GET', '/members')).body.members;
  const vehicles = (await client.api('GET', '/vehicles')).body.vehicles;
  const usedVehicles = new Set([
    ...trips.filter((t: any) => t.status === 'published').map((t: any) => t.vehicleId),
    ...(await client.api('GET', '/schedules')).body.schedules.map((s: any) => s.vehicleId),
  ]);
  const schedules = (await client.api('GET', '/schedules')).body.schedules;
  const payment = (await client.api('GET', '/payments')).body.payments[0].id as string;
  return {
    futureTrip: future.id as string,
    departedTrip: departed.id as string,
    requested: byStatus('requested'),
    approved: byStatus('approved'),
    member: members.find((m: any) => m.role === 'staff').id as string,
    vehicle: vehicles[0].id as string,
    freeVehicle: vehicles.find((v: any) => !usedVehicles.has(v.id)).id as string,
    schedule: schedules[0],
    payment,
    driver: members.find((m: any) => m.role === 'driver').id as string,
  };
}

async function endpoint(): Promise<string> {
  return (await client.api('POST', '/webhooks', { body: { url: 'https://example.com/hook', events: ['trip.*'] } })).body.endpoint.id;
}

const FIXTURES: Record<string, () => Promise<Fixture>> = {
  getOpenApi: async () => ({}),
  listCities: async () => ({}),
  searchPlaces: async () => ({ query: 'q=terminal&cityId=damascus' }),
  getCompany: async () => ({}),
  updateCompany: async () => ({ body: { description: 'Walked' } }),
  uploadCompanyLogo: async () => ({ body: { image: Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1').toString('base64') } }),
  deleteCompanyLogo: async () => ({}),
  listMembers: async () => ({}),
  addMember: async () => ({ body: { phone: '+963933000103', role: 'staff' } }),
  updateMember: async () => ({ params: { memberId: (await ids()).member }, body: { role: 'driver' } }),
  removeMember: async () => ({ params: { memberId: (await ids()).member } }),
  listVehicles: async () => ({}),
  createVehicle: async () => ({ body: { make: 'Kia', model: 'Bongo', seats: 3 } }),
  updateVehicle: async () => ({ params: { vehicleId: (await ids()).vehicle }, body: { color: 'green' } }),
  deleteVehicle: async () => ({ params: { vehicleId: (await ids()).freeVehicle } }),
  listTrips: async () => ({ query: 'status=published&perPage=5' }),
  publishTrip: async () => ({
    body: { vehicleId: (await ids()).vehicle, fromCityId: 'homs', toCityId: 'tartus', departureAt: FUTURE(5), pricePerSeat: 1000 },
  }),
  getTrip: async () => ({ params: { tripId: (await ids()).futureTrip } }),
  updateTrip: async () => ({ params: { tripId: (await ids()).futureTrip }, body: { notes: 'walked' } }),
  cancelTrip: async () => ({ params: { tripId: (await ids()).futureTrip } }),
  completeTrip: async () => ({ params: { tripId: (await ids()).departedTrip } }),
  getTripManifest: async () => ({ params: { tripId: (await ids()).departedTrip } }),
  listSchedules: async () => ({}),
  createSchedule: async () => {
    const { freeVehicle, driver } = await ids();
    return {
      body: {
        vehicleId: freeVehicle,
        driverId: driver,
        fromCityId: 'hama',
        toCityId: 'homs',
        pricePerSeat: 500_000,
        recurrence: 'daily',
        departureTime: '09:15',
        horizonDays: 3,
      },
    };
  },
  getSchedule: async () => ({ params: { scheduleId: (await ids()).schedule.id } }),
  updateSchedule: async () => ({ params: { scheduleId: (await ids()).schedule.id }, body: { notes: 'walked', horizonDays: 15 } }),
  deleteSchedule: async () => ({ params: { scheduleId: (await ids()).schedule.id } }),
  toggleSchedule: async () => ({ params: { scheduleId: (await ids()).schedule.id } }),
  upsertScheduleException: async () => ({
    params: { scheduleId: (await ids()).schedule.id },
    body: { date: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10), kind: 'skip' },
  }),
  deleteScheduleException: async () => {
    const { schedule } = await ids();
    return { params: { scheduleId: schedule.id, exceptionId: schedule.exceptions[0].id } };
  },
  listBookings: async () => ({ query: 'status=approved&perPage=3' }),
  createBooking: async () => ({
    body: { tripId: (await ids()).futureTrip, seats: 1, phone: '+963944777001', fullName: 'Walker' },
    headers: { 'idempotency-key': 'walk-1' },
  }),
  getBooking: async () => ({ params: { bookingId: (await ids()).approved } }),
  updateBookingStatus: async () => ({ params: { bookingId: (await ids()).requested }, body: { status: 'approved' } }),
  markBookingBoarded: async () => ({ params: { bookingId: (await ids()).approved } }),
  markBookingNoShow: async () => ({ params: { bookingId: (await ids()).approved } }),
  getBookingTicket: async () => ({ params: { bookingId: (await ids()).approved } }),
  listPayments: async () => ({ query: 'status=paid' }),
  getPayment: async () => ({ params: { paymentId: (await ids()).payment } }),
  getPaymentInvoice: async () => ({ params: { paymentId: (await ids()).payment } }),
  listPayouts: async () => ({}),
  getDashboard: async () => ({}),
  getReport: async () => ({ query: 'from=2020-01-01' }),
  exportReport: async () => ({ query: 'type=fleet&format=csv' }),
  listReviews: async () => ({}),
  listWebhookEndpoints: async () => ({}),
  createWebhookEndpoint: async () => ({ body: { url: 'https://example.com/hook', events: ['booking.created'] } }),
  updateWebhookEndpoint: async () => ({ params: { endpointId: await endpoint() }, body: { active: false } }),
  deleteWebhookEndpoint: async () => ({ params: { endpointId: await endpoint() } }),
  testWebhookEndpoint: async () => ({ params: { endpointId: await endpoint() } }),
  listWebhookDeliveries: async () => ({ params: { endpointId: await endpoint() } }),
  sandboxTriggerEvent: async () => ({ body: { event: 'booking.updated' } }),
  sandboxListEvents: async () => ({}),
  sandboxEditBooking: async () => ({ params: { bookingId: (await ids()).approved }, body: { groupName: 'Walkers' } }),
  sandboxEditPayment: async () => ({ params: { paymentId: (await ids()).payment }, body: { amount: 1234 } }),
  sandboxAdvanceClock: async () => ({ body: { advanceSeconds: 60 } }),
  sandboxGetClock: async () => ({}),
  sandboxListRequests: async () => ({}),
  sandboxClearRequests: async () => ({}),
  sandboxCreateKey: async () => ({ body: { scopes: ['trips.read'] } }),
  sandboxReset: async () => ({}),
};

function fill(path: string, params: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!params[name]) throw new Error(`no value for {${name}} in ${path}`);
    return params[name]!;
  });
}

describe('walking every operation of the document', () => {
  it('has a fixture for every operation', () => {
    expect(
      operations()
        .map((o) => o.op.operationId)
        .filter((id) => !FIXTURES[id]),
    ).toEqual([]);
  });

  it('serves each: 401 without a key, 403 without its scope, the documented success status and shape with the full key', async () => {
    const lacking = new Map<string, string>();
    for (const scope of SCOPES) {
      lacking.set(scope, (await client.admin('POST', '/keys', { scopes: SCOPES.filter((s) => s !== scope) })).body.key.key);
    }
    const walked: string[] = [];
    for (const { path, method, op } of operations()) {
      const name = `${method} ${path} (${op.operationId})`;
      await client.admin('POST', '/reset');
      const fixture = await FIXTURES[op.operationId]!();
      const admin = op.tags.includes('sandbox');
      const url = fill(path, fixture.params) + (fixture.query ? `?${fixture.query}` : '');
      const call = { body: fixture.body, headers: fixture.headers };
      if (op['x-scope'] !== 'none') {
        const denied = await client.api(method, url, { ...call, key: null });
        expect(denied.status, name).toBe(401);
        expect(denied.body.code, name).toBe('unauthorized');
        const forbidden = await client.api(method, url, { ...call, key: lacking.get(op['x-scope'])! });
        expect(forbidden.status, name).toBe(403);
        expect(forbidden.body, name).toMatchObject({ code: 'missing_scope', scope: op['x-scope'] });
      }
      const answer = admin
        ? await client.admin(method, url.replace(/^\/__sandbox/, ''), fixture.body)
        : await client.api(method, url, call);
      const documented = Object.keys(op.responses).filter((s) => /^2/.test(s));
      expect(documented, name).toHaveLength(1);
      const status = Number(documented[0]);
      expect(answer.status, `${name}: ${answer.text.slice(0, 200)}`).toBe(status);
      const success = op.responses[String(status)];
      const json = success.content?.['application/json']?.schema as Schema | undefined;
      if (op.operationId === 'getOpenApi') {
        expect(answer.body.openapi, name).toBe('3.1.0');
      } else if (json) {
        expect(
          violations(json, answer.body).map((v) => `${v.path}: ${v.message}`),
          name,
        ).toEqual([]);
      } else if (success.content) {
        const type = answer.headers.get('content-type')!;
        expect(Object.keys(success.content), name).toContain(type);
        expect(answer.headers.get('content-disposition'), name).toMatch(/^attachment; filename="[^"]+"$/);
      } else {
        expect(answer.status, name).toBe(204);
        expect(answer.text, name).toBe('');
      }
      walked.push(op.operationId);
    }
    expect(walked).toHaveLength(ALL_ROUTES.length);
  }, 60_000); // every operation once, the PDF exports included: seconds on a busy machine
});
