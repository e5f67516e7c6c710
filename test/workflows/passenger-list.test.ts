// A passenger list run again, against the sandbox: each row is matched with its trip's booking of
// the same phone (fetched singly: a booking list carries no phone). An identical re-run sends
// nothing; one seat count changed is that row differing, old → new, not sent, exit 8 (the service
// cannot change a booking's seats); a new phone is booked, once.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileSession, sandboxApi } from '../support/sandbox.js';
import { pipedRows } from '../support/piped.js';

const sandboxFile = fileSession();
let dir: string;
let trip: string;
let ids: string[] = [];

const file = () => join(dir, 'passengers.csv');
const LIST = ['phone,name,seats,note', '0944 120 001,Rami Haddad,2,Window seat', '+963944120002,لينا خوري,1,', '0944 120 003,,1,'];
const writesSince = (mark: number) => sandboxFile.session.since(mark).filter((r) => r.method !== 'GET');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tripctl-passengers-'));
  const api = sandboxApi(sandboxFile.session.sandbox);
  // A trip of its own, so its bookings are only this file's.
  const { vehicles } = await api('GET', '/vehicles');
  const created = await api('POST', '/trips', {
    vehicleId: vehicles[0].id,
    fromCityId: 'damascus',
    toCityId: 'homs',
    departureAt: '2027-06-01T05:00:00Z',
    pricePerSeat: 1_500_000,
  });
  trip = created.trip.id;
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('bookings create --from-file run again', () => {
  it('books the list, then an identical re-run matches every row by phone and sends nothing', async () => {
    writeFileSync(file(), `${LIST.join('\n')}\n`);
    const first = await sandboxFile.session.run(['bookings', 'create', '--from-file', file(), '--trip', trip]);
    expect(first.code).toBe(0);
    ids = pipedRows(first.stdout).map((l) => l[1]!);
    expect(pipedRows(first.stdout).map((l) => l[2])).toEqual(['created', 'created', 'created']);

    const mark = sandboxFile.session.mark();
    // Unchanged rows are one line of stderr; --verbose lists each.
    const again = await sandboxFile.session.run(['bookings', 'create', '--from-file', file(), '--trip', trip, '--verbose']);
    expect(again.code).toBe(0);
    expect(pipedRows(again.stdout)).toEqual(ids.map((id, i) => [String(i + 2), id, 'unchanged']));
    expect(again.stderr).toContain(`${file()}: 3 unchanged; nothing sent\n`);
    expect(writesSince(mark)).toEqual([]);
    // What it cost: one page of the trip's bookings, then each active booking singly for its phone.
    const reads = sandboxFile.session.since(mark).map((r) => r.path.split('?')[0] ?? r.path);
    expect(reads.filter((p) => p === '/bookings')).toHaveLength(1);
    expect(reads.filter((p) => p.startsWith('/bookings/')).sort()).toEqual(ids.map((id) => `/bookings/${id}`).sort());
  });

  it('one seat count changed: that row differs, seats 1 → 3, not sent, exit 8, with what to do instead', async () => {
    writeFileSync(file(), `${[...LIST.slice(0, 3), '0944 120 003,,3,'].join('\n')}\n`);
    const mark = sandboxFile.session.mark();
    const dry = await sandboxFile.session.run(['bookings', 'create', '--from-file', file(), '--trip', trip, '--dry-run']);
    expect(dry.code).toBe(8);
    expect(dry.stdout).toBe('');
    expect(dry.stderr).toContain(`line 4: differs (${ids[2]}): seats 1 → 3; not sent\n`);
    expect(dry.stderr).toContain('dry run: 0 new, 2 unchanged, 1 differs; 0 of 3 rows would be sent; nothing was sent');

    const again = await sandboxFile.session.run(['bookings', 'create', '--from-file', file(), '--trip', trip, '--verbose']);
    expect(again.code).toBe(8);
    expect(pipedRows(again.stdout)).toEqual([
      ['2', ids[0], 'unchanged'],
      ['3', ids[1], 'unchanged'],
      ['4', ids[2], 'differs', 'seats 1 → 3'],
    ]);
    expect(again.stderr).toContain('imported 2 of 3; 1 differs (not sent)\n');
    expect(again.stderr).toContain(`${file()}: 2 unchanged; nothing sent\n`);
    expect(again.stderr).toContain(
      `1 row of ${file()} differs from the booking it matches and was not sent; the service changes a booking only by its status, so bookings have no --update: cancel it and book again, or change it in the dashboard`,
    );
    expect(writesSince(mark)).toEqual([]);
    const { booking } = await sandboxApi(sandboxFile.session.sandbox)('GET', `/bookings/${ids[2]}`);
    expect(booking.seats).toBe(1);
  });

  it('another name for a phone the service knows: said once, the row unchanged, on every run', async () => {
    writeFileSync(file(), `${[LIST[0], '0944 120 001,Someone Else,2,Window seat', ...LIST.slice(2)].join('\n')}\n`);
    for (const args of [['--dry-run'], [], []]) {
      const mark = sandboxFile.session.mark();
      // --verbose: each unchanged row on a line of its own.
      const run = await sandboxFile.session.run(['bookings', 'create', '--from-file', file(), '--trip', trip, '--verbose', ...args]);
      expect(run.code, run.stderr).toBe(0);
      const said = run.stderr.split('\n').filter((line) => line.includes('keeps the name'));
      expect(said).toEqual([
        'the service keeps the name a phone is registered with; a row names its passenger otherwise, which is not a change (line 2: "Someone Else", kept as "Rami Haddad")',
      ]);
      expect(run.stderr).not.toMatch(/differs|name Rami Haddad/);
      if (args.length === 0) {
        expect(pipedRows(run.stdout)).toEqual(ids.map((id, i) => [String(i + 2), id, 'unchanged']));
        expect(run.stderr).toContain('3 unchanged; nothing sent');
      }
      expect(writesSince(mark)).toEqual([]);
    }
  });

  it('a row with a new phone is booked; the rows already booked send nothing', async () => {
    writeFileSync(file(), `${[...LIST, '0944 120 004,Sami Haddad,2,'].join('\n')}\n`);
    const mark = sandboxFile.session.mark();
    const result = await sandboxFile.session.run(['bookings', 'create', '--from-file', file(), '--trip', trip, '--verbose']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`${file()}: 1 created, 3 unchanged\n`);
    const lines = pipedRows(result.stdout);
    expect(lines.slice(0, 3)).toEqual(ids.map((id, i) => [String(i + 2), id, 'unchanged']));
    expect(lines[3]!.slice(0, 1).concat(lines[3]!.slice(2))).toEqual(['5', 'created']);
    expect(writesSince(mark).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /bookings']);
    const { booking } = await sandboxApi(sandboxFile.session.sandbox)('GET', `/bookings/${lines[3]![1]}`);
    expect(booking).toMatchObject({ tripId: trip, seats: 2, passenger: { phone: '+963944120004' } });
  });
});
