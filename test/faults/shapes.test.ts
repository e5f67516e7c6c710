// Answers of the wrong shape: every one ends with exit 1 and one line naming the call and what was
// wrong — never exit 0 with empty output. A redirect is never followed. Extra fields still pass
// through, and `api` stays raw.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type Answer, type HostileServer } from './hostile-server.js';
import { cli, errorLines, trip, uuidFor } from './support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

const meta = { page: 1, perPage: 25, total: 1, lastPage: 1 };
const HTML = '<!doctype html><html><head><title>Sign in</title></head><body>Please sign in</body></html>';

/** Wrong shapes for a list call (`{trips: [...], meta}` expected). */
const LIST_SHAPES: Array<[string, Answer]> = [
  ['no list key at all', { json: { meta } }],
  ['the list under another key', { json: { items: [trip(1)], meta } }],
  ['the list key is null', { json: { trips: null, meta } }],
  ['the list key is an object', { json: { trips: { id: uuidFor(1) }, meta } }],
  ['the list key is a string', { json: { trips: 'none', meta } }],
  ['a JSON null', { json: null }],
  ['an empty body', { raw: '', headers: { 'content-type': 'application/json' } }],
  ['a 204 with no body', { empty: true, status: 204 }],
  ['an array where an object was expected', { json: [trip(1)] }],
  ['a JSON string', { json: 'ok' }],
  ['a JSON number', { json: 42 }],
  ['an HTML page with 200', { raw: HTML, headers: { 'content-type': 'text/html; charset=utf-8' } }],
  ['an HTML page labelled JSON', { raw: HTML, headers: { 'content-type': 'application/json' } }],
  ['malformed JSON', { raw: '{"trips": [{"id": ', headers: { 'content-type': 'application/json' } }],
];

/** Wrong shapes for a one-object call (`{trip: {...}}` or the object itself expected). */
const OBJECT_SHAPES: Array<[string, Answer]> = [
  ['a JSON null', { json: null }],
  ['an empty body', { raw: '', headers: { 'content-type': 'application/json' } }],
  ['a 204 with no body', { empty: true, status: 204 }],
  ['an array where an object was expected', { json: [trip(1)] }],
  ['the envelope holds null', { json: { trip: null } }],
  ['the envelope holds an array', { json: { trip: [trip(1)] } }],
  ['a JSON string', { json: 'ok' }],
  ['an HTML page with 200', { raw: HTML, headers: { 'content-type': 'text/html' } }],
];

const REDIRECTS = [301, 302, 303, 307, 308];

function expectOneLineShapeError(result: { code: number; stdout: string; stderr: string }, call: string): void {
  expect(result.code, result.stderr).toBe(1);
  const errors = errorLines(result.stderr);
  expect(errors, result.stderr).toHaveLength(1);
  expect(errors[0]).toMatch(new RegExp(`^tripctl: the service's answer to ${call.replace(/[/.]/g, '\\$&')} \\S`));
  // Checked last, so that a failure here says only this: no data was received, so none is printed.
  expect(result.stdout, 'stdout of a failed call').toBe('');
}

describe('wrong shapes for a list: exit 1, one line naming the call', () => {
  for (const format of ['table', 'json', 'ndjson', 'csv', 'ids']) {
    it.each(LIST_SHAPES)(`trips list -o ${format}: %s`, async (_name, answer) => {
      server.on('GET /trips', answer);
      const result = await cli(server, ['trips', 'list', '-o', format, '--retries', '0']);
      expectOneLineShapeError(result, 'GET /trips');
      expect(server.seen('GET /trips')).toHaveLength(1);
    });
  }

  it('says which list is missing', async () => {
    server.on('GET /trips', { json: { meta } });
    const result = await cli(server, ['trips', 'list']);
    expect(errorLines(result.stderr)[0]).toContain('has no "trips" list');
  });

  it.each(LIST_SHAPES.slice(0, 6))('bookings list --all: %s', async (_name, answer) => {
    server.on('GET /bookings', JSON.parse(JSON.stringify(answer).replaceAll('"trips"', '"bookings"')) as Answer);
    const result = await cli(server, ['bookings', 'list', '--all', '-o', 'json']);
    expectOneLineShapeError(result, 'GET /bookings');
  });
});

describe('wrong shapes for one object: exit 1, one line naming the call', () => {
  it.each(OBJECT_SHAPES)('trips get: %s', async (_name, answer) => {
    server.on('GET /trips/*', answer);
    const result = await cli(server, ['trips', 'get', uuidFor(7), '-o', 'json']);
    expectOneLineShapeError(result, `GET /trips/${uuidFor(7)}`);
  });

  it.each(OBJECT_SHAPES)('company get (table): %s', async (_name, answer) => {
    server.on('GET /company', JSON.parse(JSON.stringify(answer).replaceAll('"trip"', '"company"')) as Answer);
    const result = await cli(server, ['company', 'get']);
    expectOneLineShapeError(result, 'GET /company');
  });
});

describe('redirects are never followed', () => {
  let elsewhere: HostileServer;
  beforeEach(async () => {
    elsewhere = await startHostileServer();
    elsewhere.on('GET /trips', { json: { trips: [trip(1)], meta } });
  });
  afterEach(async () => {
    await elsewhere.close();
  });

  it.each(REDIRECTS)('HTTP %i to another port: exit 1, says redirect, the target sees nothing', async (status) => {
    server.on('GET /trips', { empty: true, status, headers: { location: `${elsewhere.baseUrl}/trips` } });
    const result = await cli(server, ['trips', 'list', '-o', 'json']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(/redirect/i);
    expect(result.stderr).toContain(`HTTP ${status}`);
    expect(elsewhere.requests).toEqual([]);
    expect(result.stdout, 'stdout of a failed call').toBe('');
  });
});

describe('what stays untouched', () => {
  it.each(['json', 'ndjson'])('unknown fields pass through -o %s, nested ones too', async (format) => {
    const extra = trip(1, { futureField: { nested: [1, 'two', null], flag: true }, 'x-vendor': 'é' });
    server.on('GET /trips', { json: { trips: [extra], meta, cursor: 'abc' } });
    const result = await cli(server, ['trips', 'list', '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    expect(
      format === 'json'
        ? JSON.parse(result.stdout)
        : result.stdout
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line)),
    ).toEqual([extra]);
  });

  it('unknown fields of one object pass through -o json', async () => {
    const extra = trip(1, { futureField: { deep: { deeper: [true] } } });
    server.on('GET /trips/*', { json: { trip: extra, requestId: 'r1' } });
    const result = await cli(server, ['trips', 'get', uuidFor(1), '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(extra);
  });

  it.each<[string, unknown]>([
    ['null', null],
    ['an array', [1, 2, 3]],
    ['an object with no list', { weird: true }],
    ['a string', 'ok'],
  ])('api GET /x stays raw: %s passes with exit 0', async (_name, body) => {
    server.on('GET /x', { json: body });
    const result = await cli(server, ['api', 'GET', '/x']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(body);
  });

  it('api GET /x passes an HTML page through as is', async () => {
    server.on('GET /x', { raw: HTML, headers: { 'content-type': 'text/html' } });
    const result = await cli(server, ['api', 'GET', '/x']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(HTML);
  });
});
