// Longer than most files, on purpose: one story whose steps draw ids from one seeded sequence in turn, so they stay
// in one class; its record helpers are records.ts and its fixed data demo-data.ts.
// Deterministic demo data: ids from a seeded generator (the same on every start), times relative
// to the sandbox clock at seeding. Company A ("Qasioun Express") is the keys' company; company B
// ("Orontes Lines") exists so isolation is real.
import type { Core } from '../domain/model.js';
import { generate, localDate } from '../domain/schedules.js';
import {
  CURRENCY,
  type BookingStatus,
  type CompanyRec,
  type PaymentRec,
  type ScheduleRec,
  type State,
  type TripRec,
  type UserRec,
  type VehicleRec,
} from '../domain/state.js';
import { COMMENTS, FIRST, FLEET_A, FLEET_B, LAST, PEOPLE, ROUTES_A, ROUTES_B, SPARE_A } from './demo-data.js';
import { SeedRecords } from './records.js';

export { CITIES, PLACES, PEOPLE } from './demo-data.js';

/** Builds the whole demo state at `now`: the same ids and the same story on every start. */
export function seed(now: Date): State {
  const demo = new DemoBuilder(now);
  // The order matters: ids come from one seeded sequence, so each step draws them in turn.
  demo.companies();
  demo.people();
  demo.fleets();
  demo.tripsOfA();
  demo.bookingsOfA();
  demo.tripsAndBookingsOfB();
  demo.payments();
  demo.payouts();
  demo.reviews();
  demo.schedules();
  return demo.state;
}

const TIMES = ['06:30', '07:30', '09:00', '11:00', '14:00', '16:30', '18:00'];

/** The demo's story, step by step, on the records' helpers. */
class DemoBuilder extends SeedRecords {
  private companyA!: CompanyRec;
  private companyB!: CompanyRec;
  private driversA: UserRec[] = [];
  private driverB!: UserRec;
  private passengers: UserRec[] = [];
  private passengerIndex = 0;
  private fleetA: VehicleRec[] = [];
  private fleetB: VehicleRec[] = [];
  private completedA: TripRec[] = [];
  private departedA!: TripRec;
  private upcomingA: TripRec[] = [];
  private cancelledA!: TripRec;
  private completedB!: TripRec;

  private nextPassenger(): UserRec {
    return this.passengers[this.passengerIndex++ % this.passengers.length]!;
  }

  companies(): void {
    const founded = this.daysAgo(400);
    this.companyA = {
      id: this.id(),
      name: 'Qasioun Express',
      verified: true,
      createdAt: founded,
      logo: null,
      description:
        'Daily intercity coaches between Damascus, Aleppo, Homs and the coast since 2009. Air-conditioned buses, licensed drivers, online booking.',
    };
    this.companyB = {
      id: this.id(),
      name: 'Orontes Lines',
      verified: true,
      createdAt: founded,
      logo: null,
      description: 'Minibus service along the Orontes valley: Hama, Homs, Aleppo and Tartus.',
    };
    this.state.companies.push(this.companyA, this.companyB);
  }

  /** Members of both companies, registered users in none, and 24 passengers. */
  people(): void {
    const { companyA, companyB } = this;
    this.member(companyA, this.user(PEOPLE.ownerA, 390), 'owner', 390);
    this.member(companyA, this.user(PEOPLE.adminA, 300), 'admin', 300);
    this.member(companyA, this.user(PEOPLE.staffA, 200), 'staff', 200);
    this.driversA = PEOPLE.driversA.map((p, i) => {
      const u = this.user(p, 250 - i * 40);
      this.member(companyA, u, 'driver', 250 - i * 40);
      return u;
    });
    this.member(companyB, this.user(PEOPLE.ownerB, 380), 'owner', 380);
    this.member(companyB, this.user(PEOPLE.staffB, 150), 'staff', 150);
    this.driverB = this.user(PEOPLE.driverB, 140);
    this.member(companyB, this.driverB, 'driver', 140);
    for (const [i, p] of PEOPLE.unaffiliated.entries()) this.user(p, 60 + i);
    for (let i = 0; i < 24; i++) {
      this.passengers.push(
        this.user(
          { fullName: `${FIRST[i]!} ${LAST[i % LAST.length]!}`, phone: `+96393${String(1_000_000 + i * 7919).padStart(7, '0')}` },
          30 + i,
        ),
      );
    }
  }

  fleets(): void {
    this.fleetA = FLEET_A.map(({ daysAgo, ...v }) => this.vehicle(this.companyA, v, daysAgo));
    this.vehicle(this.companyA, SPARE_A.vehicle, SPARE_A.daysAgo);
    this.fleetB = FLEET_B.map(({ daysAgo, ...v }) => this.vehicle(this.companyB, v, daysAgo));
  }

  /** Company A: ten completed trips over the last four weeks, one that left three hours ago and is
   *  not completed yet, ten upcoming, one cancelled. */
  tripsOfA(): void {
    const { companyA, fleetA, driversA } = this;
    for (let i = 0; i < 10; i++) {
      const offset = -1 - Math.floor(i * 2.7);
      this.completedA.push(
        this.trip(
          companyA,
          ROUTES_A[i % ROUTES_A.length]!,
          this.dayAt(offset, TIMES[i % TIMES.length]!),
          'completed',
          fleetA[i % 3]!,
          driversA[i % 3]!,
        ),
      );
    }
    this.departedA = this.trip(
      companyA,
      ROUTES_A[2]!,
      this.iso(this.nowMs - 3 * 3_600_000),
      'published',
      fleetA[2]!,
      driversA[0]!,
      'Leaves from platform 4.',
    );
    for (let i = 0; i < 10; i++) {
      const offset = 1 + Math.floor(i * 1.3);
      this.upcomingA.push(
        this.trip(
          companyA,
          ROUTES_A[(i + 3) % ROUTES_A.length]!,
          this.dayAt(offset, TIMES[(i + 2) % TIMES.length]!),
          'published',
          fleetA[i % 4]!,
          driversA[(i + 1) % 3]!,
          i === 0 ? 'Two bags per passenger.' : null,
        ),
      );
    }
    this.cancelledA = this.trip(
      companyA,
      ROUTES_A[0]!,
      this.dayAt(3, '05:45'),
      'cancelled',
      fleetA[1]!,
      driversA[2]!,
      'Cancelled: road works near Saraqib.',
    );
  }

  /** Bookings in every status: past ones boarded or not, upcoming ones waiting or decided. */
  bookingsOfA(): void {
    const { companyA, departedA, cancelledA } = this;
    const pastPattern: BookingStatus[] = ['boarded', 'boarded', 'no_show', 'boarded', 'cancelled', 'rejected', 'boarded'];
    const futurePattern: BookingStatus[] = [
      'requested',
      'approved',
      'approved',
      'requested',
      'rejected',
      'cancelled',
      'approved',
      'requested',
    ];
    let k = 0;
    for (const t of this.completedA) {
      for (let j = 0; j < 3; j++)
        this.booking(companyA, t, pastPattern[k++ % pastPattern.length]!, 1 + (k % 3), this.nextPassenger(), 30 + j * 11);
    }
    this.booking(companyA, departedA, 'boarded', 2, this.nextPassenger(), 20);
    this.booking(companyA, departedA, 'approved', 1, this.nextPassenger(), 26, { passengerNote: 'Will wait at the Clock Square.' });
    this.booking(companyA, departedA, 'approved', 3, this.nextPassenger(), 40, { groupName: 'Haddad family' });
    this.booking(companyA, departedA, 'requested', 1, this.nextPassenger(), 3);
    k = 0;
    for (const [i, t] of this.upcomingA.entries()) {
      const count = 2 + (i % 3);
      for (let j = 0; j < count; j++) {
        const status = futurePattern[k++ % futurePattern.length]!;
        this.booking(companyA, t, status, 1 + ((k + j) % Math.min(3, t.totalSeats)), this.nextPassenger(), 10 + j * 7 + i, {
          passengerNote: k % 5 === 0 ? 'Window seat please.' : null,
          groupName: k % 7 === 0 ? 'University trip' : null,
        });
      }
    }
    this.booking(companyA, cancelledA, 'cancelled', 2, this.nextPassenger(), 50);
    this.booking(companyA, cancelledA, 'cancelled', 1, this.nextPassenger(), 60);
  }

  /** Company B: its own trips and bookings, never visible to A's keys. */
  tripsAndBookingsOfB(): void {
    const { companyB, fleetB, driverB, passengers } = this;
    this.completedB = this.trip(companyB, ROUTES_B[0]!, this.dayAt(-2, '08:00'), 'completed', fleetB[0]!, driverB);
    const departedB = this.trip(companyB, ROUTES_B[1]!, this.iso(this.nowMs - 2 * 3_600_000), 'published', fleetB[1]!, driverB);
    const upcomingB = [
      this.trip(companyB, ROUTES_B[0]!, this.dayAt(2, '08:00'), 'published', fleetB[0]!, driverB),
      this.trip(companyB, ROUTES_B[1]!, this.dayAt(4, '15:00'), 'published', fleetB[1]!, driverB),
    ];
    this.booking(companyB, this.completedB, 'boarded', 2, passengers[20]!, 30);
    this.booking(companyB, this.completedB, 'no_show', 1, passengers[21]!, 40);
    this.booking(companyB, departedB, 'approved', 2, passengers[22]!, 12);
    this.booking(companyB, upcomingB[0]!, 'requested', 1, passengers[23]!, 6);
    this.booking(companyB, upcomingB[0]!, 'approved', 2, passengers[0]!, 9);
    this.booking(companyB, upcomingB[1]!, 'requested', 3, passengers[1]!, 4);
  }

  /** What a paying passenger left behind, by booking status. */
  payments(): void {
    const methods = ['card', 'cash', 'wallet'] as const;
    let m = 0;
    for (const b of this.state.bookings) {
      const t = this.state.trips.find((x) => x.id === b.tripId)!;
      let status: PaymentRec['status'] | null = null;
      if (b.status === 'boarded' || b.status === 'no_show') status = 'paid';
      else if (b.status === 'approved') status = m % 2 === 0 ? 'paid' : 'pending';
      else if (b.status === 'cancelled') status = m % 2 === 0 ? 'refunded' : null;
      else if (b.status === 'rejected' && m % 3 === 0) status = 'failed';
      m++;
      if (status === null) continue;
      const createdAt = this.iso(Date.parse(b.createdAt) + 10 * 60_000);
      this.state.payments.push({
        id: this.id(),
        companyId: b.companyId,
        bookingId: b.id,
        tripId: t.id,
        amount: b.seats * t.pricePerSeat,
        currency: CURRENCY,
        status,
        method: methods[m % 3]!,
        createdAt,
        updatedAt: status === 'paid' ? createdAt : b.updatedAt,
      });
    }
  }

  /** Four settled fortnights and the current one, pending. */
  payouts(): void {
    for (const company of [this.companyA, this.companyB]) {
      const paid = this.state.payments
        .filter((p) => p.companyId === company.id && p.status === 'paid')
        .reduce((sum, p) => sum + p.amount, 0);
      for (let i = 4; i >= 0; i--) {
        const start = this.dayAt(-14 * (i + 1), '00:00');
        const end = this.dayAt(-14 * i, '00:00');
        this.state.payouts.push({
          id: this.id(),
          companyId: company.id,
          currency: CURRENCY,
          periodStart: start,
          periodEnd: end,
          amount: i === 0 ? Math.round(paid * 0.9) : 40_000_000 + Math.floor(this.random() * 30) * 1_000_000,
          status: i === 0 ? 'pending' : 'paid',
          paidAt: i === 0 ? null : this.iso(Date.parse(end) + 2 * 86_400_000),
        });
      }
    }
  }

  /** Reviews on completed trips, from passengers who boarded. */
  reviews(): void {
    let c = 0;
    for (const t of [...this.completedA, this.completedB]) {
      const boarded = this.state.bookings.filter((b) => b.tripId === t.id && b.status === 'boarded');
      for (const b of boarded.slice(0, 1 + (c % 2))) {
        const passenger = this.state.users.find((u) => u.id === b.passengerId)!;
        this.state.reviews.push({
          id: this.id(),
          companyId: t.companyId,
          tripId: t.id,
          rating: [5, 4, 5, 3, 2, 5, 4, 4][c % 8]!,
          comment: COMMENTS[c % COMMENTS.length]!,
          passengerName: passenger.fullName ?? passenger.phone,
          createdAt: this.iso(Math.min(Date.parse(t.departureAt) + 26 * 3_600_000, this.nowMs - 3_600_000)),
        });
        c++;
      }
    }
  }

  /** Schedules of A: an active weekly Damascus → Aleppo with a skipped date and an extra
   *  departure, and a paused daily Homs → Latakia; the weekly one publishes its trips. */
  schedules(): void {
    const { companyA, fleetA, driversA, nowMs } = this;
    const weekly: ScheduleRec = {
      id: this.id(),
      companyId: companyA.id,
      active: true,
      vehicleId: fleetA[0]!.id,
      driverId: driversA[0]!.id,
      fromCityId: 'damascus',
      toCityId: 'aleppo',
      pricePerSeat: 2_400_000,
      totalSeats: null,
      recurrence: 'weekly',
      weekdays: [0, 3],
      intervalDays: null,
      departureTime: '07:30',
      startsOn: this.dayAt(-21, '12:00').slice(0, 10),
      horizonDays: 14,
      notes: 'Weekly express, one stop in Homs.',
      exceptions: [],
      generated: [],
      createdAt: this.daysAgo(21),
      updatedAt: this.daysAgo(21),
    };
    const comingDay = (weekday: number) =>
      [...Array(14).keys()]
        .map((i) => localDate(new Date(Date.parse(this.dayAt(i + 1, '12:00')))))
        .find((d) => new Date(`${d}T00:00:00Z`).getUTCDay() === weekday)!;
    weekly.exceptions.push(
      { id: this.id(), date: comingDay(0), kind: 'skip', departureTime: null, createdAt: weekly.createdAt },
      { id: this.id(), date: comingDay(5), kind: 'extra', departureTime: '15:00', createdAt: weekly.createdAt },
    );
    const paused: ScheduleRec = {
      id: this.id(),
      companyId: companyA.id,
      active: false,
      vehicleId: fleetA[2]!.id,
      driverId: driversA[1]!.id,
      fromCityId: 'homs',
      toCityId: 'latakia',
      pricePerSeat: 1_400_000,
      totalSeats: 14,
      recurrence: 'daily',
      weekdays: null,
      intervalDays: null,
      departureTime: '16:00',
      startsOn: this.dayAt(-60, '12:00').slice(0, 10),
      horizonDays: 7,
      notes: null,
      exceptions: [],
      generated: [],
      createdAt: this.daysAgo(60),
      updatedAt: this.daysAgo(10),
    };
    this.state.schedules.push(weekly, paused);
    const quiet: Core = { state: this.state, now: () => new Date(nowMs), newId: this.id, emit: () => {} };
    for (const t of generate(quiet, weekly)) t.createdAt = t.updatedAt = weekly.createdAt;
  }
}
