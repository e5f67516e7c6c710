// The seed's helpers: the state being built, the seeded generator (the same ids on every start),
// the demo's clock, and one method per kind of record that adds one to the state. seed.ts tells
// the story with them.
import { instantOf, localDate } from '../domain/schedules.js';
import {
  CURRENCY,
  type BookingRec,
  type BookingStatus,
  type CompanyRec,
  type MembershipRec,
  type Role,
  type State,
  type TripRec,
  type UserRec,
  type VehicleRec,
} from '../domain/state.js';
import { SEED, seededRandom, uuidFrom, type RouteSpec } from './demo-data.js';

/** The seeded generator, the clock of the demo, and helpers that add one record each. */
export abstract class SeedRecords {
  readonly state: State = {
    version: 1,
    clockOffsetMs: 0,
    companies: [],
    users: [],
    memberships: [],
    vehicles: [],
    trips: [],
    schedules: [],
    bookings: [],
    payments: [],
    payouts: [],
    reviews: [],
    webhooks: [],
    idempotency: [],
  };
  protected readonly random = seededRandom(SEED);
  protected readonly nowMs: number;
  protected readonly today: string;
  constructor(now: Date) {
    this.nowMs = Math.floor(now.getTime() / 60_000) * 60_000;
    this.today = localDate(now);
  }

  protected id = (): string => uuidFrom(this.random);
  protected pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }
  protected iso(ms: number): string {
    return new Date(ms).toISOString();
  }
  protected daysAgo(days: number): string {
    return this.iso(this.nowMs - days * 86_400_000);
  }
  protected dayAt(offset: number, time: string): string {
    const date = new Date(Date.parse(`${this.today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
    return instantOf(date, time);
  }
  protected before(at: string, hours: number): string {
    return this.iso(Math.min(Date.parse(at), this.nowMs) - hours * 3_600_000);
  }

  protected user(p: { fullName: string; phone: string }, daysAgo: number): UserRec {
    const u: UserRec = { id: this.id(), fullName: p.fullName, phone: p.phone, createdAt: this.daysAgo(daysAgo) };
    this.state.users.push(u);
    return u;
  }
  protected member(company: CompanyRec, u: UserRec, role: Role, daysAgo: number): MembershipRec {
    const m: MembershipRec = { companyId: company.id, userId: u.id, role, joinedAt: this.daysAgo(daysAgo) };
    this.state.memberships.push(m);
    return m;
  }
  protected vehicle(company: CompanyRec, v: Omit<VehicleRec, 'id' | 'companyId' | 'createdAt' | 'updatedAt'>, daysAgo: number): VehicleRec {
    const rec: VehicleRec = {
      id: this.id(),
      companyId: company.id,
      ...v,
      createdAt: this.daysAgo(daysAgo),
      updatedAt: this.daysAgo(daysAgo),
    };
    this.state.vehicles.push(rec);
    return rec;
  }
  protected trip(
    company: CompanyRec,
    route: RouteSpec,
    departureAt: string,
    status: TripRec['status'],
    v: VehicleRec,
    driver: UserRec,
    notes: string | null = null,
  ): TripRec {
    const createdAt = this.before(departureAt, 24 * 5);
    const t: TripRec = {
      id: this.id(),
      companyId: company.id,
      status,
      vehicleId: v.id,
      driverId: driver.id,
      fromCityId: route.from,
      toCityId: route.to,
      departureAt,
      pricePerSeat: route.price,
      currency: CURRENCY,
      totalSeats: v.seats,
      fromPlacePcode: route.fromPlace,
      toPlacePcode: route.toPlace,
      notes,
      scheduleId: null,
      createdAt,
      updatedAt: status === 'published' ? createdAt : this.iso(Math.min(Date.parse(departureAt) + 5 * 3_600_000, this.nowMs - 60_000)),
    };
    this.state.trips.push(t);
    return t;
  }
  protected booking(
    company: CompanyRec,
    t: TripRec,
    status: BookingStatus,
    seats: number,
    passenger: UserRec,
    hoursBefore: number,
    extra: Partial<BookingRec> = {},
  ): BookingRec {
    const createdAt = this.before(t.departureAt, hoursBefore);
    const moved = status === 'requested' ? createdAt : this.iso(Math.min(Date.parse(createdAt) + 2 * 3_600_000, this.nowMs - 60_000));
    const b: BookingRec = {
      id: this.id(),
      companyId: company.id,
      tripId: t.id,
      passengerId: passenger.id,
      status,
      seats,
      source: this.pick(['app', 'app', 'app', 'dashboard', 'partner_api']),
      boardedAt: status === 'boarded' ? this.iso(Date.parse(t.departureAt) - 10 * 60_000) : null,
      noShow: status === 'no_show',
      passengerNote: null,
      groupName: null,
      createdAt,
      updatedAt: moved,
      ...extra,
    };
    this.state.bookings.push(b);
    return b;
  }
}
