// A booking or trip found as a person has it in front of them (#35 §4): by the first eight
// characters of its id as tables show them, by the code printed on its ticket (`bookings get
// QX-…`), and `bookings list --columns passenger` naming the passenger in every output.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess } from '../support/context.js';
import { pipedRows } from '../support/piped.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { fileSession, newTrip, sandboxApi, terminalOn } from '../support/sandbox.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';

const file = fileSession();
let tripId: string;
const bookings: Array<{ id: string; name: string; phone: string }> = [];

beforeAll(async () => {
  const api = sandboxApi(file.session.sandbox);
  const trip = await newTrip(file.session.sandbox, { toCityId: 'latakia', departureAt: '2027-07-01T05:00:00Z', pricePerSeat: 1_500_000 });
  tripId = trip.id;
  for (const [i, name] of ['Majd Khatib', 'لينا خوري'].entries()) {
    const phone = `+96394412070${i}`;
    const { booking } = await api('POST', '/bookings', { tripId, seats: 1, phone, fullName: name });
    await api('PATCH', `/bookings/${booking.id}`, { status: 'approved' });
    bookings.push({ id: booking.id, name, phone });
  }
});

const run = (args: string[]) => file.session.run(args);

describe('bookings list --columns passenger', () => {
  it('names each passenger (name, phone) piped, in CSV and in JSON, each booking fetched singly only when asked', async () => {
    const mark = file.session.mark();
    const piped = await run(['bookings', 'list', '--trip', tripId, '--columns', 'id,passenger']);
    expect(piped.code, piped.stderr).toBe(0);
    expect(pipedRows(piped.stdout).sort()).toEqual(bookings.map((b) => [b.id, b.name, b.phone]).sort());
    expect(
      file.session
        .since(mark)
        .filter((r) => r.path.startsWith('/bookings/'))
        .map((r) => r.path)
        .sort(),
    ).toEqual(bookings.map((b) => `/bookings/${b.id}`).sort());

    const csv = await run(['bookings', 'list', '--trip', tripId, '--columns', 'id,passenger', '-o', 'csv']);
    expect(csv.code, csv.stderr).toBe(0);
    const [header, ...rows] = csv.stdout.trim().split('\r\n');
    expect(header).toBe('id,passenger,phone');
    expect(rows.sort()).toEqual(bookings.map((b) => `${b.id},${b.name},${b.phone}`).sort());

    const json = await run(['bookings', 'list', '--trip', tripId, '--columns', 'passenger', '-o', 'json']);
    expect(json.code, json.stderr).toBe(0);
    const listed = JSON.parse(json.stdout) as Array<{ id: string; passenger: { fullName: string; phone: string } }>;
    expect(listed.map((b) => [b.id, b.passenger.fullName, b.passenger.phone]).sort()).toEqual(
      bookings.map((b) => [b.id, b.name, b.phone]).sort(),
    );

    // Not asked for: the list alone, as scripts read it today.
    const plain = file.session.mark();
    const bare = await run(['bookings', 'list', '--trip', tripId]);
    expect(bare.code).toBe(0);
    expect(file.session.since(plain).filter((r) => r.path.startsWith('/bookings/'))).toEqual([]);
    expect(bare.stdout).not.toContain('Majd');
  });

  it('--columns phone alone, and the names in --columns help', async () => {
    const phone = await run(['bookings', 'list', '--trip', tripId, '--columns', 'phone']);
    expect(
      pipedRows(phone.stdout)
        .map((r) => r[0])
        .sort(),
    ).toEqual(bookings.map((b) => b.phone).sort());
    const help = await run(['bookings', 'list', '--columns', 'help']);
    expect(help.stdout).toMatch(/passenger\s+passenger\.fullName, passenger\.phone \(only when named\)/);
  });
});

describe('bookings get by the code printed on the ticket', () => {
  it('QX-… as printed, and as typed (lower case, spaces, Arabic-Indic digits), finds its booking', async () => {
    const { code } = (await sandboxApi(file.session.sandbox)('GET', `/bookings/${bookings[0]!.id}/ticket`)).ticket as { code: string };
    expect(code).toMatch(/^QX-[0-9A-F]{8}$/);
    const arabic = code.replace(/[0-9]/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    for (const typed of [code, code.toLowerCase().replace('-', ' '), arabic]) {
      const got = await run(['bookings', 'get', typed, '-o', 'json']);
      expect(got.code, `${typed}: ${got.stderr}`).toBe(0);
      expect(JSON.parse(got.stdout).id).toBe(bookings[0]!.id);
    }
  });

  it('a code no ticket carries is exit 5; text that is no code is exit 2 before any request', async () => {
    const none = await run(['bookings', 'get', 'QX-FFFFFFFF']);
    expect(none.code).toBe(5);
    expect(none.stderr).toMatch(/no booking has a ticket with the code QX-FFFFFFFF/);
    const mark = file.session.mark();
    const bad = await run(['bookings', 'get', 'QX-12']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain(
      "tripctl: bookingId must be a UUID, not 'QX-12'\nhint: or its first 8 characters as tables show them, or the code printed on the booking's ticket (QX-…)",
    );
    expect(file.session.since(mark)).toEqual([]);
  });
});

describe("an id's first eight characters, wherever an id is taken", () => {
  it('trips get, bookings list --trip, bookings approve and ticket, each by the start tables show', async () => {
    const short = tripId.slice(0, 8);
    const trip = await run(['trips', 'get', short.toUpperCase(), '-o', 'json']);
    expect(trip.code, trip.stderr).toBe(0);
    expect(JSON.parse(trip.stdout).id).toBe(tripId);
    const listed = await run(['bookings', 'list', '--trip', short, '-o', 'ids']);
    expect(listed.stdout.trim().split('\n').sort()).toEqual(bookings.map((b) => b.id).sort());
    const approved = await run(['bookings', 'approve', bookings[1]!.id.slice(0, 8)]);
    expect(approved.code, approved.stderr).toBe(0);
    expect(approved.stdout).toContain(bookings[1]!.id);
    const { schedules } = await sandboxApi(file.session.sandbox)('GET', '/schedules');
    const preview = await run(['schedules', 'preview', schedules[0].id.slice(0, 8), '--days', '2', '-o', 'json']);
    expect(preview.code, preview.stderr).toBe(0);
    const manifest = await run(['trips', 'manifest', short, '--format', 'csv', '--file', '-']);
    expect(manifest.code, manifest.stderr).toBe(0);
    expect(manifest.stdout).toContain('Majd Khatib');
  });

  it('a cancel by the start of its id asks about, names the passengers of, and says it cancelled the trip itself', async () => {
    const trip = await newTrip(file.session.sandbox, { toCityId: 'homs', departureAt: '2027-07-02T05:00:00Z' });
    await sandboxApi(file.session.sandbox)('POST', '/bookings', {
      tripId: trip.id,
      seats: 1,
      phone: '+963944120799',
      fullName: 'Rami Haddad',
    });
    const prompter = new ScriptedPrompter([[/^Cancel the trip /, () => true]]);
    const t = terminalOn(file.session, prompter);
    try {
      const mark = file.session.mark();
      expect(await t.run(['trips', 'cancel', trip.id.slice(0, 8)]), t.err()).toBe(0);
      expect(prompter.asked[0]!.message).toMatch(/Damascus → Homs/); // the trip looked up by its id, not by the typed start
      expect(t.err()).toContain('Rami Haddad');
      expect(t.out() + t.err()).toContain(`Cancelled trip ${trip.id}.`);
      expect(
        file.session
          .since(mark)
          .filter((r) => r.method === 'DELETE')
          .map((r) => r.path),
      ).toEqual([`/trips/${trip.id}`]);
    } finally {
      t.cleanup();
    }
  });

  it('a start of no id is exit 5; a word that is no id is exit 2 before any request', async () => {
    const none = await run(['trips', 'get', 'ffffffff']);
    expect(none.code).toBe(5);
    expect(none.stderr).toMatch(/no trip id starts with ffffffff/);
    const mark = file.session.mark();
    const bad = await run(['trips', 'get', 'tomorrow']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("tripctl: tripId must be a UUID, not 'tomorrow'\nhint: or its first 8 characters as tables show them");
    const bulk = await run(['bookings', 'approve', 'nope']);
    expect(bulk.code).toBe(2);
    const skip = await run(['schedules', 'skip', '--from', '2030-01-01', '--to', '2030-01-02', 'weekly', '--yes']);
    expect(skip.code).toBe(2);
    expect(skip.stderr).toContain("scheduleId must be a UUID, not 'weekly'");
    expect(file.session.since(mark)).toEqual([]);
  });
});

describe('a start two ids share', () => {
  let server: ScriptedServer;
  afterEach(async () => {
    await server.close();
  });

  it('is exit 2 naming the candidates, and nothing is sent', async () => {
    server = await startScriptedServer();
    const a = '6ea9ad0c-336f-4a71-9db6-0725e6042134';
    const b = '6ea9ad0c-99aa-4bbb-8ccc-0123456789ab';
    server.on('GET /trips', {
      body: {
        trips: [{ id: a }, { id: b }, { id: '11111111-2222-4333-8444-555555555555' }],
        meta: { page: 1, perPage: 100, total: 3, lastPage: 1 },
      },
    });
    const { code, stderr } = await runInProcess(['trips', 'cancel', '6ea9ad0c', '--yes'], {
      env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_ids_000000000000' },
    });
    expect(code).toBe(2);
    expect(stderr).toContain(`tripId '6ea9ad0c' is the start of 2 trip ids: ${a}, ${b}`);
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
