// What a person reads before an assistant's write, and what the assistant reads after it: a
// cancel names the passengers it affects (and its answer still names them, in the operator's
// terms), a fare sent with fareOk says how far it is from the usual fare. Against the sandbox,
// through the SDK's own client, the person's answers scripted.
import { beforeAll, expect, it } from 'vitest';
import { dateTime } from '../../src/input/validate.js';
import { sandboxApi, type SandboxSession } from '../support/sandbox.js';
import { openMcp, sandboxForFile } from './support.js';

let s: SandboxSession;
const session = sandboxForFile();
let vehicle: { id: string; plate: string };
const departure = (hhmm: string) => {
  const day = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  return { text: `${day} ${hhmm}`, iso: dateTime('at', `${day} ${hhmm}`, 'Asia/Damascus') };
};

beforeAll(async () => {
  s = session();
  vehicle = ((await sandboxApi(s.sandbox)('GET', '/vehicles')).vehicles as Array<{ id: string; plate: string }>)[1]!;
});

it('a cancel is put to the person naming its passengers (names, phones, seats); its answer names them still, without minor units or UTC stamps', async () => {
  const api = sandboxApi(s.sandbox);
  const trip = (
    await api('POST', '/trips', {
      vehicleId: vehicle.id,
      fromCityId: 'damascus',
      toCityId: 'homs',
      departureAt: departure('06:10').iso,
      pricePerSeat: 1_250_000,
    })
  ).trip;
  const approved = (await api('POST', '/bookings', { tripId: trip.id, seats: 2, phone: '+963944200001', fullName: 'Rima Sabbagh' }))
    .booking;
  await api('PATCH', `/bookings/${approved.id}`, { status: 'approved' });
  await api('POST', '/bookings', { tripId: trip.id, seats: 1, phone: '+963944200002', fullName: 'Fadi Nasr' });

  const m = await openMcp(s, { allowWrites: true, person: () => ({ action: 'accept', content: { confirm: true } }) });
  const result = await m.client.callTool({ name: 'trips_cancel', arguments: { tripId: trip.id } });
  await m.close();
  const question = m.questions[0]!;
  expect(question).toMatch(
    /^For Qasioun Express: cancel the trip Damascus → Homs, \d{4}-\d\d-\d\d 06:10 Asia\/Damascus\? Its passengers' bookings are cancelled too\./,
  );
  expect(question).toContain('passenger  Rima Sabbagh +963944200001, 2 seats, approved');
  expect(question).toContain('passenger  Fadi Nasr +963944200002, 1 seat, requested');
  const answer = result.structuredContent as { affected: string[]; trip: Record<string, unknown> };
  expect(answer.affected).toEqual(
    expect.arrayContaining([
      'passenger: Rima Sabbagh +963944200001, 2 seats, approved',
      'passenger: Fadi Nasr +963944200002, 1 seat, requested',
    ]),
  );
  expect(answer.trip).toMatchObject({ status: 'cancelled', price: '12,500.00 SYP', departure: `${departure('06:10').text}` });
  const text = JSON.stringify(result.content);
  expect(text).not.toContain('1250000');
  expect(text).not.toMatch(/\d{4}-\d\d-\d\dT\d\d:\d\d/);
});

it('a fare sent with fareOk 100× the usual is put to the person with the usual fare named, and how far it is', async () => {
  const routeFares = (
    (await sandboxApi(s.sandbox)('GET', '/trips?fromCityId=damascus&toCityId=homs&perPage=100')).trips as Array<{
      pricePerSeat: number;
      status: string;
    }>
  )
    .filter((trip) => trip.status !== 'cancelled')
    .map((trip) => trip.pricePerSeat)
    .sort((a, b) => a - b);
  const usual = routeFares[Math.floor((routeFares.length - 1) / 2)]!;
  const m = await openMcp(s, { allowWrites: true, person: () => ({ action: 'decline' }) });
  const mark = s.mark();
  const result = await m.call('trips_publish', {
    vehicle: vehicle.plate,
    from: 'Damascus',
    to: 'Homs',
    departure: departure('09:40').text,
    price: (usual / 100) * 100,
    fareOk: true,
  });
  await m.close();
  expect(result.isError).toBe(true);
  expect(s.since(mark).filter((request) => request.method !== 'GET')).toEqual([]);
  const units = (usual / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  expect(m.questions[0]).toContain(`fare       100× the usual ${units} SYP on Damascus → Homs: more than 5 times above it`);
});

it('a booking the service would refuse (more seats than are free) is not put to the person: refused first, saying why, nothing sent', async () => {
  const api = sandboxApi(s.sandbox);
  const trip = (
    await api('POST', '/trips', {
      vehicleId: vehicle.id,
      fromCityId: 'damascus',
      toCityId: 'aleppo',
      departureAt: departure('11:20').iso,
      pricePerSeat: 2_500_000,
      totalSeats: 4,
    })
  ).trip;
  await api('POST', '/bookings', { tripId: trip.id, seats: 3, phone: '+963944200003', fullName: 'Nour Halabi' });
  const m = await openMcp(s, { allowWrites: true, person: () => ({ action: 'accept', content: { confirm: true } }) });
  const mark = s.mark();
  const result = await m.call('bookings_create', { trip: trip.id, seats: 2, phone: '0944 200 004' });
  await m.close();
  expect(result).toMatchObject({
    isError: true,
    text: expect.stringContaining('has 1 free seat (4 on sale, 3 held), not 2; nothing was sent'),
  });
  expect(m.questions).toEqual([]);
  expect(s.since(mark).filter((request) => request.method !== 'GET')).toEqual([]);
});

it('a trip whose vehicle already departs at that time is refused before the person is asked, naming the trip it has', async () => {
  const api = sandboxApi(s.sandbox);
  await api('POST', '/trips', {
    vehicleId: vehicle.id,
    fromCityId: 'damascus',
    toCityId: 'tartus',
    departureAt: departure('15:45').iso,
    pricePerSeat: 1_800_000,
  });
  const m = await openMcp(s, { allowWrites: true, person: () => ({ action: 'accept', content: { confirm: true } }) });
  const mark = s.mark();
  const result = await m.call('trips_publish', {
    vehicle: vehicle.plate,
    from: 'Damascus',
    to: 'Homs',
    departure: departure('15:45').text,
    price: 12_000,
  });
  await m.close();
  expect(result).toMatchObject({
    isError: true,
    text: expect.stringContaining(`already departs then: Damascus → Tartus, ${departure('15:45').text} Asia/Damascus; nothing was sent`),
  });
  expect(m.questions).toEqual([]);
  expect(s.since(mark).filter((request) => request.method !== 'GET')).toEqual([]);
});

it('an id given by its first 8 characters or a ticket code is named as a whole id is, and one thing given twice is named once', async () => {
  const api = sandboxApi(s.sandbox);
  const trip = (
    await api('POST', '/trips', {
      vehicleId: vehicle.id,
      fromCityId: 'homs',
      toCityId: 'latakia',
      departureAt: departure('13:05').iso,
      pricePerSeat: 1_100_000,
    })
  ).trip;
  const booked: Array<{ id: string; code: string }> = [];
  for (const [seats, phone, fullName] of [
    [2, '+963944200011', 'Sara Barakat'],
    [1, '+963944200012', 'Omar Darwish'],
  ] as const) {
    const { booking } = await api('POST', '/bookings', { tripId: trip.id, seats, phone, fullName });
    await api('PATCH', `/bookings/${booking.id}`, { status: 'approved' });
    const { ticket } = await api('GET', `/bookings/${booking.id}/ticket`);
    booked.push({ id: booking.id, code: ticket.code });
  }
  const schedule = ((await api('GET', '/schedules')).schedules as Array<{ id: string }>)[0]!;
  const skipDay = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
  const m = await openMcp(s, { allowWrites: true, person: () => ({ action: 'decline' }) });
  const mark = s.mark();
  await m.call('bookings_cancel', { bookingIds: [booked[0]!.code, booked[1]!.id.slice(0, 8)] });
  await m.call('bookings_board', { bookingIds: [booked[1]!.id.slice(0, 8), booked[1]!.id.toUpperCase()] });
  await m.call('trips_update', { tripId: trip.id.slice(0, 8), departure: departure('13:35').text });
  await m.call('schedules_skip', { scheduleIds: [schedule.id.slice(0, 8)], from: skipDay, to: skipDay });
  await m.close();
  expect(s.since(mark).filter((request) => request.method !== 'GET')).toEqual([]);
  const [cancel, board, update, skip] = m.questions;
  const route = `Homs → Latakia, ${departure('13:05').text} Asia/Damascus`;
  expect(cancel).toMatch(new RegExp(`^Cancel 2 bookings on ${route} for Qasioun Express\\?`));
  expect(cancel).toContain('booking  Sara Barakat +963944200011, 2 seats, approved');
  expect(cancel).toContain('booking  Omar Darwish +963944200012, 1 seat, approved');
  expect(board).toMatch(new RegExp(`^Mark as boarded 1 booking on ${route} for Qasioun Express\\?`));
  expect(board!.match(/^ {2}booking /gm)).toEqual(['  booking ']);
  expect(board).toContain('booking  Omar Darwish +963944200012, 1 seat, approved');
  expect(update).toContain(`trip ${route}`);
  expect(skip).toMatch(/ {2}schedule +\S.* → .*, \w+.* at \d\d:\d\d/);
  expect(skip).not.toContain(`schedule  ${schedule.id.slice(0, 8)}`);
});
