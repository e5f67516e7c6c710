// --columns: names from the resource's column spec or dotted paths into the JSON, checked before
// any request, applied to table and CSV output (piped, on a terminal, streamed with --all).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startSandbox } from '../../src/sandbox/index.js';
import { testContext, type TestContextOptions } from '../support/context.js';
import { startCheckedSandbox } from '../support/sandbox.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;

async function run(argv: string[], opts: TestContextOptions = {}) {
  const t = testContext({
    ...opts,
    env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full, NO_COLOR: '1', ...opts.env },
  });
  const mark = sandbox.requests.length;
  const code = await t.run(argv);
  t.cleanup();
  return { code, out: t.out(), err: t.err(), requests: sandbox.requests.slice(mark) };
}

describe('--columns', () => {
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('bookings get: spec names and a dotted path, in CSV', async () => {
    const list = await run(['bookings', 'list', '--status', 'approved', '-o', 'json', '--limit', '1']);
    const [booking] = JSON.parse(list.out);
    const full = JSON.parse((await run(['bookings', 'get', booking.id, '-o', 'json'])).out);
    const result = await run(['bookings', 'get', booking.id, '--columns', 'id,status,seats,trip.departureAt', '-o', 'csv']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toBe(`id,status,seats,trip.departureAt\r\n${full.id},${full.status},${full.seats},${full.trip.departureAt}\r\n`);
  });

  it('trips list piped: the chosen columns only, in the order given; headings or field names both work', async () => {
    const json = JSON.parse((await run(['trips', 'list', '-o', 'json', '--limit', '3'])).out);
    const result = await run(['trips', 'list', '--limit', '3', '--columns', 'departure,ID,totalSeats']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toBe(json.map((t: any) => `${t.departureAt}\t${t.id}\t${t.totalSeats}\n`).join(''));
  });

  it('vehicles list on a terminal: a table with just those headings', async () => {
    const result = await run(['vehicles', 'list', '--columns', 'plate,seats'], { stdoutIsTTY: true });
    expect(result.code, result.err).toBe(0);
    const header = result.out.split('\n').find((line) => line.includes('PLATE'))!;
    expect(header.replace(/[│┃|\s]+/g, ' ').trim()).toBe('PLATE SEATS');
    expect(result.out).not.toMatch(/MAKE|MODEL/);
  });

  it('bookings list --all -o csv streams pages with one header row', async () => {
    const result = await run(['bookings', 'list', '--all', '--per-page', '5', '--columns', 'id,no-show', '-o', 'csv']);
    expect(result.code, result.err).toBe(0);
    const rows = result.out.trim().split('\r\n');
    expect(rows[0]).toBe('id,no-show');
    expect(rows.filter((row) => row === 'id,no-show')).toHaveLength(1);
    expect(rows.length).toBeGreaterThan(6);
    expect(result.requests.length).toBeGreaterThan(1);
  });

  it('shapes without a spec (dashboard) take field names and paths', async () => {
    const json = JSON.parse((await run(['dashboard', '-o', 'json'])).out);
    const result = await run(['dashboard', '--columns', 'seatsSoldUpcoming,fleet.vehicles,revenue.currency', '-o', 'csv']);
    expect(result.code, result.err).toBe(0);
    expect(result.out).toBe(
      `seatsSoldUpcoming,fleet.vehicles,revenue.currency\r\n${json.seatsSoldUpcoming},${json.fleet.vehicles},${json.revenue.currency}\r\n`,
    );
  });

  it('json, ndjson and ids ignore it', async () => {
    const plain = await run(['vehicles', 'list', '-o', 'ids']);
    const chosen = await run(['vehicles', 'list', '-o', 'ids', '--columns', 'plate']);
    expect(chosen.out).toBe(plain.out);
    expect(JSON.parse((await run(['vehicles', 'list', '--json', '--columns', 'plate'])).out)[0]).toHaveProperty('make');
  });

  it('a bad name is exit 2 listing the valid names, with nothing sent', async () => {
    for (const argv of [
      ['bookings', 'list', '--columns', 'id,stauts'],
      ['trips', 'get', '3f9a2b1c-4d5e-4f60-8a7b-9c0d1e2f3a4b', '--columns', 'id,,status'],
      ['vehicles', 'list', '--columns', 'plate;rm'],
    ]) {
      const result = await run(argv);
      expect(result.code, argv.join(' ')).toBe(2);
      expect(result.requests).toEqual([]);
      expect(result.out).toBe('');
    }
    const bad = await run(['bookings', 'list', '--columns', 'id,stauts']);
    expect(bad.err).toMatch(
      /^tripctl: unknown column 'stauts' for tripctl bookings list; valid: id, status, trip, seats, source, boarded, no-show, group, passenger, phone\n/,
    );
  });

  it('--columns help lists the names for the command and sends nothing', async () => {
    const result = await run(['bookings', 'list', '--columns', 'help']);
    expect(result.code).toBe(0);
    expect(result.requests).toEqual([]);
    expect(result.out).toMatch(/^Columns of 'tripctl bookings list'/);
    expect(result.out).toMatch(/^ {2}no-show +noShow$/m);
    expect(result.out).toMatch(/dotted path/);
  });

  it('profiles list takes it too', async () => {
    const t = testContext();
    t.ctx.env.TRIPCTL_CONFIG_DIR = t.configDir;
    await t.ctx.config.update((config) => {
      config.profiles.live = { baseUrl: 'https://partners.example.com/api/partner/v1', protected: true };
    });
    expect(await t.run(['profiles', 'list', '--columns', 'name,protected', '-o', 'csv'])).toBe(0);
    expect(t.out()).toBe('name,protected\r\nlive,true\r\n');
    t.cleanup();
  });
});
