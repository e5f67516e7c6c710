// The boarding station checks what it scans: a QR is compared whole with the ticket the service
// issued (online, or saved with the manifest when offline), so one whose check part was changed is
// refused as forged or altered; the code printed under the QR, typed by hand, boards; a ticket of
// another trip names that trip by its route.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { api, contextFor, run, sandbox, type Sandbox } from './helpers.js';
import { CuttableProxy } from './proxy.js';
import { pipedRows } from '../support/piped.js';

let sb: Sandbox;
beforeAll(async () => {
  sb = await sandbox();
});
afterAll(async () => {
  await sb?.close();
});

interface Setup {
  tripId: string;
  approved: string[];
  other: string;
}

/** A trip Damascus → Latakia with approved bookings, and an approved booking of a trip Homs → Aleppo. */
async function setUp(count: number): Promise<Setup> {
  const { vehicles } = await api(sb, 'GET', '/vehicles');
  const vehicle = vehicles.find((v: { seats: number }) => v.seats === 20);
  const departureAt = new Date(Date.now() + (3 + Math.random() * 30) * 86_400_000).toISOString();
  const make = async (from: string, to: string) =>
    (await api(sb, 'POST', '/trips', { vehicleId: vehicle.id, fromCityId: from, toCityId: to, departureAt, pricePerSeat: 1000 })).trip
      .id as string;
  const book = async (tripId: string, i: number) => {
    const phone = `+96395${String(Math.floor(Math.random() * 9_000_000) + 1_000_000)}`;
    const id = (await api(sb, 'POST', '/bookings', { tripId, seats: 1, phone, fullName: `Rider ${i}` })).booking.id as string;
    await api(sb, 'PATCH', `/bookings/${id}`, { status: 'approved' });
    return id;
  };
  const tripId = await make('damascus', 'latakia');
  const approved: string[] = [];
  for (let i = 0; i < count; i++) approved.push(await book(tripId, i));
  return { tripId, approved, other: await book(await make('homs', 'aleppo'), 9) };
}

const ticket = async (id: string) => (await api(sb, 'GET', `/bookings/${id}/ticket`)).ticket as { qr: string; code: string };
const status = async (id: string) => (await api(sb, 'GET', `/bookings/${id}`)).booking.status as string;
/** The same QR with its last part (the check) replaced. */
const forge = (qr: string) => `${qr.slice(0, qr.lastIndexOf(':'))}:00000000`;

describe('trips board checks each scan against the issued ticket', () => {
  let s: Setup;
  beforeEach(async () => {
    s = await setUp(3);
  });

  it('refuses a QR whose check part is wrong, boards the real one and the printed code typed by hand', async () => {
    const [a, b, c] = await Promise.all(s.approved.map(ticket));
    const input = [
      forge(a!.qr), // a forged or altered ticket
      a!.qr, // the ticket as issued
      b!.code
        .toLowerCase()
        .replace('-', ' '), // typed from under the QR, as people type it
      `TRIP1:${s.approved[2]}:${c!.code}`, // cut short: not the ticket issued either
    ].join('\n');
    const mark = sb.requests.length;
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes'], { stdin: `${input}\n` });
    expect(pipedRows(result.stdout).map((r) => r.slice(0, 2))).toEqual([
      [s.approved[0], 'forged'],
      [s.approved[0], 'boarded'],
      [s.approved[1], 'boarded'],
      [s.approved[2], 'forged'],
    ]);
    expect(result.code).toBe(6);
    expect(await status(s.approved[0]!)).toBe('boarded');
    expect(await status(s.approved[1]!)).toBe('boarded');
    expect(await status(s.approved[2]!)).toBe('approved');
    // Nothing was sent for a forged ticket.
    const posts = sb.requests
      .slice(mark)
      .filter((r) => r.method === 'POST')
      .map((r) => r.path);
    expect(posts.sort()).toEqual([`/bookings/${s.approved[0]}/boarded`, `/bookings/${s.approved[1]}/boarded`].sort());
  });

  it('a printed code, an id start and a phone typed in Arabic-Indic or Persian digits board as in ASCII digits', async () => {
    const [a] = await Promise.all(s.approved.map(ticket));
    const arabic = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
    const persian = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
    const prefix = s.approved[1]!.slice(0, 8);
    const booking = (await api(sb, 'GET', `/bookings/${s.approved[2]}`)).booking as { passenger: { phone: string } };
    const input = [arabic(a!.code), persian(prefix), arabic(booking.passenger.phone.replace('+963', '0'))].join('\n');
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes'], { stdin: `${input}\n` });
    expect(result.stderr).not.toMatch(/unknown|no booking/i);
    expect(pipedRows(result.stdout).map((r) => r.slice(0, 2))).toEqual(s.approved.map((id) => [id, 'boarded']));
    expect(result.code).toBe(0);
  });

  it('a ticket of another trip is named by its route; an unknown printed code is refused', async () => {
    const other = await ticket(s.other);
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes'], { stdin: `${other.qr}\n${forge(other.qr)}\nQX-ZZZZZZZZ\n` });
    const [first, second, third] = pipedRows(result.stdout);
    expect(first!.slice(0, 2)).toEqual([s.other, 'other-trip']);
    expect(first![3]).toMatch(/^Homs → Aleppo, \d{4}-\d\d-\d\d \d\d:\d\d /);
    expect(second!.slice(0, 2)).toEqual([s.other, 'forged']);
    expect(third!.slice(0, 2)).toEqual(['QX-ZZZZZZZZ', 'unknown']);
    // Not found (5) outranks a refusal (6), as in the bulk verbs.
    expect(result.code).toBe(5);
    expect(await status(s.other)).toBe('approved');
  });
});

describe('a saved ticket the service has since issued anew', () => {
  it('online, a scan that differs from the saved ticket is checked with the service before it is refused', async () => {
    const s = await setUp(1);
    const real = await ticket(s.approved[0]!);
    const first = contextFor(sb, { stdin: '' });
    expect(await first.run(['trips', 'board', s.tripId, '--yes'])).toBe(0);
    const path = join(first.configDir, 'boarding', `${s.tripId}.json`);
    const journal = JSON.parse(readFileSync(path, 'utf8'));
    journal.tickets[s.approved[0]!].qr = forge(real.qr);
    writeFileSync(path, JSON.stringify(journal));
    const result = await run(sb, ['trips', 'board', s.tripId, '--yes'], { configDir: first.configDir, stdin: `${real.qr}\n` });
    expect(pipedRows(result.stdout)[0]!.slice(0, 2)).toEqual([s.approved[0], 'boarded']);
    expect(result.code).toBe(0);
    first.cleanup();
  });
});

describe('offline, scans are checked against the tickets saved with the manifest', () => {
  let proxy: CuttableProxy;
  beforeEach(async () => {
    proxy = await new CuttableProxy(Number(new URL(sb.url).port)).start();
  });
  afterAll(async () => {
    await proxy?.close();
  });

  it('a forged QR is refused offline; the real one and a printed code are queued and synced', async () => {
    const s = await setUp(2);
    const baseUrl = `http://127.0.0.1:${proxy.port}/api/partner/v1`;
    const [a, b] = await Promise.all(s.approved.map(ticket));
    // Online once: the manifest and its tickets are saved in the journal.
    const first = contextFor(sb, { baseUrl, stdin: '' });
    expect(await first.run(['trips', 'board', s.tripId, '--yes'])).toBe(0);
    const journal = JSON.parse(readFileSync(join(first.configDir, 'boarding', `${s.tripId}.json`), 'utf8'));
    expect(journal.tickets[s.approved[0]!]).toEqual({ code: a!.code, qr: a!.qr });
    await proxy.cut();
    const offline = await run(sb, ['trips', 'board', s.tripId, '--yes'], {
      baseUrl,
      configDir: first.configDir,
      stdin: `${forge(a!.qr)}\n${a!.qr}\n${b!.code}\n`,
    });
    expect(pipedRows(offline.stdout).map((r) => r.slice(0, 2))).toEqual([
      [s.approved[0], 'forged'],
      [s.approved[0], 'queued'],
      [s.approved[1], 'queued'],
    ]);
    expect(offline.code).toBe(7);
    await proxy.restore();
    const later = await run(sb, ['trips', 'board', s.tripId, '--sync'], { baseUrl, configDir: first.configDir });
    expect(later.code, later.stderr).toBe(0);
    expect(await status(s.approved[0]!)).toBe('boarded');
    expect(await status(s.approved[1]!)).toBe('boarded');
    first.cleanup();
  });

  it('a QR of a booking not on the saved manifest is queued with its text and checked at sync', async () => {
    const s = await setUp(1);
    const baseUrl = `http://127.0.0.1:${proxy.port}/api/partner/v1`;
    const first = contextFor(sb, { baseUrl, stdin: '' });
    expect(await first.run(['trips', 'board', s.tripId, '--yes'])).toBe(0);
    // Approved after the manifest was saved: the station has no ticket of it.
    const { booking } = await api(sb, 'POST', '/bookings', { tripId: s.tripId, seats: 1, phone: '+963955000111', fullName: 'Late Rider' });
    await api(sb, 'PATCH', `/bookings/${booking.id}`, { status: 'approved' });
    const late = await ticket(booking.id);
    await proxy.cut();
    const offline = await run(sb, ['trips', 'board', s.tripId, '--yes'], {
      baseUrl,
      configDir: first.configDir,
      stdin: `${forge(late.qr)}\n`,
    });
    expect(pipedRows(offline.stdout)[0]!.slice(0, 2)).toEqual([booking.id, 'queued']);
    await proxy.restore();
    const later = await run(sb, ['trips', 'board', s.tripId, '--sync'], { baseUrl, configDir: first.configDir });
    expect(later.code).toBe(6);
    expect(later.stderr).toMatch(new RegExp(`not boarded after all: ${booking.id} .*forged`));
    expect(await status(booking.id)).toBe('approved');
    first.cleanup();
  });
});
