// 200 ids through stdin, some unknown, some in the wrong state, some repeated: one line per
// booking in input order, a summary on stderr, the most severe exit code — and every id checked before sending.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type SandboxSession, sandboxApi } from '../support/sandbox.js';

let s: SandboxSession;

const api = (...args: Parameters<ReturnType<typeof sandboxApi>>) => sandboxApi(s.sandbox)(...args);

describe('bulk booking moves', () => {
  const requested: string[] = [];
  const approved: string[] = [];

  beforeAll(async () => {
    s = await openSession();
    const { vehicles } = await api('GET', '/vehicles');
    const vehicle = vehicles.find((v: { seats: number }) => v.seats === 20);
    const departure = new Date(Date.now() + 9 * 86_400_000);
    for (let t = 0; t < 9; t++) {
      const { trip } = await api('POST', '/trips', {
        vehicleId: vehicle.id,
        fromCityId: 'damascus',
        toCityId: 'aleppo',
        departureAt: new Date(departure.getTime() + t * 3_600_000).toISOString(),
        pricePerSeat: 1000,
        totalSeats: 20,
      });
      for (let i = 0; i < 20; i++) {
        const { booking } = await api('POST', '/bookings', {
          tripId: trip.id,
          seats: 1,
          phone: `+96394${String(4_100_000 + t * 100 + i)}`,
        });
        (requested.length < 170 ? requested : approved).push(booking.id);
      }
    }
    for (const id of approved) await api('PATCH', `/bookings/${id}`, { status: 'approved' });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('approves 200 ids from stdin: per-id lines in order, summary, most severe exit code', async () => {
    const unknown = Array.from({ length: 10 }, () => randomUUID());
    // 170 requested, 10 already approved (refused, then read: `already approved`), 10 unknown
    // (404), 10 repeated requested ids (one command, one write per booking: sent once, where first named).
    const ids = [...requested.slice(0, 85), ...approved, ...unknown, ...requested.slice(85), ...requested.slice(0, 10)];
    expect(ids).toHaveLength(200);
    const once = ids.slice(0, 190);
    const mark = s.mark();
    const result = await s.run(['bookings', 'approve', '-', '--concurrency', '8'], { input: `${ids.join('\n')}\n`, timeoutMs: 60_000 });
    const lines = result.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t'));
    expect(lines.map((l) => l[0])).toEqual(once);
    const okCount = lines.filter((l) => l[1] === 'approved').length;
    expect(okCount).toBe(170);
    expect(lines.filter((l) => l[1] === 'already approved')).toHaveLength(10);
    expect(lines.filter((l) => l[1] === 'error')).toHaveLength(10);
    for (const id of unknown) expect(lines.find((l) => l[0] === id)![2]).toMatch(/HTTP 404/);
    for (const id of approved) expect(lines.find((l) => l[0] === id)![1]).toBe('already approved');
    const err = result.stderr.trim().split('\n');
    expect(err.filter((l) => l.startsWith('named more than once'))).toEqual([
      `named more than once, sent once: ${requested
        .slice(0, 10)
        .map((id) => `${id} (given 2 times)`)
        .join('; ')}`,
    ]);
    expect(err.at(-1)).toBe('approved 180 of 190 (10 already); 10 failed');
    expect(result.code).toBe(5); // an unknown id fails the run
    expect(s.since(mark).filter((r) => r.method === 'PATCH')).toHaveLength(190);
  }, 60_000);

  it('sends nothing when any id is malformed', async () => {
    const mark = s.mark();
    const result = await s.run(['bookings', 'cancel', '-'], { input: `${requested[0]}\nnot-an-id\n${requested[1]}\n` });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not a UUID: not-an-id/);
    expect(s.since(mark)).toEqual([]);
  });
});
