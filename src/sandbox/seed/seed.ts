// Deterministic demo data: ids from a seeded generator (the same on every start), times relative
// to the sandbox clock at seeding. Company A ("Qasioun Express") is the keys' company; company B
// ("Orontes Lines") exists so isolation is real.
import type { Core } from '../domain/model.js';
import { generate, instantOf, localDate } from '../domain/schedules.js';
import {
  CURRENCY, type BookingRec, type BookingStatus, type CompanyRec, type MembershipRec, type PaymentRec,
  type Role, type ScheduleRec, type State, type TripRec, type UserRec, type VehicleRec,
} from '../domain/state.js';
import { COMMENTS, FIRST, LAST, PEOPLE, ROUTES_A, ROUTES_B, SEED, seededRandom, uuidFrom, type RouteSpec } from './demo-data.js';

export { CITIES, PLACES, PEOPLE } from './demo-data.js';

/** Builds the whole demo state at `now`. */
export function seed(now: Date): State {
  const random = seededRandom(SEED);
  const id = (): string => uuidFrom(random);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const iso = (ms: number): string => new Date(ms).toISOString();
  const nowMs = Math.floor(now.getTime() / 60_000) * 60_000;
  const today = localDate(now);
  const dayAt = (offset: number, time: string): string => {
    const date = new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    return instantOf(date, time);
  };
  const before = (at: string, hours: number): string => iso(Math.min(Date.parse(at), nowMs) - hours * 3_600_000);

  const state: State = {
    version: 1, clockOffsetMs: 0, companies: [], users: [], memberships: [], vehicles: [], trips: [],
    schedules: [], bookings: [], payments: [], payouts: [], reviews: [], webhooks: [], idempotency: [],
  };
  const founded = iso(nowMs - 400 * 86_400_000);

  const companyA: CompanyRec = {
    id: id(), name: 'Qasioun Express', verified: true, createdAt: founded, logo: null,
    description: 'Daily intercity coaches between Damascus, Aleppo, Homs and the coast since 2009. Air-conditioned buses, licensed drivers, online booking.',
  };
  const companyB: CompanyRec = {
    id: id(), name: 'Orontes Lines', verified: true, createdAt: founded, logo: null,
    description: 'Minibus service along the Orontes valley: Hama, Homs, Aleppo and Tartus.',
  };
  state.companies.push(companyA, companyB);

  const user = (p: { fullName: string; phone: string }, daysAgo: number): UserRec => {
    const u: UserRec = { id: id(), fullName: p.fullName, phone: p.phone, createdAt: iso(nowMs - daysAgo * 86_400_000) };
    state.users.push(u);
    return u;
  };
  const member = (company: CompanyRec, u: UserRec, role: Role, daysAgo: number): MembershipRec => {
    const m: MembershipRec = { companyId: company.id, userId: u.id, role, joinedAt: iso(nowMs - daysAgo * 86_400_000) };
    state.memberships.push(m);
    return m;
  };

  const ownerA = user(PEOPLE.ownerA, 390);
  member(companyA, ownerA, 'owner', 390);
  member(companyA, user(PEOPLE.adminA, 300), 'admin', 300);
  member(companyA, user(PEOPLE.staffA, 200), 'staff', 200);
  const driversA = PEOPLE.driversA.map((p, i) => {
    const u = user(p, 250 - i * 40);
    member(companyA, u, 'driver', 250 - i * 40);
    return u;
  });
  const ownerB = user(PEOPLE.ownerB, 380);
  member(companyB, ownerB, 'owner', 380);
  member(companyB, user(PEOPLE.staffB, 150), 'staff', 150);
  const driverB = user(PEOPLE.driverB, 140);
  member(companyB, driverB, 'driver', 140);
  for (const [i, p] of PEOPLE.unaffiliated.entries()) user(p, 60 + i);

  const passengers: UserRec[] = [];
  for (let i = 0; i < 24; i++) {
    passengers.push(user({ fullName: `${FIRST[i]!} ${LAST[i % LAST.length]!}`, phone: `+96393${String(1_000_000 + i * 7919).padStart(7, '0')}` }, 30 + i));
  }

  const vehicle = (company: CompanyRec, v: Omit<VehicleRec, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>, daysAgo: number): VehicleRec => {
    const rec: VehicleRec = { id: id(), companyId: company.id, ...v, createdAt: iso(nowMs - daysAgo * 86_400_000), updatedAt: iso(nowMs - daysAgo * 86_400_000) };
    state.vehicles.push(rec);
    return rec;
  };
  const fleetA = [
    vehicle(companyA, { make: 'Hyundai', model: 'County', seats: 20, year: 2019, color: 'white', plate: 'DAM-123456', fuelType: 'diesel', transmission: 'manual' }, 360),
    vehicle(companyA, { make: 'Toyota', model: 'Coaster', seats: 20, year: 2017, color: 'silver', plate: 'DAM-204518', fuelType: 'diesel', transmission: 'manual' }, 340),
    vehicle(companyA, { make: 'Mercedes-Benz', model: 'Sprinter', seats: 16, year: 2021, color: 'blue', plate: 'DAM-330127', fuelType: 'diesel', transmission: 'automatic' }, 200),
    vehicle(companyA, { make: 'Kia', model: 'Carnival', seats: 7, year: 2022, color: 'black', plate: 'DAM-418803', fuelType: 'petrol', transmission: 'automatic' }, 90),
  ];
  // A vehicle on no trip at all, so `vehicles delete` can succeed on the demo data.
  vehicle(companyA, { make: 'Hyundai', model: 'H-1', seats: 9, year: 2015, color: 'white', plate: 'DAM-502291', fuelType: 'diesel', transmission: 'manual' }, 30);
  const fleetB = [
    vehicle(companyB, { make: 'Mitsubishi', model: 'Rosa', seats: 20, year: 2016, color: 'white', plate: 'HAM-118204', fuelType: 'diesel', transmission: 'manual' }, 300),
    vehicle(companyB, { make: 'Ford', model: 'Transit', seats: 14, year: 2020, color: 'grey', plate: 'HOM-774410', fuelType: 'diesel', transmission: 'manual' }, 150),
  ];

  const trip = (company: CompanyRec, route: RouteSpec, departureAt: string, status: TripRec['status'], v: VehicleRec, driver: UserRec, notes: string | null = null): TripRec => {
    const createdAt = before(departureAt, 24 * 5);
    const t: TripRec = {
      id: id(), companyId: company.id, status, vehicleId: v.id, driverId: driver.id, fromCityId: route.from, toCityId: route.to,
      departureAt, pricePerSeat: route.price, currency: CURRENCY, totalSeats: v.seats, fromPlacePcode: route.fromPlace,
      toPlacePcode: route.toPlace, notes, scheduleId: null, createdAt,
      updatedAt: status === 'published' ? createdAt : iso(Math.min(Date.parse(departureAt) + 5 * 3_600_000, nowMs - 60_000)),
    };
    state.trips.push(t);
    return t;
  };

  // Company A: ten completed trips over the last four weeks, one that left three hours ago and is
  // not completed yet, ten upcoming, one cancelled.
  const completedA: TripRec[] = [];
  const times = ['06:30', '07:30', '09:00', '11:00', '14:00', '16:30', '18:00'];
  for (let i = 0; i < 10; i++) {
    const offset = -1 - Math.floor(i * 2.7);
    completedA.push(trip(companyA, ROUTES_A[i % ROUTES_A.length]!, dayAt(offset, times[i % times.length]!), 'completed', fleetA[i % 3]!, driversA[i % 3]!));
  }
  const departedA = trip(companyA, ROUTES_A[2]!, iso(nowMs - 3 * 3_600_000), 'published', fleetA[2]!, driversA[0]!, 'Leaves from platform 4.');
  const upcomingA: TripRec[] = [];
  for (let i = 0; i < 10; i++) {
    const offset = 1 + Math.floor(i * 1.3);
    upcomingA.push(trip(companyA, ROUTES_A[(i + 3) % ROUTES_A.length]!, dayAt(offset, times[(i + 2) % times.length]!), 'published', fleetA[i % 4]!, driversA[(i + 1) % 3]!, i === 0 ? 'Two bags per passenger.' : null));
  }
  const cancelledA = trip(companyA, ROUTES_A[0]!, dayAt(3, '05:45'), 'cancelled', fleetA[1]!, driversA[2]!, 'Cancelled: road works near Saraqib.');

  const booking = (company: CompanyRec, t: TripRec, status: BookingStatus, seats: number, passenger: UserRec, hoursBefore: number, extra: Partial<BookingRec> = {}): BookingRec => {
    const createdAt = before(t.departureAt, hoursBefore);
    const moved = status === 'requested' ? createdAt : iso(Math.min(Date.parse(createdAt) + 2 * 3_600_000, nowMs - 60_000));
    const b: BookingRec = {
      id: id(), companyId: company.id, tripId: t.id, passengerId: passenger.id, status, seats,
      source: pick(['app', 'app', 'app', 'dashboard', 'partner_api']),
      boardedAt: status === 'boarded' ? iso(Date.parse(t.departureAt) - 10 * 60_000) : null,
      noShow: status === 'no_show', passengerNote: null, groupName: null, createdAt, updatedAt: moved, ...extra,
    };
    state.bookings.push(b);
    return b;
  };
  let passengerIndex = 0;
  const nextPassenger = (): UserRec => passengers[passengerIndex++ % passengers.length]!;
  const pastPattern: BookingStatus[] = ['boarded', 'boarded', 'no_show', 'boarded', 'cancelled', 'rejected', 'boarded'];
  const futurePattern: BookingStatus[] = ['requested', 'approved', 'approved', 'requested', 'rejected', 'cancelled', 'approved', 'requested'];
  let k = 0;
  for (const t of completedA) {
    for (let j = 0; j < 3; j++) booking(companyA, t, pastPattern[k++ % pastPattern.length]!, 1 + (k % 3), nextPassenger(), 30 + j * 11);
  }
  booking(companyA, departedA, 'boarded', 2, nextPassenger(), 20);
  booking(companyA, departedA, 'approved', 1, nextPassenger(), 26, { passengerNote: 'Will wait at the Clock Square.' });
  booking(companyA, departedA, 'approved', 3, nextPassenger(), 40, { groupName: 'Haddad family' });
  booking(companyA, departedA, 'requested', 1, nextPassenger(), 3);
  k = 0;
  for (const [i, t] of upcomingA.entries()) {
    const count = 2 + (i % 3);
    for (let j = 0; j < count; j++) {
      const status = futurePattern[k++ % futurePattern.length]!;
      booking(companyA, t, status, 1 + ((k + j) % Math.min(3, t.totalSeats)), nextPassenger(), 10 + j * 7 + i, {
        passengerNote: k % 5 === 0 ? 'Window seat please.' : null,
        groupName: k % 7 === 0 ? 'University trip' : null,
      });
    }
  }
  booking(companyA, cancelledA, 'cancelled', 2, nextPassenger(), 50);
  booking(companyA, cancelledA, 'cancelled', 1, nextPassenger(), 60);

  // Company B: its own data, never visible to A's keys.
  const completedB = trip(companyB, ROUTES_B[0]!, dayAt(-2, '08:00'), 'completed', fleetB[0]!, driverB);
  const departedB = trip(companyB, ROUTES_B[1]!, iso(nowMs - 2 * 3_600_000), 'published', fleetB[1]!, driverB);
  const upcomingB = [
    trip(companyB, ROUTES_B[0]!, dayAt(2, '08:00'), 'published', fleetB[0]!, driverB),
    trip(companyB, ROUTES_B[1]!, dayAt(4, '15:00'), 'published', fleetB[1]!, driverB),
  ];
  booking(companyB, completedB, 'boarded', 2, passengers[20]!, 30);
  booking(companyB, completedB, 'no_show', 1, passengers[21]!, 40);
  booking(companyB, departedB, 'approved', 2, passengers[22]!, 12);
  booking(companyB, upcomingB[0]!, 'requested', 1, passengers[23]!, 6);
  booking(companyB, upcomingB[0]!, 'approved', 2, passengers[0]!, 9);
  booking(companyB, upcomingB[1]!, 'requested', 3, passengers[1]!, 4);

  // Payments: what a paying passenger left behind, by booking status.
  const methods = ['card', 'cash', 'wallet'] as const;
  let m = 0;
  for (const b of state.bookings) {
    const t = state.trips.find((x) => x.id === b.tripId)!;
    let status: PaymentRec['status'] | null = null;
    if (b.status === 'boarded' || b.status === 'no_show') status = 'paid';
    else if (b.status === 'approved') status = m % 2 === 0 ? 'paid' : 'pending';
    else if (b.status === 'cancelled') status = m % 2 === 0 ? 'refunded' : null;
    else if (b.status === 'rejected' && m % 3 === 0) status = 'failed';
    m++;
    if (status === null) continue;
    const createdAt = iso(Date.parse(b.createdAt) + 10 * 60_000);
    state.payments.push({
      id: id(), companyId: b.companyId, bookingId: b.id, tripId: t.id, amount: b.seats * t.pricePerSeat, currency: CURRENCY,
      status, method: methods[m % 3]!, createdAt, updatedAt: status === 'paid' ? createdAt : b.updatedAt,
    });
  }

  // Payouts: four settled fortnights and the current one, pending.
  for (const company of [companyA, companyB]) {
    const paid = state.payments.filter((p) => p.companyId === company.id && p.status === 'paid').reduce((sum, p) => sum + p.amount, 0);
    for (let i = 4; i >= 0; i--) {
      const start = dayAt(-14 * (i + 1), '00:00');
      const end = dayAt(-14 * i, '00:00');
      state.payouts.push({
        id: id(), companyId: company.id, currency: CURRENCY, periodStart: start, periodEnd: end,
        amount: i === 0 ? Math.round(paid * 0.9) : 40_000_000 + Math.floor(random() * 30) * 1_000_000,
        status: i === 0 ? 'pending' : 'paid', paidAt: i === 0 ? null : iso(Date.parse(end) + 2 * 86_400_000),
      });
    }
  }

  // Reviews on completed trips, from passengers who boarded.
  let c = 0;
  for (const t of [...completedA, completedB]) {
    const boarded = state.bookings.filter((b) => b.tripId === t.id && b.status === 'boarded');
    for (const b of boarded.slice(0, 1 + (c % 2))) {
      const passenger = state.users.find((u) => u.id === b.passengerId)!;
      state.reviews.push({
        id: id(), companyId: t.companyId, tripId: t.id, rating: [5, 4, 5, 3, 2, 5, 4, 4][c % 8]!, comment: COMMENTS[c % COMMENTS.length]!,
        passengerName: passenger.fullName ?? passenger.phone, createdAt: iso(Math.min(Date.parse(t.departureAt) + 26 * 3_600_000, nowMs - 3_600_000)),
      });
      c++;
    }
  }

  // Schedules of A: an active weekly Damascus → Aleppo with a skipped date and an extra departure,
  // and a paused daily Homs → Latakia.
  const weekly: ScheduleRec = {
    id: id(), companyId: companyA.id, active: true, vehicleId: fleetA[0]!.id, driverId: driversA[0]!.id, fromCityId: 'damascus', toCityId: 'aleppo',
    pricePerSeat: 2_400_000, totalSeats: null, recurrence: 'weekly', weekdays: [0, 3], intervalDays: null, departureTime: '07:30',
    startsOn: dayAt(-21, '12:00').slice(0, 10), horizonDays: 14, notes: 'Weekly express, one stop in Homs.', exceptions: [], generated: [],
    createdAt: iso(nowMs - 21 * 86_400_000), updatedAt: iso(nowMs - 21 * 86_400_000),
  };
  const nextSunday = [...Array(14).keys()].map((i) => localDate(new Date(Date.parse(dayAt(i + 1, '12:00'))))).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 0)!;
  const aFriday = [...Array(14).keys()].map((i) => localDate(new Date(Date.parse(dayAt(i + 1, '12:00'))))).find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === 5)!;
  weekly.exceptions.push(
    { id: id(), date: nextSunday, kind: 'skip', departureTime: null, createdAt: weekly.createdAt },
    { id: id(), date: aFriday, kind: 'extra', departureTime: '15:00', createdAt: weekly.createdAt },
  );
  const paused: ScheduleRec = {
    id: id(), companyId: companyA.id, active: false, vehicleId: fleetA[2]!.id, driverId: driversA[1]!.id, fromCityId: 'homs', toCityId: 'latakia',
    pricePerSeat: 1_400_000, totalSeats: 14, recurrence: 'daily', weekdays: null, intervalDays: null, departureTime: '16:00',
    startsOn: dayAt(-60, '12:00').slice(0, 10), horizonDays: 7, notes: null, exceptions: [], generated: [],
    createdAt: iso(nowMs - 60 * 86_400_000), updatedAt: iso(nowMs - 10 * 86_400_000),
  };
  state.schedules.push(weekly, paused);
  const quiet: Core = { state, now: () => new Date(nowMs), newId: id, emit: () => {} };
  for (const t of generate(quiet, weekly)) t.createdAt = t.updatedAt = weekly.createdAt;

  return state;
}
