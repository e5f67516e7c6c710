// The boarding station against the sandbox, fed lines on a pipe (in-process, the test context's
// stdin): tickets, typed ids, refusals; and the network dropping half-way (a loopback proxy the
// test cuts), with the queued boardings kept in the 0600 journal and synced after.
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, contextFor, run, sandbox, until, type Sandbox } from './helpers.js';
import { CuttableProxy } from './proxy.js';

let sb: Sandbox;

interface Setup {
  tripId: string;
  approved: string[];
  requested: string;
  otherTrip: string;
}

/** A fresh trip with `approved` approved bookings of 1-2 seats and one still requested. */
async function trip(approvedCount: number): Promise<Setup> {
  const { vehicles } = await api(sb, 'GET', '/vehicles');
  const vehicle = vehicles.find((v: { seats: number }) => v.seats === 20);
  const departureAt = new Date(Date.now() + (3 + Math.random() * 30) * 86_400_000).toISOString();
  const make = async (at: string) =>
    (
      await api(sb, 'POST', '/trips', {
        vehicleId: vehicle.id,
        fromCityId: 'damascus',
        toCityId: 'latakia',
        departureAt: at,
        pricePerSeat: 1000,
      })
    ).trip.id as string;
  const tripId = await make(departureAt);
  const book = async (on: string, i: number) =>
    (
      await api(sb, 'POST', '/bookings', {
        tripId: on,
        seats: 1 + (i % 2),
        phone: `+96396${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`,
        fullName: `Passenger ${i}`,
      })
    ).booking.id as string;
  const approved: string[] = [];
  for (let i = 0; i < approvedCount; i++) {
    const id = await book(tripId, i);
    await api(sb, 'PATCH', `/bookings/${id}`, { status: 'approved' });
    approved.push(id);
  }
  const requested = await book(tripId, 99);
  const other = await book(await make(new Date(Date.parse(departureAt) + 3_600_000).toISOString()), 7);
  return { tripId, approved, requested, otherTrip: other };
}

const status = async (id: string) => (await api(sb, 'GET', `/bookings/${id}`)).booking.status as string;
const ticketQr = async (id: string) => (await api(sb, 'GET', `/bookings/${id}/ticket`)).ticket.qr as string;

beforeAll(async () => {
  sb = await sandbox();
});
afterAll(async () => {
  await sb?.close();
});

describe('trips board on a pipe', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await trip(3);
  });

  it('one line per input line: ticket payloads, typed ids, refusals; the usual exit codes', async () => {
    const otherTripId = (await api(sb, 'GET', `/bookings/${s.otherTrip}`)).booking.tripId;
    await api(sb, 'PATCH', `/bookings/${s.otherTrip}`, { status: 'approved' });
    const input = [
      await ticketQr(s.approved[0]!), // a scanner typing the QR text
      s.approved[0]!, // the same passenger again
      `  ${s.approved[1]!.toUpperCase()}  `, // typed, with stray spaces
      s.approved[2]!.replace(/-/g, '').slice(0, 10), // the first digits, typed from a paper ticket
      s.requested,
      s.otherTrip,
      '00000000-0000-4000-8000-000000000000',
      s.otherTrip.slice(0, 8), // another coach's passenger, by the start of their booking's id
      'hello',
      '',
    ].join('\n');
    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes'], { stdin: input });
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((l) => l.split('\t'));
    expect(lines.map((l) => l.slice(0, 2))).toEqual([
      [s.approved[0], 'boarded'],
      [s.approved[0], 'already-boarded'],
      [s.approved[1], 'boarded'],
      [s.approved[2], 'boarded'],
      [s.requested, 'not-approved'],
      [s.otherTrip, 'other-trip'],
      ['00000000-0000-4000-8000-000000000000', 'unknown'],
      [s.otherTrip.slice(0, 8), 'unknown'],
      ['-', 'no-id'],
    ]);
    expect(lines[0]).toEqual([s.approved[0], 'boarded', 'Passenger 0', '1']);
    expect(lines[4]![2]).toBe('requested');
    expect(lines[5]![2]).toBe(otherTripId);
    // A usage-level line (no id at all) outranks a refusal, as in the bulk verbs.
    expect(result.code).toBe(2);
    for (const id of s.approved) expect(await status(id)).toBe('boarded');
    expect(await status(s.requested)).toBe('requested');
    expect(await status(s.otherTrip)).toBe('approved');
    const boardedPosts = sb.requests
      .slice(mark)
      .filter((r) => r.method === 'POST')
      .map((r) => r.path);
    expect(boardedPosts.sort()).toEqual(s.approved.map((id) => `/bookings/${id}/boarded`).sort());
    expect(result.stderr).toContain('4 of 4 seats boarded.');
  });

  it('--no-show-rest marks whoever has not boarded; q ends the input', async () => {
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes', '--no-show-rest'], {
      stdin: `${s.approved[1]}\nq\n${s.approved[2]}\n`,
    });
    expect(result.code).toBe(0);
    expect(await status(s.approved[1]!)).toBe('boarded');
    expect(await status(s.approved[0]!)).toBe('no_show');
    expect(await status(s.approved[2]!)).toBe('no_show');
    expect(result.stderr).toContain('Not boarded: 2 passenger(s), 2 seat(s)');
    expect(result.stderr).toContain('marked no-show 2 of 2');
  });

  it('-o ndjson: one object per input line, with the running count', async () => {
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes', '-o', 'ndjson'], { stdin: `${s.approved[1]}\n${s.requested}\n` });
    const [boarded, refused] = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(boarded).toMatchObject({
      kind: 'boarded',
      passenger: { bookingId: s.approved[1], fullName: 'Passenger 1', seats: 2 },
      boarded: 2,
      total: 4,
      queued: 0,
    });
    expect(refused).toMatchObject({ kind: 'not-approved', bookingId: s.requested, status: 'requested' });
    expect(result.code).toBe(6);
  });

  it('without --no-show-rest, and no terminal, says how to mark them later', async () => {
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes'], { stdin: `${s.approved[0]}\n` });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(`To mark them no-show later: tripctl trips board ${s.tripId} --sync --no-show-rest`);
    expect(await status(s.approved[1]!)).toBe('approved');
  });

  it('a journal kept for another service is not synced to this one', async () => {
    const t = contextFor(sb, { stdin: `${s.approved[0]}\n` });
    const journal = join(t.configDir, 'boarding', `${s.tripId}.json`);
    mkdirSync(join(t.configDir, 'boarding'), { recursive: true });
    writeFileSync(
      journal,
      JSON.stringify({
        version: 1,
        tripId: s.tripId,
        baseUrl: 'https://partners.example.com/api/partner/v1',
        pending: [{ bookingId: s.approved[1], scannedAt: '2026-11-24T05:00:00Z', verified: true }],
      }),
    );
    const mark = sb.requests.length;
    expect(await t.run(['trips', 'board', s.tripId, '--yes'])).toBe(2);
    expect(t.err()).toContain(
      `the boarding journal of trip ${s.tripId} holds 1 boarding(s) for https://partners.example.com/api/partner/v1, not ${sb.baseUrl}`,
    );
    expect(t.err()).toContain('hint: run with the profile of that service (--profile) to sync them');
    expect(sb.requests.length).toBe(mark);
    t.cleanup();
  });

  it('an unknown trip is exit 5; a malformed one exit 2 before any request', async () => {
    expect((await run(sb, ['trips', 'board', '00000000-0000-4000-8000-000000000000'])).code).toBe(5);
    const mark = sb.requests.length;
    const bad = await run(sb, ['trips', 'board', 'trip-7']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("tripId must be a UUID, not 'trip-7'");
    expect(sb.requests.length).toBe(mark);
  });
});

describe('trips board when the network drops', () => {
  let proxy: CuttableProxy;
  beforeEach(async () => {
    proxy = await new CuttableProxy(Number(new URL(sb.url).port)).start();
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const baseUrl = () => `http://127.0.0.1:${proxy.port}/api/partner/v1`;

  it('queues boardings in the journal while offline, retries them in the background, and loses none', async () => {
    const s = await trip(4);
    const t = contextFor(sb, { baseUrl: baseUrl(), openStdin: true });
    const running = t.run(['trips', 'board', s.tripId, '--yes', '--retry-every', '1']);
    const scanned = (n: number) => until(() => t.out(), new RegExp(`^(.*\\n){${n}}`), `${n} result lines`);
    t.stdin.write(`${s.approved[0]}\n`);
    await scanned(1);
    await proxy.cut();
    t.stdin.write(`${s.approved[1]}\n${await ticketQr(s.approved[2]!).catch(() => s.approved[2]!)}\n${s.approved[1]}\n`);
    const out = await scanned(4);
    expect(
      out
        .trim()
        .split('\n')
        .map((l) => l.split('\t').slice(0, 2)),
    ).toEqual([
      [s.approved[0], 'boarded'],
      [s.approved[1], 'queued'],
      [s.approved[2], 'queued'],
      [s.approved[1], 'already-boarded'],
    ]);
    // Nothing typed is lost: the journal holds both, and only its owner can read it.
    const journalPath = join(t.configDir, 'boarding', `${s.tripId}.json`);
    expect(statSync(journalPath).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(journalPath, 'utf8')).pending.map((p: { bookingId: string }) => p.bookingId)).toEqual([
      s.approved[1],
      s.approved[2],
    ]);
    expect(await status(s.approved[1]!)).toBe('approved');
    // The network comes back; the background retry sends the queue before the input ends.
    await proxy.restore();
    await until(() => t.err(), /synced: Passenger 2/);
    expect(await status(s.approved[1]!)).toBe('boarded');
    expect(await status(s.approved[2]!)).toBe('boarded');
    t.stdin.end(`${s.approved[3]}\n`);
    // Every passenger boarded; the second scan of one is shown loudly and counts as boarded (the README).
    expect(await running).toBe(0);
    expect(t.out().trim().split('\n').at(-1)!.split('\t').slice(0, 2)).toEqual([s.approved[3], 'boarded']);
    expect(JSON.parse(readFileSync(journalPath, 'utf8')).pending).toEqual([]);
    t.cleanup();
  });

  it('still offline at the end: exit 7 and how to sync; --sync later sends the queue', async () => {
    const s = await trip(2);
    const t = contextFor(sb, { baseUrl: baseUrl(), openStdin: true });
    const running = t.run(['trips', 'board', s.tripId, '--yes']);
    await until(() => t.err(), /Boarding Damascus → Latakia/);
    await proxy.cut();
    t.stdin.end(`${s.approved[0]}\n00000000-0000-4000-8000-00000000abcd\n`);
    expect(await running).toBe(7);
    expect(
      t
        .out()
        .trim()
        .split('\n')
        .map((l) => l.split('\t').slice(0, 2)),
    ).toEqual([
      [s.approved[0], 'queued'],
      ['00000000-0000-4000-8000-00000000abcd', 'queued'],
    ]);
    expect(t.err()).toContain('2 boarding(s) could not be sent');
    expect(t.err()).toContain(`hint: send them when the network is back: tripctl trips board ${s.tripId} --sync`);
    expect(await status(s.approved[0]!)).toBe('approved');

    // Later, another run from the same config dir: the unchecked scan is looked up first and dropped.
    await proxy.restore();
    const later = await run(sb, ['trips', 'board', s.tripId, '--sync'], { baseUrl: baseUrl(), configDir: t.configDir });
    // The unknown scan is the run's most severe verdict, as it would have been when scanned online.
    expect(later.code).toBe(5);
    expect(later.stderr).toContain('2 boarding(s) queued from before; syncing…');
    expect(later.stderr).toContain('synced: Passenger 0');
    expect(later.stderr).toMatch(/not boarded after all: 00000000-0000-4000-8000-00000000abcd .*unknown/);
    expect(await status(s.approved[0]!)).toBe('boarded');
    expect(await status(s.approved[1]!)).toBe('approved');
    t.cleanup();
  });

  it('Ctrl-C ends the station at once (exit 130) and keeps the queue for --sync', async () => {
    const s = await trip(1);
    const controller = new AbortController();
    const t = contextFor(sb, { baseUrl: baseUrl(), openStdin: true, signal: controller.signal });
    const running = t.run(['trips', 'board', s.tripId, '--yes']);
    await until(() => t.err(), /Boarding Damascus → Latakia/);
    await proxy.cut();
    t.stdin.write(`${s.approved[0]}\n`);
    await until(() => t.out(), /\tqueued\t/);
    controller.abort();
    expect(await running).toBe(130);
    expect(t.err()).toContain(
      `1 boarding(s) kept in ${join(t.configDir, 'boarding', `${s.tripId}.json`)}; send them with: tripctl trips board ${s.tripId} --sync`,
    );
    await proxy.restore();
    expect((await run(sb, ['trips', 'board', s.tripId, '--sync'], { baseUrl: baseUrl(), configDir: t.configDir })).code).toBe(0);
    expect(await status(s.approved[0]!)).toBe('boarded');
    t.cleanup();
  });

  it('starts offline from the saved manifest', async () => {
    const s = await trip(1);
    const first = contextFor(sb, { baseUrl: baseUrl(), stdin: '' });
    expect(await first.run(['trips', 'board', s.tripId, '--yes'])).toBe(0);
    await proxy.cut();
    const offline = await run(sb, ['trips', 'board', s.tripId, '--yes'], {
      baseUrl: baseUrl(),
      configDir: first.configDir,
      stdin: `${s.approved[0]}\n`,
    });
    expect(offline.code).toBe(7);
    expect(offline.stderr).toMatch(/warning: offline .*: using the manifest saved at/);
    expect(offline.stdout).toBe(`${s.approved[0]}\tqueued\tPassenger 0\t1\n`);
    first.cleanup();
  });
});
