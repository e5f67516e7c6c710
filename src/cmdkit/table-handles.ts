// The look-ups behind the handles of terminal tables: city names, plates, passengers. Each kind
// costs at most one request, and none while its cache is fresh: cities change rarely (kept a day),
// vehicles more often (kept five minutes), passengers are remembered as they are seen. The cache
// is a private file per profile and kind under `<config dir>/cache/`, like the completion cache;
// any failure (no scope, no network, a cache that cannot be written) only means ids are shown.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { listFrom } from '../client/paginate.js';
import { writePrivateFileSync } from '../config/private-file.js';
import type { Context } from '../context.js';
import type { HandleKind } from '../output/columns.js';
import { passengerLabel, type HandleMaps } from '../output/terminal.js';

export const HANDLE_TTL_MS: Record<HandleKind, number> = {
  city: 24 * 60 * 60_000,
  vehicle: 5 * 60_000,
  passenger: 24 * 60 * 60_000,
};

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
    vehicle: ['vehicleId'],
    passenger: ['passengerId'],
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

/** One request for the labels of a kind, or undefined when there is no one request that gives them. */
async function fetchLabels(ctx: Context, kind: HandleKind, items: unknown[]): Promise<Record<string, string> | undefined> {
  let path: string;
  let key: string;
  if (kind === 'city') [path, key] = ['/cities', 'cities'];
  else if (kind === 'vehicle') [path, key] = ['/vehicles', 'vehicles'];
  else {
    // A booking list does not carry its passengers; a trip's manifest does, for the approved and
    // boarded ones. Only when every row is of one trip is that a single request.
    const trips = new Set(items.map((item) => text((item as Record<string, unknown> | null)?.tripId)));
    const [trip] = trips;
    if (trips.size !== 1 || !trip) return undefined;
    [path, key] = [`/trips/${encodeURIComponent(trip)}/manifest`, 'passengers'];
  }
  const client = await ctx.sideClient(LOOKUP_DEADLINE_MS, { retries: 1, interruptible: true, silent: true });
  try {
    const { data } = await client.request({ method: 'GET', path, retrySafe: true });
    const labels: Record<string, string> = {};
    for (const entry of listFrom(data, key) as Array<Record<string, unknown>>) {
      if (typeof entry !== 'object' || entry === null) continue;
      if (kind === 'city' && text(entry.id)) labels[entry.id as string] = text(entry.name) ?? text(entry.nameAr) ?? (entry.id as string);
      if (kind === 'vehicle' && text(entry.id))
        labels[entry.id as string] = text(entry.plate) ?? [text(entry.make), text(entry.model)].filter(Boolean).join(' ');
      if (kind === 'passenger') {
        const id = text(entry.passengerId) ?? text(entry.userId) ?? text(entry.id);
        const label = passengerLabel(entry);
        if (id && label) labels[id] = label;
      }
    }
    return labels;
  } finally {
    client.close().catch(() => {});
  }
}

async function labelsFor(ctx: Context, kind: HandleKind, items: unknown[]): Promise<ReadonlyMap<string, string>> {
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
  if (missing.length && (kind === 'passenger' || !cached)) fetched = await fetchLabels(ctx, kind, items).catch(() => undefined);
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
