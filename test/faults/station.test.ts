// The boarding station where the network is worst: a service that accepts the connection and never
// answers (with and without a saved manifest), an answer lost after the boarding landed (then 409),
// a passenger boarded at another door, a journal or manifest damaged on disk, and a trip that is
// not the one to board. A hang is never an interrupt: scans are queued, counted, and the end is
// exit 7 with the --sync command; what is read from disk is checked before anything is sent.
// (Two stations of the built tool sharing one journal: test/process/station-journal.test.ts.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedPrompter } from '../support/prompter.js';
import { type Answer, startHostileServer, type HostileServer } from './hostile-server.js';
import { booking, cli, errorLines, lines, uuidFor } from './support.js';

let server: HostileServer;
let dir: string;
beforeEach(async () => {
  server = await startHostileServer();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-station-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const TRIP = uuidFor(1);
const [A, B, C] = [uuidFor(101), uuidFor(102), uuidFor(103)];
const journalPath = () => join(dir, 'boarding', `${TRIP}.json`);
const journal = () => JSON.parse(readFileSync(journalPath(), 'utf8')) as { pending: Array<{ bookingId: string }> };
const soon = () => new Date(Date.now() + 3_600_000).toISOString();

function passenger(id: string, seats: number, fields: Record<string, unknown> = {}) {
  return {
    bookingId: id,
    fullName: `Passenger ${id.slice(-3)}`,
    phone: '+963944000000',
    seats,
    status: 'approved',
    boardedAt: null,
    ...fields,
  };
}

/** A journal as an earlier session (or a hostile hand) left it. */
function saveJournal(fields: Record<string, unknown>): void {
  mkdirSync(join(dir, 'boarding'), { recursive: true, mode: 0o700 });
  const data = {
    version: 1,
    tripId: TRIP,
    baseUrl: server.baseUrl,
    trip: { route: 'Damascus → Aleppo', departureAt: soon(), status: 'published' },
    manifest: { loadedAt: new Date().toISOString(), passengers: [passenger(A, 1), passenger(B, 2)] },
    pending: [],
    ...fields,
  };
  writeFileSync(journalPath(), JSON.stringify(data), { mode: 0o600 });
}

/** Every route the station calls answers with `answer` (a service that hangs, by default). */
function everything(answer: Answer): void {
  for (const route of ['GET /trips/*', 'GET /trips/*/manifest', 'GET /bookings/*', 'POST /bookings/*/boarded', 'GET /cities'])
    server.on(route, answer);
}

/** A service that answers: the trip (departing in an hour unless told), its manifest (as it is at each call). */
function online(passengers: unknown[] | (() => unknown[]), trip: Record<string, unknown> = {}): void {
  server.on('GET /cities', {
    json: {
      cities: [
        { id: 'damascus', name: 'Damascus' },
        { id: 'aleppo', name: 'Aleppo' },
      ],
    },
  });
  server.on('GET /trips/*', {
    json: { trip: { id: TRIP, fromCityId: 'damascus', toCityId: 'aleppo', departureAt: soon(), status: 'published', ...trip } },
  });
  server.on('GET /trips/*/manifest', () => ({ json: { passengers: typeof passengers === 'function' ? passengers() : passengers } }));
}

const board = (argv: string[], stdin: string, opts: Parameters<typeof cli>[2] = {}) =>
  cli(server, ['trips', 'board', TRIP, '--timeout', '1', ...argv], { configDir: dir, stdin, limitMs: 12_000, ...opts });

describe('a service that accepts the connection and never answers', () => {
  it('without a saved manifest: every scan queued unchecked, exit 7 with the --sync command, never 130', async () => {
    everything({ fault: 'hang' });
    const result = await board([], `${A}\n${B}\n`);
    expect(result.code, result.stderr).toBe(7);
    expect(lines(result.stdout).map((l) => l.split('\t').slice(0, 2))).toEqual([
      [A, 'queued'],
      [B, 'queued'],
    ]);
    expect(result.stderr).toContain('no manifest of this trip is saved here');
    expect(result.stderr).toContain(`tripctl trips board ${TRIP} --sync`);
    expect(result.stderr).not.toMatch(/interrupted/);
    expect(journal().pending.map((p) => p.bookingId)).toEqual([A, B]);
    // Offline, a scan is not looked up (each would wait out the time-out at the door); only the
    // end tries the queue once.
    expect(server.seen('GET /bookings/*').length).toBeLessThanOrEqual(1);
  });

  it('with a saved manifest: the passengers by name, counted as boarded while queued, exit 7', async () => {
    saveJournal({});
    everything({ fault: 'hang' });
    const result = await board(['-o', 'ndjson'], `${A}\n${B}\n`);
    expect(result.code, result.stderr).toBe(7);
    const records = lines(result.stdout).map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(records.map((r) => [r.kind, r.bookingId, r.boarded, r.queued])).toEqual([
      ['queued', A, 1, 1],
      ['queued', B, 3, 2],
    ]);
    expect(result.stderr).toContain('using the manifest saved at');
    expect(result.stderr).toContain('3 of 3 seats boarded (2 queued).');
    expect(result.stderr).toContain(`tripctl trips board ${TRIP} --sync`);
    expect(journal().pending.map((p) => p.bookingId)).toEqual([A, B]);
  });

  it('--sync with two queued: exit 7 and the queue kept', async () => {
    saveJournal({
      pending: [
        { bookingId: A, scannedAt: new Date().toISOString(), verified: true },
        { bookingId: B, scannedAt: new Date().toISOString(), verified: true },
      ],
    });
    everything({ fault: 'hang' });
    const result = await board(['--sync'], '');
    expect(result.code, result.stderr).toBe(7);
    expect(errorLines(result.stderr)).toEqual([expect.stringContaining('2 boarding(s) could not be sent (no answer within 1 s)')]);
    expect(journal().pending).toHaveLength(2);
  });

  it('a refused connection and a 503 are queued the same way', async () => {
    saveJournal({});
    online([passenger(A, 1), passenger(B, 2)]);
    server.on('POST /bookings/*/boarded', (_req, nth) =>
      nth === 0 ? { fault: 'reset-before-headers' } : { json: { error: 'down' }, status: 503 },
    );
    const result = await board([], `${A}\n${B}\n`);
    expect(result.code, result.stderr).toBe(7);
    expect(lines(result.stdout).map((l) => l.split('\t')[1])).toEqual(['queued', 'queued']);
  });
});

describe('a queued scan the service refuses once back', () => {
  it("--sync: named, dropped from the queue, and its exit code is the run's (5 for unknown)", async () => {
    const D = uuidFor(104);
    saveJournal({ pending: [{ bookingId: D, scannedAt: new Date().toISOString(), verified: false }] });
    online([passenger(A, 1)]);
    server.on('GET /bookings/*', { json: { error: `booking ${D} not found`, code: 'not_found' }, status: 404 });
    const result = await board(['--sync'], '');
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toContain(`not boarded after all: ${D}`);
    expect(journal().pending).toEqual([]);
  });
});

describe('409 for a passenger who is on board', () => {
  it('after a lost answer: synced as ALREADY BOARDED, counted, never offered for no-show; exit 0', async () => {
    let boarded = false;
    online(() => [passenger(A, 1, boarded ? { status: 'boarded', boardedAt: new Date().toISOString() } : {}), passenger(B, 2)]);
    // The first try lands but its answer never comes; the retry is told 409.
    server.on('POST /bookings/*/boarded', (_req, nth) => {
      boarded = true;
      return nth === 0 ? { fault: 'hang' } : { json: { error: 'invalid transition', code: 'invalid_transition' }, status: 409 };
    });
    server.on('GET /bookings/*', () => ({
      json: { booking: booking(101, { tripId: TRIP, status: 'boarded', boardedAt: new Date().toISOString() }) },
    }));
    server.on('POST /bookings/*/no-show', { json: { booking: booking(102, { status: 'no_show' }) } });
    const result = await board(['--no-show-rest'], `${A}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(lines(result.stdout)[0]).toMatch(new RegExp(`^${A}\tqueued`));
    expect(result.stderr).toMatch(new RegExp(`synced: Passenger ${A.slice(-3)} .*ALREADY BOARDED`));
    expect(result.stderr).not.toContain('not boarded after all');
    expect(result.stderr).toContain('1 of 3 seats boarded.');
    expect(server.seen('POST /bookings/*/no-show').map((r) => r.path)).toEqual([`/bookings/${B}/no-show`]);
    expect(existsJournalPending()).toEqual([]);
  });

  it('boarded at another door after the manifest was loaded: never marked no-show', async () => {
    // This station's manifest says approved; the service, asked at the end, says boarded.
    let asked = 0;
    online(() => [passenger(A, 1, asked++ > 0 ? { status: 'boarded', boardedAt: new Date().toISOString() } : {}), passenger(B, 2)]);
    server.on('POST /bookings/*/boarded', { json: { booking: booking(102, { tripId: TRIP, status: 'boarded' }) } });
    server.on('POST /bookings/*/no-show', { json: { booking: booking(101, { status: 'no_show' }) } });
    const result = await board(['--no-show-rest'], `${B}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(server.seen('POST /bookings/*/no-show')).toEqual([]);
    expect(result.stderr).not.toContain('Not boarded');
  });

  it('a 409 for a passenger who is not boarded (cancelled) is a refusal', async () => {
    online([passenger(A, 1)]);
    server.on('POST /bookings/*/boarded', { json: { error: 'invalid transition', code: 'invalid_transition' }, status: 409 });
    server.on('GET /bookings/*', { json: { booking: booking(101, { tripId: TRIP, status: 'cancelled' }) } });
    const result = await board([], `${A}\n`);
    expect(result.code, result.stderr).toBe(6);
    expect(lines(result.stdout)[0]).toMatch(new RegExp(`^${A}\trefused`));
  });
});

function existsJournalPending(): string[] {
  try {
    return journal().pending.map((p) => p.bookingId);
  } catch {
    return [];
  }
}

describe('a journal or manifest damaged on disk is named with the fix, and nothing is sent', () => {
  const scanned = new Date().toISOString();
  it.each<[string, Record<string, unknown>, string]>([
    [
      'a booking id that is a path',
      { pending: [{ bookingId: '../../etc/x', scannedAt: scanned, verified: false }] },
      'pending[0].bookingId "../../etc/x" is not a UUID',
    ],
    ['pending: [null]', { pending: [null] }, 'pending[0] is null, not a boarding'],
    ['pending that is not a list', { pending: 'A' }, 'pending is "A", not a list'],
    [
      'a string seats in the saved manifest',
      { manifest: { loadedAt: scanned, passengers: [passenger(A, 1), passenger(B, '2' as unknown as number)] } },
      'manifest.passengers[1].seats "2" is not a whole number of seats',
    ],
    ['a null passenger in the saved manifest', { manifest: { loadedAt: scanned, passengers: [null] } }, 'manifest.passengers[0] is null'],
  ])('%s', async (_name, fields, named) => {
    saveJournal(fields);
    online([passenger(A, 1)]);
    server.on('POST /bookings/*/boarded', { json: { booking: booking(101) } });
    const result = await board(['--sync'], '');
    expect(result.code, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual([expect.stringContaining(named)]);
    expect(result.stderr).toMatch(/^hint: move it away to start afresh: mv /m);
    expect(result.stderr).not.toContain('unexpected');
    expect(server.requests).toEqual([]);
  });

  it("the service's manifest: a passenger whose id is not a UUID is left out with a warning, never sent", async () => {
    online([passenger(A, 1), { ...passenger(B, 1), bookingId: '../../etc/x' }, { ...passenger(C, 1), seats: 'two' }]);
    server.on('POST /bookings/*/boarded', { json: { booking: booking(101, { tripId: TRIP, status: 'boarded' }) } });
    const result = await board([], `${A}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`the manifest's passengers[1].bookingId "../../etc/x" is not a UUID; left out`);
    expect(result.stderr).toContain(`the manifest's passengers[2].seats "two" is not a whole number of seats; left out`);
    expect(server.requests.map((r) => r.path).filter((p) => p.includes('etc'))).toEqual([]);
  });
});

describe('the station checks the trip first', () => {
  const odd: Array<[string, Record<string, unknown>, RegExp]> = [
    ['cancelled', { status: 'cancelled' }, /is cancelled/],
    ['completed', { status: 'completed' }, /is completed/],
    ['departing in three days', { departureAt: new Date(Date.now() + 3 * 86_400_000).toISOString() }, /more than a day from now/],
  ];

  it.each(odd)('%s, without a terminal: exit 2 naming it and --yes, nothing sent', async (_name, trip, named) => {
    online([passenger(A, 1)], trip);
    server.on('POST /bookings/*/boarded', { json: { booking: booking(101) } });
    const result = await board([], `${A}\n`);
    expect(result.code, result.stderr).toBe(2);
    expect(errorLines(result.stderr)).toEqual([expect.stringMatching(named)]);
    expect(result.stderr).toContain('--yes');
    expect(server.seen('POST /bookings/*/boarded')).toEqual([]);
  });

  it.each(odd)('%s, with --yes: opens, and the header says the state', async (_name, trip) => {
    online([passenger(A, 1)], trip);
    server.on('POST /bookings/*/boarded', { json: { booking: booking(101, { tripId: TRIP, status: 'boarded' }) } });
    const result = await board(['--yes'], `${A}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(
      new RegExp(`^Boarding Damascus → Aleppo, .* · ${String(trip.status ?? 'published')} · 1 passengers, 1 seats$`, 'm'),
    );
  });

  it('cancelled, on a terminal: asks, and no is nothing sent', async () => {
    online([passenger(A, 1)], { status: 'cancelled' });
    const prompter = new ScriptedPrompter([[/.*/, () => false]]);
    const result = await board([], `${A}\n`, { stdinIsTTY: true, stderrIsTTY: true, prompter });
    expect(
      prompter.asked.map((q) => q.message),
      result.stderr,
    ).toEqual(['The trip Damascus → Aleppo is cancelled. Open its boarding station anyway?']);
    expect(result.code).toBe(130);
    expect(server.seen('POST /bookings/*/boarded')).toEqual([]);
  });

  it('a published trip leaving within the day: no question', async () => {
    online([passenger(A, 1)]);
    server.on('POST /bookings/*/boarded', { json: { booking: booking(101, { tripId: TRIP, status: 'boarded' }) } });
    const result = await board([], `${A}\n`);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/ · published · 1 passengers, 1 seats$/m);
  });
});
