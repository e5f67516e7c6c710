// Bulk verbs are safe to run again: a booking already in the asked-for state is reported as
// `already approved` (found by reading it when the service refuses the move) and the run ends
// with 0, so cron running twice, or a re-run after an interruption, ends clean. A booking in
// another state still fails with the service's own error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startSandbox } from '../../src/sandbox/index.js';
import { testContext } from '../support/context.js';
import { newTrip, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';
import { pipedRows } from '../support/piped.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;

const api = (...args: Parameters<ReturnType<typeof sandboxApi>>) => sandboxApi(sandbox)(...args);

async function run(argv: string[]) {
  const t = testContext({ env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full } });
  const mark = sandbox.requests.length;
  const code = await t.run(argv);
  t.cleanup();
  return { code, out: t.out(), err: t.err(), requests: sandbox.requests.slice(mark) };
}

/** `count` new requested bookings on a fresh future trip. */
async function newBookings(count: number): Promise<string[]> {
  const { vehicles } = await api('GET', '/vehicles');
  const vehicle = vehicles.find((v: { seats: number }) => v.seats >= count);
  const departureAt = new Date(Date.now() + (5 + Math.random() * 30) * 86_400_000).toISOString();
  const { trip } = await api('POST', '/trips', {
    vehicleId: vehicle.id,
    fromCityId: 'damascus',
    toCityId: 'homs',
    departureAt,
    pricePerSeat: 1500,
    totalSeats: count,
  });
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push(
      (
        await api('POST', '/bookings', {
          tripId: trip.id,
          seats: 1,
          phone: `+9639445${String(Math.floor(Math.random() * 1e5)).padStart(5, '0')}`,
        })
      ).booking.id,
    );
  return ids;
}

describe('bulk verbs run twice', () => {
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('approve twice: the second run is all `already approved`, exit 0', async () => {
    const ids = await newBookings(4);
    const first = await run(['bookings', 'approve', ...ids]);
    expect(first.code, first.err).toBe(0);
    expect(pipedRows(first.out)).toEqual(ids.map((id) => [id, 'approved']));
    const second = await run(['bookings', 'approve', ...ids]);
    expect(second.code, second.err).toBe(0);
    expect(pipedRows(second.out)).toEqual(ids.map((id) => [id, 'already approved']));
    expect(second.err.trim().split('\n').at(-1)).toBe('approved 4 of 4 (4 already)');
    // Each refused move was checked by reading that booking, once.
    expect(second.requests.filter((r) => r.method === 'PATCH')).toHaveLength(4);
    expect(
      second.requests
        .filter((r) => r.method === 'GET')
        .map((r) => r.path)
        .sort(),
    ).toEqual(ids.map((id) => `/bookings/${id}`).sort());
  });

  it('-o json marks them `already`', async () => {
    const [id] = await newBookings(1);
    await run(['bookings', 'approve', id!]);
    const again = await run(['bookings', 'approve', id!, '-o', 'json']);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject([{ id, ok: true, already: true, exitCode: 0, result: { id, status: 'approved' } }]);
  });

  it('a mixed re-run: new ones are done, done ones are already, others keep the service error', async () => {
    const [done, fresh, rejected] = await newBookings(3);
    await run(['bookings', 'approve', done!]);
    await run(['bookings', 'reject', rejected!]);
    const result = await run(['bookings', 'approve', done!, fresh!, rejected!]);
    const got = pipedRows(result.out);
    expect(got[0]).toEqual([done, 'already approved']);
    expect(got[1]).toEqual([fresh, 'approved']);
    expect(got[2]!.slice(0, 2)).toEqual([rejected, 'error']);
    expect(got[2]![2]).toMatch(/is rejected.*\(HTTP 409, code invalid_transition\)/);
    expect(result.code).toBe(6);
    expect(result.err).toMatch(/approved 2 of 3 \(1 already\); 1 failed/);
  });

  it('reject, cancel, board and no-show are idempotent too', async () => {
    const [toReject, toCancel, toBoard, toMiss] = await newBookings(4);
    await run(['bookings', 'approve', toBoard!, toMiss!]);
    for (const [verb, id, word] of [
      ['reject', toReject, 'rejected'],
      ['cancel', toCancel, 'cancelled'],
      ['board', toBoard, 'boarded'],
      ['no-show', toMiss, 'marked no-show'],
    ] as const) {
      const first = await run(['bookings', verb, id!]);
      expect(first.code, `${verb}: ${first.err}`).toBe(0);
      const second = await run(['bookings', verb, id!]);
      expect(second.code, `${verb} again: ${second.err}`).toBe(0);
      expect(second.out).toBe(`${id}\talready ${word}\n`);
    }
  });

  it('trips cancel twice: the second run finds the trip already cancelled, exit 0, and says so', async () => {
    const { id } = await newTrip(sandbox, { departureAt: new Date(Date.now() + 9 * 86_400_000).toISOString() });
    const first = await run(['trips', 'cancel', id, '--yes']);
    expect(first.code, first.err).toBe(0);
    expect(first.err).toBe(`Cancelled trip ${id}.\n`);
    const second = await run(['trips', 'cancel', id, '--yes']);
    expect(second.code, second.err).toBe(0);
    expect(second.err).toBe(
      `Cancelled trip ${id} already: the service refused DELETE /trips/${id} (HTTP 409), and it reads back as that leaves it; nothing changed.\n`,
    );
    // The refusal was judged by reading the trip back, once; nothing else was sent.
    expect(second.requests.map((r) => `${r.method} ${r.path}`).filter((r) => !r.startsWith('GET /bookings'))).toEqual([
      `DELETE /trips/${id}`,
      `GET /trips/${id}`,
    ]);
    // A script reading JSON gets the trip as it is.
    const json = await run(['trips', 'cancel', id, '--yes', '-o', 'json']);
    expect(json.code, json.err).toBe(0);
    expect(JSON.parse(json.out)).toMatchObject({ id, status: 'cancelled' });
  });

  it('a write that declares no state it reaches keeps the refusal and reads nothing back', async () => {
    // trips complete before the trip has run: refused, and nothing says what "already" would be.
    const { id } = await newTrip(sandbox, { departureAt: new Date(Date.now() + 9 * 86_400_000).toISOString() });
    const result = await run(['trips', 'complete', id]);
    expect(result.code).toBe(6);
    expect(result.requests.map((r) => r.method)).toEqual(['POST']);
  });

  it('an unknown booking is still not found (exit 5), not read again', async () => {
    const result = await run(['bookings', 'approve', '0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e']);
    expect(result.code).toBe(5);
    expect(result.requests.map((r) => r.method)).toEqual(['PATCH']);
  });
});
