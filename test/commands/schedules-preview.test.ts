// `schedules preview` announces what a schedule will publish; the sandbox then publishes it as its
// clock moves. The test holds the two against each other: every departure preview announced
// (past the horizon included) is published, on its instant, and nothing else; skipped dates never
// are. `schedules skip` adds each date once over two runs, sends nothing on --dry-run, and is
// refused without a terminal unless --yes is given.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { testContext } from '../support/context.js';
import { startScriptedServer } from '../support/scripted-server.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { protectedConfig } from './protected-support.js';
import { type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

/** The real clock the sandbox sees, pinned: a Monday, 10:00 UTC (13:00 in Damascus). */
const PINNED = new Date('2027-03-01T10:00:00Z');
const DAY = 86_400;
let sandbox: Sandbox;

const api = (...args: Parameters<ReturnType<typeof sandboxApi>>) => sandboxApi(sandbox)(...args);

async function sandboxNow(): Promise<Date> {
  return new Date((await api('GET', '/__sandbox/clock', undefined, true)).clock.now);
}

/**
 * Runs tripctl in-process at the sandbox's time, as a script would: no terminal unless a
 * prompter is given (a person answering), the sandbox's key unless a config dir's profile is used.
 */
async function run(argv: string[], opts: { prompter?: ScriptedPrompter; configDir?: string } = {}) {
  const now = await sandboxNow();
  const tty = opts.prompter !== undefined;
  const t = testContext({
    env: opts.configDir ? { NO_COLOR: '1' } : { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full },
    configDir: opts.configDir,
    prompter: opts.prompter,
    now: () => now,
    stdinIsTTY: tty,
    stderrIsTTY: tty,
  });
  const mark = sandbox.requests.length;
  const code = await t.run(argv);
  t.cleanup();
  return { code, out: t.out(), err: t.err(), requests: sandbox.requests.slice(mark) };
}

/** Every trip the schedule has published so far, whatever its status. */
async function tripsOf(scheduleId: string): Promise<Array<{ id: string; departureAt: string; status: string }>> {
  const trips = [];
  for (let page = 1; ; page++) {
    const data = await api('GET', `/trips?scheduleId=${scheduleId}&perPage=100&page=${page}`);
    trips.push(...data.trips);
    if (page >= data.meta.lastPage) return trips;
  }
}

async function newSchedule(rule: Record<string, unknown>): Promise<string> {
  const { vehicles } = await api('GET', '/vehicles');
  const { members } = await api('GET', '/members');
  const driver = members.find((m: { role: string }) => m.role === 'driver');
  const { schedule } = await api('POST', '/schedules', {
    vehicleId: vehicles[0].id,
    driverId: driver.id,
    fromCityId: 'damascus',
    toCityId: 'aleppo',
    pricePerSeat: 2_500_000,
    departureTime: '07:30',
    startsOn: '2027-03-01',
    ...rule,
  });
  return schedule.id;
}

const newWeeklySchedule = (weekdays: number[], horizonDays: number) => newSchedule({ recurrence: 'weekly', weekdays, horizonDays });

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001, now: () => PINNED });
});
afterAll(async () => {
  await sandbox?.close();
});

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
      expect(err.trim().split('\n')).toHaveLength(1);
      expect(requests).toEqual([]);
    }
  });
});

describe('schedules skip', () => {
  it('adds each date once over two runs, says how many booked trips it touches, and sends nothing on --dry-run', async () => {
    const now = await sandboxNow();
    const id = await newWeeklySchedule([0, 1, 2, 3, 4, 5, 6], 5);
    const tomorrow = new Date(now.getTime() + DAY * 1000 + 3 * 3600_000).toISOString().slice(0, 10);
    const after = new Date(now.getTime() + 2 * DAY * 1000 + 3 * 3600_000).toISOString().slice(0, 10);
    const trip = (await tripsOf(id)).find((t) => t.departureAt.startsWith(tomorrow))!;
    await api('POST', '/bookings', { tripId: trip.id, seats: 2, phone: '+963944555101', fullName: 'Holiday Traveller' });

    const dry = await run(['schedules', 'skip', '--from', tomorrow, '--to', after, id, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.err).toMatch(/^ {2}cancels {8}\S+ 07:30 {2}trip \S+ {2}1 booking \(2 seats\): its bookings are cancelled too$/m);
    expect(dry.err).toMatch(/^2 published trips cancelled \(1 with bookings\); no trip with bookings on these dates keeps running\.$/m);
    expect(dry.out.trim().split('\n')).toEqual([
      `would add  ${tomorrow}  ${id}  Damascus → Aleppo 07:30`,
      `would add  ${after}  ${id}  Damascus → Aleppo 07:30`,
    ]);
    expect(dry.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const refused = await run(['schedules', 'skip', '--from', tomorrow, '--to', after, id]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/needs confirmation.*\n.*--yes/);
    expect(refused.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const first = await run(['schedules', 'skip', '--from', tomorrow, '--to', after, id, '--yes']);
    expect(first.code).toBe(0);
    expect(first.out.trim().split('\n')).toEqual([
      `added      ${tomorrow}  ${id}  Damascus → Aleppo 07:30`,
      `added      ${after}  ${id}  Damascus → Aleppo 07:30`,
    ]);
    expect(first.requests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([
      `/schedules/${id}/exceptions`,
      `/schedules/${id}/exceptions`,
    ]);

    const json = await run(['schedules', 'skip', '--from', tomorrow, '--to', after, id, '-o', 'json']);
    expect(JSON.parse(json.out)).toEqual([
      { date: tomorrow, scheduleId: id, result: 'exists' },
      { date: after, scheduleId: id, result: 'exists' },
    ]);
    const second = await run(['schedules', 'skip', '--from', tomorrow, '--to', after, id]);
    expect(second.code).toBe(0);
    expect(second.out.trim().split('\n')).toEqual([
      `exists     ${tomorrow}  ${id}  Damascus → Aleppo 07:30`,
      `exists     ${after}  ${id}  Damascus → Aleppo 07:30`,
    ]);
    expect(second.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const { schedule } = await api('GET', `/schedules/${id}`);
    expect(schedule.exceptions.map((e: { date: string; kind: string }) => `${e.date} ${e.kind}`)).toEqual([
      `${tomorrow} skip`,
      `${after} skip`,
    ]);
  });

  it('refuses bad input with one line and exit 2 before any request', async () => {
    const id = 'd8bf1b0c-a90c-4e0f-aad6-b34fed8facaf';
    for (const argv of [
      ['schedules', 'skip', '--from', '2027-12-26', '--to', '2027-12-24', id],
      ['schedules', 'skip', '--from', '2027-12-24', id],
      ['schedules', 'skip', '--from', '2027-12-24', '--to', '2027-12-26'],
      ['schedules', 'skip', '--from', '2027-12-24', '--to', '2027-12-26', '--all', id],
      ['schedules', 'skip', '--from', '2027-02-30', '--to', '2027-12-26', id],
      ['schedules', 'skip', '--from', '2020-01-01', '--to', '2027-12-26', id],
    ]) {
      const { code, err, requests } = await run(argv);
      expect(code, argv.join(' ')).toBe(2);
      expect(err).toMatch(/^tripctl: /);
      expect(requests).toEqual([]);
    }
  });

  it('--all covers every schedule of the company, one line per schedule and date', async () => {
    const { schedules } = await api('GET', '/schedules');
    const date = new Date((await sandboxNow()).getTime() + 30 * DAY * 1000).toISOString().slice(0, 10);
    const { code, out, requests } = await run(['schedules', 'skip', '--from', date, '--to', date, '--all', '--dry-run']);
    expect(code).toBe(0);
    const lines = out.trim().split('\n');
    expect(lines.map((line) => line.split('  ').slice(0, 3).join('  ')).sort()).toEqual(
      schedules.map((s: { id: string }) => `would add  ${date}  ${s.id}`).sort(),
    );
    // Each line names the schedule's route and time for the person reading it.
    expect(lines.every((line) => / → .+ \d\d:\d\d$/.test(line))).toBe(true);
    expect(requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('asks on a terminal, saying what it touches; declined, nothing is sent', async () => {
    const id = await newWeeklySchedule([0, 1, 2, 3, 4, 5, 6], 5);
    const date = new Date((await sandboxNow()).getTime() + 2 * DAY * 1000 + 3 * 3600_000).toISOString().slice(0, 10);
    const no = new ScriptedPrompter([[/^Skip 1 date on 1 schedule/, () => false]]);
    const declined = await run(['schedules', 'skip', '--from', date, '--to', date, id], { prompter: no });
    expect(no.asked).toHaveLength(1);
    expect(declined.code).not.toBe(0);
    expect(declined.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    const yes = new ScriptedPrompter([[/^Skip 1 date on 1 schedule/, () => true]]);
    const accepted = await run(['schedules', 'skip', '--from', date, '--to', date, id], { prompter: yes });
    expect(accepted.code).toBe(0);
    expect(accepted.out).toBe(`added      ${date}  ${id}  Damascus → Aleppo 07:30\n`);
  });

  it('on a protected profile: refused without a terminal unless --yes, one question on a terminal, --dry-run free', async () => {
    const configDir = protectedConfig(sandbox.baseUrl, sandbox.keys.full);
    try {
      const id = await newWeeklySchedule([0, 1, 2, 3, 4, 5, 6], 5);
      const date = new Date((await sandboxNow()).getTime() + 2 * DAY * 1000 + 3 * 3600_000).toISOString().slice(0, 10);
      const argv = ['schedules', 'skip', '--from', date, '--to', date, id];
      const refused = await run(argv, { configDir });
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/profile 'live' is protected .*'schedules skip' changes data/);
      expect(refused.requests).toEqual([]);

      const dry = await run([...argv, '--dry-run'], { configDir });
      expect(dry.code).toBe(0);
      expect(dry.out).toBe(`would add  ${date}  ${id}  Damascus → Aleppo 07:30\n`);

      const person = new ScriptedPrompter([[/^LIVE · Qasioun Express — skip 1 date on 1 schedule/, () => true]]);
      const asked = await run(argv, { configDir, prompter: person });
      expect(person.asked).toHaveLength(1);
      expect(asked.code).toBe(0);
      expect(asked.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
    } finally {
      rmSync(configDir, { recursive: true, force: true });
    }
  });
  it('lists before asking, per schedule, the trips it cancels and those with bookings that keep running; that is what happens', async () => {
    const now = await sandboxNow();
    const id = await newWeeklySchedule([0, 1, 2, 3, 4, 5, 6], 6);
    const day = (n: number) => new Date(now.getTime() + n * DAY * 1000 + 3 * 3600_000).toISOString().slice(0, 10);
    const [first, second] = [day(4), day(5)];
    const trips = await tripsOf(id);
    const booked = trips.find((t) => t.departureAt.startsWith(first))!;
    const empty = trips.find((t) => t.departureAt.startsWith(second))!;
    await api('POST', '/bookings', { tripId: booked.id, seats: 2, phone: '+963944555201', fullName: 'Holiday Traveller' });
    // A one-off trip on the same route that day, with a passenger: no schedule's, so it runs.
    const { vehicles } = await api('GET', '/vehicles');
    const { trip: oneOff } = await api('POST', '/trips', {
      vehicleId: vehicles[1].id,
      fromCityId: 'damascus',
      toCityId: 'aleppo',
      departureAt: `${first}T09:00:00Z`,
      pricePerSeat: 1500,
      totalSeats: 4,
    });
    await api('POST', '/bookings', { tripId: oneOff.id, seats: 1, phone: '+963944555202', fullName: 'Day Tripper' });

    const asked = new ScriptedPrompter([
      [/^Skip 2 dates on 1 schedule .*2 published trips will be cancelled, 1 with bookings\./, () => true],
    ]);
    const run1 = await run(['schedules', 'skip', '--from', first, '--to', second, id], { prompter: asked });
    expect(run1.code).toBe(0);
    const listed = run1.err.split('\n');
    expect(listed).toContain(`Damascus → Aleppo 07:30 (schedule ${id}):`);
    expect(listed).toContain(`  cancels        ${first} 07:30  trip ${booked.id}  1 booking (2 seats): its bookings are cancelled too`);
    expect(listed).toContain(`  cancels        ${second} 07:30  trip ${empty.id}  no bookings`);
    expect(listed).toContain(
      `  keeps running  ${first} 12:00  trip ${oneOff.id}  1 booking (1 seat)  Damascus → Aleppo, not of this schedule`,
    );
    const status = async (tripId: string) => (await api('GET', `/trips/${tripId}`)).trip.status;
    expect([await status(booked.id), await status(empty.id), await status(oneOff.id)]).toEqual(['cancelled', 'cancelled', 'published']);
  });

  it('-o json reports every date, added and failed, when one fails part-way (exit 6)', async () => {
    const server = await startScriptedServer();
    try {
      const id = 'd8bf1b0c-a90c-4e0f-aad6-b34fed8facaf';
      server.on(`GET /schedules/${id}`, {
        body: {
          schedule: {
            id,
            recurrence: 'weekly',
            weekdays: [0, 1, 2, 3, 4, 5, 6],
            departureTime: '07:30',
            startsOn: '2027-03-01',
            exceptions: [],
          },
        },
      });
      server.on('GET /trips', { body: { trips: [], meta: { page: 1, perPage: 100, total: 0, lastPage: 1 } } });
      const added = { status: 201, body: { exception: { id: 'e', date: 'x', kind: 'skip' } } };
      const refused = { status: 409, body: { error: 'schedule is being edited', code: 'conflict' } };
      server.on(`POST /schedules/${id}/exceptions`, added, added, refused, added);
      const t = testContext({ env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full } });
      const code = await t.run(['schedules', 'skip', '--from', '2027-12-24', '--to', '2027-12-27', id, '--yes', '-o', 'json']);
      expect(code).toBe(6);
      expect(JSON.parse(t.out())).toEqual([
        { date: '2027-12-24', scheduleId: id, result: 'added' },
        { date: '2027-12-25', scheduleId: id, result: 'added' },
        { date: '2027-12-26', scheduleId: id, result: 'failed', error: 'schedule is being edited (HTTP 409, code conflict)' },
        { date: '2027-12-27', scheduleId: id, result: 'added' },
      ]);
      expect(t.err()).toMatch(/^tripctl: 2027-12-26 d8bf1b0c-a90c-4e0f-aad6-b34fed8facaf: schedule is being edited/m);
      expect(t.err()).toMatch(/^added 3 of 4; 1 failed$/m);
      t.cleanup();
    } finally {
      await server.close();
    }
  });
});
