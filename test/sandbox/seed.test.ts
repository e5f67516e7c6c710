// The demo data: deterministic ids, times relative to the clock, and everything the description
// asks the sandbox to hold (cities with Arabic names, places with P-codes, every role, bookings in
// every state, a second company).
import { describe, expect, it } from 'vitest';
import { HOLDING } from '../../src/sandbox/domain/model.js';
import { CITIES, PLACES, seed } from '../../src/sandbox/seed/seed.js';
import { BOOKING_STATUSES, ROLES, TRIP_STATUSES } from '../../src/sandbox/domain/state.js';

const NOW = new Date('2026-09-01T06:00:00.000Z');

describe('seed', () => {
  it('gives the same ids on every start, with times relative to now', () => {
    const a = seed(NOW);
    const b = seed(new Date(NOW.getTime() + 7 * 86_400_000));
    const ids = (s: typeof a) => [...s.companies, ...s.users, ...s.vehicles, ...s.bookings, ...s.payments].map((x) => x.id);
    expect(ids(b)).toEqual(ids(a));
    expect(Date.parse(b.trips[0]!.departureAt) - Date.parse(a.trips[0]!.departureAt)).toBe(7 * 86_400_000);
    expect(JSON.stringify(seed(NOW))).toBe(JSON.stringify(a));
  });

  it('holds twelve cities with Arabic names and two to four places with P-codes each', () => {
    expect(CITIES.map((c) => c.id)).toEqual([
      'damascus',
      'aleppo',
      'homs',
      'hama',
      'latakia',
      'tartus',
      'daraa',
      'deir-ez-zor',
      'raqqa',
      'idlib',
      'suwayda',
      'qamishli',
    ]);
    for (const city of CITIES) {
      expect(city.nameAr).toMatch(/[\u0600-\u06FF]/);
      const places = PLACES.filter((p) => p.cityId === city.id);
      expect(places.length, city.id).toBeGreaterThanOrEqual(2);
      expect(places.length, city.id).toBeLessThanOrEqual(4);
    }
    for (const place of PLACES) {
      expect(place.pcode).toMatch(/^SY\d{4}$/);
      expect(place.nameAr).toMatch(/[\u0600-\u06FF]/);
    }
    expect(new Set(PLACES.map((p) => p.pcode)).size).toBe(PLACES.length);
  });

  it('gives company A every role, trip status and booking status, enough bookings for several pages, and B its own data', () => {
    const state = seed(NOW);
    const [a, b] = state.companies;
    expect(a).toMatchObject({ name: 'Qasioun Express', verified: true });
    expect(a!.description.length).toBeGreaterThan(20);
    expect(b!.name).toBe('Orontes Lines');
    const roles = new Set(state.memberships.filter((m) => m.companyId === a!.id).map((m) => m.role));
    expect([...roles].sort()).toEqual([...ROLES].sort());
    const tripStatuses = new Set(state.trips.filter((t) => t.companyId === a!.id).map((t) => t.status));
    expect([...tripStatuses].sort()).toEqual([...TRIP_STATUSES].sort());
    expect(state.trips.some((t) => t.companyId === a!.id && t.status === 'published' && Date.parse(t.departureAt) < NOW.getTime())).toBe(
      true,
    );
    const bookingsA = state.bookings.filter((x) => x.companyId === a!.id);
    expect(bookingsA.length).toBeGreaterThanOrEqual(60);
    expect([...new Set(bookingsA.map((x) => x.status))].sort()).toEqual([...BOOKING_STATUSES].sort());
    for (const company of [a!, b!]) {
      expect(state.vehicles.some((v) => v.companyId === company.id)).toBe(true);
      expect(state.trips.some((t) => t.companyId === company.id)).toBe(true);
      expect(state.bookings.some((x) => x.companyId === company.id)).toBe(true);
      expect(state.payments.some((p) => p.companyId === company.id)).toBe(true);
      expect(state.payouts.some((p) => p.companyId === company.id)).toBe(true);
      expect(state.reviews.some((r) => r.companyId === company.id)).toBe(true);
    }
    expect(state.schedules.some((s) => s.active) && state.schedules.some((s) => !s.active)).toBe(true);
    expect(state.trips.some((t) => t.scheduleId !== null)).toBe(true);
  });

  it('keeps the data consistent: seats within the trip, plates like DAM-123456, users with Syrian phones, some outside any company', () => {
    const state = seed(NOW);
    for (const trip of state.trips) {
      const held = state.bookings.filter((x) => x.tripId === trip.id && HOLDING.has(x.status)).reduce((n, x) => n + x.seats, 0);
      expect(held, trip.id).toBeLessThanOrEqual(trip.totalSeats);
      const vehicle = state.vehicles.find((v) => v.id === trip.vehicleId)!;
      expect(vehicle.companyId).toBe(trip.companyId);
      expect(trip.totalSeats).toBeLessThanOrEqual(vehicle.seats);
      expect(state.memberships.some((m) => m.userId === trip.driverId && m.companyId === trip.companyId)).toBe(true);
    }
    for (const booking of state.bookings) {
      expect(state.trips.find((t) => t.id === booking.tripId)!.companyId).toBe(booking.companyId);
      expect(Date.parse(booking.createdAt)).toBeLessThanOrEqual(NOW.getTime());
      expect(booking.boardedAt !== null).toBe(booking.status === 'boarded');
      expect(booking.noShow).toBe(booking.status === 'no_show');
    }
    for (const v of state.vehicles) expect(v.plate).toMatch(/^[A-Z]{3}-\d{6}$/);
    for (const u of state.users) expect(u.phone).toMatch(/^\+9639\d{8}$/);
    expect(new Set(state.users.map((u) => u.phone)).size).toBe(state.users.length);
    const members = new Set(state.memberships.map((m) => m.userId));
    expect(state.users.filter((u) => !members.has(u.id)).length).toBeGreaterThanOrEqual(5);
  });
});
