// The boarding station on a real terminal: the built bin/tripctl under `script`, which gives it a
// pseudo-terminal, fed the keystrokes a barcode scanner and an assistant would type. Needs
// `script` (util-linux) and the bundle (`npm run build`, which `npm test` runs first).
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, tempConfigDir } from '../support/cli.js';
import { api, sandbox, until, type Sandbox } from '../workflows/helpers.js';

let sb: Sandbox;
let dir: { dir: string; cleanup: () => Promise<void> };

beforeAll(async () => {
  sb = await sandbox();
  dir = await tempConfigDir();
});
afterAll(async () => {
  await sb?.close();
  await dir?.cleanup();
});

describe('trips board on a pseudo-terminal', () => {
  it('shows each verdict in colour with the running count, then asks before marking no-shows', async () => {
    const { vehicles } = await api(sb, 'GET', '/vehicles');
    const { trip } = await api(sb, 'POST', '/trips', {
      vehicleId: vehicles[0].id,
      fromCityId: 'homs',
      toCityId: 'tartus',
      departureAt: '2027-04-01T05:00:00Z',
      pricePerSeat: 1000,
    });
    const ids: string[] = [];
    for (const [i, name] of ['Rami Haddad', 'Lina Khoury', 'Omar Aziz'].entries()) {
      const { booking } = await api(sb, 'POST', '/bookings', { tripId: trip.id, seats: i + 1, phone: `+9639441220${i}0`, fullName: name });
      await api(sb, 'PATCH', `/bookings/${booking.id}`, { status: 'approved' });
      ids.push(booking.id);
    }
    const qr = (await api(sb, 'GET', `/bookings/${ids[0]}/ticket`)).ticket.qr;
    const command = `node ${BIN} --tz Asia/Damascus trips board ${trip.id} --yes`;
    const child = spawn('script', ['-qfec', command, '/dev/null'], {
      env: cleanEnv(dir.dir, { TRIPCTL_BASE_URL: sb.baseUrl, TRIPCTL_API_KEY: sb.keys.full, TERM: 'xterm-256color' }),
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let raw = '';
    child.stdout!.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    const screen = () => stripVTControlCharacters(raw).replace(/\r/g, '');
    const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
    const type = (text: string) => child.stdin!.write(text);

    await until(screen, /scan> /);
    type(`${qr}\r`);
    await until(screen, /BOARDED +Rami Haddad · 1 seat +1 of 6 seats boarded/);
    type(`${ids[0]}\r`);
    await until(screen, /ALREADY BOARDED +Rami Haddad · 1 seat at \d\d:\d\d/);
    type(`${ids[1]!.slice(0, 8)}\r`);
    await until(screen, /BOARDED +Lina Khoury · 2 seats +3 of 6 seats boarded/);
    // A QR whose check part was changed: refused, nothing sent.
    const forged = (await api(sb, 'GET', `/bookings/${ids[2]}/ticket`)).ticket.qr.replace(/:[^:]+$/, ':00000000');
    type(`${forged}\r`);
    await until(screen, /FORGED OR ALTERED +Omar Aziz · 3 seats: this QR is not the ticket the service issued/);
    expect(raw).toContain('\u001b[1;30;42m'); // the green verdict
    expect(raw).toContain('\u0007'); // the bell on a refusal
    type('q\r');
    await until(screen, /Mark these 1 passenger\(s\) no-show\?/);
    expect(screen()).toMatch(/Not boarded: 1 passenger\(s\), 3 seat\(s\)\n +\S+ +Omar Aziz/);
    type('y\r');
    // The forged ticket is the run's refusal; a passenger scanned twice counts as boarded.
    expect(await exited).toBe(6);
    expect(screen()).toContain('marked no-show 1 of 1');
    expect((await api(sb, 'GET', `/bookings/${ids[2]}`)).booking.status).toBe('no_show');
    expect((await api(sb, 'GET', `/bookings/${ids[1]}`)).booking.status).toBe('boarded');
  }, 30_000);
});
