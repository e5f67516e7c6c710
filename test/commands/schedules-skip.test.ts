// `schedules skip` adds each date once over two runs, sends nothing on --dry-run, is refused
// without a terminal unless --yes is given, lists before asking what it cancels and what keeps
// running (and that is what the sandbox then does), and reports every date when one fails.
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { startScriptedServer } from '../support/scripted-server.js';
import { protectedConfig } from './protected-support.js';
import { api, DAY, newWeeklySchedule, pinnedSandbox, run, sandbox, sandboxNow, tripsOf } from './schedules-support.js';

pinnedSandbox();

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
    // The seed's own trips on these dates may keep running: this schedule's two are cancelled.
    expect(dry.err).toMatch(/^2 published trips cancelled \(1 with bookings\); .* keeps? running\.$/m);
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
