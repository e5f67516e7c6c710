// `trips publish --from-file`: a timetable from a spreadsheet. The service gives POST /trips no
// idempotency, so a row is "the same trip" as one that exists when both have the same vehicle and
// the same departure instant (a vehicle cannot leave twice at once): such rows are reported as
// `exists` and not sent, which makes running the same file again harmless. Runs that overlap (cron
// jobs) take turns per company (`exclusive`), so the second finds what the first created.
import { paginate } from '../../client/paginate.js';
import type { ImportRow, ImportVerb } from '../../cmdkit/import-rows.js';
import type { Context } from '../../context.js';
import { tripFlags } from './index.js';

const sameTrip = (vehicleId: unknown, departureAt: unknown) => `${String(vehicleId)}|${Date.parse(String(departureAt))}`;

/** Two rows of one file for the same vehicle at the same time are a mistake in the file. */
function duplicateRows(rows: ImportRow[]) {
  const first = new Map<string, number>();
  const errors: Array<{ line: number; message: string }> = [];
  for (const row of rows) {
    const key = sameTrip(row.body.vehicleId, row.body.departureAt);
    const earlier = first.get(key);
    if (earlier !== undefined) errors.push({ line: row.line, message: `same vehicle and departure as line ${earlier}` });
    else first.set(key, row.line);
  }
  return errors;
}

/**
 * The company's trips with a vehicle and departure of some row. Trips come newest departure first
 * (partner-api.md), so the walk stops at the first page that reaches before the file's earliest
 * departure: a timetable for next month reads a page or two, not the company's whole history.
 */
async function existingTrips(ctx: Context, rows: ImportRow[]) {
  const wanted = new Map(rows.map((row, index) => [sameTrip(row.body.vehicleId, row.body.departureAt), index]));
  const earliest = Math.min(...rows.map((row) => Date.parse(String(row.body.departureAt))));
  const found = new Map<number, { id: string; status?: string }>();
  const client = await ctx.client();
  for await (const page of paginate(client, '/trips', 'trips', {}, { all: true }, (message) => ctx.warn(message))) {
    const trips = page.items as Array<{ id: string; vehicleId?: string; departureAt?: string; status?: string }>;
    for (const trip of trips) {
      const index = wanted.get(sameTrip(trip.vehicleId, trip.departureAt));
      if (index !== undefined && !found.has(index)) found.set(index, { id: trip.id, status: trip.status });
    }
    const last = trips.at(-1)?.departureAt;
    if (last !== undefined && Date.parse(last) < earliest) break;
  }
  return found;
}

export const tripImport: ImportVerb = {
  method: 'POST',
  path: '/trips',
  resultKey: 'trip',
  flags: tripFlags(true),
  checkRows: duplicateRows,
  exclusive: true,
  existing: existingTrips,
};
