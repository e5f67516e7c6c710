// `trips publish --from-file`: a timetable from a spreadsheet, the operator's source of truth. The
// service gives POST /trips no idempotency, so a row finds its trip by what the office keeps when
// it edits a sheet: the same vehicle and departure instant (a vehicle cannot leave twice at once);
// else the same vehicle, route and local day at another time — the trip moved, nearest times
// paired first, a tie reported rather than guessed; or an `id` column naming it. A row is then
// compared with its trip field by field — unchanged, or differs (the fare, the time, the route…),
// sent (PATCH /trips/{id}) only with --update, and never re-routed under booked passengers. Rows
// are never created twice, so running the same file again is harmless. Published trips of the
// file's vehicles and days that no row stands for are named; --prune cancels them (import-send.ts).
// Runs that overlap (cron jobs) take turns per company (`exclusive`), so the second finds what the
// first created.
import { paginate } from '../../client/paginate.js';
import { type Found, type Match, pairRows } from '../../cmdkit/import-plan.js';
import type { ImportRow, ImportVerb } from '../../cmdkit/import-rows.js';
import { toolsFor } from '../../cmdkit/run-operation.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode, usageError } from '../../errors.js';
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

/** Identity fields compared all the same when a row names its trip by id (the vehicle, the departure). */
const IDENTITY = ['vehicleId', 'departureAt'];

/**
 * The trips a file's rows stand for, and the published trips no row stands for any more: those of
 * its vehicles and local days, and those its last run here stood for wherever they now are — a
 * removed row that was its vehicle's or its day's only one, or a row moved to another day or
 * vehicle, leaves its trip outside the first (only a future one is named: a departed trip is
 * history, not a row taken out). A row is the trip of the same vehicle and departure; failing that,
 * the published trip of the same vehicle, route and local day at the nearest other time (moved);
 * or the trip its `id` names. Trips come newest departure first (partner-api.md), so the walk
 * stops at the first page that reaches a day before the file's earliest departure: a timetable for
 * next month reads a page or two, not the company's history.
 */
async function existingTrips(ctx: Context, rows: ImportRow[], managed: ReadonlySet<string>): Promise<Found> {
  const tools = toolsFor(ctx);
  const zone = tools.timeZone;
  const dayOf = (departureAt: string) => localDateOf(new Date(departureAt), zone);
  const groupOf = (t: { vehicleId?: unknown; fromCityId?: unknown; toCityId?: unknown; departureAt?: unknown }) =>
    `${String(t.vehicleId)}|${String(t.fromCityId)}|${String(t.toCityId)}|${dayOf(String(t.departureAt))}`;
  const vehicles = new Set(rows.map((row) => String(row.body.vehicleId)));
  const days = new Set(rows.map((row) => dayOf(String(row.body.departureAt))));
  const named = new Set(rows.flatMap((row) => (row.id ? [row.id] : [])));
  const earliest = Math.min(...rows.map((row) => Date.parse(String(row.body.departureAt))));
  const now = ctx.serviceNow().getTime();
  const inScope = (trip: Trip) =>
    trip.departureAt !== undefined &&
    ((vehicles.has(String(trip.vehicleId)) && days.has(dayOf(trip.departureAt))) ||
      (managed.has(trip.id) && Date.parse(trip.departureAt) > now));
  const trips: Trip[] = [];
  const client = await ctx.client();
  for await (const page of paginate(client, '/trips', 'trips', {}, { all: true }, (message) => ctx.warn(message))) {
    const listed = page.items as Trip[];
    trips.push(...listed.filter((trip) => inScope(trip) || named.has(trip.id)));
    const last = listed.at(-1)?.departureAt;
    if (last !== undefined && Date.parse(last) < earliest - DAY_MS) break;
  }
  // Named by a row, or the file's before, and departing before the walk stopped: fetched one by one.
  const seen = new Set(trips.map((trip) => trip.id));
  const missing = [...new Set([...named, ...managed])].filter((id) => !seen.has(id));
  const gone = new Set<string>();
  for (const id of missing) {
    try {
      const { data } = await client.request({ method: 'GET', path: `/trips/${encodeURIComponent(id)}`, retrySafe: true });
      const trip = ((data as { trip?: Trip }).trip ?? data) as Trip;
      if (named.has(id) || inScope(trip)) trips.push(trip);
    } catch (error) {
      if (!(error instanceof CliError) || error.exitCode !== ExitCode.notFound) throw error;
      gone.add(id);
    }
  }
  // A row naming one trip by its id at the vehicle and time of another published trip.
  const clashes: Array<{ line: number; trip: Trip }> = [];
  for (const row of rows) {
    if (!row.id) continue;
    const key = sameTrip(row.body.vehicleId, row.body.departureAt);
    const other = trips.find((t) => t.id !== row.id && t.status === 'published' && sameTrip(t.vehicleId, t.departureAt) === key);
    if (other) clashes.push({ line: row.line, trip: other });
  }
  if (clashes.length) await refuseClashes(ctx, clashes);
  // A published trip pairs before a cancelled one of the same vehicle and departure (published again).
  trips.sort((a, b) => Number(b.status === 'published') - Number(a.status === 'published'));
  const claimed = new Set(named);
  const candidates = trips.filter((trip) => !claimed.has(trip.id));
  const paired = pairRows(
    rows.map((row) =>
      row.id
        ? undefined
        : {
            key: sameTrip(row.body.vehicleId, row.body.departureAt),
            group: groupOf(row.body),
            at: Date.parse(String(row.body.departureAt)),
          },
    ),
    candidates.map((trip) => ({
      key: sameTrip(trip.vehicleId, trip.departureAt),
      // Only a published trip can move: any other keeps a group of its own.
      group: trip.status === 'published' ? groupOf(trip) : `#${trip.id}`,
      at: Date.parse(String(trip.departureAt)),
    })),
  );
  const matchOf = (trip: Trip, compared?: readonly string[]): Match => ({
    id: trip.id,
    status: trip.status,
    // Only a published trip can be changed, so only its fields are compared.
    current: trip.status === 'published' ? (trip as unknown as Record<string, unknown>) : undefined,
    ...(compared ? { compared } : {}),
  });
  const matches = new Map<number, Match>();
  const unpaired = new Map<number, string>();
  for (const [index, row] of rows.entries()) {
    if (!row.id) continue;
    const trip = trips.find((t) => t.id === row.id);
    if (trip) matches.set(index, matchOf(trip, IDENTITY));
    else if (gone.has(row.id)) unpaired.set(index, `id ${row.id}: no such trip of this company`);
  }
  for (const [r, o] of paired.exact) matches.set(r, matchOf(candidates[o]!));
  for (const [r, o] of paired.moved) matches.set(r, matchOf(candidates[o]!, ['departureAt']));
  const undecided = new Set<number>();
  for (const [r, objects] of paired.ambiguous) {
    for (const o of objects) undecided.add(o);
    const rivals = [...paired.ambiguous].filter(([other, os]) => other !== r && os.some((o) => objects.includes(o)));
    const texts = await Promise.all(objects.map((o) => describeTrip(ctx, candidates[o]!)));
    const also = rivals.length
      ? `, as near to line${rivals.length === 1 ? '' : 's'} ${rivals.map(([other]) => rows[other]!.line).join(', ')}`
      : '';
    unpaired.set(r, `could be ${texts.join(' or ')} moved${also}: which it is would be a guess; name its trip in an id column`);
  }
  const pairedTrips = new Set([...paired.exact.values(), ...paired.moved.values(), ...undecided]);
  const unlisted = candidates.filter((trip, o) => !pairedTrips.has(o) && trip.status === 'published' && inScope(trip));
  unlisted.sort((a, b) => Date.parse(String(a.departureAt)) - Date.parse(String(b.departureAt)));
  return {
    matches,
    unpaired,
    unlisted: await Promise.all(unlisted.map(async (trip) => ({ id: trip.id, text: await describeTrip(ctx, trip) }))),
  };
}

/**
 * A row naming one trip by its id (`trips list -o csv`) at the vehicle and time of another
 * published trip: the vehicle would leave twice at once. Refused before anything is sent.
 */
async function refuseClashes(ctx: Context, clashes: Array<{ line: number; trip: Trip }>): Promise<never> {
  for (const { line, trip } of clashes)
    ctx.io.err(`tripctl: line ${line}: its vehicle already departs at that time on trip ${await describeTrip(ctx, trip)}\n`);
  throw usageError(
    `${clashes.length} row${clashes.length === 1 ? '' : 's'} give a vehicle a departure it already has; nothing was sent`,
    'change the time or the vehicle of those rows, or cancel the other trip first',
  );
}

/** `DAM-123456 Damascus → Homs 2027-02-01 08:00 +03 (id)`: a trip as the operator finds it in the timetable. */
async function describeTrip(ctx: Context, trip: Trip): Promise<string> {
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
  update: { path: (id) => `/trips/${id}`, idName: 'tripId' },
  fareGuard: true,
  booked: {
    fixed: ['fromCityId', 'toCityId'],
    why: 'its passengers booked another journey: cancel it and publish the new route instead',
    tell: ['departureAt'],
  },
  prune: { path: (id) => `/trips/${id}` },
};
