// What the schedule tests share: one sandbox whose real clock is pinned, and commands run
// in-process at the sandbox's time (schedules-preview.test.ts, schedules-skip.test.ts).
import { afterAll, beforeAll } from 'vitest';
import { testContext } from '../support/context.js';
import type { ScriptedPrompter } from '../support/prompter.js';
import { type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

/** The real clock the sandbox sees, pinned: a Monday, 10:00 UTC (13:00 in Damascus). */
export const PINNED = new Date('2027-03-01T10:00:00Z');
export const DAY = 86_400;
export let sandbox: Sandbox;

export const api = (...args: Parameters<ReturnType<typeof sandboxApi>>) => sandboxApi(sandbox)(...args);

export async function sandboxNow(): Promise<Date> {
  return new Date((await api('GET', '/__sandbox/clock', undefined, true)).clock.now);
}

/**
 * Runs tripctl in-process at the sandbox's time, as a script would: no terminal unless a
 * prompter is given (a person answering), the sandbox's key unless a config dir's profile is used.
 */
export async function run(argv: string[], opts: { prompter?: ScriptedPrompter; configDir?: string } = {}) {
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
export async function tripsOf(scheduleId: string): Promise<Array<{ id: string; departureAt: string; status: string }>> {
  const trips = [];
  for (let page = 1; ; page++) {
    const data = await api('GET', `/trips?scheduleId=${scheduleId}&perPage=100&page=${page}`);
    trips.push(...data.trips);
    if (page >= data.meta.lastPage) return trips;
  }
}

export async function newSchedule(rule: Record<string, unknown>): Promise<string> {
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

export const newWeeklySchedule = (weekdays: number[], horizonDays: number) => newSchedule({ recurrence: 'weekly', weekdays, horizonDays });

/** Starts the pinned sandbox before the file's tests and closes it after. */
export function pinnedSandbox(): void {
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001, now: () => PINNED });
  });
  afterAll(async () => {
    await sandbox?.close();
  });
}
