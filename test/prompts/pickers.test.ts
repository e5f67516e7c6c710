// Every picker finds what is typed within one spelling of a choice, and puts a choice whose
// spelling is what was typed first: a city's, a vehicle's or a driver's full name and Enter picks
// it, through the real terminal prompter (issue 34 §3: `hama` once listed Damascus first, its
// spellings joined into one string holding `…sham al-sham…`).
import { expect, test, vi } from 'vitest';
import { cityChoices, memberChoices, vehicleChoices } from '../../src/cmdkit/handles.js';
import { type Choice, narrow } from '../../src/input/prompter.js';
import type { City, Member, Vehicle } from '../../src/input/resolve.js';
import { Keyboard } from '../support/keys.js';
import { fileSession } from '../support/sandbox.js';
import { posted, terminalOn } from '../support/terminal.js';

vi.setConfig({ testTimeout: 60_000 });

const file = fileSession();
const NOW = new Date('2026-11-24T06:00:00Z');
const terminal = () => terminalOn(file.session, { now: () => NOW, env: { TRIPCTL_TZ: 'Asia/Damascus' } });

/** Types `text` and Enter in one write into a fresh picker of `choices`, and returns what it answered. */
async function typedInto(choices: Array<Choice<string>>, text: string): Promise<string> {
  const t = terminal();
  try {
    const answer = (await t.ctx.prompter()).select('Pick:', choices);
    new Keyboard(t).burst(`${text}\r`);
    return await answer;
  } finally {
    t.stdin.end();
    t.cleanup();
  }
}

test('hama lists Hama and no city whose spellings only hold it across two words or spellings', async () => {
  const cities = await file.session.json<City[]>(['cities', 'list']);
  const found = narrow(cityChoices(cities), 'hama').map((c) => c.value);
  expect(found[0]).toBe('hama');
  expect(found).not.toContain('damascus');
  // A word that runs over a word of a spelling starts at a word: `ezzor` finds Deir ez-Zor.
  expect(narrow(cityChoices(cities), 'ezzor').map((c) => c.value)).toEqual(['deir-ez-zor']);
});

test('each city typed by its name or its Arabic name and Enter is picked, in the From and the To picker', async () => {
  const cities = await file.session.json<City[]>(['cities', 'list']);
  expect(cities.length).toBeGreaterThan(5);
  for (const city of cities) {
    const origin = cities.find((c) => c.id !== city.id)!;
    // From lists every city; To leaves out the origin answered before it.
    for (const choices of [cityChoices(cities), cityChoices(cities.filter((c) => c.id !== origin.id))]) {
      for (const name of [city.name, city.nameAr].filter((n): n is string => Boolean(n))) {
        expect(narrow(choices, name)[0]?.value, `${name}`).toBe(city.id);
        expect(await typedInto(choices, name), name).toBe(city.id);
      }
    }
  }
});

test('each vehicle by its plate and each member by full name and Enter is picked', async () => {
  const vehicles = await file.session.json<Vehicle[]>(['vehicles', 'list']);
  const members = await file.session.json<Member[]>(['members', 'list']);
  for (const vehicle of vehicles) expect(await typedInto(vehicleChoices(vehicles), vehicle.plate!), vehicle.plate).toBe(vehicle.id);
  const named = members.filter((m) => m.fullName);
  expect(named.length).toBeGreaterThan(1);
  for (const member of named) expect(await typedInto(memberChoices(members), member.fullName!), member.fullName).toBe(member.id);
});

test("trips publish: 'hama' and Enter at the To question publishes to Hama", async () => {
  const { session } = file;
  const vehicle = (await session.json<Vehicle[]>(['vehicles', 'list']))[0]!;
  const t = terminal();
  try {
    const mark = session.mark();
    // Vehicle, From, To, departure, fare; seats, driver, pickup and drop-off as offered; yes.
    new Keyboard(t).burst(`${vehicle.plate}\rHoms\rhama\r2027-01-15 07:30\r15000\r\r\r\r\ryes\r`);
    expect(await t.run(['trips', 'publish', '-o', 'json']), t.err()).toBe(0);
    expect(posted(session, mark, '/trips')).toEqual([expect.objectContaining({ fromCityId: 'homs', toCityId: 'hama' })]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});
