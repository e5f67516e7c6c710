// Sheets (contracts.ts) built from the sandbox's own data: the seven report export types and the
// invoice of a payment. files/ turns a Sheet into csv, xlsx or pdf bytes.
import type { PageSize, Sheet } from '../contracts.js';
import type { Core } from './model.js';
import { seatsBooked } from './model.js';
import { localDate } from './schedules.js';
import { CITIES } from '../seed/seed.js';
import { COMPANY_TIME_ZONE, CURRENCY, type CompanyRec, type PaymentRec } from './state.js';
import { majorText } from '../files/csv.js';
import { isoInZone } from '../../input/zones.js';

export const REPORT_TYPES = ['bookings', 'trips', 'revenue', 'drivers', 'routes', 'fleet', 'reviews'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

// Cities in English and in Arabic, in two columns: a person of either language finds theirs, and
// a spreadsheet can sort and filter each.
const cityName = (id: string): string => CITIES.find((c) => c.id === id)?.name ?? id;
const cityNameAr = (id: string): string => CITIES.find((c) => c.id === id)?.nameAr ?? id;
const route = (from: string, to: string): string => `${cityName(from)} - ${cityName(to)}`;
const routeAr = (from: string, to: string): string => `${cityNameAr(from)} - ${cityNameAr(to)}`;
/** Money columns hold minor units of SYP; the file builders show them in pounds (files/csv.ts). */
const money = (...columns: string[]): Sheet['money'] => ({ columns, currency: CURRENCY });
/** Time columns hold the company's wall clock with its offset; xlsx and pdf name the zone (files/times.ts). */
const times = (...columns: string[]): Sheet['times'] => ({ columns, zone: COMPANY_TIME_ZONE });
/** An instant of the API (…Z) as the company's wall clock with its offset: 2026-11-28T22:24:00+03:00. */
const local = (iso: string | null | undefined): string | null => (iso ? isoInZone(new Date(iso), COMPANY_TIME_ZONE) : null);
/** The same, for a person reading a line of text: `2026-11-28 22:24 Asia/Damascus`. */
const localText = (iso: string): string => `${local(iso)!.slice(0, 16).replace('T', ' ')} ${COMPANY_TIME_ZONE}`;

/**
 * The page of each export's PDF, chosen so that every column, ids whole, fits at the table's 8 pt
 * (the export's description in the OpenAPI document says the same, from this table).
 */
export const REPORT_PAGES: Record<ReportType, PageSize> = {
  bookings: 'A3 landscape',
  trips: 'A3 landscape',
  revenue: 'A4 landscape',
  drivers: 'A4 landscape',
  routes: 'A4 landscape',
  fleet: 'A4 landscape',
  reviews: 'A3 landscape',
};

export function invoiceSheet(core: Core, company: CompanyRec, payment: PaymentRec): Sheet {
  const { state } = core;
  const booking = state.bookings.find((b) => b.id === payment.bookingId);
  const trip = state.trips.find((t) => t.id === payment.tripId);
  const passenger = booking ? state.users.find((u) => u.id === booking.passengerId) : undefined;
  const rows: Sheet['rows'] = [
    ['Invoice number', `INV-${payment.id.slice(0, 8).toUpperCase()}`],
    ['Payment', payment.id],
    ['Issued by', company.name],
    ['Date', local(payment.createdAt)!.slice(0, 10)],
    ['Status', payment.status],
    ['Method', payment.method],
    ['Booking', payment.bookingId],
    // The phone is isolated (LRI…PDI), so an Arabic name before it does not carry its '+' to the far side.
    ['Passenger', passenger ? `${passenger.fullName ?? ''} \u2066${passenger.phone}\u2069`.trim() : ''],
    ['Trip', trip ? `${route(trip.fromCityId, trip.toCityId)}, ${localText(trip.departureAt)}` : payment.tripId],
    ['الرحلة', trip ? routeAr(trip.fromCityId, trip.toCityId) : ''],
    ['Seats', booking?.seats ?? null],
    ['Price per seat', trip ? `${majorText(trip.pricePerSeat, trip.currency)} ${trip.currency}` : ''],
    ['Amount', `${majorText(payment.amount, payment.currency)} ${payment.currency}`],
  ];
  return {
    title: `Invoice INV-${payment.id.slice(0, 8).toUpperCase()}`,
    titleAr: 'فاتورة',
    subtitle: `${company.name} - payment ${payment.id}`,
    columns: ['Item', 'Value'],
    rows,
  };
}

export function buildSheet(core: Core, company: CompanyRec, type: ReportType): Sheet {
  const { state } = core;
  const subtitle = `${company.name}, generated ${localText(core.now().toISOString())}`;
  const page = REPORT_PAGES[type];
  const trips = state.trips.filter((t) => t.companyId === company.id).sort((a, b) => b.departureAt.localeCompare(a.departureAt));
  const bookings = state.bookings.filter((b) => b.companyId === company.id).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const payments = state.payments.filter((p) => p.companyId === company.id);
  const tripOf = (id: string) => state.trips.find((t) => t.id === id);
  const userOf = (id: string) => state.users.find((u) => u.id === id);
  const vehicleOf = (id: string) => state.vehicles.find((v) => v.id === id);
  switch (type) {
    case 'bookings':
      return {
        title: 'Bookings',
        titleAr: 'الحجوزات',
        subtitle,
        columns: [
          'id',
          'createdAt',
          'status',
          'tripId',
          'route',
          'routeAr',
          'departureAt',
          'passenger',
          'phone',
          'seats',
          'source',
          'boardedAt',
          'noShow',
          'groupName',
        ],
        times: times('createdAt', 'departureAt', 'boardedAt'),
        page,
        rows: bookings.map((b) => {
          const t = tripOf(b.tripId);
          const u = userOf(b.passengerId);
          return [
            b.id,
            local(b.createdAt),
            b.status,
            b.tripId,
            t ? route(t.fromCityId, t.toCityId) : '',
            t ? routeAr(t.fromCityId, t.toCityId) : '',
            local(t?.departureAt),
            u?.fullName ?? null,
            u?.phone ?? null,
            b.seats,
            b.source,
            local(b.boardedAt),
            b.noShow,
            b.groupName,
          ];
        }),
      };
    case 'trips':
      return {
        title: 'Trips',
        titleAr: 'الرحلات',
        subtitle,
        columns: [
          'id',
          'departureAt',
          'route',
          'routeAr',
          'status',
          'plate',
          'driver',
          'totalSeats',
          'seatsBooked',
          'pricePerSeat',
          'currency',
        ],
        money: money('pricePerSeat'),
        times: times('departureAt'),
        page,
        rows: trips.map((t) => [
          t.id,
          local(t.departureAt),
          route(t.fromCityId, t.toCityId),
          routeAr(t.fromCityId, t.toCityId),
          t.status,
          vehicleOf(t.vehicleId)?.plate ?? null,
          userOf(t.driverId)?.fullName ?? null,
          t.totalSeats,
          seatsBooked(state, t.id),
          t.pricePerSeat,
          t.currency,
        ]),
      };
    case 'revenue': {
      const days = new Map<string, { payments: number; paid: number; pending: number; refunded: number; failed: number }>();
      for (const p of payments) {
        const day = localDate(new Date(p.createdAt));
        const row = days.get(day) ?? { payments: 0, paid: 0, pending: 0, refunded: 0, failed: 0 };
        row.payments++;
        row[p.status] += p.amount;
        days.set(day, row);
      }
      return {
        title: 'Revenue by day',
        titleAr: 'الإيرادات حسب اليوم',
        subtitle: `${subtitle}; amounts in ${CURRENCY}`,
        columns: ['date', 'payments', 'paid', 'pending', 'refunded', 'failed', 'currency'],
        page,
        money: money('paid', 'pending', 'refunded', 'failed'),
        rows: [...days.entries()]
          .sort((a, b) => b[0].localeCompare(a[0]))
          .map(([day, r]) => [day, r.payments, r.paid, r.pending, r.refunded, r.failed, CURRENCY]),
      };
    }
    case 'drivers': {
      const now = core.now().getTime();
      const drivers = state.memberships.filter((m) => m.companyId === company.id && m.role === 'driver');
      return {
        title: 'Drivers',
        titleAr: 'السائقون',
        subtitle,
        columns: ['driverId', 'fullName', 'phone', 'trips', 'completed', 'upcoming', 'passengersBoarded'],
        page,
        rows: drivers.map((m) => {
          const u = userOf(m.userId)!;
          const theirs = trips.filter((t) => t.driverId === m.userId);
          const ids = new Set(theirs.map((t) => t.id));
          const boarded = bookings.filter((b) => ids.has(b.tripId) && b.status === 'boarded').reduce((a, b) => a + b.seats, 0);
          return [
            u.id,
            u.fullName,
            u.phone,
            theirs.length,
            theirs.filter((t) => t.status === 'completed').length,
            theirs.filter((t) => t.status === 'published' && Date.parse(t.departureAt) > now).length,
            boarded,
          ];
        }),
      };
    }
    case 'routes': {
      const rows = new Map<string, { from: string; to: string; trips: number; bookings: number; seatsSold: number; revenue: number }>();
      for (const t of trips) {
        const key = `${t.fromCityId}>${t.toCityId}`;
        const row = rows.get(key) ?? { from: t.fromCityId, to: t.toCityId, trips: 0, bookings: 0, seatsSold: 0, revenue: 0 };
        row.trips++;
        const tb = bookings.filter((b) => b.tripId === t.id);
        row.bookings += tb.length;
        row.seatsSold += tb
          .filter((b) => b.status === 'approved' || b.status === 'boarded' || b.status === 'no_show')
          .reduce((a, b) => a + b.seats, 0);
        row.revenue += payments.filter((p) => p.tripId === t.id && p.status === 'paid').reduce((a, p) => a + p.amount, 0);
        rows.set(key, row);
      }
      return {
        title: 'Routes',
        titleAr: 'الخطوط',
        subtitle: `${subtitle}; revenue in ${CURRENCY}`,
        columns: ['from', 'fromAr', 'to', 'toAr', 'trips', 'bookings', 'seatsSold', 'revenue', 'currency'],
        page,
        money: money('revenue'),
        rows: [...rows.values()]
          .sort((a, b) => b.revenue - a.revenue)
          .map((r) => [
            cityName(r.from),
            cityNameAr(r.from),
            cityName(r.to),
            cityNameAr(r.to),
            r.trips,
            r.bookings,
            r.seatsSold,
            r.revenue,
            CURRENCY,
          ]),
      };
    }
    case 'fleet': {
      const now = core.now().getTime();
      return {
        title: 'Fleet',
        titleAr: 'الأسطول',
        subtitle,
        columns: ['id', 'plate', 'make', 'model', 'seats', 'year', 'fuelType', 'transmission', 'trips', 'upcoming'],
        page,
        rows: state.vehicles
          .filter((v) => v.companyId === company.id)
          .map((v) => {
            const theirs = trips.filter((t) => t.vehicleId === v.id);
            return [
              v.id,
              v.plate,
              v.make,
              v.model,
              v.seats,
              v.year,
              v.fuelType,
              v.transmission,
              theirs.length,
              theirs.filter((t) => t.status === 'published' && Date.parse(t.departureAt) > now).length,
            ];
          }),
      };
    }
    case 'reviews':
      return {
        title: 'Reviews',
        titleAr: 'التقييمات',
        subtitle,
        columns: ['id', 'createdAt', 'tripId', 'route', 'routeAr', 'rating', 'passengerName', 'comment'],
        times: times('createdAt'),
        page,
        rows: state.reviews
          .filter((r) => r.companyId === company.id)
          .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
          .map((r) => {
            const t = tripOf(r.tripId);
            return [
              r.id,
              local(r.createdAt),
              r.tripId,
              t ? route(t.fromCityId, t.toCityId) : '',
              t ? routeAr(t.fromCityId, t.toCityId) : '',
              r.rating,
              r.passengerName,
              r.comment,
            ];
          }),
      };
  }
}
