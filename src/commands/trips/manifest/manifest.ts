// `trips manifest TRIP --format pdf|csv`: the driver's sheet. Without --format the verb is the
// plain operation it always was (a table of the passengers). With it, the trip, the company, the
// vehicle, the driver and the cities are read beside the passengers, and the sheet is saved the
// way every file is (cmdkit/save-download.ts): atomically, never clobbering, `-` for stdout.
import type { ActionFn } from '../../../cmdkit/define.js';
import type { Context } from '../../../context.js';
import type { Operation, OperationOptions } from '../../../cmdkit/operation.js';
import { runnerFor, toolsFor, unwrap } from '../../../cmdkit/run-operation.js';
import { madeTarget, saveMade } from '../../../cmdkit/save-download.js';
import { listFrom } from '../../../client/paginate.js';
import { usageError } from '../../../errors.js';
import { localDateTime } from '../../../cmdkit/handles.js';
import { SERVICE_TIME_ZONE, zoneAbbreviation } from '../../../input/zones.js';
import { toCsv } from '../../../output/cells.js';
import { sanitizeLine } from '../../../output/sanitize.js';
import { specs } from '../../../output/specs.js';
import type { ManifestRow, ManifestSheet } from './sheet.js';
import { idOf } from '../../../cmdkit/ids.js';

type ManifestOpts = OperationOptions & { format?: 'pdf' | 'csv'; file?: string; force?: boolean };

interface Passenger {
  bookingId: string;
  fullName?: string | null;
  phone?: string;
  seats?: number;
  status?: string;
  boardedAt?: string | null;
  groupName?: string | null;
  passengerNote?: string | null;
}

export function manifestFor(op: Operation): ActionFn<ManifestOpts> {
  const table = runnerFor(op);
  return async (ctx, input) => {
    const { opts, args } = input;
    if (opts.format === undefined) {
      if (opts.file !== undefined || opts.force) throw usageError('--file and --force go with --format pdf or csv');
      return table(ctx, input);
    }
    const id = await idOf(ctx, 'tripId', args[0] ?? '');
    if (opts.format === 'pdf' && opts.file === '-' && ctx.io.stdoutIsTTY)
      throw usageError(
        'a PDF on a terminal is not readable',
        'redirect stdout to a file or a printer (--file - | lp), or pass --file FILE',
      );
    const save = {
      file: opts.file,
      force: opts.force,
      fallbackName: `manifest-${id.slice(0, 8)}.${opts.format}`,
      label: 'manifest',
      bom: opts.format === 'csv',
    };
    const target = madeTarget(ctx, save);
    const sheet = await loadSheet(ctx, id);
    const bytes =
      opts.format === 'csv' ? toCsv(specs.manifestRow.columns, sheet.rows) : await (await import('./pdf.js')).manifestPdf(sheet, ctx.now());
    await saveMade(ctx, target, bytes, save);
  };
}

async function loadSheet(ctx: Context, id: string): Promise<ManifestSheet> {
  const client = await ctx.client();
  const { resolver } = toolsFor(ctx);
  const get = async (path: string, key: string, kind: 'object' | 'list' = 'object') =>
    (await client.request({ method: 'GET', path, expect: { kind, key } })).data;
  const [manifest, tripData, companyData, cities, vehicles, members] = await Promise.all([
    get(`/trips/${id}/manifest`, 'passengers', 'list'),
    get(`/trips/${id}`, 'trip'),
    get('/company', 'company'),
    resolver.listCities(),
    resolver.listVehicles(),
    resolver.listMembers(),
  ]);
  const trip = unwrap(tripData, 'trip') as Record<string, unknown>;
  const company = unwrap(companyData, 'company') as { name?: string };
  const city = (cityId: unknown) => cities.find((c) => c.id === cityId);
  const from = city(trip.fromCityId);
  const to = city(trip.toCityId);
  const departureAt = typeof trip.departureAt === 'string' ? trip.departureAt : '';
  const rows = (listFrom(manifest, 'passengers') as Passenger[]).map(
    (p): ManifestRow => ({
      name: text(p.fullName) || '(no name)',
      phone: text(p.phone),
      seats: typeof p.seats === 'number' ? p.seats : 0,
      ref: p.bookingId.replace(/-/g, '').slice(0, 8),
      boarded: p.status === 'boarded' || Boolean(p.boardedAt) ? 'yes' : 'no',
      note: text(p.passengerNote),
      group: text(p.groupName),
    }),
  );
  const boarded = rows.filter((r) => r.boarded === 'yes');
  return {
    tripId: id,
    company: text(company.name),
    // An en dash: the PDF's typeface has no arrow.
    route: `${text(from?.name) || String(trip.fromCityId)} – ${text(to?.name) || String(trip.toCityId)}`,
    routeArabic: from?.nameAr && to?.nameAr ? `من ${text(from.nameAr)} إلى ${text(to.nameAr)}` : '',
    departure: departureAt
      ? `${localDateTime(departureAt, SERVICE_TIME_ZONE)} (${zoneAbbreviation(SERVICE_TIME_ZONE, new Date(departureAt))})`
      : '',
    plate: text(vehicles.find((v) => v.id === trip.vehicleId)?.plate),
    driver: text(members.find((m) => m.id === trip.driverId)?.fullName),
    rows,
    totals: {
      passengers: rows.length,
      seats: rows.reduce((sum, r) => sum + r.seats, 0),
      boarded: boarded.length,
      boardedSeats: boarded.reduce((sum, r) => sum + r.seats, 0),
    },
  };
}

/** Text from the service, one line, without controls or direction overrides that could disguise it. */
function text(value: unknown): string {
  return typeof value === 'string' ? sanitizeLine(value).trim() : '';
}
