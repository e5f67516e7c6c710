// An assistant's morning through `tripctl mcp`, driven by the SDK's own client as an assistant
// would, against the sandbox: today's departures, the requested bookings of one with names, two
// approved (confirmed), a third declined (nothing sent), a trip published at the fare read from
// another of its route, the day's revenue. Every write the sandbox received is checked, and the
// README's transcript of this session is checked against what the operator saw on stderr.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { formatMoney } from '../../src/input/money.js';
import { RECORDS_BUDGET_BYTES } from '../../src/output/records.js';
import { dateTime } from '../../src/input/validate.js';
import { localDateOf } from '../../src/input/zones.js';
import { addDays } from '../../src/input/days.js';
import { sandboxApi } from '../support/sandbox.js';
import { openMcp, sandboxForFile, sandboxProfile } from './support.js';

const sandbox = sandboxForFile();

/** A fixed-offset zone in which it is now about eight in the morning, so the day has room ahead. */
function morningZone(now: Date): string {
  let hours = 8 - now.getUTCHours();
  if (hours < -12) hours += 24;
  // Etc/GMT signs are inverted: Etc/GMT-3 is three hours ahead of UTC.
  return hours === 0 ? 'UTC' : `Etc/GMT${hours > 0 ? '-' : '+'}${Math.abs(hours)}`;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

it("an assistant's morning: today's departures, requests by name, two approved, one declined, a trip at the route's fare, the day's revenue", async () => {
  const s = sandbox();
  const api = sandboxApi(s.sandbox);
  const zone = morningZone(new Date());
  // The zone is the server's setting (no country has a fixed-offset zone, so a profile saving it
  // would be a zone not of its country, which doctor reports).
  sandboxProfile(s);
  const today = localDateOf(new Date(), zone);
  const at = (hhmm: string) => dateTime('at', `${today} ${hhmm}`, zone);

  // The day as the service holds it: a Damascus → Homs run at 14:00 with three requests waiting.
  const vehicles = (await api('GET', '/vehicles')).vehicles as Array<{ id: string; plate: string; seats: number }>;
  const vehicle = vehicles[0]!;
  const run = (
    await api('POST', '/trips', {
      vehicleId: vehicle.id,
      fromCityId: 'damascus',
      toCityId: 'homs',
      departureAt: at('14:00'),
      pricePerSeat: 1_250_000,
    })
  ).trip;
  const people = [
    ['Rami Haddad', '+963944100001'],
    ['Lina Khoury', '+963944100002'],
    ['Omar Saleh', '+963944100003'],
  ];
  const requested: string[] = [];
  for (const [fullName, phone] of people)
    requested.push((await api('POST', '/bookings', { tripId: run.id, seats: 1, phone, fullName })).booking.id);

  // What the day holds, read straight from the service, to check the assistant's answer against.
  const allTrips: Array<{ id: string; departureAt: string; fromCityId: string; toCityId: string; pricePerSeat: number }> = [];
  for (let page = 1; ; page++) {
    const answer = await api('GET', `/trips?perPage=100&page=${page}`);
    allTrips.push(...answer.trips);
    if (page >= answer.meta.lastPage) break;
  }
  const todays = allTrips
    .filter((trip) => localDateOf(new Date(trip.departureAt), zone) === today)
    .sort((a, b) => Date.parse(a.departureAt) - Date.parse(b.departureAt))
    .map((trip) => trip.id);

  const m = await openMcp(s, {
    env: { TRIPCTL_TZ: zone },
    allowWrites: true,
    // The person approves what the assistant proposes, except a rejection.
    person: (message) => (message.startsWith('Reject') ? { action: 'decline' } : { action: 'accept', content: { confirm: true } }),
  });
  const mark = s.mark();
  const sizes: Array<[string, number, number]> = [];
  // The manager's questions, each with the calls it took and the bytes of text they answered.
  const questions: Array<{ question: string; calls: number; bytes: number }> = [];
  const ask = (question: string) => questions.push({ question, calls: 0, bytes: 0 });
  const call = async (name: string, args: Record<string, unknown>) => {
    const answer = await m.call(name, args);
    expect(answer.isError, `${name}: ${answer.text}`).toBe(name === 'bookings_reject');
    const asked = questions[questions.length - 1]!;
    asked.calls++;
    asked.bytes += Buffer.byteLength(answer.text);
    return answer;
  };
  const measured = async (name: string, args: Record<string, unknown>) => {
    const answer = await call(name, args);
    const raw = await m.call(name, { ...args, detail: 'service' });
    sizes.push([name, Buffer.byteLength(raw.texts[0] ?? ''), Buffer.byteLength(answer.texts[0] ?? '')]);
    return JSON.parse(answer.texts[0]!);
  };

  // 1. Today's departures: exactly the day's, soonest first, in the operator's terms.
  ask("today's departures, how full");
  const day = await measured('trips_list', { date: 'today' });
  expect(day.trips.map((trip: { id: string }) => trip.id)).toEqual(todays);
  expect(day.timeZone).toBe(zone);
  const found = day.trips.find((trip: { id: string }) => trip.id === run.id);
  expect(found).toMatchObject({
    from: 'Damascus / دمشق',
    to: 'Homs / حمص',
    departure: `${today} 14:00`,
    price: '12,500.00 SYP',
    vehicle: vehicle.plate,
  });
  expect(JSON.stringify(day)).not.toContain('1250000');

  // 2. Its requested bookings, each passenger by name and phone.
  ask('approve the waiting bookings');
  const waiting = await measured('bookings_list', { trip: found.id, status: 'requested' });
  expect(waiting.bookings.map((b: { passenger: string }) => b.passenger).sort()).toEqual(
    people.map(([name, phone]) => `${name} ${phone}`).sort(),
  );
  const byName = (name: string) => waiting.bookings.find((b: { passenger: string }) => b.passenger.startsWith(name)).id;

  // 3. Two approved, the person confirming; a third rejected, the person declining.
  const approved = await call('bookings_approve', { bookingIds: [byName('Rami Haddad'), byName('Lina Khoury')] });
  // What became of each, in words: no raw object, no UTC instant.
  expect(approved.texts[0]!.split('\n').map((line) => JSON.parse(line).result)).toEqual(['approved', 'approved']);
  expect(approved.text).not.toMatch(/\d{4}-\d\d-\d\dT/);
  ask('reject one (the person declines)');
  const declined = await call('bookings_reject', { bookingIds: [byName('Omar Saleh')] });
  expect(declined.text).toContain('the person declined this change; nothing was sent');

  // 3b. A passenger's ticket, found by the phone as they say it: a PNG whose QR is the ticket.
  ask('send passenger X their ticket');
  const lina = (await call('bookings_find', { query: '0944 100 002' })).texts[0]!;
  expect(JSON.parse(lina).bookings.map((b: { id: string }) => b.id)).toEqual([byName('Lina Khoury')]);
  const ticket = (await m.client.callTool({ name: 'bookings_ticket', arguments: { bookingId: byName('Lina Khoury') } })) as {
    content: Array<{ type: string; mimeType?: string; text?: string }>;
  };
  questions[questions.length - 1]!.calls++;
  questions[questions.length - 1]!.bytes += Buffer.byteLength(
    ticket.content.flatMap((c) => (c.type === 'text' ? [c.text] : [])).join('\n'),
  );
  expect(ticket.content.map((c) => c.mimeType ?? c.type)).toEqual(['text', 'image/png']);

  // 3c. The last trip to Homs today cancelled: the person is told whose bookings go with it, and
  // the answer still names them, in the operator's terms.
  ask('cancel the last Homs trip, who is affected');
  const homs = (await call('trips_list', { to: 'Homs', date: 'today' })).texts[0]!;
  const last = JSON.parse(homs).trips.at(-1) as { id: string };
  const passengersOfLast = (await api('GET', `/bookings?tripId=${last.id}&perPage=100`)).bookings.filter((b: { status: string }) =>
    ['requested', 'approved', 'boarded'].includes(b.status),
  ).length;
  const cancelled = JSON.parse((await call('trips_cancel', { tripId: last.id })).texts[0]!);
  expect(cancelled.trip.status).toBe('cancelled');
  expect(cancelled.affected ?? []).toHaveLength(passengersOfLast);
  expect(JSON.stringify(cancelled)).not.toMatch(/\d{4}-\d\d-\d\dT\d\d|"pricePerSeat"/);
  expect(m.questions.at(-1)).toMatch(/^For Qasioun Express: cancel the trip .* → Homs, /);

  // 4. A trip at the fare of the route's existing trips, read from their records.
  ask("publish a trip at the route's usual fare");
  const route = await measured('trips_list', { from: 'Damascus', to: 'Homs', status: 'published' });
  const model = route.trips.find((trip: { id: string }) => trip.id !== run.id);
  const published = JSON.parse(
    (await call('trips_publish', { vehicle: vehicle.plate, from: 'Damascus', to: 'Homs', departure: `${today} 18:30`, price: model.price }))
      .texts[0]!,
  );
  const old = allTrips.find((trip) => trip.id === model.id)!;
  const fresh = (await api('GET', `/trips/${published.trip.id}`)).trip;
  expect(fresh.pricePerSeat).toBe(old.pricePerSeat);
  expect(published.trip.price).toBe(model.price);

  // 5. The day's figures, as `reports show` gives them.
  ask("the company's figures");
  const report = await measured('reports_show', {});
  const cli = await s.json(['reports', 'show']);
  expect(report.report.revenue.net).toBe(formatMoney(cli.revenue.net, cli.currency ?? 'SYP'));

  // 6. Last week's takings and the best route: one call, for that period.
  ask("last week's takings, best route");
  const week = JSON.parse((await call('reports_show', { fromDate: addDays(today, -7), toDate: addDays(today, -1) })).texts[0]!).report;
  expect(week.period).toMatchObject({ from: addDays(today, -7), to: addDays(today, -1) });

  // 7. Is anything wrong with our set-up: one call.
  ask('is anything wrong with our set-up');
  const doctor = JSON.parse((await call('doctor', {})).texts[0]!);
  expect(doctor).toMatchObject({ ok: true, timeZone: { zone }, key: { accepted: true } });
  await m.close();

  // Every write the sandbox received: the two approvals and the trip, nothing for the declined one.
  const writes = s.since(mark).filter((request) => request.method !== 'GET');
  expect(writes.map((w) => `${w.method} ${w.path} ${w.body}`)).toEqual([
    `PATCH /bookings/${byName('Rami Haddad')} {"status":"approved"}`,
    `PATCH /bookings/${byName('Lina Khoury')} {"status":"approved"}`,
    `DELETE /trips/${last.id} `,
    expect.stringMatching(new RegExp(`^POST /trips .*"pricePerSeat":${old.pricePerSeat}`)),
  ]);

  // The person saw what would be sent, in their terms: the trip's route, departure, vehicle and fare.
  expect(m.questions[0]).toMatch(/^Approve 2 bookings on Damascus → Homs/);
  expect(m.questions[3]).toContain(`vehicle    ${vehicle.plate}`);
  expect(m.questions[3]).toMatch(new RegExp(`departure  ${today} 18:30`));
  expect(m.questions[3]).toContain(`price      ${model.price}`);

  // The README's transcript is this session as the operator saw it (ids and dates aside).
  const normal = (text: string) =>
    text
      .replace(UUID, 'ID')
      .replace(/\d{4}-\d\d-\d\d/g, 'DATE')
      .replace(/\d+,\d{3}\.\d\d SYP/g, 'FARE');
  const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8');
  const block = /operator sees it on stderr[^`]*```text\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const logged = m
    .log()
    .split('\n')
    .filter((line) => line.startsWith('tripctl mcp:') && !/"detail":"service"/.test(line));
  expect(
    block
      .split('\n')
      .map((line) => normal(line.trim()))
      .filter(Boolean),
  ).toEqual(logged.map(normal));

  // Every answer is smaller than the service's body it replaces, and within the list budget.
  for (const [name, raw, records] of sizes) {
    expect(records, name).toBeLessThan(raw);
    expect(records, name).toBeLessThanOrEqual(RECORDS_BUDGET_BYTES + 500);
  }
  // Each question in at most two calls (a write's confirmation aside).
  for (const { question, calls } of questions) expect(calls, question).toBeLessThanOrEqual(2);
  if (process.env.TRIPCTL_SIZES) writeFileSync(process.env.TRIPCTL_SIZES, JSON.stringify({ sizes, questions }));
}, 60_000);
