// `reports show --from-date/--to-date --group-by route|day|driver`: a period's takings. The
// service's report (GET /reports) takes no period — partner-api.md documents none — so tripctl
// computes the period's figures from what it can read: the payments made in those local days
// (by their date, in the run's zone), each joined to its booking and the booking's trip for the
// route and the driver. The answer says so and names the period it covered. Without any of the
// three flags the verb is the service's report, run as every operation is.
import type { ApiClient } from '../../client/http.js';
import { paginate } from '../../client/paginate.js';
import type { ActionFn } from '../../cmdkit/define.js';
import type { Operation, OperationOptions } from '../../cmdkit/operation-spec.js';
import { usageError } from '../../errors.js';
import { dayWindow, localDay } from '../../input/days.js';
import { formatMoney } from '../../input/money.js';
import { localDateOf, zoneName } from '../../input/zones.js';
import type { ResourceSpec } from '../../output/columns.js';
import { toJson } from '../../output/sanitize.js';

export type GroupBy = 'route' | 'day' | 'driver';

interface PeriodOptions extends OperationOptions {
  fromDate?: string;
  toDate?: string;
  groupBy?: GroupBy;
}

type Row = Record<string, unknown>;

/** One group's figures, in minor units. */
interface Figures {
  payments: number;
  seats: number;
  paid: number;
  refunded: number;
  pending: number;
}

const NO_PERIOD = "computed by tripctl from the payments made in the period and their bookings: the service's report takes no period";

export function showReport(op: Operation): ActionFn<PeriodOptions> {
  return async (ctx, input) => {
    const { opts } = input;
    if (opts.fromDate === undefined && opts.toDate === undefined && opts.groupBy === undefined) {
      return (await import('../../cmdkit/run-operation.js')).runnerFor(op)(ctx, input);
    }
    const zone = ctx.timeZone();
    const first = opts.fromDate !== undefined ? localDay('--from-date', opts.fromDate, zone, ctx.now()) : undefined;
    const last = opts.toDate !== undefined ? localDay('--to-date', opts.toDate, zone, ctx.now()) : undefined;
    if (first !== undefined && last !== undefined && first > last) throw usageError(`--from-date ${first} is after --to-date ${last}`);
    const groupBy = opts.groupBy ?? 'route';
    const window = dayWindow(first ?? '1970-01-01', last ?? '9999-12-30', zone);
    const client = await ctx.client();
    const payments = (await all(client, '/payments', 'payments', ctx.warn.bind(ctx))).filter((payment) => {
      const at = Date.parse(String(payment.createdAt));
      return at >= window.from && at < window.to;
    });
    const bookings = new Map((await all(client, '/bookings', 'bookings', ctx.warn.bind(ctx))).map((b) => [String(b.id), b]));
    const name = await namer(client, groupBy, ctx.warn.bind(ctx));
    const groups = new Map<string, Figures & { seatsOf: Set<string> }>();
    const days = payments.map((payment) => localDateOf(new Date(String(payment.createdAt)), zone)).sort();
    for (const payment of payments) {
      const booking = bookings.get(String(payment.bookingId));
      const key =
        groupBy === 'day'
          ? localDateOf(new Date(String(payment.createdAt)), zone)
          : booking
            ? await name(String(booking.tripId))
            : '(booking not found)';
      const group = groups.get(key) ?? { payments: 0, seats: 0, paid: 0, refunded: 0, pending: 0, seatsOf: new Set<string>() };
      group.payments++;
      const amount = typeof payment.amount === 'number' ? payment.amount : 0;
      if (payment.status === 'paid') group.paid += amount;
      else if (payment.status === 'refunded') group.refunded += amount;
      else if (payment.status === 'pending') group.pending += amount;
      // A booking's seats count once in its group, however many payments it has.
      if (booking && payment.status === 'paid' && !group.seatsOf.has(String(booking.id))) {
        group.seatsOf.add(String(booking.id));
        group.seats += typeof booking.seats === 'number' ? booking.seats : 0;
      }
      groups.set(key, group);
    }
    const currency = String(payments.find((payment) => typeof payment.currency === 'string')?.currency ?? ctx.settings().currency ?? 'SYP');
    const rows = [...groups.entries()]
      .sort(([keyA, a], [keyB, b]) => (groupBy === 'day' ? keyA.localeCompare(keyB) : b.paid - a.paid))
      .map(([key, { seatsOf: _seen, ...figures }]) => ({ [groupBy]: key, ...figures }));
    const totals = rows.reduce<Figures>(
      (sum, row) => ({
        payments: sum.payments + row.payments,
        seats: sum.seats + row.seats,
        paid: sum.paid + row.paid,
        refunded: sum.refunded + row.refunded,
        pending: sum.pending + row.pending,
      }),
      { payments: 0, seats: 0, paid: 0, refunded: 0, pending: 0 },
    );
    // Without --to-date the period runs to now; without --from-date, from the first payment.
    const period = { from: first ?? days[0] ?? null, to: last ?? localDateOf(ctx.now(), zone), timeZone: zoneName(zone) };
    const format = ctx.settings().output;
    if (format === 'json' || format === 'ndjson') {
      // An assistant reads money as the operator does; a script gets minor units with the currency.
      const money = ctx.records ? (figures: Figures) => withMoney(figures, currency) : (figures: Figures) => ({ ...figures, currency });
      const report = {
        period,
        computed: NO_PERIOD,
        groupBy,
        totals: money(totals),
        groups: rows.map((row) => ({ ...row, ...money(row) })),
      };
      await ctx.io.write(`${toJson(ctx.records ? { report } : report)}\n`);
      return 0;
    }
    ctx.io.err(
      `Payments made ${period.from ?? '-'} to ${period.to ?? '-'} (${period.timeZone}), by ${groupBy}: ${NO_PERIOD}. Total paid ${formatMoney(totals.paid, currency)} from ${totals.payments} payments, ${totals.seats} seats.\n`,
    );
    await ctx.renderer().list([rows.map((row) => ({ ...row, currency }))], groupSpec(groupBy));
    return 0;
  };
}

function withMoney(figures: Figures, currency: string): Record<string, unknown> {
  return {
    payments: figures.payments,
    seats: figures.seats,
    paid: formatMoney(figures.paid, currency),
    refunded: formatMoney(figures.refunded, currency),
    pending: formatMoney(figures.pending, currency),
  };
}

/** The columns of a period's table: the group, then its figures. */
function groupSpec(groupBy: GroupBy): ResourceSpec {
  return {
    name: groupBy,
    columns: [
      { header: groupBy.toUpperCase(), path: groupBy },
      { header: 'PAYMENTS', path: 'payments' },
      { header: 'SEATS', path: 'seats' },
      { header: 'PAID', path: 'paid', kind: 'money', currencyPath: 'currency' },
      { header: 'REFUNDED', path: 'refunded', kind: 'money', currencyPath: 'currency' },
      { header: 'PENDING', path: 'pending', kind: 'money', currencyPath: 'currency' },
    ],
  };
}

async function all(client: ApiClient, path: string, key: string, warn: (message: string) => void): Promise<Row[]> {
  const items: Row[] = [];
  for await (const page of paginate(client, path, key, {}, { all: true }, warn)) items.push(...(page.items as Row[]));
  return items;
}

/** A trip's group name: its route by city names, or its driver by name; trips read once. */
async function namer(client: ApiClient, groupBy: GroupBy, warn: (message: string) => void): Promise<(tripId: string) => Promise<string>> {
  if (groupBy === 'day') return async () => '';
  const trips = new Map((await all(client, '/trips', 'trips', warn)).map((trip) => [String(trip.id), trip]));
  if (groupBy === 'route') {
    const { data } = await client.request({ method: 'GET', path: '/cities' });
    const list = (Array.isArray(data) ? data : ((data as { cities?: Row[] }).cities ?? [])) as Row[];
    const city = new Map(list.map((c) => [String(c.id), String(c.name ?? c.id)]));
    return async (tripId) => {
      const trip = trips.get(tripId);
      return trip
        ? `${city.get(String(trip.fromCityId)) ?? String(trip.fromCityId)} → ${city.get(String(trip.toCityId)) ?? String(trip.toCityId)}`
        : '(trip not found)';
    };
  }
  const { data } = await client.request({ method: 'GET', path: '/members' });
  const members = (Array.isArray(data) ? data : ((data as { members?: Row[] }).members ?? [])) as Row[];
  const driver = new Map<string, string>();
  for (const member of members) {
    const label = String(member.fullName ?? member.phone ?? member.id);
    for (const id of [member.id, member.userId]) if (typeof id === 'string') driver.set(id, label);
  }
  return async (tripId) => {
    const trip = trips.get(tripId);
    return trip ? (driver.get(String(trip.driverId)) ?? String(trip.driverId ?? '(no driver)')) : '(trip not found)';
  };
}
