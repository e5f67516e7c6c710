// The look-ups behind the handles of terminal tables: city names, plates, passengers, trips. City
// and vehicle names cost one request each, and none while their cache is fresh: cities change
// rarely (kept a day), vehicles more often (kept five minutes). Passengers come from the manifests
// of the trips the rows belong to (approved and boarded), else from their booking fetched singly
// (requested and the rest: one request each, four at a time, at most 100 a table), and are
// remembered as they are seen (a day), so a name costs its request once. The cache is a private
// file per profile and kind under `<config dir>/cache/`, like the completion cache. A trip costs
// one request per distinct trip and is kept for the run only (its departure may move); any failure
// (no scope, no network, a cache that cannot be written) only means ids are shown.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFrom } from '../client/paginate.js';
import { writePrivateFileSync } from '../config/private-file.js';
import { bookingDetails, inBatches } from './booking-details.js';
import type { Context } from '../context.js';
import type { HandleKind } from '../output/columns.js';
import { localTime } from '../output/cells.js';
import { passengerLabel, type HandleMaps } from '../output/terminal.js';

export const HANDLE_TTL_MS: Record<HandleKind, number> = {
  city: 24 * 60 * 60_000,
  cityAr: 24 * 60 * 60_000,
  vehicle: 5 * 60_000,
  passenger: 24 * 60 * 60_000,
  // Trips are kept for the run only, never on disk: a departure may move.
  trip: 0,
};

/** The booking statuses a trip's manifest lists. */
const MANIFEST_STATUSES = new Set(['approved', 'boarded']);

/** Manifests and trips fetched for one table: at most this many distinct trips (LOOKUPS_AT_ONCE at a time). */
const MAX_TRIPS = 25;
/** Bookings fetched singly for their passenger (those on no manifest), at most this many per table. */
const MAX_BOOKINGS = 100;

/** A look-up waits at most this long: a table must not hang on a courtesy. */
const LOOKUP_DEADLINE_MS = 5_000;

interface CacheFile {
  at: number;
  baseUrl: string;
  labels: Record<string, string>;
}

function cachePath(ctx: Context, kind: HandleKind): string {
  const safe = ctx.settings().profileName.replace(/[^A-Za-z0-9_.-]/g, '_');
  return join(ctx.config.dir, 'cache', `handles-${safe}-${kind}.json`);
}

function readCache(ctx: Context, kind: HandleKind): CacheFile | undefined {
  try {
    const cached = JSON.parse(readFileSync(cachePath(ctx, kind), 'utf8')) as CacheFile;
    const now = ctx.now().getTime();
    if (cached.baseUrl !== ctx.settings().baseUrl || typeof cached.labels !== 'object' || cached.labels === null) return undefined;
    if (!(now >= cached.at && now - cached.at < HANDLE_TTL_MS[kind])) return undefined;
    return cached;
  } catch {
    return undefined;
  }
}

function writeCache(ctx: Context, kind: HandleKind, labels: Record<string, string>, at = ctx.now().getTime()): void {
  writePrivateFileSync(cachePath(ctx, kind), JSON.stringify({ at, baseUrl: ctx.settings().baseUrl ?? '', labels } satisfies CacheFile));
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);

/** The ids of a kind the rows show, by the column path each kind uses. */
function idsOf(kind: HandleKind, items: unknown[]): string[] {
  const fields: Record<HandleKind, string[]> = {
    city: ['fromCityId', 'toCityId', 'cityId'],
    cityAr: ['fromCityId', 'toCityId', 'cityId'],
    vehicle: ['vehicleId'],
    passenger: ['passengerId'],
    trip: ['tripId'],
  };
  const ids = new Set<string>();
  for (const item of items) {
    if (typeof item !== 'object' || item === null) continue;
    for (const field of fields[kind]) {
      const id = text((item as Record<string, unknown>)[field]);
      if (id) ids.add(id);
    }
  }
  return [...ids];
}

/** The labels of a kind: one request for cities or vehicles, one per distinct trip of the rows for passengers. */
async function fetchLabels(ctx: Context, kind: HandleKind, items: unknown[]): Promise<Record<string, string> | undefined> {
  const client = await ctx.sideClient(LOOKUP_DEADLINE_MS, { retries: 1, interruptible: true, silent: true });
  const get = async (path: string, key: string) => listFrom((await client.request({ method: 'GET', path, retrySafe: true })).data, key);
  try {
    const labels: Record<string, string> = {};
    if (kind !== 'passenger') {
      const cities = kind !== 'vehicle';
      for (const entry of (await get(cities ? '/cities' : '/vehicles', cities ? 'cities' : 'vehicles')) as Array<Record<string, unknown>>) {
        if (typeof entry !== 'object' || entry === null || !text(entry.id)) continue;
        labels[entry.id as string] =
          kind === 'city'
            ? (text(entry.name) ?? text(entry.nameAr) ?? (entry.id as string))
            : kind === 'cityAr'
              ? (text(entry.nameAr) ?? text(entry.name) ?? (entry.id as string))
              : (text(entry.plate) ?? [text(entry.make), text(entry.model)].filter(Boolean).join(' '));
      }
      return labels;
    }
    // A booking list does not carry its passengers; each trip's manifest does, for the approved
    // and boarded ones: one request per distinct trip of the rows. The others (requested,
    // rejected, cancelled) are on no manifest: their booking, fetched singly, names its passenger.
    const listed = items.filter((item) => MANIFEST_STATUSES.has(String((item as Record<string, unknown>)?.status)));
    const single = items.filter((item) => !listed.includes(item)).slice(0, MAX_BOOKINGS);
    const trips = idsOf('trip', listed).slice(0, MAX_TRIPS);
    const bookings = await bookingDetails(
      client,
      single.map((item) => String((item as Record<string, unknown>).id)),
      true,
    );
    for (const found of bookings) {
      const id = text(found.passengerId) ?? text((found.passenger as Record<string, unknown> | undefined)?.id);
      const label = passengerLabel(found.passenger);
      if (id && label) labels[id] = label;
    }
    await inBatches(
      trips,
      async (trip) => {
        for (const entry of (await get(`/trips/${encodeURIComponent(trip)}/manifest`, 'passengers')) as Array<Record<string, unknown>>) {
          if (typeof entry !== 'object' || entry === null) continue;
          const id = text(entry.passengerId) ?? text(entry.userId) ?? text(entry.id);
          const label = passengerLabel(entry);
          if (id && label) labels[id] = label;
        }
      },
      true,
    );
    return labels;
  } finally {
    client.close().catch(() => {});
  }
}

/** Trip labels of this run, by context: a table looks each distinct trip up once. */
const tripLabels = new WeakMap<Context, Map<string, string>>();

/** `Damascus → Aleppo · 12-09 07:30`: the route by city names and the departure in the operator's zone. */
async function tripLabelsFor(ctx: Context, items: unknown[]): Promise<ReadonlyMap<string, string>> {
  let known = tripLabels.get(ctx);
  if (!known) tripLabels.set(ctx, (known = new Map()));
  const missing = idsOf('trip', items)
    .filter((id) => !known.has(id))
    .slice(0, MAX_TRIPS);
  if (missing.length) {
    const client = await ctx.sideClient(LOOKUP_DEADLINE_MS, { retries: 1, interruptible: true, silent: true });
    const trips: Array<Record<string, unknown>> = [];
    try {
      // A failed one is skipped: a handle is a courtesy.
      await inBatches(
        missing,
        async (id) => {
          const { data } = await client.request({ method: 'GET', path: `/trips/${encodeURIComponent(id)}`, retrySafe: true });
          const trip = (data as { trip?: unknown } | null)?.trip ?? data;
          if (typeof trip === 'object' && trip !== null) trips.push({ ...(trip as Record<string, unknown>), id });
        },
        true,
      );
    } finally {
      client.close().catch(() => {});
    }
    const cities = await labelsFor(ctx, 'city', trips).catch(() => new Map<string, string>());
    const { timeZone } = ctx.settings();
    for (const trip of trips) {
      const city = (field: string) => (text(trip[field]) ? (cities.get(trip[field] as string) ?? (trip[field] as string)) : '?');
      const departure = text(trip.departureAt);
      known.set(
        trip.id as string,
        `${city('fromCityId')} → ${city('toCityId')}${departure ? ` · ${localTime(departure, timeZone).slice(5)}` : ''}`,
      );
    }
  }
  return known;
}

async function labelsFor(ctx: Context, kind: HandleKind, items: unknown[]): Promise<ReadonlyMap<string, string>> {
  if (kind === 'trip') return tripLabelsFor(ctx, items);
  const cached = readCache(ctx, kind);
  const wanted = idsOf(kind, items);
  const known = cached?.labels ?? {};
  // Embedded passengers (a booking fetched singly) are remembered for later lists.
  const seen: Record<string, string> = {};
  if (kind === 'passenger') {
    for (const item of items) {
      const record = item as Record<string, unknown> | null;
      const id = text(record?.passengerId);
      const label = passengerLabel(record?.passenger);
      if (id && label) seen[id] = label;
    }
  }
  const missing = wanted.filter((id) => !(id in known) && !(id in seen));
  let fetched: Record<string, string> | undefined;
  // Passengers accumulate, so a fresh cache may still lack some: one request fills them when it can.
  // The rows whose passenger is not known yet are the ones worth a request.
  const unknown = new Set(missing);
  const asked =
    kind === 'passenger' ? items.filter((item) => unknown.has(String((item as Record<string, unknown> | null)?.passengerId))) : items;
  if (asked.length && missing.length && (kind === 'passenger' || !cached))
    fetched = await fetchLabels(ctx, kind, asked).catch(() => undefined);
  const labels = kind === 'passenger' ? { ...known, ...seen, ...fetched } : { ...(fetched ?? known) };
  if (fetched || Object.keys(seen).some((id) => known[id] !== seen[id]))
    writeCache(ctx, kind, labels, kind === 'passenger' && cached ? cached.at : undefined);
  return new Map(Object.entries(labels));
}

/** Every kind at once: the requests run side by side. */
export async function lookupHandles(ctx: Context, kinds: ReadonlySet<HandleKind>, items: unknown[]): Promise<HandleMaps> {
  const entries = await Promise.all(
    [...kinds].map(async (kind) => [kind, await labelsFor(ctx, kind, items).catch(() => new Map<string, string>())] as const),
  );
  return Object.fromEntries(entries);
}
