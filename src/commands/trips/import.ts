// `trips publish --from-file`: a timetable from a spreadsheet, the operator's source of truth. The
// service gives POST /trips no idempotency, so a row is "the same trip" as a published one when
// both have the same vehicle and the same departure instant (a vehicle cannot leave twice at
// once): such a row is compared with the trip, field by field — unchanged, or differs (the fare,
// the route, the seats…), and a difference is sent (PATCH /trips/{id}) only with --update. Rows
// are never created twice, so running the same file again is harmless. Published trips of the
// file's vehicles on the file's days that no row lists are reported, never cancelled. Runs that
// overlap (cron jobs) take turns per company (`exclusive`), so the second finds what the first
// created.
import { paginate } from '../../client/paginate.js';
import type { Found, Match } from '../../cmdkit/import-plan.js';
import type { ImportRow, ImportVerb } from '../../cmdkit/import-rows.js';
import { toolsFor } from '../../cmdkit/run-operation.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { localDateOf, localTimeOf, zoneAbbreviation } from '../../input/zones.js';
import { tripFlags } from './trip-flags.js';

const sameTrip = (vehicleId: unknown, departureAt: unknown) => `${String(vehicleId)}|${Date.parse(String(departureAt))}`;

/** Two rows of one file for the same vehicle at the same time are a mistake in the file. */
function duplicateRows(rows: ImportRow[]) {
  const first = new Map<string, number>();
  const errors: Array<{ line: number; message: string }> = [];
  for (const row of rows) {
    const key = sameTrip(row.body.vehicleId, row.body.departureAt);
    const earlier = first.get(key);
    if (earlier !== undefined)
      errors.push({
        line: row.line,
        message: `the vehicle of line ${earlier} departs at that time too: a vehicle cannot leave twice at once`,
      });
    else first.set(key, row.line);
  }
  return errors;
}

interface Trip {
  id: string;
  vehicleId?: string;
  departureAt?: string;
  status?: string;
  fromCityId?: string;
  toCityId?: string;
}

/** The largest gap between a local day's first instant and a departure on that day, with room for any zone. */
const DAY_MS = 24 * 3_600_000;

/**
 * The company's trips with a vehicle and departure of some row, and the published trips of the
 * file's vehicles and local days that no row lists. Trips come newest departure first
 * (partner-api.md), so the walk stops at the first page that reaches a day before the file's
 * earliest departure: a timetable for next month reads a page or two, not the company's history.
 */
async function existingTrips(ctx: Context, rows: ImportRow[]): Promise<Found> {
  const tools = toolsFor(ctx);
  const zone = tools.timeZone;
  const dayOf = (departureAt: string) => localDateOf(new Date(departureAt), zone);
  const wanted = new Map(rows.map((row, index) => [sameTrip(row.body.vehicleId, row.body.departureAt), index]));
  const vehicles = new Set(rows.map((row) => String(row.body.vehicleId)));
  const days = new Set(rows.map((row) => dayOf(String(row.body.departureAt))));
  const earliest = Math.min(...rows.map((row) => Date.parse(String(row.body.departureAt))));
  const matches = new Map<number, Match>();
  const unlisted: Trip[] = [];
  const clashes: Array<{ line: number; trip: Trip }> = [];
  const client = await ctx.client();
  for await (const page of paginate(client, '/trips', 'trips', {}, { all: true }, (message) => ctx.warn(message))) {
    const trips = page.items as Trip[];
    for (const trip of trips) {
      const index = wanted.get(sameTrip(trip.vehicleId, trip.departureAt));
      const row = index === undefined ? undefined : rows[index]!;
      if (row?.id !== undefined && row.id !== trip.id && trip.status === 'published') clashes.push({ line: row.line, trip });
      // Only a published trip can be changed, so only its fields are compared.
      if (index !== undefined && !matches.has(index)) {
        matches.set(index, {
          id: trip.id,
          status: trip.status,
          current: trip.status === 'published' ? (trip as unknown as Record<string, unknown>) : undefined,
        });
      } else if (
        index === undefined &&
        trip.status === 'published' &&
        vehicles.has(String(trip.vehicleId)) &&
        trip.departureAt !== undefined &&
        days.has(dayOf(trip.departureAt))
      ) {
        unlisted.push(trip);
      }
    }
    const last = trips.at(-1)?.departureAt;
    if (last !== undefined && Date.parse(last) < earliest - DAY_MS) break;
  }
  if (clashes.length) await refuseClashes(ctx, clashes);
  return { matches, unlisted: await Promise.all(unlisted.reverse().map((trip) => describeUnlisted(ctx, trip))) };
}

/**
 * A row naming one trip by its id (`trips list -o csv`) at the vehicle and time of another
 * published trip: the vehicle would leave twice at once. Refused before anything is sent.
 */
async function refuseClashes(ctx: Context, clashes: Array<{ line: number; trip: Trip }>): Promise<never> {
  for (const { line, trip } of clashes)
    ctx.io.err(`tripctl: line ${line}: its vehicle already departs at that time on trip ${await describeUnlisted(ctx, trip)}\n`);
  throw usageError(
    `${clashes.length} row${clashes.length === 1 ? '' : 's'} give a vehicle a departure it already has; nothing was sent`,
    'change the time or the vehicle of those rows, or cancel the other trip first',
  );
}

/** `DAM-123456 Damascus → Homs 2027-02-01 08:00 +03 (id)`: a trip as the operator finds it in the timetable. */
async function describeUnlisted(ctx: Context, trip: Trip): Promise<string> {
  const { resolver, timeZone } = toolsFor(ctx);
  const [cities, vehicles] = await Promise.all([resolver.listCities().catch(() => []), resolver.listVehicles().catch(() => [])]);
  const city = (id: string | undefined) => cities.find((c) => c.id === id)?.name ?? id ?? '?';
  const plate = vehicles.find((v) => v.id === trip.vehicleId)?.plate ?? trip.vehicleId;
  const at = new Date(trip.departureAt!);
  const when = `${localDateOf(at, timeZone)} ${localTimeOf(at, timeZone)} ${zoneAbbreviation(timeZone, at)}`;
  return `${plate} ${city(trip.fromCityId)} → ${city(trip.toCityId)} ${when} (${trip.id})`;
}

export const tripImport: ImportVerb = {
  method: 'POST',
  path: '/trips',
  resultKey: 'trip',
  flags: tripFlags(true),
  checkRows: duplicateRows,
  exclusive: true,
  existing: existingTrips,
  identity: ['vehicleId', 'departureAt'],
  // What `trips list -o csv` writes beside the trip's own fields; an `id` column names the trip.
  readOnly: ['status', 'booked', 'seatsBooked', 'currency'],
  update: { path: (id) => `/trips/${id}` },
  fareGuard: true,
};
