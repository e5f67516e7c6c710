// One command is one write. A request that is not safe to repeat (a POST that creates a trip, a
// PUT, a PATCH the client cannot tell is a status change) reaches the service at most once on
// every path that carries it — a JSON call, `api` to stdout, `api --file`, `api --file -` — and
// when its answer breaks off after it left, the error says the service may have applied it and
// where to check (exit 7). GET and DELETE are fetched again, as before.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { runInProcess } from '../support/context.js';
import { startScriptedServer, type ScriptedServer, type Step } from '../support/scripted-server.js';

const KEY = 'sk_live_onewrite0123456789abcdef';
const TRIP = '0f6b2c3d-1e4f-4a5b-9c6d-7e8f9a0b1c2d';

let server: ScriptedServer;
let work: string;
beforeEach(async () => {
  server = await startScriptedServer();
  work = mkdtempSync(join(tmpdir(), 'tripctl-one-write-'));
});
afterEach(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

const run = (argv: string[]) => runInProcess(argv, { env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY }, cwd: work });

/** A 201 whose body stops a third of the way through: the trip exists, its answer never arrived. */
const cutAnswer: Step = {
  kind: 'truncate',
  declaredLength: 300,
  body: `{"trip":{"id":"${TRIP}","status":"published"`,
  headers: { 'content-type': 'application/json' },
};
/** A chunked answer that stops half-way and never ends: only the time-out ends it. */
const stalled: Step = { kind: 'stall', body: `{"trip":{"id":"${TRIP}"`, headers: { 'content-type': 'application/json' } };

const PATHS: Record<string, string[]> = {
  'api --file FILE': ['--file', 'out.json'],
  'api --file -': ['--file', '-'],
  'api to stdout (JSON)': [],
};

describe.each(['POST', 'PUT', 'PATCH'])('%s: sent once whatever path carries it', (method) => {
  test.each(Object.entries(PATHS))('%s: one request, and the error says the service may have applied it', async (_, extra) => {
    // Answers every request the same way, so a second one would be counted, not refused.
    server.always(`${method} /trips`, cutAnswer);
    const result = await run(['api', method, '/trips', '-F', 'pricePerSeat=100', ...extra]);
    expect(result.code, result.stderr).toBe(7);
    expect(server.requestsTo(`${method} /trips`)).toHaveLength(1);
    expect(result.stderr).toContain(`the service may have applied ${method} /trips, so it was not sent again`);
    expect(result.stderr).toContain('check with tripctl api GET /trips before running it again');
    expect(result.stderr.trim().split('\n')).toHaveLength(2);
    expect(readdirSync(work)).toEqual([]);
  });

  test('an answer that stops half-way until --timeout: one request, the same words', async () => {
    server.always(`${method} /trips`, stalled);
    const result = await run(['api', method, '/trips', '-F', 'pricePerSeat=100', '--file', 'out.json', '--timeout', '1']);
    expect(result.code, result.stderr).toBe(7);
    expect(server.requestsTo(`${method} /trips`)).toHaveLength(1);
    expect(result.stderr).toContain(`may have applied ${method} /trips`);
    expect(readdirSync(work)).toEqual([]);
  });
});

test('a POST whose connection is reset before any answer is not sent again either', async () => {
  server.always('POST /trips', { kind: 'reset' });
  const result = await run(['api', 'POST', '/trips', '-F', 'pricePerSeat=100', '--file', 'out.json']);
  expect(result.code, result.stderr).toBe(7);
  expect(server.requestsTo('POST /trips')).toHaveLength(1);
  expect(result.stderr).toContain('may have applied POST /trips');
});

test('a write to one object names that object as the place to check', async () => {
  server.always(`POST /trips/${TRIP}/complete`, cutAnswer);
  const result = await run(['api', 'POST', `/trips/${TRIP}/complete`, '--file', 'out.json']);
  expect(result.code, result.stderr).toBe(7);
  expect(server.requestsTo(`POST /trips/${TRIP}/complete`)).toHaveLength(1);
  expect(result.stderr).toContain(`check with tripctl api GET /trips/${TRIP} before`);
});

test('a verb that writes (trips complete) is sent once, and names its own verb to check with', async () => {
  server.always(`POST /trips/${TRIP}/complete`, cutAnswer);
  const result = await run(['trips', 'complete', TRIP]);
  expect(result.code, result.stderr).toBe(7);
  expect(server.requestsTo(`POST /trips/${TRIP}/complete`)).toHaveLength(1);
  expect(result.stderr).toContain('may have applied POST /trips/');
  expect(result.stderr).toContain(`check with tripctl trips get ${TRIP} before running it again`);
});

test('with -o json the error object says so too (mayHaveApplied), for scripts', async () => {
  server.always('POST /trips', cutAnswer);
  const result = await run(['api', 'POST', '/trips', '-F', 'pricePerSeat=100', '-o', 'json']);
  expect(result.code, result.stderr).toBe(7);
  expect(server.requestsTo('POST /trips')).toHaveLength(1);
  const last = result.stderr.trim().split('\n').pop()!;
  expect(JSON.parse(last).error).toMatchObject({ exitCode: 7, mayHaveApplied: true });
});

describe.each(['GET', 'DELETE'])('%s is safe to repeat', (method) => {
  test('api --file: a body that breaks is fetched again, and the second answer is saved', async () => {
    server.on(`${method} /trips`, cutAnswer, { status: 200, body: { trips: [] } });
    const result = await run(['api', method, '/trips', '--file', 'out.json']);
    expect(result.code, result.stderr).toBe(0);
    expect(server.requestsTo(`${method} /trips`)).toHaveLength(2);
    expect(readdirSync(work)).toEqual(['out.json']);
  });

  test('api to stdout: a body that breaks is exit 7 and one line, never "unexpected error"', async () => {
    server.always(`${method} /trips`, cutAnswer);
    const result = await run(['api', method, '/trips']);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toMatch(/^tripctl: the connection to [^ ]+ broke while the answer was arriving/);
    expect(result.stderr).not.toContain('may have applied');
  });

  test('api --file: a body that always breaks is tried 1 + --retries times, and says nothing of having been applied', async () => {
    server.always(`${method} /trips`, cutAnswer);
    const result = await run(['api', method, '/trips', '--file', 'out.json', '--retries', '2']);
    expect(result.code, result.stderr).toBe(7);
    expect(server.requestsTo(`${method} /trips`)).toHaveLength(3);
    expect(result.stderr).toContain('download');
    expect(result.stderr).not.toContain('may have applied');
  });
});

test('api --file naming a dangling symbolic link: exit 2 before any request, saying what the link is', async () => {
  symlinkSync('gone.json', join(work, 'out.json'));
  const result = await run(['api', 'POST', '/trips', '-F', 'pricePerSeat=100', '--file', 'out.json']);
  expect(result.code, result.stderr).toBe(2);
  expect(result.stderr).toContain(`${join(work, 'out.json')} already exists (a symbolic link to gone.json, which does not exist)`);
  expect(server.requests).toEqual([]);
});

test('trips publish whose 201 is cut: one POST, and trips list is named to check with', async () => {
  server.always('POST /trips', cutAnswer);
  // What publish reads first (a trip or schedule like this one already there?): nothing.
  const none = { page: 1, perPage: 100, total: 0, lastPage: 1 };
  server.always('GET /trips', { body: { trips: [], meta: none } });
  server.always('GET /schedules', { body: { schedules: [], meta: none } });
  server.on('GET /cities', {
    body: {
      cities: [
        { id: 'damascus', name: 'Damascus' },
        { id: 'homs', name: 'Homs' },
      ],
    },
  });
  const result = await run([
    'trips',
    'publish',
    ...['--vehicle', '0f6b2c3d-1e4f-4a5b-9c6d-7e8f9a0b1c2e', '--from', 'damascus', '--to', 'homs'],
    ...['--departure', '2027-12-01T08:30:00Z', '--price', '15000', '--seats', '20'],
  ]);
  expect(result.code, result.stderr).toBe(7);
  expect(server.requestsTo('POST /trips')).toHaveLength(1);
  expect(result.stderr).toContain('the service may have applied POST /trips, so it was not sent again');
  expect(result.stderr).toContain('hint: check with tripctl trips list before running it again');
});

describe('a write answered with success whose answer is not saved: the error says it was applied', () => {
  test('api POST --file DIR/ whose suggested name is taken: one POST, exit 1, "did apply"', async () => {
    mkdirSync(join(work, 'out'));
    writeFileSync(join(work, 'out', 'trip.json'), 'mine');
    server.always('POST /trips', {
      status: 201,
      headers: { 'content-disposition': 'attachment; filename="trip.json"' },
      body: { trip: { id: TRIP } },
    });
    const result = await run(['api', 'POST', '/trips', '-F', 'pricePerSeat=100', '--file', 'out/']);
    expect(result.code, result.stderr).toBe(1);
    expect(server.requestsTo('POST /trips')).toHaveLength(1);
    expect(result.stderr).toContain('already exists; the service did apply POST /trips (HTTP 201)');
    expect(result.stderr).toContain('see it with tripctl api GET /trips');
    expect(readFileSync(join(work, 'out', 'trip.json'), 'utf8')).toBe('mine');
  });

  test('api POST --file whose 201 has an empty body: one POST, "did apply"', async () => {
    server.always('POST /trips', { status: 201, body: '' });
    const result = await run(['api', 'POST', '/trips', '-F', 'pricePerSeat=100', '--file', 'out.json']);
    expect(result.code, result.stderr).toBe(1);
    expect(server.requestsTo('POST /trips')).toHaveLength(1);
    expect(result.stderr).toContain('the service did apply POST /trips (HTTP 201)');
    expect(readdirSync(work)).toEqual([]);
  });

  test('the control: the same refusal of a GET says nothing of applying', async () => {
    server.on('GET /trips', { status: 200, body: '' });
    const result = await run(['api', 'GET', '/trips', '--file', 'out.json']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).not.toContain('apply');
  });
});

test('a verb whose 201 is not the shape it relies on: one POST, and the error says the service did apply it', async () => {
  server.always(`POST /trips/${TRIP}/complete`, { status: 201, body: [] });
  const result = await run(['trips', 'complete', TRIP]);
  expect(result.code, result.stderr).toBe(1);
  expect(server.requestsTo(`POST /trips/${TRIP}/complete`)).toHaveLength(1);
  expect(result.stderr).toContain(`the service did apply POST /trips/${TRIP}/complete (HTTP 201)`);
  expect(result.stderr).toContain(`see it with tripctl trips get ${TRIP}`);
});
