// Keys in bursts, through the real terminal prompter, against the sandbox: a filter and its Enter
// in one write pick the first match of that filter (never the first item of the unfiltered list),
// keys written before a question is drawn belong to it (not lost, not taken by the question
// before), and what a picker ticks is what the review shows and the request carries.
import { expect, test, vi } from 'vitest';
import { Keyboard } from '../support/keys.js';
import { fileSession } from '../support/sandbox.js';
import { posted, terminalOn } from '../support/terminal.js';

vi.setConfig({ testTimeout: 30_000 });

const file = fileSession();
const NOW = new Date('2026-11-24T06:00:00Z');

interface Place {
  pcode: string;
  name: string;
}
interface Vehicle {
  id: string;
  plate: string;
}

const terminal = (now: () => Date = () => NOW) => terminalOn(file.session, { now, env: { TRIPCTL_TZ: 'Asia/Damascus' } });
const places = (city: string) => file.session.json<Place[]>(['places', 'search', '--city', city]);

/** The review on screen, from its heading to the question after it. */
function review(keys: Keyboard): string {
  const screen = keys.screen();
  return screen.slice(screen.lastIndexOf('About to send'));
}

test("trips publish: 'Hom⏎' in one write picks Homs, offers Homs's places, and the review and the request say Homs", async () => {
  const { session } = file;
  const vehicle = (await session.json<Vehicle[]>(['vehicles', 'list']))[1]!; // not the first: found by its plate
  const [homs, damascus] = [await places('homs'), await places('damascus')];
  const pickup = homs.at(-1)!; // not the first either
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const mark = session.mark();
    const running = t.run(['trips', 'publish', '-o', 'json']);
    await keys.reply('Vehicle:', `${vehicle.plate}\r`);
    // The city and its Enter in one write, and the next answer in it too, before To is drawn.
    await keys.reply('From:', 'Hom\rLat\r');
    await keys.waitFor('✔ From: Homs');
    await keys.waitFor('✔ To: Latakia');
    await keys.reply('Departure', '2027-01-15 07:30\r');
    await keys.reply('Fare per seat', '15000\r');
    await keys.reply('Seats on sale', '\r');
    await keys.reply('Driver:', '\r'); // the first driver
    await keys.waitFor('Pickup place:');
    const offered = await keys.waitFor(/❯[\s\S]*?⏎ select/);
    for (const place of homs) expect(offered).toContain(place.pcode);
    for (const place of damascus) expect(offered).not.toContain(place.pcode);
    keys.burst(`${pickup.name.split(' ')[0]}\r`);
    await keys.reply('Drop-off place:', '\r');
    await keys.waitFor('Send this?');
    expect(review(keys)).toContain(`vehicle    ${vehicle.plate}`);
    expect(review(keys)).toMatch(/from\s+Homs حمص \(homs\)/);
    expect(review(keys)).toMatch(/to\s+Latakia اللاذقية \(latakia\)/);
    expect(review(keys)).toMatch(new RegExp(`pickup\\s+${pickup.pcode}`));
    keys.burst('y\r');
    expect(await running, t.err()).toBe(0);
    expect(posted(session, mark, '/trips')).toEqual([
      expect.objectContaining({ vehicleId: vehicle.id, fromCityId: 'homs', toCityId: 'latakia', fromPlacePcode: pickup.pcode }),
    ]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test('trips publish answered in one write before the first question is drawn: each answer goes to its own question', async () => {
  const { session } = file;
  const vehicle = (await session.json<Vehicle[]>(['vehicles', 'list']))[2]!;
  const pickup = (await places('homs')).at(-1)!;
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const mark = session.mark();
    // Everything typed ahead: the places are fetched over HTTP between To and Pickup, and the
    // departure's and the price's answers are checked asynchronously; no key is lost or misplaced.
    const driver = (await session.json<Array<{ id: string; role: string }>>(['members', 'list'])).find((m) => m.role === 'driver')!;
    keys.burst(`${vehicle.plate}\rHom\rLat\r2027-01-15 07:30\r15,000.50\r3\r\r${pickup.pcode}\r\ryes\r`);
    expect(await t.run(['trips', 'publish', '-o', 'json']), t.err()).toBe(0);
    expect(posted(session, mark, '/trips')).toEqual([
      {
        vehicleId: vehicle.id,
        fromCityId: 'homs',
        toCityId: 'latakia',
        departureAt: '2027-01-15T07:30:00+03:00',
        pricePerSeat: 1500050,
        totalSeats: 3,
        driverId: driver.id,
        fromPlacePcode: pickup.pcode,
      },
    ]);
    expect(review(keys)).toMatch(/from\s+Homs حمص \(homs\)/);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test("schedules create: 'Hom⏎' in one write picks Homs; the driver and the recurrence pickers narrow as typed", async () => {
  const { session } = file;
  const members = await session.json<Array<{ id: string; fullName: string; role: string }>>(['members', 'list']);
  const driver = members.filter((m) => m.role === 'driver').at(-1)!; // the last driver, found by name
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const mark = session.mark();
    const running = t.run(['schedules', 'create', '-o', 'json']);
    await keys.reply('Vehicle:', '\r');
    await keys.reply('Driver:', `${driver.fullName}\r`);
    await keys.reply('From:', 'Hom\r');
    await keys.reply('To:', 'Tart\r');
    await keys.reply('Fare per seat', '18000\r');
    await keys.reply('Recurrence:', 'dai\r');
    await keys.reply("Departure time (HH:MM, the service's local time", '07:30\r');
    await keys.waitFor('Send this?');
    expect(review(keys)).toMatch(/from\s+Homs حمص \(homs\)/);
    expect(review(keys)).toMatch(/to\s+Tartus/);
    keys.burst('\r');
    expect(await running, t.err()).toBe(0);
    expect(posted(session, mark, '/schedules')).toEqual([
      expect.objectContaining({ driverId: driver.id, fromCityId: 'homs', toCityId: 'tartus', recurrence: 'daily', departureTime: '07:30' }),
    ]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test('bookings create: the trip picker lists the soonest departure first and narrows by what is typed', async () => {
  const { session } = file;
  const trips = await session.json<Array<{ id: string; departureAt: string }>>(['trips', 'list', '--status', 'published', '--all']);
  // The sandbox seeds its trips around the real clock; some have left already and come last.
  const now = Date.now();
  const upcoming = trips
    .filter((trip) => Date.parse(trip.departureAt) >= now)
    .sort((a, b) => Date.parse(a.departureAt) - Date.parse(b.departureAt));
  expect(upcoming.length).toBeGreaterThan(2);
  const wanted = upcoming.at(-1)!; // the latest, found by its id
  const t = terminal(() => new Date());
  const keys = new Keyboard(t);
  try {
    const mark = session.mark();
    const running = t.run(['bookings', 'create', '--seats', '1', '--phone', '+963933000177', '--name', 'Burst', '-o', 'json']);
    await keys.waitFor('Trip:');
    expect(await keys.waitFor(/❯ [^\n]+/)).toContain(upcoming[0]!.id);
    keys.burst(`${wanted.id.slice(0, 13)}\r`);
    await keys.waitFor('Send this?');
    expect(review(keys)).toContain(`(${wanted.id})`);
    keys.burst('\r');
    expect(await running, t.err()).toBe(0);
    expect(posted(session, mark, '/bookings')).toEqual([expect.objectContaining({ tripId: wanted.id })]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});
