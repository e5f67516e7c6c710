// `bookings ticket --format png|pdf` and `--trip TRIP --all`: tickets saved to send to passengers.
// The PNG is decoded with jsQR (no inversion attempts: a scanner sees it as drawn) and must give the
// service's QR text, with the ticket's text drawn around it; the PDF is read back with pdftotext (company, both routes, the local departure
// with its zone, passenger, seats, code); a trip's tickets appear whole or not at all.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractedText, poppler } from '../pdf/poppler.js';
import { testContext } from '../support/context.js';
import { decodePng as decode, scanPng } from '../support/qr-png.js';
import { type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

let sandbox: Sandbox;
let dir: string;
let tripId: string;
const approved: string[] = [];
let requested: string;
const api = (...args: Parameters<ReturnType<typeof sandboxApi>>) => sandboxApi(sandbox)(...args);

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-tickets-'));
  const { vehicles } = await api('GET', '/vehicles');
  const vehicle = vehicles.find((v: { seats: number }) => v.seats >= 6);
  const { trip } = await api('POST', '/trips', {
    vehicleId: vehicle.id,
    fromCityId: 'damascus',
    toCityId: 'aleppo',
    departureAt: '2027-03-03T04:30:00Z',
    pricePerSeat: 1500,
    totalSeats: 6,
  });
  tripId = trip.id;
  for (const [i, fullName] of ['سارة الحلبي', 'John Smith', 'Rami Saleh'].entries()) {
    const { booking } = await api('POST', '/bookings', { tripId, seats: i + 1, phone: `+96394477000${i}`, fullName });
    if (i < 2) {
      await api('PATCH', `/bookings/${booking.id}`, { status: 'approved' });
      approved.push(booking.id);
    } else requested = booking.id;
  }
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[]) {
  const t = testContext({ env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full }, cwd: dir });
  const mark = sandbox.requests.length;
  const code = await t.run(argv);
  t.cleanup();
  return { code, out: t.out(), err: t.err(), requests: sandbox.requests.slice(mark) };
}

const serviceTicket = async (id: string) => (await api('GET', `/bookings/${id}/ticket`)).ticket as { qr: string; code: string };

describe('bookings ticket --format', () => {
  it('png: the saved image decodes to the QR text the service issued', async () => {
    const { code, out, err } = await run(['bookings', 'ticket', approved[0]!, '--format', 'png', '--file', 'one.png']);
    expect(code, err).toBe(0);
    expect(out.trim()).toBe(join(dir, 'one.png'));
    expect(decode(join(dir, 'one.png'))).toBe((await serviceTicket(approved[0]!)).qr);
    // The whole ticket, not the code alone: ink above the code (company, route, departure) and below it.
    const { png, code: found } = scanPng(join(dir, 'one.png'));
    const inkIn = (from: number, to: number) => {
      let dark = 0;
      for (let y = Math.max(0, Math.round(from)); y < Math.min(png.height, Math.round(to)); y++)
        for (let x = 0; x < png.width; x++) if (png.data[(y * png.width + x) * 4]! < 128) dark++;
      return dark;
    };
    expect(inkIn(0, found!.location.topLeftCorner.y - 10)).toBeGreaterThan(2000);
    expect(inkIn(found!.location.bottomLeftCorner.y + 10, png.height)).toBeGreaterThan(2000);
  });

  it('pdf: company, the route in English and Arabic, the local departure with its zone, passenger, seats, code', async () => {
    const { code, err } = await run(['bookings', 'ticket', approved[0]!, '--format', 'pdf']);
    expect(code, err).toBe(0);
    const text = extractedText(readFileSync(join(dir, `ticket-${approved[0]!.slice(0, 8)}.pdf`)));
    const { name } = (await api('GET', '/company')).company as { name: string };
    expect(text).toContain(name);
    expect(text).toContain('Damascus – Aleppo');
    expect(text).toContain('من دمشق إلى حلب');
    // 04:30 UTC is 07:30 in Damascus (UTC+3 all year).
    expect(text).toContain('2027-03-03 07:30 Asia/Damascus (GMT+3)');
    expect(text).toContain('سارة الحلبي');
    expect(text).toMatch(/Seats\s+1/);
    expect(text).toContain((await serviceTicket(approved[0]!)).code);
  });

  it('refuses a booking that is not approved, and saves nothing', async () => {
    const { code, err } = await run(['bookings', 'ticket', requested, '--format', 'png', '--file', 'requested.png']);
    expect(code).toBe(6);
    expect(err).toMatch(/is requested: a ticket is made only for an approved booking/);
    expect(existsSync(join(dir, 'requested.png'))).toBe(false);
  });

  it('an existing file is kept without --force, before any request', async () => {
    writeFileSync(join(dir, 'kept.png'), 'mine');
    const { code, err, requests } = await run(['bookings', 'ticket', approved[0]!, '--format', 'png', '--file', 'kept.png']);
    expect(code).toBe(2);
    expect(err).toMatch(/already exists/);
    expect(requests).toEqual([]);
    expect(readFileSync(join(dir, 'kept.png'), 'utf8')).toBe('mine');
  });
});

describe('bookings ticket --trip TRIP --all', () => {
  it('png: a folder with one decodable image per approved booking, and nothing temporary left', async () => {
    const { code, out, err } = await run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png']);
    expect(code, err).toBe(0);
    const folder = join(dir, `tickets-${tripId.slice(0, 8)}`);
    expect(out.trim()).toBe(folder);
    const files = readdirSync(folder).sort();
    const tickets = await Promise.all(approved.map(serviceTicket));
    expect(files).toEqual(tickets.map((t) => `ticket-${t.code}.png`).sort());
    for (const t of tickets) expect(decode(join(folder, `ticket-${t.code}.png`))).toBe(t.qr);
    expect(readdirSync(dir).filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('pdf: one file with a page each', async () => {
    const { code, err } = await run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'pdf', '--file', 'all.pdf']);
    expect(code, err).toBe(0);
    const pdf = readFileSync(join(dir, 'all.pdf'));
    expect(poppler('pdfinfo', pdf)).toMatch(/Pages:\s+2/);
    const text = extractedText(pdf);
    expect(text).toContain('سارة الحلبي');
    expect(text).toContain('John Smith');
    expect(text).not.toContain('Rami Saleh');
  });

  it('a folder given is never emptied: --force replaces only the tickets of the same names', async () => {
    const folder = join(dir, 'out');
    mkdirSync(join(folder, 'thesis'), { recursive: true });
    writeFileSync(join(folder, 'thesis.txt'), 'mine');
    writeFileSync(join(folder, 'thesis', 'chapter1.txt'), 'mine too');
    const tickets = join(folder, `tickets-${tripId.slice(0, 8)}`);
    // An existing directory without --force: the tickets' folder is made inside it.
    const inside = await run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', '--file', 'out']);
    expect(inside.code, inside.err).toBe(0);
    expect(inside.out.trim()).toBe(tickets);
    expect(readdirSync(tickets)).toHaveLength(2);
    const again = await run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', '--file', 'out']);
    expect(again.code).toBe(2);
    expect(again.err).toMatch(/already exists/);
    expect(again.requests).toEqual([]);
    // The operator's own file among the tickets, and a stale ticket to be replaced.
    writeFileSync(join(tickets, 'note.txt'), 'keep me');
    const [stale] = readdirSync(tickets).filter((name) => name.endsWith('.png'));
    writeFileSync(join(tickets, stale!), 'stale');
    const forced = await run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', '--file', 'out', '--force']);
    expect(forced.code, forced.err).toBe(0);
    expect(forced.out.trim()).toBe(tickets);
    expect(readFileSync(join(folder, 'thesis.txt'), 'utf8')).toBe('mine');
    expect(readFileSync(join(folder, 'thesis', 'chapter1.txt'), 'utf8')).toBe('mine too');
    expect(readdirSync(folder).sort()).toEqual(['thesis', 'thesis.txt', `tickets-${tripId.slice(0, 8)}`].sort());
    expect(readFileSync(join(tickets, 'note.txt'), 'utf8')).toBe('keep me');
    expect(readdirSync(tickets)).toHaveLength(3);
    expect(decode(join(tickets, stale!))).toBeTruthy();
    expect(readdirSync(dir).filter((name) => name.includes('.part'))).toEqual([]);
  });

  it('--file . --force from a folder holding files and subfolders keeps all of them', async () => {
    const project = mkdtempSync(join(dir, 'project-'));
    mkdirSync(join(project, 'src'));
    writeFileSync(join(project, 'src', 'main.c'), 'int main;');
    writeFileSync(join(project, 'README'), 'readme');
    const t = testContext({ env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full }, cwd: project });
    for (const pass of [1, 2]) {
      const code = await t.run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', '--file', '.', '--force']);
      expect(code, `${pass}: ${t.err()}`).toBe(0);
    }
    t.cleanup();
    expect(readdirSync(project).sort()).toEqual(['README', 'src', `tickets-${tripId.slice(0, 8)}`]);
    expect(readFileSync(join(project, 'src', 'main.c'), 'utf8')).toBe('int main;');
    expect(readdirSync(join(project, `tickets-${tripId.slice(0, 8)}`))).toHaveLength(2);
  });

  it('~ (HOME) as the folder, typed where no shell expands it: the home keeps its files', async () => {
    const home = mkdtempSync(join(dir, 'home-'));
    mkdirSync(join(home, 'Documents'));
    writeFileSync(join(home, '.profile'), 'export X=1');
    const env = { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full, HOME: home };
    for (const file of ['--file=~', '--file=~/Documents']) {
      const t = testContext({ env, cwd: dir });
      const code = await t.run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', file, '--force']);
      expect(code, t.err()).toBe(0);
      t.cleanup();
    }
    expect(readdirSync(home).sort()).toEqual(['.profile', 'Documents', `tickets-${tripId.slice(0, 8)}`]);
    expect(readFileSync(join(home, '.profile'), 'utf8')).toBe('export X=1');
    expect(readdirSync(join(home, 'Documents'))).toEqual([`tickets-${tripId.slice(0, 8)}`]);
    expect(existsSync(join(dir, '~'))).toBe(false);
  });

  it('a ticket whose name is a folder in the target: refused, nothing of the set moved', async () => {
    mkdirSync(join(dir, 'clash'));
    const folder = join(dir, 'clash', `tickets-${tripId.slice(0, 8)}`);
    const first = await run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', '--file', 'clash']);
    expect(first.code, first.err).toBe(0);
    const [one, two] = readdirSync(folder).sort();
    writeFileSync(join(folder, one!), 'old one');
    rmSync(join(folder, two!));
    mkdirSync(join(folder, two!));
    const forced = await run(['bookings', 'ticket', '--trip', tripId, '--all', '--format', 'png', '--file', 'clash', '--force']);
    expect(forced.code).toBe(2);
    expect(forced.err).toMatch(/it is a folder; nothing was saved/);
    expect(readFileSync(join(folder, one!), 'utf8')).toBe('old one');
    expect(readdirSync(dir).filter((name) => name.includes('.part'))).toEqual([]);
  });

  it('usage: --all without --trip, a booking id with --all, --file without --format', async () => {
    expect((await run(['bookings', 'ticket', '--all', '--format', 'pdf'])).code).toBe(2);
    expect((await run(['bookings', 'ticket', approved[0]!, '--trip', tripId, '--all', '--format', 'pdf'])).code).toBe(2);
    expect((await run(['bookings', 'ticket', approved[0]!, '--file', 'x.png'])).code).toBe(2);
  });
});
