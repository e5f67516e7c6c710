// `schedules preview` announces what a schedule will publish; the sandbox then publishes it as its
// clock moves. The test holds the two against each other: every departure preview announced
// (past the horizon included) is published, on its instant, and nothing else; skipped dates never
// are. `schedules skip`: schedules-skip.test.ts.
import { describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { startScriptedServer } from '../support/scripted-server.js';
import { api, DAY, newSchedule, newWeeklySchedule, PINNED, pinnedSandbox, run, sandbox, tripsOf } from './schedules-support.js';

pinnedSandbox();

describe('schedules preview', () => {
  it('announces exactly the departures the sandbox then publishes as its clock moves, across exceptions (weekly, interval)', async () => {
    // Sundays and Wednesdays at 07:30, published 3 days ahead.
    const id = await newWeeklySchedule([0, 3], 3);
    // Beyond the horizon: Wednesday 10 March skipped, an extra departure on Friday 12 March at
    // 18:00 and one at 05:00 on Saturday 20 March (before the regular time: order within the day).
    await api('POST', `/schedules/${id}/exceptions`, { date: '2027-03-10', kind: 'skip' });
    await api('POST', `/schedules/${id}/exceptions`, { date: '2027-03-12', kind: 'extra', departureTime: '18:00' });
    await api('POST', `/schedules/${id}/exceptions`, { date: '2027-03-17', kind: 'extra', departureTime: '05:00' });

    // Every fourth day from 2 March at 01:15, which is the evening before in UTC; 14 March skipped.
    const interval = await newSchedule({
      recurrence: 'interval',
      intervalDays: 4,
      startsOn: '2027-03-02',
      departureTime: '01:15',
      horizonDays: 2,
    });
    await api('POST', `/schedules/${interval}/exceptions`, { date: '2027-03-14', kind: 'skip' });

    const preview = async (scheduleId: string) => {
      const { code, out, err } = await run(['schedules', 'preview', scheduleId, '--days', '21', '-o', 'json']);
      expect(err).toBe('');
      expect(code).toBe(0);
      return JSON.parse(out) as Array<{ date: string; time: string; departureAt: string; state: string; tripId: string | null }>;
    };
    const rows = await preview(id);
    const intervalRows = await preview(interval);
    expect(intervalRows.map((r) => `${r.date} ${r.time} ${r.state}`)).toEqual([
      '2027-03-02 01:15 published',
      '2027-03-06 01:15 to come',
      '2027-03-10 01:15 to come',
      '2027-03-14 01:15 skipped',
      '2027-03-18 01:15 to come',
      '2027-03-22 01:15 to come',
    ]);
    expect(intervalRows[0]!.departureAt).toBe('2027-03-01T22:15:00.000Z');
    expect(rows.map((r) => `${r.date} ${r.time} ${r.state}`)).toEqual([
      '2027-03-03 07:30 published',
      '2027-03-07 07:30 to come',
      '2027-03-10 07:30 skipped',
      '2027-03-12 18:00 extra',
      '2027-03-14 07:30 to come',
      '2027-03-17 05:00 extra',
      '2027-03-17 07:30 to come',
      '2027-03-21 07:30 to come',
    ]);
    expect(rows[0]!.departureAt).toBe('2027-03-03T04:30:00.000Z');
    expect(rows[0]!.tripId).toBe((await tripsOf(id))[0]!.id);

    // Now let the sandbox publish: a day at a time, 21 days on.
    for (let day = 0; day < 21; day++) {
      await api('POST', '/__sandbox/clock', { advanceSeconds: DAY }, true);
      await api('GET', '/trips?perPage=1'); // a request lets the schedules catch up with the clock
    }
    const windowEnd = PINNED.getTime() + 21 * DAY * 1000;
    for (const [scheduleId, announcedRows] of [
      [id, rows],
      [interval, intervalRows],
    ] as const) {
      const published = (await tripsOf(scheduleId))
        .filter((t) => t.status !== 'cancelled' && Date.parse(t.departureAt) <= windowEnd)
        .map((t) => new Date(t.departureAt).toISOString())
        .sort();
      const announced = announcedRows.filter((r) => r.state !== 'skipped').map((r) => r.departureAt);
      expect(published).toEqual(announced);
      expect(published).not.toContain(announcedRows.find((r) => r.state === 'skipped')!.departureAt);
    }
  });

  it('says so when the service sends a schedule the rule cannot be computed from', async () => {
    const server = await startScriptedServer();
    try {
      const id = 'd8bf1b0c-a90c-4e0f-aad6-b34fed8facaf';
      server.on(`GET /schedules/${id}`, {
        body: { schedule: { id, recurrence: 'weekly', weekdays: [1], departureTime: '7h30', startsOn: '2027-03-01' } },
      });
      const t = testContext({ env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full } });
      expect(await t.run(['schedules', 'preview', id])).toBe(1);
      expect(t.err()).toMatch(/^tripctl: the service's answer to GET \/schedules\/\S+ has no departureTime as HH:MM\n/);
      t.cleanup();
    } finally {
      await server.close();
    }
  });

  it('refuses a bad --days and a bad id before any request', async () => {
    for (const argv of [
      ['schedules', 'preview', 'd8bf1b0c-a90c-4e0f-aad6-b34fed8facaf', '--days', '0'],
      ['schedules', 'preview', 'not-an-id'],
    ]) {
      const { code, err, requests } = await run(argv);
      expect(code).toBe(2);
      expect(
        err
          .trim()
          .split('\n')
          .filter((line) => !line.startsWith('hint: ')),
      ).toHaveLength(1);
      expect(requests).toEqual([]);
    }
  });
});
