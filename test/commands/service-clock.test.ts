// "Now" where the service's day matters is the service's, read from the Date header of its answers
// (Context.serviceNow): a sandbox moved three days on by `sandbox advance-clock` is three days
// ahead of this machine, and `trips list --date today`, the boarding station's "more than a day
// from now" and `doctor`'s clock check follow it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

const AHEAD_S = 3 * 86_400;
let sandbox: Sandbox;
let api: ReturnType<typeof sandboxApi>;
let tripId: string;

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
  api = sandboxApi(sandbox);
  await api('POST', '/__sandbox/clock', { advanceSeconds: AHEAD_S }, true);
  const { vehicles } = await api('GET', '/vehicles');
  // Soon by the service's clock: three days from now by this machine's.
  const { trip } = await api('POST', '/trips', {
    vehicleId: vehicles[0].id,
    fromCityId: 'damascus',
    toCityId: 'hama',
    departureAt: new Date(Date.now() + AHEAD_S * 1000 + 5 * 60_000).toISOString().replace(/\.\d+Z$/, 'Z'),
    pricePerSeat: 1_500_000,
  });
  tripId = trip.id;
});
afterAll(async () => {
  await sandbox?.close();
});

async function run(argv: string[]) {
  const t = testContext({ env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full, TRIPCTL_TZ: 'UTC' } });
  const code = await t.run(argv);
  t.cleanup();
  return { code, out: t.out(), err: t.err() };
}

describe("the service's clock, not this machine's", () => {
  it('the sandbox sends a Date that follows its own clock', async () => {
    const res = await fetch(`${sandbox.baseUrl}/openapi.json`);
    await res.arrayBuffer();
    const skew = Date.parse(res.headers.get('date')!) - Date.now();
    expect(Math.abs(skew - AHEAD_S * 1000)).toBeLessThan(5_000);
  });

  it("trips list --date today lists the service's today", async () => {
    const serviceDay = new Date(Date.now() + AHEAD_S * 1000 + 5 * 60_000).toISOString().slice(0, 10);
    // Five minutes before midnight the trip is tomorrow's: the test names the day it falls on then.
    const word = serviceDay === new Date(Date.now() + AHEAD_S * 1000).toISOString().slice(0, 10) ? 'today' : 'tomorrow';
    const { code, out, err } = await run(['trips', 'list', '--date', word, '-o', 'json']);
    expect(code, err).toBe(0);
    expect((JSON.parse(out) as Array<{ id: string }>).map((t) => t.id)).toContain(tripId);
  });

  it("the boarding station opens on a trip leaving within the service's day, without asking", async () => {
    const { code, err } = await run(['trips', 'board', tripId]);
    expect(err).not.toMatch(/more than a day from now/);
    expect(code, err).toBe(0);
  });

  it("doctor names the local service's moved clock, and does not call this machine wrong", async () => {
    const { out, err } = await run(['doctor']);
    expect(`${out}${err}`).toMatch(/✓ Clock\s+259(19\d|20\d) s behind the local service, whose clock was moved \(sandbox advance-clock\)/);
  });
});
