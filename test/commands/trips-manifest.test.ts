// `trips manifest --format pdf|csv`: the driver's sheet, made from a trip of the sandbox with
// Arabic and Latin passengers. The PDF is read back with pdftotext (names in logical order, the
// route in both languages, the totals) and drawn with pdftoppm (A4, ink on the page, no colour:
// it is printed in black and white); the CSV has a row per passenger; files are never clobbered
// without --force, and `-` writes to stdout.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractedText, MIXED } from '../pdf/poppler.js';
import { testContext } from '../support/context.js';
import { type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

let sandbox: Sandbox;
let dir: string;
let tripId: string;

const PASSENGERS = [
  // Arabic punctuation, parentheses and digits inside Arabic (the cases src/pdf orders for extraction).
  { fullName: 'سارة الحلبي', seats: 2, passengerNote: MIXED[0], groupName: MIXED[2], board: true },
  { fullName: 'John Smith', seats: 1, passengerNote: 'Window seat', groupName: undefined, board: false },
  { fullName: 'محمد عبد الله', seats: 3, passengerNote: undefined, groupName: 'University trip', board: false },
];

const api = (...args: Parameters<ReturnType<typeof sandboxApi>>) => sandboxApi(sandbox)(...args);

async function run(argv: string[], stdoutIsTTY = false) {
  const t = testContext({ env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full }, cwd: dir, stdoutIsTTY });
  const mark = sandbox.requests.length;
  const code = await t.run(argv);
  t.cleanup();
  return { code, out: t.out(), bytes: t.stdout.buffer(), err: t.err(), requests: sandbox.requests.slice(mark) };
}

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-manifest-'));
  const { vehicles } = await api('GET', '/vehicles');
  const vehicle = vehicles.find((v: { seats: number }) => v.seats >= 6);
  const { trip } = await api('POST', '/trips', {
    vehicleId: vehicle.id,
    fromCityId: 'damascus',
    toCityId: 'aleppo',
    departureAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
    pricePerSeat: 1500,
    totalSeats: 6,
  });
  tripId = trip.id;
  for (const [i, p] of PASSENGERS.entries()) {
    const { booking } = await api('POST', '/bookings', {
      tripId,
      seats: p.seats,
      phone: `+96394466000${i}`,
      fullName: p.fullName,
      passengerNote: p.passengerNote,
      groupName: p.groupName,
    });
    await api('PATCH', `/bookings/${booking.id}`, { status: 'approved' });
    if (p.board) await api('POST', `/bookings/${booking.id}/boarded`);
  }
});
afterAll(async () => {
  await sandbox?.close();
  rmSync(dir, { recursive: true, force: true });
});

// The first PDF of a process loads pdfkit and the fonts: seconds on a busy machine.
describe('trips manifest --format pdf', { timeout: 30_000 }, () => {
  it('heads with the trip and lists every passenger, Arabic extracting in logical order, then the totals', async () => {
    const { code, out, err } = await run(['trips', 'manifest', tripId, '--format', 'pdf', '--file', 'sheet.pdf']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe(`${join(dir, 'sheet.pdf')}\n`);
    expect(readdirSync(dir).filter((name) => name.endsWith('.part'))).toEqual([]);
    const text = extractedText(readFileSync(join(dir, 'sheet.pdf')));
    for (const expected of [
      'Qasioun Express',
      'Damascus – Aleppo',
      'من دمشق إلى حلب',
      'Asia/Damascus (GMT+3)',
      'سارة الحلبي',
      'محمد عبد الله',
      'John Smith',
      MIXED[0],
      MIXED[2],
      'University trip',
      '+963944660000',
      'Passengers: 3',
      'Seats: 6',
      'Boarded: 1 (2 seats)',
    ])
      expect(text).toContain(expected);
    const { vehicles } = await api('GET', '/vehicles');
    const { trip } = await api('GET', `/trips/${tripId}`);
    expect(text).toContain(vehicles.find((v: { id: string }) => v.id === trip.vehicleId).plate);
  });

  it('draws an A4 page in black and white', async () => {
    await run(['trips', 'manifest', tripId, '--format', 'pdf', '--file', 'picture.pdf']);
    execFileSync('pdftoppm', ['-png', '-r', '50', '-singlefile', join(dir, 'picture.pdf'), join(dir, 'picture')]);
    const png = PNG.sync.read(readFileSync(join(dir, 'picture.png')));
    // A4 is 595 × 842 points: at 50 dpi, 414 × 585 pixels.
    expect([png.width, png.height]).toEqual([414, 585]);
    let ink = 0;
    let colour = 0;
    for (let i = 0; i < png.data.length; i += 4) {
      const [r, g, b] = [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
      if (r < 128) ink++;
      if (Math.max(r, g, b) - Math.min(r, g, b) > 16) colour++;
    }
    expect(ink).toBeGreaterThan(2000);
    expect(colour).toBe(0);
  });

  it('writes the PDF to stdout with --file -', async () => {
    const { code, bytes, err } = await run(['trips', 'manifest', tripId, '--format', 'pdf', '--file', '-']);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toMatch(/%%EOF\s*$/);
  });

  it('refuses to print a PDF on a terminal, before any request', async () => {
    const { code, err, requests } = await run(['trips', 'manifest', tripId, '--format', 'pdf', '--file', '-'], true);
    expect(code).toBe(2);
    expect(err).toMatch(/^tripctl: a PDF on a terminal is not readable/);
    expect(requests).toEqual([]);
  });
});

describe('trips manifest --format csv', () => {
  it('gives the same rows, one per passenger', async () => {
    const { code, out } = await run(['trips', 'manifest', tripId, '--format', 'csv', '--file', '-']);
    expect(code).toBe(0);
    const lines = out.trimEnd().split('\r\n');
    expect(lines[0]).toBe('name,phone,seats,ref,boarded,note,group');
    expect(lines).toHaveLength(1 + PASSENGERS.length);
    expect(lines).toContainEqual(
      expect.stringMatching(/^سارة الحلبي,\+963944660000,2,[0-9a-f]{8},yes,خدمة ممتازة، شكراً,محمد \(3 مقاعد\)$/),
    );
  });

  it('never replaces a file without --force, and says so before any request', async () => {
    const path = join(dir, 'kept.csv');
    writeFileSync(path, 'mine\n');
    const refused = await run(['trips', 'manifest', tripId, '--format', 'csv', '--file', 'kept.csv']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/kept\.csv already exists/);
    expect(refused.requests).toEqual([]);
    expect(readFileSync(path, 'utf8')).toBe('mine\n');

    const forced = await run(['trips', 'manifest', tripId, '--format', 'csv', '--file', 'kept.csv', '--force']);
    expect(forced.code).toBe(0);
    // A file saved begins with a byte-order mark (Excel reads the Arabic); stdout above has none.
    expect(readFileSync(path, 'utf8').split('\r\n')[0]).toBe('\uFEFFname,phone,seats,ref,boarded,note,group');
  });

  it('refuses a file in a directory that does not exist, before any request', async () => {
    const { code, err, requests } = await run(['trips', 'manifest', tripId, '--format', 'csv', '--file', 'nowhere/sheet.csv']);
    expect(code).toBe(2);
    expect(err).toMatch(/^tripctl: cannot save .*nowhere\/sheet\.csv: .*nowhere is not a directory\n/);
    expect(requests).toEqual([]);
  });

  it('saves under a default name in the working directory', async () => {
    const { code, out } = await run(['trips', 'manifest', tripId, '--format', 'csv']);
    expect(code).toBe(0);
    expect(out).toBe(`${join(dir, `manifest-${tripId.slice(0, 8)}.csv`)}\n`);
    expect(existsSync(out.trim())).toBe(true);
  });
});

describe('trips manifest without --format', () => {
  it('prints the table as before, and refuses --file without a format', async () => {
    const table = await run(['trips', 'manifest', tripId]);
    expect(table.code).toBe(0);
    expect(table.out.trim().split('\n')).toHaveLength(PASSENGERS.length);
    const bad = await run(['trips', 'manifest', tripId, '--file', 'x.pdf']);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/--file and --force go with --format/);
    expect(bad.requests).toEqual([]);
    const unknown = await run(['trips', 'manifest', tripId, '--format', 'docx']);
    expect(unknown.code).toBe(2);
    expect(unknown.requests).toEqual([]);
  });
});
