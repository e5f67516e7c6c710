// The ticket's QR code as a person's phone sees it: the terminal capture is painted into an
// image under a dark and a light terminal theme, written as a PNG, read back and decoded with
// jsQR (no inversion attempts: a phone camera sees the code as drawn). It must decode to the
// ticket's QR data on both. A glyph-only drawing of the same modules (what qrcode-terminal
// printed) is painted the same way, to show the check can fail: it decodes only on the dark theme.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { qrModules, renderQr } from '../../src/output/qr.js';
import { testContext } from '../support/context.js';
import { openSession, type SandboxSession } from '../support/sandbox.js';

/** jsQR is CommonJS with an ES-style default export: typed as the module here, a function at run time. */
type Decoder = (
  data: Uint8ClampedArray,
  width: number,
  height: number,
  options?: { inversionAttempts?: 'dontInvert' },
) => { data: string } | null;
const jsQR = ((jsQRModule as unknown as { default?: Decoder }).default ?? jsQRModule) as unknown as Decoder;

type RGB = [number, number, number];
interface Theme {
  name: string;
  foreground: RGB;
  background: RGB;
}
const DARK: Theme = { name: 'dark', foreground: [220, 220, 220], background: [30, 30, 30] };
const LIGHT: Theme = { name: 'light', foreground: [40, 40, 40], background: [250, 250, 250] };

/** The 16 SGR colours a capture uses here (xterm's values). */
const SGR: Record<number, RGB> = {
  30: [0, 0, 0],
  37: [229, 229, 229],
  40: [0, 0, 0],
  47: [229, 229, 229],
  97: [255, 255, 255],
  107: [255, 255, 255],
};

/** A capture as a terminal draws it: each cell a top and a bottom half, each a colour. */
function paint(capture: string, theme: Theme): RGB[][] {
  const rows: RGB[][] = [];
  for (const line of capture.split('\n')) {
    if (!/[▀▄█ ]/.test(line) || !/[▀▄█]/.test(line)) continue;
    const top: RGB[] = [];
    const bottom: RGB[] = [];
    let fg = theme.foreground;
    let bg = theme.background;
    for (const part of line.split(/(\u001b\[[0-9;]*m)/)) {
      const sgr = /^\u001b\[([0-9;]*)m$/.exec(part);
      if (sgr) {
        for (const code of (sgr[1] || '0').split(';').map(Number)) {
          if (code === 0) [fg, bg] = [theme.foreground, theme.background];
          else if ((code >= 30 && code <= 37) || (code >= 90 && code <= 97)) fg = SGR[code] ?? fg;
          else if ((code >= 40 && code <= 47) || (code >= 100 && code <= 107)) bg = SGR[code] ?? bg;
        }
        continue;
      }
      for (const char of part) {
        const [t, b] = char === '▀' ? [fg, bg] : char === '▄' ? [bg, fg] : char === '█' ? [fg, fg] : [bg, bg];
        top.push(t);
        bottom.push(b);
      }
    }
    rows.push(top, bottom);
  }
  return rows;
}

/** The painted capture as a PNG (6 pixels a module, a margin of the theme's background), and back. */
function throughPng(pixels: RGB[][], theme: Theme, file: string): { data: Uint8ClampedArray; width: number; height: number } {
  const scale = 6;
  const margin = 12;
  const width = Math.max(...pixels.map((row) => row.length)) * scale + 2 * margin;
  const height = pixels.length * scale + 2 * margin;
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const cell = pixels[Math.floor((y - margin) / scale)]?.[Math.floor((x - margin) / scale)];
      const [r, g, b] = y >= margin && x >= margin && cell ? cell : theme.background;
      const at = (y * width + x) * 4;
      png.data[at] = r;
      png.data[at + 1] = g;
      png.data[at + 2] = b;
      png.data[at + 3] = 255;
    }
  }
  writeFileSync(file, PNG.sync.write(png));
  const read = PNG.sync.read(readFileSync(file));
  return { data: new Uint8ClampedArray(read.data), width: read.width, height: read.height };
}

/** The modules as block glyphs in the terminal's own colours, a light module drawn (dark themes only). */
function glyphsOnly(text: string): string {
  const modules = qrModules(text);
  const lines: string[] = [];
  for (let row = 0; row < modules.length; row += 2) {
    const glyph = (col: number) => {
      const [top, bottom] = [!modules[row]![col], !modules[row + 1]?.[col]];
      return top && bottom ? '█' : top ? '▀' : bottom ? '▄' : ' ';
    };
    lines.push(modules[row]!.map((_, col) => glyph(col)).join(''));
  }
  return `${lines.join('\n')}\n`;
}

function decode(capture: string, theme: Theme, file: string): string | undefined {
  const image = throughPng(paint(capture, theme), theme, file);
  return jsQR(image.data, image.width, image.height, { inversionAttempts: 'dontInvert' })?.data;
}

// Sandbox start-up and whole flows on a machine shared with other work: a generous bound, not a timing check.
vi.setConfig({ testTimeout: 30_000 });

let dir: string;
let session: SandboxSession;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tripctl-qr-'));
  session = await openSession();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await session?.close();
});

/** An approved booking of the sandbox: it has a ticket. */
async function approvedBooking(): Promise<string> {
  const { stdout } = await session.run(['bookings', 'list', '--status', 'approved', '--limit', '1', '-o', 'ids']);
  return stdout.trim().split('\n')[0]!;
}

/** A terminal of `columns` against the sandbox, colour on unless `env` turns it off. */
function terminal(columns?: number, env: Record<string, string> = {}) {
  return testContext({
    stdoutIsTTY: true,
    columns,
    env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full, ...env },
  });
}

describe('the ticket QR code', () => {
  test.each([DARK, LIGHT])('decodes on a $name terminal', async (theme) => {
    const bookingId = await approvedBooking();
    const payload = await session.json<{ qr: string }>(['bookings', 'ticket', bookingId]);
    const t = terminal();
    try {
      expect(await t.run(['bookings', 'ticket', bookingId])).toBe(0);
      expect(decode(t.out(), theme, join(dir, `ticket-${theme.name}.png`))).toBe(payload.qr);
    } finally {
      t.cleanup();
    }
  });

  test('the glyph-only drawing it replaced reads on a dark theme only (the check can fail)', async () => {
    const data = 'TRIPCTL-TICKET-0123456789';
    const glyphs = glyphsOnly(data);
    expect(decode(glyphs, DARK, join(dir, 'old-dark.png'))).toBe(data);
    expect(decode(glyphs, LIGHT, join(dir, 'old-light.png'))).toBeUndefined();
    expect(decode(renderQr(data), LIGHT, join(dir, 'new-light.png'))).toBe(data);
  });

  test('the ticket on a terminal: labels, the trip by route, the passenger by name, all in 35 rows', async () => {
    const bookingId = await approvedBooking();
    const payload = await session.json<{ code: string; passenger: { fullName: string } }>(['bookings', 'ticket', bookingId]);
    const t = terminal(100);
    try {
      expect(await t.run(['bookings', 'ticket', bookingId])).toBe(0);
      const out = stripVTControlCharacters(t.out());
      const lines = out.trimEnd().split('\n');
      expect(lines.length).toBeLessThanOrEqual(33); // the command line and the next prompt fit too
      expect(lines[0]).toMatch(new RegExp(`^Code\\s+${payload.code}$`));
      expect(out).toMatch(new RegExp(`^Passenger\\s+${payload.passenger.fullName} \\+\\d+$`, 'm'));
      expect(out).toMatch(/^Trip \S+\s+\S.* → .* · \d\d-\d\d \d\d:\d\d$/m);
      expect(out).toMatch(new RegExp(`^Booking\\s+${bookingId}$`, 'm'));
      expect(out).not.toMatch(/fullName|full name|fromCityId|bookingId|boarding\./i);
      expect(out).not.toMatch(/^Passenger phone/m);
    } finally {
      t.cleanup();
    }
  });

  test('a terminal narrower than the code gets the QR data as a line and the width needed', async () => {
    const bookingId = await approvedBooking();
    const payload = await session.json<{ qr: string }>(['bookings', 'ticket', bookingId]);
    const t = terminal(30);
    try {
      expect(await t.run(['bookings', 'ticket', bookingId])).toBe(0);
      expect(t.out()).toContain(`qr\t${payload.qr}\n`);
      expect(t.out()).not.toContain('▀');
      expect(t.err()).toMatch(/the QR code needs \d+ columns; this terminal has 30/);
    } finally {
      t.cleanup();
    }
  });

  test('without colour the QR data is a line, and stderr says why no code is drawn', async () => {
    const bookingId = await approvedBooking();
    const t = terminal(undefined, { NO_COLOR: '1' });
    try {
      expect(await t.run(['bookings', 'ticket', bookingId])).toBe(0);
      expect(t.out()).toMatch(/^qr\t\S+$/m);
      expect(t.out()).not.toContain('▀');
      expect(t.err()).toContain('only when colour is on');
    } finally {
      t.cleanup();
    }
  });
});
