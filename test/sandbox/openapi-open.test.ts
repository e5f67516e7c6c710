// The served document promises only what a client may rely on: no answer's schema forbids fields
// it does not list, and the enumerations partner-api.md leaves open list known values instead of
// all there can be. The strict form (what the sandbox answers, which the contract tests check
// every exchange against) stays closed. Every sandbox decision carries x-sandbox-decision, which
// `tripctl openapi --decisions` lists.
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';

import { fileSession } from '../support/sandbox.js';

type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
const held = fileSession();

const served = async (): Promise<Json> => (await fetch(`${held.session.sandbox.baseUrl}/openapi.json`)).json() as Promise<Json>;

/** Every schema node reachable from a schema, following $refs into components (each once). */
function reachable(doc: Json, root: unknown, seen = new Set<unknown>()): Json[] {
  const out: Json[] = [];
  const visit = (node: unknown): void => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) return node.forEach(visit);
    const schema = node as Json;
    out.push(schema);
    if (typeof schema.$ref === 'string') visit(doc.components.schemas[schema.$ref.replace('#/components/schemas/', '')]);
    for (const key of ['properties', 'items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
      const sub = schema[key];
      if (key === 'properties' && sub) Object.values(sub).forEach(visit);
      else visit(sub);
    }
  };
  visit(root);
  return out;
}

/** Every response schema of every operation under paths. */
function responseSchemas(doc: Json): Array<{ where: string; schema: unknown }> {
  const out: Array<{ where: string; schema: unknown }> = [];
  for (const [path, item] of Object.entries<Json>(doc.paths)) {
    for (const [method, operation] of Object.entries<Json>(item)) {
      for (const [status, response] of Object.entries<Json>(operation.responses ?? {})) {
        for (const [type, content] of Object.entries<Json>(response.content ?? {})) {
          out.push({ where: `${method.toUpperCase()} ${path} ${status} ${type}`, schema: content.schema });
        }
      }
    }
  }
  return out;
}

const validator = (doc: Json) => {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(doc, 'openapi.json');
  return (pointer: string, value: unknown) => ajv.getSchema(`openapi.json#${pointer}`)!(value) as boolean;
};

describe('the served document is open where the service may grow', () => {
  it('no response schema reachable from paths forbids additional properties', async () => {
    const doc = await served();
    const schemas = responseSchemas(doc);
    expect(schemas.length).toBeGreaterThan(100);
    const closed = schemas.flatMap(({ where, schema }) =>
      reachable(doc, schema)
        .filter((s) => s.additionalProperties === false)
        .map(() => where),
    );
    expect(closed).toEqual([]);
    // The strict form closes them all: the same walk finds them there.
    const strict = held.session.sandbox.openApi('strict') as Json;
    expect(
      responseSchemas(strict).filter(({ schema }) => reachable(strict, schema).some((s) => s.additionalProperties === false)).length,
    ).toBeGreaterThan(50);
  });

  it('open enumerations list known values; the ones partner-api.md closes, and request bodies, stay closed', async () => {
    const doc = await served();
    const schemas = doc.components.schemas;
    for (const [name, field] of [
      ['Booking', 'status'],
      ['Trip', 'status'],
      ['Trip', 'currency'],
      ['Payment', 'status'],
      ['Payment', 'method'],
      ['Vehicle', 'fuelType'],
      ['Vehicle', 'transmission'],
      ['Payout', 'status'],
      ['ScheduleException', 'kind'],
      ['Ticket', 'status'],
      ['ManifestPassenger', 'status'],
      ['Delivery', 'deliveryStatus'],
    ] as const) {
      const schema = schemas[name].properties[field];
      expect(schema.enum, `${name}.${field}`).toBeUndefined();
      expect(schema.const, `${name}.${field}`).toBeUndefined();
      expect(schema['x-known-values'].length, `${name}.${field}`).toBeGreaterThan(0);
      expect(schema.examples, `${name}.${field}`).toEqual(schema['x-known-values']);
      expect(schema.description, `${name}.${field}`).toMatch(/a client should accept others/);
    }
    expect(schemas.Booking.properties.status['x-known-values']).toEqual([
      'requested',
      'approved',
      'rejected',
      'cancelled',
      'boarded',
      'no_show',
    ]);
    expect(schemas.Member.properties.role.enum).toEqual(['owner', 'admin', 'staff', 'driver']);
    expect(schemas.Schedule.properties.recurrence.enum).toEqual(['daily', 'weekly', 'interval']);
    const patch = doc.paths['/bookings/{bookingId}'].patch.requestBody.content['application/json'].schema;
    expect(patch.properties.status.enum).toEqual(['approved', 'rejected', 'cancelled']);
    expect(JSON.stringify(doc)).not.toContain('x-open-enum');
  });

  it('a field or a status the real service adds passes the served document and fails the strict one', async () => {
    const api = async (path: string): Promise<Json> => {
      const res = await fetch(`${held.session.sandbox.baseUrl}${path}`, {
        headers: { authorization: `Bearer ${held.session.sandbox.keys.full}` },
      });
      return (await res.json()) as Json;
    };
    const { booking } = (await api(`/bookings/${(await api('/bookings?perPage=1')).bookings[0].id}`)) as Json;
    const grown = { booking: { ...booking, status: 'checked_in', seatMap: ['A1'], trip: { ...booking.trip, operatorRef: 'X-1' } } };
    const pointer = '/paths/~1bookings~1{bookingId}/get/responses/200/content/application~1json/schema';
    const strict = validator(held.session.sandbox.openApi('strict') as Json);
    const open = validator(await served());
    expect(strict(pointer, { booking })).toBe(true);
    expect(open(pointer, { booking })).toBe(true);
    expect(open(pointer, grown)).toBe(true);
    expect(strict(pointer, grown)).toBe(false);
    expect(strict(pointer, { booking: { ...booking, status: 'checked_in' } })).toBe(false);
  });

  it('keeps the same operations, parameters and statuses in both forms', async () => {
    const doc = await served();
    const strict = held.session.sandbox.openApi('strict') as Json;
    const outline = (d: Json) =>
      Object.entries<Json>(d.paths).flatMap(([path, item]) =>
        Object.entries<Json>(item).map(
          ([method, op]) => `${method} ${path} ${Object.keys(op.responses ?? {}).join(',')} ${JSON.stringify(op.parameters ?? [])}`,
        ),
      );
    expect(outline(doc)).toEqual(outline(strict));
  });
});

describe('sandbox decisions', () => {
  const decisionAt = (node: Json | undefined): string => String(node?.['x-sandbox-decision'] ?? '');

  it('mark what the sandbox decided, and not what partner-api.md shows', async () => {
    const doc = await served();
    const s = doc.components.schemas;
    expect(decisionAt(doc.paths['/bookings'].post)).toMatch(/payment that follows each booking/);
    expect(decisionAt(doc.paths['/webhooks/{endpointId}/test'].post)).toMatch(/endpoint_paused/);
    expect(decisionAt(doc.paths['/reports/export'].get)).toMatch(/Asia\/Damascus/);
    expect(decisionAt(s.Error.properties.code)).toMatch(/Values of code are the sandbox's/);
    for (const field of ['currency', 'seatsBooked', 'scheduleId', 'createdAt'])
      expect(decisionAt(s.Trip.properties[field]), field).not.toBe('');
    expect(decisionAt(s.Booking.properties.passengerId)).not.toBe('');
    expect(decisionAt(s.Booking.properties.status)).toMatch(/boarded and no_show/);
    expect(decisionAt(s.Schedule.properties.intervalDays)).not.toBe('');
    for (const name of ['Payment', 'Payout', 'Review', 'Dashboard', 'Report', 'Ticket', 'Place', 'Delivery']) {
      expect(decisionAt(s[name]), name).not.toBe('');
    }
    // What partner-api.md shows carries none.
    for (const field of ['departureAt', 'pricePerSeat', 'vehicleId']) expect(decisionAt(s.Trip.properties[field]), field).toBe('');
    for (const field of ['seats', 'groupName', 'boardedAt']) expect(decisionAt(s.Booking.properties[field]), field).toBe('');
    expect(decisionAt(doc.paths['/trips'].get)).toBe('');
    expect(decisionAt(doc.paths['/trips'].get.responses['200'])).toBe('');
    expect(decisionAt(doc.paths['/payments'].get)).toMatch(/success status/);
  });

  it('tripctl openapi --decisions lists each one with where it is', async () => {
    const doc = await served();
    const count = (JSON.stringify(doc).match(/"x-sandbox-decision":/g) ?? []).length;
    const rows = await held.session.json<Array<{ where: string; decision: string }>>(['openapi', '--decisions']);
    expect(rows).toHaveLength(count);
    expect(rows).toContainEqual({ where: 'POST /bookings', decision: decisionAt(doc.paths['/bookings'].post) });
    expect(rows).toContainEqual({ where: 'Trip.currency', decision: decisionAt(doc.components.schemas.Trip.properties.currency) });
    expect(rows).toContainEqual({ where: 'GET /trips query perPage', decision: expect.stringMatching(/read as 100/) });
    expect(rows).toContainEqual({ where: 'POST /schedules body intervalDays', decision: expect.any(String) });
    const table = await held.session.run(['openapi', '--decisions']);
    expect(table.code).toBe(0);
    // Piped without -o, a plain row per decision: where, a tab, what.
    expect(table.stdout.trim().split('\n')).toHaveLength(count);
    expect(table.stdout).toMatch(/^POST \/webhooks\/\{endpointId\}\/test\tRefusing a paused endpoint/m);
  });
});
