// The interactive flow of `trips publish`, driven with scripted answers in-process against the
// sandbox, sends the same request as the flag form of the same trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { byName, ScriptedPrompter } from '../support/prompter.js';
import { openSession, type SandboxSession } from '../support/sandbox.js';

describe('trips publish on a terminal', () => {
  let session: SandboxSession;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('asks for what is missing and sends what the flag form sends', async () => {
    const vehicles = await session.json<Array<{ id: string; plate: string; seats: number }>>(['vehicles', 'list']);
    const vehicle = vehicles.find((v) => v.plate)!;
    const places = await session.json<Array<{ pcode: string }>>(['places', 'search', '--city', 'Damascus']);
    expect(places.length).toBeGreaterThan(0);

    const prompter = new ScriptedPrompter([
      [/^Vehicle/, byName(new RegExp(vehicle.plate.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))],
      [/^From/, () => 'دمش'], // typed into the search, in Arabic
      [/^To/, () => 'hom'],
      [/^Departure/, () => '2027-01-15 07:30'],
      [/fare per seat/i, () => '15000'],
      [/^Seats/, () => undefined], // accept the vehicle's seats
      [/^Driver/, (choices) => choices!.at(-1)!.value], // (none: the key's own member drives)
      [/^Pickup/, () => places[0]!.pcode],
      [/^Drop-off/, (choices) => choices![0]!.value], // (none)
      [/^Send this/, () => true],
    ]);
    const t = testContext({
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter,
      env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full, TRIPCTL_TZ: 'Asia/Damascus' },
    });
    const mark = session.mark();
    const code = await t.run(['trips', 'publish', '-o', 'json']);
    t.cleanup();
    expect(code, t.err()).toBe(0);
    expect(prompter.asked.length).toBeGreaterThanOrEqual(8);
    const interactive = session.since(mark).filter((r) => r.method === 'POST' && r.path === '/trips');
    expect(interactive).toHaveLength(1);

    const mark2 = session.mark();
    const flagForm = await session.run(
      [
        'trips',
        'publish',
        '--vehicle',
        vehicle.plate,
        '--from',
        'Damascus',
        '--to',
        'حمص',
        '--departure',
        '2027-01-15 07:30',
        '--price',
        '15000',
        '--pickup',
        places[0]!.pcode,
      ],
      { env: { TRIPCTL_TZ: 'Asia/Damascus' } },
    );
    expect(flagForm.code, flagForm.stderr).toBe(0);
    const flagged = session.since(mark2).filter((r) => r.method === 'POST' && r.path === '/trips');
    expect(flagged).toHaveLength(1);
    expect(JSON.parse(flagged[0]!.body)).toEqual(JSON.parse(interactive[0]!.body));
    expect(JSON.parse(flagged[0]!.body)).toMatchObject({
      vehicleId: vehicle.id,
      fromCityId: expect.any(String),
      departureAt: '2027-01-15T07:30:00+03:00',
      pricePerSeat: 1500000,
    });
  });

  it('never prompts with --no-input and names every missing flag', async () => {
    const prompter = new ScriptedPrompter([]);
    const t = testContext({
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter,
      env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full },
    });
    const mark = session.mark();
    const code = await t.run(['trips', 'publish', '--no-input', '--price', '100']);
    t.cleanup();
    expect(code).toBe(2);
    expect(t.err()).toContain('missing --vehicle, --from, --to, --departure');
    expect(prompter.asked).toEqual([]);
    expect(session.since(mark)).toEqual([]);
  });
});

describe('schedules create on a terminal', () => {
  let session: SandboxSession;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it('picks the vehicle and driver, searches the cities, asks the rest, then sends', async () => {
    const prompter = new ScriptedPrompter([
      [/^Vehicle/, byName(/^DAM-204518/)],
      [/^Driver/, byName(/driver/)],
      [/^From/, () => 'hom'],
      [/^To/, () => 'اللاذ'],
      [/fare per seat/i, () => '18000'],
      [/^Recurrence/, () => 'daily'],
      [/departure time/i, () => '06:45'],
      [/^Send this/, () => true],
    ]);
    const t = testContext({
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter,
      env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full },
    });
    const mark = session.mark();
    const code = await t.run(['schedules', 'create', '-o', 'json']);
    t.cleanup();
    expect(code, t.err()).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['select', 'select', 'select', 'select', 'input', 'select', 'input', 'confirm']);
    const sent = session.since(mark).filter((r) => r.method === 'POST' && r.path === '/schedules');
    expect(sent).toHaveLength(1);
    expect(JSON.parse(sent[0]!.body)).toMatchObject({
      fromCityId: 'homs',
      toCityId: 'latakia',
      pricePerSeat: 1800000,
      recurrence: 'daily',
      departureTime: '06:45',
    });
  });

  it('a review answered no sends nothing and ends with 130, like any confirmation declined', async () => {
    const prompter = new ScriptedPrompter([
      [/^Role/, (choices) => choices!.find((c) => c.value === 'staff')!.value],
      [/^Send this/, () => false],
    ]);
    const t = testContext({
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter,
      env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full },
    });
    const mark = session.mark();
    const code = await t.run(['members', 'add', '--phone', '+963933000101']);
    t.cleanup();
    expect(code, t.err()).toBe(130);
    expect(t.err()).toContain('cancelled; nothing was sent');
    expect(session.since(mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
