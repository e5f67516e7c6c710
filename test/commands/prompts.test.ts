// The interactive flow of `trips publish`, driven with scripted answers in-process against the
// sandbox, sends the same request as the flag form of the same trip.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Choice, Prompter } from '../../src/input/prompter.js';
import { testContext } from '../support/context.js';
import { openSession, type SandboxSession } from '../support/sandbox.js';

/** Answers each question from a script keyed by a pattern of its message; records what was asked. */
class ScriptedPrompter implements Prompter {
  readonly asked: string[] = [];
  constructor(private readonly answers: Array<[RegExp, (choices?: Array<Choice<unknown>>) => unknown]>) {}

  private answer(message: string, choices?: Array<Choice<unknown>>): unknown {
    this.asked.push(message);
    const entry = this.answers.find(([pattern]) => pattern.test(message));
    if (!entry) throw new Error(`unexpected question: ${message}`);
    return entry[1](choices);
  }
  async input(message: string, opts: { default?: string; validate?: (value: string) => true | string } = {}): Promise<string> {
    const value = String(this.answer(message) ?? opts.default ?? '');
    const verdict = opts.validate?.(value) ?? true;
    if (verdict !== true) throw new Error(`scripted answer '${value}' to '${message}' was refused: ${verdict}`);
    return value;
  }
  async password(message: string): Promise<string> {
    return String(this.answer(message));
  }
  async confirm(message: string): Promise<boolean> {
    return Boolean(this.answer(message));
  }
  async select<T>(message: string, choices: Array<Choice<T>>): Promise<T> {
    return this.answer(message, choices as Array<Choice<unknown>>) as T;
  }
}

const byName = (pattern: RegExp) => (choices?: Array<Choice<unknown>>) => {
  const found = choices?.find((choice) => pattern.test(choice.name));
  if (!found) throw new Error(`no choice matching ${pattern} among ${choices?.map((c) => c.name).join(' | ')}`);
  return found.value;
};

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
      [/^From/, byName(/^Damascus/)],
      [/^To/, byName(/^Homs/)],
      [/^Departure/, () => '2027-01-15 07:30'],
      [/fare per seat/i, () => '1500000'],
      [/^Seats/, () => undefined], // accept the vehicle's seats
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
    const flagForm = await session.run(['trips', 'publish', '--vehicle', vehicle.plate, '--from', 'Damascus', '--to', 'حمص', '--departure', '2027-01-15 07:30', '--price', '1500000', '--pickup', places[0]!.pcode], { env: { TRIPCTL_TZ: 'Asia/Damascus' } });
    expect(flagForm.code, flagForm.stderr).toBe(0);
    const flagged = session.since(mark2).filter((r) => r.method === 'POST' && r.path === '/trips');
    expect(flagged).toHaveLength(1);
    expect(JSON.parse(flagged[0]!.body)).toEqual(JSON.parse(interactive[0]!.body));
    expect(JSON.parse(flagged[0]!.body)).toMatchObject({ vehicleId: vehicle.id, fromCityId: expect.any(String), departureAt: '2027-01-15T07:30:00+03:00', pricePerSeat: 1500000 });
  });

  it('never prompts with --no-input and names every missing flag', async () => {
    const prompter = new ScriptedPrompter([]);
    const t = testContext({ stdinIsTTY: true, stderrIsTTY: true, prompter, env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full } });
    const mark = session.mark();
    const code = await t.run(['trips', 'publish', '--no-input', '--price', '100']);
    t.cleanup();
    expect(code).toBe(2);
    expect(t.err()).toContain('missing --vehicle, --from, --to, --departure');
    expect(prompter.asked).toEqual([]);
    expect(session.since(mark)).toEqual([]);
  });
});
