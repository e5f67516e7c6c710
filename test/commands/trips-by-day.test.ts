// `trips list --date today|tomorrow|YYYY-MM-DD` (and `--from-date`/`--to-date`): exactly the trips
// departing on those local days, soonest first, the service's pages (newest departure first)
// walked only as far as the first day; bad days refused before any request.
import { expect, it } from 'vitest';
import { addDays } from '../../src/input/days.js';
import { localDateOf } from '../../src/input/zones.js';
import { fileSession } from '../support/sandbox.js';

const files = fileSession();
const ZONE = 'Asia/Damascus';
const env = { TRIPCTL_TZ: ZONE };

type Trip = { id: string; departureAt: string };

async function everyTrip(): Promise<Trip[]> {
  return files.session.json<Trip[]>(['trips', 'list', '--all'], { env });
}

const on = (trips: Trip[], first: string, last = first) =>
  trips
    .filter((trip) => {
      const day = localDateOf(new Date(trip.departureAt), ZONE);
      return day >= first && day <= last;
    })
    .sort((a, b) => Date.parse(a.departureAt) - Date.parse(b.departureAt))
    .map((trip) => trip.id);

it('lists exactly the trips departing on a local day, soonest first, walking pages only down to that day', async () => {
  const s = files.session;
  const trips = await everyTrip();
  // A day with trips before and after it, so the walk has pages on both sides.
  const days = [...new Set(trips.map((trip) => localDateOf(new Date(trip.departureAt), ZONE)))].sort();
  const day = days[Math.floor(days.length / 2)]!;
  expect(on(trips, day).length).toBeGreaterThan(0);
  const mark = s.mark();
  const listed = await s.json<Trip[]>(['trips', 'list', '--date', day, '--per-page', '5'], { env });
  expect(listed.map((trip) => trip.id)).toEqual(on(trips, day));
  const pages = s.since(mark).filter((r) => r.path === '/trips');
  // Pages up to the one that reaches before the day; none after it.
  const newerOrSame = trips.filter((trip) => localDateOf(new Date(trip.departureAt), ZONE) >= day).length;
  expect(pages).toHaveLength(Math.min(Math.floor(newerOrSame / 5) + 1, Math.ceil(trips.length / 5)));
});

it('today and tomorrow are read in the zone; a range with --from-date and --to-date', async () => {
  const s = files.session;
  const trips = await everyTrip();
  const today = localDateOf(new Date(), ZONE);
  const tomorrow = addDays(today, 1);
  expect((await s.json<Trip[]>(['trips', 'list', '--date', 'today'], { env })).map((t) => t.id)).toEqual(on(trips, today));
  expect((await s.json<Trip[]>(['trips', 'list', '--date', 'tomorrow'], { env })).map((t) => t.id)).toEqual(on(trips, tomorrow));
  const week = await s.json<Trip[]>(['trips', 'list', '--from-date', 'today', '--to-date', addDays(today, 7)], { env });
  expect(week.map((t) => t.id)).toEqual(on(trips, today, addDays(today, 7)));
  expect(week.length).toBeGreaterThan(1);
});

it.each([
  [['--date', '2026-13-01'], /--date/],
  [['--date', 'someday'], /--date must be today, tomorrow or YYYY-MM-DD, not 'someday'/],
  [['--from-date', '2027-01-05', '--to-date', '2027-01-01'], /--from-date 2027-01-05 is after --to-date 2027-01-01/],
  [['--date', 'today', '--page', '2'], /leave out --page and --all/],
  [['--date', 'today', '--from-date', 'today'], /cannot be used with/],
])('refuses %j with exit 2, before any request', async (args, message) => {
  const s = files.session;
  const mark = s.mark();
  const result = await s.run(['trips', 'list', ...args], { env });
  expect(result.code).toBe(2);
  expect(result.stderr).toMatch(message);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(s.since(mark)).toEqual([]);
});

it('a day typed in Arabic-Indic or Persian digits lists the same trips as in ASCII digits', async () => {
  const s = files.session;
  const trips = await everyTrip();
  const day = [...new Set(trips.map((trip) => localDateOf(new Date(trip.departureAt), ZONE)))].sort()[0]!;
  const arabic = day.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));
  const persian = day.replace(/\d/g, (d) => String.fromCharCode(0x06f0 + Number(d)));
  const ascii = (await s.json<Trip[]>(['trips', 'list', '--date', day], { env })).map((t) => t.id);
  expect(ascii.length).toBeGreaterThan(0);
  expect((await s.json<Trip[]>(['trips', 'list', '--date', arabic], { env })).map((t) => t.id)).toEqual(ascii);
  expect((await s.json<Trip[]>(['trips', 'list', '--from-date', persian, '--to-date', arabic], { env })).map((t) => t.id)).toEqual(ascii);
});

it('a bad day is refused before the cities of --from/--to are looked up, and names no zone under cron', async () => {
  const s = files.session;
  const mark = s.mark();
  // No TRIPCTL_TZ, no terminal: the zone comes from the profile's country, nothing is said of it.
  const result = await s.run(['trips', 'list', '--from', 'Damascus', '--to', 'Homs', '--to-date', '2027-02-30']);
  expect(result.code).toBe(2);
  expect(result.stderr).toBe('tripctl: --to-date: 2027-02-30: February 2027 has 28 days\n');
  expect(s.since(mark)).toEqual([]);
});

it.each([
  ['Asia/Beirut', '2027-03-28', '2027-03-28 01:30'],
  ['America/Havana', '2027-03-14', '2027-03-14 01:15'],
])('%s: %s starts at 01:00 (midnight is skipped) and lists as a 23-hour day', async (zone, day, departure) => {
  const s = files.session;
  const publish = ['trips', 'publish', '--vehicle', 'DAM-123456', '--from', 'Damascus', '--to', 'Homs', '--price', '25000', '--fare-ok'];
  const published = await s.json<Trip>([...publish, '--departure', departure], { env: { TRIPCTL_TZ: zone } });
  const listed = await s.run(['trips', 'list', '--tz', zone, '--date', day, '-o', 'ids']);
  expect(listed.stderr).toBe('');
  expect(listed.code).toBe(0);
  expect(listed.stdout.trim().split('\n')).toContain(published.id);
  const { dayWindow } = await import('../../src/input/days.js');
  const window = dayWindow(day, day, zone);
  expect((window.to - window.from) / 3_600_000).toBe(23);
  expect(
    new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(window.from),
  ).toBe('01:00');
});
