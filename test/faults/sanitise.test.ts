// Text from the service in every field — escape sequences, C1 controls, bidi overrides, embedded
// line breaks — must never reach a terminal or a line-oriented stream, and one record stays one
// line. JSON and NDJSON stay exact: valid JSON whose raw text escapes C1 and bidi controls.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './hostile-server.js';
import { HOSTILE } from './hostile-text.js';
import { booking, cli, errorLines, forbiddenIn, lines, trip, uuidFor } from './support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

const TRIP_STRING_FIELDS = ['id', 'status', 'fromCityId', 'toCityId', 'vehicleId', 'departureAt'];
const TRIP_COLUMNS = 9;

/** One trip per hostile text, every string field carrying it (the id stays distinct). */
function hostileTrips(): Array<Record<string, unknown>> {
  return HOSTILE.map(([, text], i) => trip(i + 1, Object.fromEntries(TRIP_STRING_FIELDS.map((field) => [field, `${field}${i}-${text}`]))));
}

function serveTrips(trips: Array<Record<string, unknown>>): void {
  server.on('GET /trips', { json: { trips, meta: { page: 1, perPage: 100, total: trips.length, lastPage: 1 } } });
}

describe('line-oriented output of hostile trips', () => {
  const n = HOSTILE.length;

  it('table, piped (no -o): no control, escape or bidi character; one line a record; the columns hold', async () => {
    serveTrips(hostileTrips());
    const result = await cli(server, ['trips', 'list']);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
    const rows = lines(result.stdout);
    expect(rows).toHaveLength(n);
    for (const row of rows) expect(row.split('\t')).toHaveLength(TRIP_COLUMNS);
  });

  it('-o table, piped (the person’s table, as in cron mail): no control, escape or bidi character', async () => {
    serveTrips(hostileTrips());
    const result = await cli(server, ['trips', 'list', '-o', 'table']);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
  });

  it('table on a terminal: no control, escape or bidi character', async () => {
    serveTrips(hostileTrips());
    const result = await cli(server, ['trips', 'list'], { stdoutIsTTY: true, columns: 200, env: { NO_COLOR: '1' } });
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
  });

  it('csv: no control character but CRLF line ends (no bare CR, even quoted)', async () => {
    serveTrips(hostileTrips());
    const result = await cli(server, ['trips', 'list', '-o', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout, { crlf: true })).toEqual([]);
  });

  it('csv: a header and one line a record (an embedded line break never adds a line)', async () => {
    serveTrips(hostileTrips());
    const result = await cli(server, ['trips', 'list', '-o', 'csv']);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout, { crlf: true })).toHaveLength(n + 1);
  });

  it('ids: one clean line a record', async () => {
    serveTrips(hostileTrips());
    const result = await cli(server, ['trips', 'list', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
    expect(lines(result.stdout)).toHaveLength(n);
  });

  it('one object (trips get), piped: field<TAB>value lines, clean, one a field', async () => {
    const [one] = hostileTrips().slice(13, 14); // the embedded-LF record
    server.on('GET /trips/*', { json: { trip: one } });
    const result = await cli(server, ['trips', 'get', uuidFor(14)]);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
    for (const line of lines(result.stdout)) expect(line.split('\t').length).toBe(2);
  });
});

describe('JSON of hostile trips stays exact and escapes C1 and bidi controls', () => {
  it.each(['json', 'ndjson'])('-o %s: parses back to the original strings; no raw C1, bidi or ESC', async (format) => {
    const trips = hostileTrips();
    serveTrips(trips);
    const result = await cli(server, ['trips', 'list', '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    const parsed = format === 'json' ? JSON.parse(result.stdout) : lines(result.stdout).map((line) => JSON.parse(line));
    expect(parsed).toEqual(trips);
    expect(forbiddenIn(result.stdout)).toEqual([]);
    expect(result.stdout.toLowerCase()).toContain('\\u202e');
    expect(result.stdout.toLowerCase()).toContain('\\u0085');
    expect(result.stdout.toLowerCase()).toContain('\\u2066');
  });
});

describe('bulk result lines, errors and tickets', () => {
  it.each(HOSTILE)('bookings approve, the service answers a status with %s: one clean line an id', async (_name, text) => {
    server.on('PATCH /bookings/*', (req) => ({ json: { booking: booking(1, { id: req.path.split('/')[2], status: `approved${text}` }) } }));
    const ids = [uuidFor(1), uuidFor(2), uuidFor(3)];
    const result = await cli(server, ['bookings', 'approve', ...ids]);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
    expect(lines(result.stdout).map((line) => line.split('\t')[0])).toEqual(ids);
    expect(forbiddenIn(result.stderr)).toEqual([]);
  });

  it.each(HOSTILE)(
    'bookings approve, the service refuses with %s in message and code: clean stdout and stderr lines',
    async (_name, text) => {
      server.on('PATCH /bookings/*', { json: { error: `cannot approve ${text} now`, code: `state${text}` }, status: 409 });
      const ids = [uuidFor(1), uuidFor(2)];
      const result = await cli(server, ['bookings', 'approve', ...ids]);
      expect(result.code, result.stderr).toBe(6);
      expect(forbiddenIn(result.stdout)).toEqual([]);
      expect(forbiddenIn(result.stderr)).toEqual([]);
      expect(lines(result.stdout)).toHaveLength(2);
      for (const line of lines(result.stderr)) expect(line).toMatch(/^(tripctl: |hint: |approved \d+ of \d+)/);
    },
  );

  it('the service’s words reach the operator whole: dates, ids and hyphens kept; a bidi override and a control taken out', async () => {
    const other = '6ea9ad0c-336f-4a71-9db6-0725e6042134';
    const said = `departureAt 2026-11-27T10:00:00+03:00 is before trip ${other}'s — ask al-Midan`;
    server.on('PATCH /bookings/*', { json: { error: `${said}\u202e\u0007`, code: 'refused' }, status: 409 });
    const result = await cli(server, ['bookings', 'approve', uuidFor(1)]);
    expect(result.code).toBe(6);
    expect(result.stdout.split('\t').at(-1)).toBe(`${said} (HTTP 409, code refused)\n`);
    expect(result.stderr).toContain(`tripctl: ${uuidFor(1)}: ${said} (HTTP 409, code refused)\n`);
  });

  it.each(HOSTILE)('an error answer with %s in message and code: one clean line on stderr (also with -o json)', async (_name, text) => {
    server.on('GET /trips/*', { json: { error: `no such trip ${text}`, code: `not_found${text}` }, status: 404 });
    for (const extra of [[], ['-o', 'json']]) {
      const result = await cli(server, ['trips', 'get', uuidFor(3), ...extra]);
      expect(result.code, result.stderr).toBe(5);
      expect(forbiddenIn(result.stderr)).toEqual([]);
      expect(errorLines(result.stderr).filter((line) => !line.startsWith('{'))).toHaveLength(1);
      for (const line of lines(result.stderr)) expect(line).toMatch(/^(tripctl: |hint: |\{"error")/);
    }
  });

  it.each(HOSTILE)('bookings ticket with %s in every field and the QR payload, piped: clean, one line a field', async (_name, text) => {
    server.on('GET /bookings/*/ticket', {
      json: { ticket: { bookingId: `b${text}`, passenger: `p${text}`, seat: `s${text}`, qr: `TICKET:${text}:END` } },
    });
    const result = await cli(server, ['bookings', 'ticket', uuidFor(4)]);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
    const out = lines(result.stdout);
    expect(out).toHaveLength(4);
    expect(out.filter((line) => line.startsWith('qr\t'))).toHaveLength(1);
  });

  it('bookings ticket on a terminal: every hostile text at once, nothing reaches the terminal', async () => {
    const all = HOSTILE.map(([, text]) => text).join('|');
    server.on('GET /bookings/*/ticket', { json: { ticket: { bookingId: `b${all}`, passenger: `p${all}`, qr: `TICKET:${all}` } } });
    const result = await cli(server, ['bookings', 'ticket', uuidFor(4)], { stdoutIsTTY: true, columns: 200, env: { NO_COLOR: '1' } });
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
  });
});

/** Other lists with names in them: [command, route, list key, string fields, paged]. */
const RESOURCES: Array<[string[], string, string, string[], boolean]> = [
  [['cities', 'list'], 'GET /cities', 'cities', ['id', 'name', 'nameAr'], false],
  [['members', 'list'], 'GET /members', 'members', ['id', 'role', 'fullName', 'phone'], false],
  [['vehicles', 'list'], 'GET /vehicles', 'vehicles', ['id', 'plate', 'make', 'model', 'color'], false],
  [['bookings', 'list'], 'GET /bookings', 'bookings', ['id', 'status', 'tripId', 'source', 'groupName'], true],
  [['payments', 'list'], 'GET /payments', 'payments', ['id', 'status', 'bookingId'], true],
];

describe.each(RESOURCES)('%j with hostile text in every name', (argv, route, key, fields, paged) => {
  const records = HOSTILE.map(([, text], i) => Object.fromEntries(fields.map((field) => [field, `${field}${i}-${text}`])));
  const body = paged ? { [key]: records, meta: { page: 1, perPage: 100, total: records.length, lastPage: 1 } } : { [key]: records };

  it.each<[string, { crlf?: boolean }]>([
    ['table', {}],
    ['csv', { crlf: true }],
    ['ids', {}],
  ])('-o %s: clean', async (format, opts) => {
    server.on(route, { json: body });
    const result = await cli(server, [...argv, '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout, opts)).toEqual([]);
  });

  // Piped without -o: the table's script lines (-o table asked for by name is the person's table).
  it.each<[string, { crlf?: boolean }, number]>([
    ['table', {}, 0],
    ['csv', { crlf: true }, 1],
    ['ids', {}, 0],
  ])('%s: one line a record', async (format, opts, header) => {
    server.on(route, { json: body });
    const result = await cli(server, format === 'table' ? argv : [...argv, '-o', format]);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout, opts)).toHaveLength(records.length + header);
  });

  it('table on a terminal: clean', async () => {
    server.on(route, { json: body });
    const result = await cli(server, argv, { stdoutIsTTY: true, columns: 200, env: { NO_COLOR: '1' } });
    expect(result.code, result.stderr).toBe(0);
    expect(forbiddenIn(result.stdout)).toEqual([]);
  });
});

describe('completion values and bulk JSON lines from hostile text', () => {
  it.each<[string, string, string, string[]]>([
    ['cities', 'GET /cities', 'cities', ['id', 'name', 'nameAr']],
    ['trips', 'GET /trips', 'trips', ['id', 'departureAt', 'status']],
    ['bookings', 'GET /bookings', 'bookings', ['id', 'status', 'groupName']],
    ['vehicles', 'GET /vehicles', 'vehicles', ['id', 'plate', 'make', 'model']],
    ['members', 'GET /members', 'members', ['id', 'fullName', 'role']],
  ])('__complete %s: clean value<TAB>description lines', async (kind, route, key, fields) => {
    const records = HOSTILE.map(([, text], i) => Object.fromEntries(fields.map((field) => [field, `${field}${i}-${text}`])));
    server.on(route, { json: { [key]: records, meta: { page: 1, perPage: 100, total: records.length, lastPage: 1 } } });
    const result = await cli(server, ['__complete', kind]);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout).length).toBeGreaterThanOrEqual(records.length);
    expect(forbiddenIn(result.stdout)).toEqual([]);
    for (const line of lines(result.stdout)) expect(line.split('\t').length).toBeLessThanOrEqual(2);
  });

  it.each(['json', 'ndjson'])(
    'bookings approve -o %s with every hostile status: valid JSON (an array, or lines), C1 and bidi escaped',
    async (format) => {
      const ids = HOSTILE.map((_, i) => uuidFor(i + 1));
      server.on('PATCH /bookings/*', (req) => {
        const index = ids.indexOf(req.path.split('/')[2]!);
        return { json: { booking: booking(index + 1, { status: `approved${HOSTILE[index]![1]}` }) } };
      });
      const result = await cli(server, ['bookings', 'approve', ...ids, '-o', format]);
      expect(result.code, result.stderr).toBe(0);
      expect(forbiddenIn(result.stdout)).toEqual([]);
      // -o json is one array (as every list's), -o ndjson a record a line.
      const records = format === 'json' ? JSON.parse(result.stdout) : lines(result.stdout).map((line) => JSON.parse(line));
      expect(records).toHaveLength(ids.length);
      expect(records.map((record: { result: { status: string } }) => record.result.status)).toEqual(
        HOSTILE.map(([, text]) => `approved${text}`),
      );
    },
  );
});
