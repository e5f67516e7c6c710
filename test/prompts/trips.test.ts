// `trips publish`, `schedules create` and `bookings create` on a terminal, typed key by key. Each
// bad answer an operator gave in the morning of issue 11 is refused at its question, with the
// reason and without the flag's name, and asked again; nothing answered before is lost; the review
// lists every value; the request is the one the flag form sends.
import { expect, test, vi } from 'vitest';
import { testContext } from '../support/context.js';
import { Keyboard, KEY } from '../support/keys.js';
import { fileSession } from '../support/sandbox.js';

// A flow of a dozen questions, each drawn and typed in turn, takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const file = fileSession();

const NOW = new Date('2026-11-24T06:00:00Z');

function terminal() {
  return testContext({
    stdinIsTTY: true,
    stderrIsTTY: true,
    openStdin: true,
    now: () => NOW,
    env: { TRIPCTL_BASE_URL: file.session.sandbox.baseUrl, TRIPCTL_API_KEY: file.session.sandbox.keys.full, TRIPCTL_TZ: 'Asia/Damascus' },
  });
}

function posts(mark: number, path: string) {
  return file.session
    .since(mark)
    .filter((r) => r.method === 'POST' && r.path === path)
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);
}

test('trips publish: a past departure, an impossible time, a negative price and too many seats are each asked again', async () => {
  const vehicles = await file.session.json<Array<{ id: string; plate: string; seats: number }>>(['vehicles', 'list']);
  const first = vehicles[0]!; // the select's first choice
  const members = await file.session.json<Array<{ id: string; role: string; fullName?: string; phone?: string }>>(['members', 'list']);
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const mark = file.session.mark();
    const running = t.run(['trips', 'publish', '-o', 'json']);
    await keys.waitFor('Vehicle');
    keys.press(KEY.enter);
    await keys.search('From:', 'دمش', 'Damascus');
    // The destination's list leaves out the origin: its first choice is another city, and typing
    // the origin's name finds nothing.
    await keys.waitFor('To:');
    expect(await keys.waitFor(/❯ [^\n]+/)).not.toContain('Damascus');
    keys.press('damasc');
    await keys.waitFor(/No results|No choices/);
    keys.press(...Array.from({ length: 6 }, () => '\x7f'));
    await keys.search('To:', 'hom', 'Homs');
    // The question names the zone it reads the time in.
    await keys.refused(
      'Departure (YYYY-MM-DD HH:MM, Asia/Damascus)',
      '2026-11-20 08:00',
      /That is in the past \(now is 2026-11-24 09:00 Asia\/Damascus\)/,
    );
    keys.retype('2027-01-15 25:00');
    await keys.waitFor(/Has an impossible time: '2027-01-15 25:00'/);
    keys.retype('2027-01-15 07:30');
    // The price question names its unit and takes pounds.
    await keys.refused('Fare per seat, in SYP', '-5', /Must be an amount in SYP such as 18000 or 18000\.50, not '-5'/);
    keys.retype('15000.505');
    await keys.waitFor(/SYP has 2 minor digits, so '15000\.505' has too many decimal places/);
    keys.retype('15,000.50');
    await keys.refused(`Seats on sale (the vehicle has ${first.seats})`, '0', /Must be from 1 to 20, not 0/);
    keys.retype(String(first.seats + 1));
    await keys.waitFor(`The vehicle has ${first.seats} seats; at most ${first.seats}`);
    keys.retype(String(first.seats - 1));
    // The driver is asked: the members whose role is driver.
    await keys.waitFor('Driver:');
    const driverChoice = await keys.waitFor(/❯ [^\n]+/);
    const driver = members.find((m) => driverChoice.includes(m.fullName ?? m.id))!;
    expect(driver.role).toBe('driver');
    keys.press(KEY.enter);
    await keys.waitFor('Pickup place');
    keys.press(KEY.enter); // (none)
    await keys.waitFor('Drop-off place');
    keys.press(KEY.enter);
    await keys.waitFor('About to send');
    await keys.waitFor('Send this?');
    const review = keys.screen().slice(keys.screen().lastIndexOf('About to send'));
    expect(review).toContain(`vehicle    ${first.plate}`);
    expect(review).toMatch(/from\s+Damascus دمشق \(damascus\)/);
    expect(review).toMatch(/to\s+Homs حمص \(homs\)/);
    expect(review).toMatch(/departure\s+2027-01-15 07:30 Asia\/Damascus\s+\(2027-01-15T07:30:00\+03:00\)/);
    expect(review).toMatch(/price\s+15,000\.50 SYP\s+\(1500050 minor units\)/);
    expect(review).toMatch(new RegExp(`seats\\s+${first.seats - 1}`));
    expect(review).toMatch(new RegExp(`driver\\s+${driver.fullName}, \\${driver.phone}, driver`));
    expect(posts(mark, '/trips')).toEqual([]);
    keys.press(KEY.enter);
    expect(await running, t.err()).toBe(0);
    const [interactive] = posts(mark, '/trips');

    const mark2 = file.session.mark();
    const flagForm = await file.session.run(
      [
        'trips',
        'publish',
        '--vehicle',
        first.plate,
        '--from',
        'Damascus',
        '--to',
        'Homs',
        '--departure',
        '2027-01-15 07:30',
        '--price',
        '15000.50',
        '--seats',
        String(first.seats - 1),
        '--driver',
        driver.id,
      ],
      { env: { TRIPCTL_TZ: 'Asia/Damascus' } },
    );
    expect(flagForm.code, flagForm.stderr).toBe(0);
    expect(posts(mark2, '/trips')).toEqual([interactive]);
    expect(interactive).toEqual({
      vehicleId: first.id,
      fromCityId: 'damascus',
      toCityId: 'homs',
      departureAt: '2027-01-15T07:30:00+03:00',
      pricePerSeat: 1500050,
      totalSeats: first.seats - 1,
      driverId: driver.id,
    });
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test("schedules create weekly: weekdays ticked from a list, a bad time asked again, the time shown in the operator's zone", async () => {
  const t = testContext({
    stdinIsTTY: true,
    stderrIsTTY: true,
    openStdin: true,
    now: () => NOW,
    env: { TRIPCTL_BASE_URL: file.session.sandbox.baseUrl, TRIPCTL_API_KEY: file.session.sandbox.keys.full, TRIPCTL_TZ: 'Europe/Berlin' },
  });
  const keys = new Keyboard(t);
  const vehicles = await file.session.json<Array<{ id: string; plate: string }>>(['vehicles', 'list']);
  const members = await file.session.json<Array<{ id: string; role: string }>>(['members', 'list']);
  try {
    const mark = file.session.mark();
    const running = t.run(['schedules', 'create', '-o', 'json']);
    await keys.waitFor('Vehicle');
    keys.press(KEY.enter);
    await keys.waitFor('Driver');
    keys.press(KEY.enter); // drivers first
    await keys.search('From:', 'hom', 'Homs');
    await keys.search('To:', 'اللاذ', 'Latakia');
    await keys.answer('Fare per seat, in SYP', '18000');
    await keys.waitFor('Recurrence');
    keys.press(KEY.down, KEY.enter); // weekly
    await keys.waitFor('Weekdays');
    keys.press(KEY.enter); // nothing ticked yet
    await keys.waitFor('Tick at least one day');
    keys.press(KEY.space, KEY.down, KEY.down, KEY.down, KEY.space, KEY.enter); // Sunday, Wednesday
    await keys.refused(
      "Departure time (HH:MM, the service's local time, Asia/Damascus; you are in Europe/Berlin)",
      '25:00',
      /Must be a time as HH:MM \(24-hour\), not '25:00'/,
    );
    keys.retype('07:30');
    await keys.waitFor('07:30 Asia/Damascus is 05:30 Europe/Berlin');
    await keys.waitFor('About to send');
    await keys.waitFor('Send this?');
    const review = keys.screen().slice(keys.screen().lastIndexOf('About to send'));
    expect(review).toMatch(/weekdays\s+Sunday, Wednesday/);
    expect(review).toMatch(/time\s+07:30 Asia\/Damascus\s+\(05:30 Europe\/Berlin\)/);
    expect(review).toMatch(/recurrence\s+weekly/);
    keys.press(KEY.enter);
    expect(await running, t.err()).toBe(0);
    const [interactive] = posts(mark, '/schedules');
    expect(interactive).toMatchObject({
      fromCityId: 'homs',
      toCityId: 'latakia',
      pricePerSeat: 1800000,
      recurrence: 'weekly',
      weekdays: [0, 3],
      departureTime: '07:30',
    });

    const driver = members.find((m) => m.id === interactive!.driverId)!;
    expect(driver.role).toBe('driver');
    const mark2 = file.session.mark();
    const flagForm = await file.session.run([
      'schedules',
      'create',
      '--vehicle',
      vehicles[0]!.plate,
      '--driver',
      driver.id,
      '--from',
      'Homs',
      '--to',
      'Latakia',
      '--price',
      '18000',
      '--recurrence',
      'weekly',
      '--weekdays',
      'sun,wed',
      '--time',
      '07:30',
    ]);
    expect(flagForm.code, flagForm.stderr).toBe(0);
    expect(posts(mark2, '/schedules')).toEqual([interactive]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test('schedules create interval asks for the days between departures; flags given are not asked', async () => {
  const t = terminal();
  const keys = new Keyboard(t);
  const vehicles = await file.session.json<Array<{ plate: string }>>(['vehicles', 'list']);
  const members = await file.session.json<Array<{ id: string; role: string }>>(['members', 'list']);
  const driver = members.find((m) => m.role === 'driver')!;
  try {
    const mark = file.session.mark();
    const running = t.run([
      'schedules',
      'create',
      '--vehicle',
      vehicles[1]!.plate,
      '--driver',
      driver.id,
      '--from',
      'Damascus',
      '--to',
      'Daraa',
      '--price',
      '9000',
      '--recurrence',
      'interval',
      '--time',
      '06:00',
      '-o',
      'json',
    ]);
    await keys.refused('For interval: days between departures', '0', /Must be from 1 to 365, not 0/);
    keys.retype('3');
    await keys.waitFor('About to send');
    await keys.waitFor('Send this?');
    keys.press(KEY.enter);
    expect(await running, t.err()).toBe(0);
    expect(posts(mark, '/schedules')[0]).toMatchObject({
      recurrence: 'interval',
      intervalDays: 3,
      departureTime: '06:00',
      pricePerSeat: 900000,
    });
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test('bookings create: seats 0 and a local phone are refused at their questions', async () => {
  const trips = await file.session.json<Array<{ id: string }>>(['trips', 'list', '--status', 'published', '--per-page', '50']);
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const mark = file.session.mark();
    const running = t.run(['bookings', 'create', '--trip', trips[0]!.id, '-o', 'json']);
    await keys.refused('Seats, 1-20', '0', /Must be from 1 to 20, not 0/);
    keys.retype('2');
    // A local number is how passenger lists are written: an impossible one names the country assumed.
    await keys.refused("Passenger's phone", '0933 12', /'0933 12' has too few digits for a mobile number in Syria \(SY\)/);
    keys.retype('0933 000 102');
    await keys.answer('Full name', '');
    await keys.waitFor('About to send');
    await keys.waitFor('Send this?');
    const review = keys.screen().slice(keys.screen().lastIndexOf('About to send'));
    expect(review).toMatch(new RegExp(`trip\\s+\\S+ → \\S+, \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d Asia/Damascus\\s+\\(${trips[0]!.id}\\)`));
    expect(review).toMatch(/phone\s+\+963933000102/);
    keys.press(KEY.enter);
    expect(await running, t.err()).toBe(0);
    expect(posts(mark, '/bookings')).toEqual([{ tripId: trips[0]!.id, seats: 2, phone: '+963933000102' }]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test("trips cancel names the trip by route and departure, in the operator's zone", async () => {
  const [trip] = await file.session.json<Array<{ id: string; fromCityId: string; toCityId: string; departureAt: string }>>([
    'trips',
    'list',
    '--status',
    'published',
    '--per-page',
    '1',
  ]);
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const running = t.run(['trips', 'cancel', trip!.id]);
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Asia/Damascus', dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(trip!.departureAt),
    );
    await keys.waitFor(new RegExp(`Cancel the trip \\S+ → \\S+, ${wall} Asia/Damascus\\?`));
    keys.press('n', KEY.enter);
    expect(await running).toBe(130);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});
