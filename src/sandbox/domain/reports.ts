// Report aggregation: the dashboard's counts and the report's figures over trips departing in a
// date range (bookings and payments count through their trip).
import { seatsBooked, type Core } from './model.js';
import { localDate } from './schedules.js';
import { BOOKING_STATUSES, CURRENCY, ROLES, TRIP_STATUSES, type BookingRec, type CompanyRec } from './state.js';

export function dashboardOf(core: Core, company: CompanyRec) {
  const now = core.now().getTime();
  const trips = core.state.trips.filter((t) => t.companyId === company.id);
  const bookings = core.state.bookings.filter((b) => b.companyId === company.id);
  const payments = core.state.payments.filter((p) => p.companyId === company.id);
  const byStatus = Object.fromEntries([...BOOKING_STATUSES].map((s) => [s, bookings.filter((b) => b.status === s).length])) as Record<
    string,
    number
  >;
  const upcoming = trips.filter((t) => t.status === 'published' && Date.parse(t.departureAt) > now);
  const vehicles = core.state.vehicles.filter((v) => v.companyId === company.id);
  const reviews = core.state.reviews.filter((r) => r.companyId === company.id);
  const sum = (status: string) => payments.filter((p) => p.status === status).reduce((a, p) => a + p.amount, 0);
  const payouts = core.state.payouts.filter((p) => p.companyId === company.id);
  return {
    generatedAt: core.now().toISOString(),
    trips: {
      upcoming: upcoming.length,
      departedNotCompleted: trips.filter((t) => t.status === 'published' && Date.parse(t.departureAt) <= now).length,
      completed: trips.filter((t) => t.status === 'completed').length,
      cancelled: trips.filter((t) => t.status === 'cancelled').length,
    },
    bookings: { ...byStatus, total: bookings.length },
    seatsSoldUpcoming: upcoming.reduce((a, t) => a + seatsBooked(core.state, t.id), 0),
    revenue: { currency: CURRENCY, paid: sum('paid'), pending: sum('pending'), refunded: sum('refunded') },
    payouts: {
      paid: payouts.filter((p) => p.status === 'paid').reduce((a, p) => a + p.amount, 0),
      pending: payouts.filter((p) => p.status === 'pending').reduce((a, p) => a + p.amount, 0),
    },
    fleet: { vehicles: vehicles.length, seats: vehicles.reduce((a, v) => a + v.seats, 0) },
    members: Object.fromEntries(
      ROLES.map((r) => [r, core.state.memberships.filter((m) => m.companyId === company.id && m.role === r).length]),
    ),
    reviews: {
      count: reviews.length,
      averageRating: reviews.length ? Math.round((reviews.reduce((a, r) => a + r.rating, 0) / reviews.length) * 100) / 100 : null,
    },
  };
}

export function reportOf(core: Core, company: CompanyRec, from: string | null, to: string | null) {
  const trips = core.state.trips.filter((t) => {
    if (t.companyId !== company.id) return false;
    const day = localDate(new Date(t.departureAt));
    return (from === null || day >= from) && (to === null || day <= to);
  });
  const tripIds = new Set(trips.map((t) => t.id));
  const bookings = core.state.bookings.filter((b) => tripIds.has(b.tripId));
  const payments = core.state.payments.filter((p) => tripIds.has(p.tripId));
  const sum = (list: typeof payments, ...statuses: string[]) =>
    list.filter((p) => statuses.includes(p.status)).reduce((a, p) => a + p.amount, 0);
  const sold = (b: BookingRec) => b.status === 'approved' || b.status === 'boarded' || b.status === 'no_show';
  const routes = new Map<
    string,
    { fromCityId: string; toCityId: string; trips: number; bookings: number; seats: number; revenue: number }
  >();
  for (const t of trips) {
    const key = `${t.fromCityId}>${t.toCityId}`;
    const row = routes.get(key) ?? { fromCityId: t.fromCityId, toCityId: t.toCityId, trips: 0, bookings: 0, seats: 0, revenue: 0 };
    row.trips++;
    const tb = bookings.filter((b) => b.tripId === t.id);
    row.bookings += tb.length;
    row.seats += tb.filter(sold).reduce((a, b) => a + b.seats, 0);
    row.revenue += sum(
      payments.filter((p) => p.tripId === t.id),
      'paid',
    );
    routes.set(key, row);
  }
  return {
    from,
    to,
    currency: CURRENCY,
    trips: { ...Object.fromEntries(TRIP_STATUSES.map((s) => [s, trips.filter((t) => t.status === s).length])), total: trips.length },
    bookings: {
      ...Object.fromEntries(BOOKING_STATUSES.map((s) => [s, bookings.filter((b) => b.status === s).length])),
      total: bookings.length,
    },
    seats: {
      sold: bookings.filter(sold).reduce((a, b) => a + b.seats, 0),
      boarded: bookings.filter((b) => b.status === 'boarded').reduce((a, b) => a + b.seats, 0),
      noShow: bookings.filter((b) => b.status === 'no_show').reduce((a, b) => a + b.seats, 0),
    },
    revenue: {
      gross: sum(payments, 'paid', 'refunded'),
      refunded: sum(payments, 'refunded'),
      net: sum(payments, 'paid'),
      pending: sum(payments, 'pending'),
    },
    routes: [...routes.values()].sort((a, b) => b.revenue - a.revenue || a.fromCityId.localeCompare(b.fromCityId)),
  };
}
