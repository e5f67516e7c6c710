// Schedules publish trips for the next horizonDays from their recurrence, honouring skip and
// extra exceptions; toggle pauses and resumes; delete stops generation and keeps the trips.
// The sandbox clock is pinned to Tuesday 2026-09-01 09:00 in Syria (06:00 UTC).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Sandbox } from '../../src/sandbox/index.js';
import { type Client, open } from './http.js';

const NOW = Date.parse('2026-09-01T06:00:00.000Z');
let sandbox: Sandbox;
let client: Client;
let vehicleId: string;
let driverId: string;

beforeAll(async () => {
  ({ sandbox, client } = await open({ now: () => new Date(NOW) }));
});
afterAll(async () => {
  await sandbox.close();
});
beforeEach(async () => {
  await client.admin('POST', '/reset');
  // A vehicle on no schedule, and a driver.
  vehicleId = (await client.api('POST', '/vehicles', { body: { make: 'Toyota', model: 'HiAce', seats: 12 } })).body.vehicle.id;
  driverId = (await client.api('GET', '/members')).body.members.find((m: any) => m.role === 'driver').id;
});

async function create(fields: Record<string, unknown>) {
  return client.api('POST', '/schedules', {
    body: { vehicleId, driverId, fromCityId: 'damascus', toCityId: 'aleppo', pricePerSeat: 2_000_000, departureTime: '07:30', ...fields },
  });
}

async function tripsOf(scheduleId: string, status = 'published'): Promise<string[]> {
  const { body } = await client.api('GET', `/trips?scheduleId=${scheduleId}&status=${status}&perPage=100`);
  return body.trips.map((t: any) => t.departureAt).sort();
}

describe('generation', () => {
  it('publishes a weekly schedule for the next 14 days at local time, each trip carrying scheduleId', async () => {
    const mark = sandbox.dispatcher.emitted.length;
    const answer = await create({ recurrence: 'weekly', weekdays: [3, 0] });
    expect(answer.status).toBe(201);
    const schedule = answer.body.schedule;
    expect(schedule).toMatchObject({
      active: true,
      recurrence: 'weekly',
      weekdays: [0, 3],
      intervalDays: null,
      horizonDays: 14,
      startsOn: '2026-09-01',
      exceptions: [],
    });
    // Wednesdays and Sundays at 07:30 in Syria (04:30 UTC) until 2026-09-15 06:00 UTC.
    expect(await tripsOf(schedule.id)).toEqual([
      '2026-09-02T04:30:00.000Z',
      '2026-09-06T04:30:00.000Z',
      '2026-09-09T04:30:00.000Z',
      '2026-09-13T04:30:00.000Z',
    ]);
    const trip = (await client.api('GET', `/trips?scheduleId=${schedule.id}`)).body.trips[0];
    expect(trip).toMatchObject({
      vehicleId,
      driverId,
      pricePerSeat: 2_000_000,
      totalSeats: 12,
      fromCityId: 'damascus',
      toCityId: 'aleppo',
      scheduleId: schedule.id,
    });
    const events = sandbox.dispatcher.emitted.slice(mark).map((e) => e.event);
    expect(events).toEqual(['schedule.created', 'trip.created', 'trip.created', 'trip.created', 'trip.created']);
  });

  it('publishes daily and interval schedules (intervalDays counted from startsOn)', async () => {
    const daily = (await create({ recurrence: 'daily', horizonDays: 3, departureTime: '08:00' })).body.schedule;
    expect(await tripsOf(daily.id)).toEqual(['2026-09-02T05:00:00.000Z', '2026-09-03T05:00:00.000Z', '2026-09-04T05:00:00.000Z']);
    const interval = (
      await create({ recurrence: 'interval', intervalDays: 3, startsOn: '2026-09-02', horizonDays: 10, departureTime: '06:00' })
    ).body.schedule;
    expect(interval.intervalDays).toBe(3);
    expect(await tripsOf(interval.id)).toEqual([
      '2026-09-02T03:00:00.000Z',
      '2026-09-05T03:00:00.000Z',
      '2026-09-08T03:00:00.000Z',
      '2026-09-11T03:00:00.000Z',
    ]);
  });

  it('publishes further trips when the clock moves, each occurrence once', async () => {
    const s = (await create({ recurrence: 'daily', horizonDays: 2, departureTime: '12:00' })).body.schedule;
    expect(await tripsOf(s.id)).toEqual(['2026-09-01T09:00:00.000Z', '2026-09-02T09:00:00.000Z']);
    await client.admin('POST', '/clock', { advanceSeconds: 2 * 86_400 });
    const all = (await client.api('GET', `/trips?scheduleId=${s.id}&perPage=100`)).body.trips.map((t: any) => t.departureAt).sort();
    expect(all).toEqual(['2026-09-01T09:00:00.000Z', '2026-09-02T09:00:00.000Z', '2026-09-03T09:00:00.000Z', '2026-09-04T09:00:00.000Z']);
  });

  it('applies a longer horizon and a new price to trips published from then on', async () => {
    const s = (await create({ recurrence: 'daily', horizonDays: 2, departureTime: '12:00' })).body.schedule;
    const patched = await client.api('PATCH', `/schedules/${s.id}`, { body: { horizonDays: 3, pricePerSeat: 2_500_000 } });
    expect(patched.status).toBe(200);
    expect(patched.body.schedule).toMatchObject({ horizonDays: 3, pricePerSeat: 2_500_000, departureTime: '12:00' });
    const trips = (await client.api('GET', `/trips?scheduleId=${s.id}`)).body.trips;
    expect(trips.map((t: any) => [t.departureAt, t.pricePerSeat]).sort()).toEqual([
      ['2026-09-01T09:00:00.000Z', 2_000_000],
      ['2026-09-02T09:00:00.000Z', 2_000_000],
      ['2026-09-03T09:00:00.000Z', 2_500_000],
    ]);
    expect((await client.api('PATCH', `/schedules/${s.id}`, { body: { weekdays: [1] } })).status).toBe(422);
  });
});

describe('exceptions', () => {
  it('skip cancels the trip of that date; replacing it with an extra brings the regular trip back and adds the extra one', async () => {
    const s = (await create({ recurrence: 'weekly', weekdays: [0, 3] })).body.schedule;
    const skip = await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-09-06', kind: 'skip' } });
    expect(skip.status).toBe(200);
    expect(skip.body.exception).toMatchObject({ date: '2026-09-06', kind: 'skip', departureTime: null });
    expect(await tripsOf(s.id)).toEqual(['2026-09-02T04:30:00.000Z', '2026-09-09T04:30:00.000Z', '2026-09-13T04:30:00.000Z']);
    expect(await tripsOf(s.id, 'cancelled')).toEqual(['2026-09-06T04:30:00.000Z']);

    const extra = await client.api('POST', `/schedules/${s.id}/exceptions`, {
      body: { date: '2026-09-06', kind: 'extra', departureTime: '18:00' },
    });
    expect(extra.status).toBe(200);
    expect(extra.body.exception.id).not.toBe(skip.body.exception.id);
    expect(await tripsOf(s.id)).toEqual([
      '2026-09-02T04:30:00.000Z',
      '2026-09-06T04:30:00.000Z',
      '2026-09-06T15:00:00.000Z',
      '2026-09-09T04:30:00.000Z',
      '2026-09-13T04:30:00.000Z',
    ]);
    const schedule = (await client.api('GET', `/schedules/${s.id}`)).body.schedule;
    expect(schedule.exceptions).toEqual([extra.body.exception]);

    const removed = await client.api('DELETE', `/schedules/${s.id}/exceptions/${extra.body.exception.id}`);
    expect(removed.status).toBe(200);
    expect(removed.body.exception).toEqual(extra.body.exception);
    expect(await tripsOf(s.id)).toEqual([
      '2026-09-02T04:30:00.000Z',
      '2026-09-06T04:30:00.000Z',
      '2026-09-09T04:30:00.000Z',
      '2026-09-13T04:30:00.000Z',
    ]);
    expect((await client.api('DELETE', `/schedules/${s.id}/exceptions/${extra.body.exception.id}`)).status).toBe(404);
  });

  it('adds an extra departure on a day without one, and skip applies to dates not yet published', async () => {
    const s = (await create({ recurrence: 'weekly', weekdays: [3], horizonDays: 7 })).body.schedule;
    await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-09-04', kind: 'extra', departureTime: '15:00' } });
    await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-09-09', kind: 'skip' } });
    expect(await tripsOf(s.id)).toEqual(['2026-09-02T04:30:00.000Z', '2026-09-04T12:00:00.000Z']);
    await client.admin('POST', '/clock', { advanceSeconds: 10 * 86_400 });
    // 2026-09-09 stays skipped when the horizon reaches it; 2026-09-16 is published.
    const all = (await client.api('GET', `/trips?scheduleId=${s.id}&perPage=100`)).body.trips.map((t: any) => t.departureAt).sort();
    expect(all).toEqual(['2026-09-02T04:30:00.000Z', '2026-09-04T12:00:00.000Z', '2026-09-16T04:30:00.000Z']);
  });

  it('validates exceptions', async () => {
    const s = (await create({ recurrence: 'daily' })).body.schedule;
    const noTime = await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-09-05', kind: 'extra' } });
    expect(noTime.status).toBe(422);
    expect(noTime.body.error).toContain('departureTime');
    expect(
      (await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-09-05', kind: 'skip', departureTime: '10:00' } }))
        .status,
    ).toBe(422);
    expect((await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-08-30', kind: 'skip' } })).body.code).toBe(
      'date_in_past',
    );
    expect((await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-02-30', kind: 'skip' } })).status).toBe(422);
    expect((await client.api('POST', `/schedules/${s.id}/exceptions`, { body: { date: '2026-09-05', kind: 'moved' } })).status).toBe(422);
  });
});

describe('toggle and delete', () => {
  it('pauses generation and catches up when resumed', async () => {
    const s = (await create({ recurrence: 'daily', horizonDays: 2, departureTime: '12:00' })).body.schedule;
    const paused = await client.api('POST', `/schedules/${s.id}/toggle`);
    expect(paused.body.schedule.active).toBe(false);
    expect(sandbox.dispatcher.emitted.at(-1)).toMatchObject({ event: 'schedule.updated', data: { id: s.id, active: false } });
    await client.admin('POST', '/clock', { advanceSeconds: 3 * 86_400 });
    expect((await client.api('GET', `/trips?scheduleId=${s.id}&perPage=100`)).body.meta.total).toBe(2);
    const resumed = await client.api('POST', `/schedules/${s.id}/toggle`);
    expect(resumed.body.schedule.active).toBe(true);
    const all = (await client.api('GET', `/trips?scheduleId=${s.id}&perPage=100`)).body.trips.map((t: any) => t.departureAt).sort();
    expect(all).toEqual(['2026-09-01T09:00:00.000Z', '2026-09-02T09:00:00.000Z', '2026-09-04T09:00:00.000Z', '2026-09-05T09:00:00.000Z']);
  });

  it('delete stops generation and keeps the published trips', async () => {
    const s = (await create({ recurrence: 'daily', horizonDays: 2, departureTime: '12:00' })).body.schedule;
    const deleted = await client.api('DELETE', `/schedules/${s.id}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body.schedule.id).toBe(s.id);
    expect(sandbox.dispatcher.emitted.at(-1)).toMatchObject({ event: 'schedule.deleted', data: { id: s.id } });
    expect((await client.api('GET', `/schedules/${s.id}`)).status).toBe(404);
    await client.admin('POST', '/clock', { advanceSeconds: 5 * 86_400 });
    const trips = (await client.api('GET', `/trips?scheduleId=${s.id}&perPage=100`)).body.trips;
    expect(trips.map((t: any) => t.departureAt).sort()).toEqual(['2026-09-01T09:00:00.000Z', '2026-09-02T09:00:00.000Z']);
    expect(trips.every((t: any) => t.status === 'published')).toBe(true);
  });

  it('refuses inconsistent recurrences and unknown references', async () => {
    const weekly = await create({ recurrence: 'weekly' });
    expect(weekly.status).toBe(422);
    expect(weekly.body.error).toContain('weekdays');
    const interval = await create({ recurrence: 'interval' });
    expect(interval.body.error).toContain('intervalDays');
    expect((await create({ recurrence: 'daily', weekdays: [1] })).status).toBe(422);
    expect((await create({ recurrence: 'daily', departureTime: '25:00' })).status).toBe(422);
    expect((await create({ recurrence: 'daily', driverId: '00000000-0000-4000-8000-000000000000' })).body.code).toBe('driver_not_member');
    expect((await create({ recurrence: 'fortnightly' })).status).toBe(422);
  });

  it('refuses to delete a vehicle while a schedule uses it', async () => {
    const s = (await create({ recurrence: 'daily', horizonDays: 1 })).body.schedule;
    for (const trip of (await client.api('GET', `/trips?scheduleId=${s.id}`)).body.trips) await client.api('DELETE', `/trips/${trip.id}`);
    const answer = await client.api('DELETE', `/vehicles/${vehicleId}`);
    expect(answer.status).toBe(409);
    expect(answer.body.code).toBe('vehicle_in_use');
    expect(answer.body.error).toContain(s.id);
  });
});
