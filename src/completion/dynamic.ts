// `tripctl __complete KIND [PREFIX]`: the values a completion script cannot know — city names,
// ids, plates, profile names — one a line, as `value<TAB>description`. It asks the service with a
// short time-out and no retries, keeps each answer on disk for a minute, and never prints an
// error: on any failure the answer is empty, so a slow or absent network never freezes a shell.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFileSync } from '../config/private-file.js';
import type { Context } from '../context.js';
import { listFrom } from '../client/paginate.js';
import type { DynamicKind } from './tree.js';
import { sanitizeLine } from '../output/sanitize.js';

export const COMPLETE_TIMEOUT_MS = 2000;
export const CACHE_TTL_MS = 60_000;

export interface Candidate {
  value: string;
  description?: string;
}

type Item = Record<string, unknown>;

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : undefined;
const joined = (...parts: unknown[]): string | undefined => parts.map(text).filter(Boolean).join(', ') || undefined;

/** What each kind asks for and how an item becomes candidates. */
const SOURCES: Record<
  Exclude<DynamicKind, 'profiles'>,
  { path: string; key: string; query?: Record<string, string | number>; candidates: (item: Item) => Candidate[] }
> = {
  cities: {
    path: '/cities',
    key: 'cities',
    // Both names complete: `--from Dam` and `--from دم`.
    candidates: (c) => [
      ...(text(c.name) ? [{ value: text(c.name)!, description: text(c.nameAr) }] : []),
      ...(text(c.nameAr) ? [{ value: text(c.nameAr)!, description: text(c.name) }] : []),
      ...(!text(c.name) && !text(c.nameAr) && text(c.id) ? [{ value: text(c.id)! }] : []),
    ],
  },
  trips: { path: '/trips', key: 'trips', query: { perPage: 100 }, candidates: (t) => idOf(t, joined(t.departureAt, t.status)) },
  bookings: {
    path: '/bookings',
    key: 'bookings',
    query: { perPage: 100 },
    candidates: (b) => idOf(b, joined(b.status, b.seats !== undefined ? `${text(b.seats)} seats` : undefined, b.groupName)),
  },
  vehicles: {
    path: '/vehicles',
    key: 'vehicles',
    candidates: (v) => {
      const value = text(v.plate) ?? text(v.id);
      return value
        ? [
            {
              value,
              description: joined(
                [text(v.make), text(v.model)].filter(Boolean).join(' '),
                v.seats !== undefined ? `${text(v.seats)} seats` : undefined,
              ),
            },
          ]
        : [];
    },
  },
  members: { path: '/members', key: 'members', candidates: (m) => idOf(m, joined(m.fullName, m.role)) },
  webhooks: { path: '/webhooks', key: 'webhooks', candidates: (w) => idOf(w, joined(w.url, w.active === false ? 'paused' : undefined)) },
  schedules: { path: '/schedules', key: 'schedules', candidates: (s) => idOf(s, joined(s.recurrence, s.departureTime)) },
};

function idOf(item: Item, description: string | undefined): Candidate[] {
  const id = text(item.id);
  return id ? [{ value: id, description }] : [];
}

interface CacheFile {
  at: number;
  baseUrl: string;
  candidates: Candidate[];
}

function cachePath(ctx: Context, profile: string, kind: string): string {
  const safe = profile.replace(/[^A-Za-z0-9_.-]/g, '_');
  return join(ctx.config.dir, 'cache', `complete-${safe}-${kind}.json`);
}

function readCache(file: string, baseUrl: string, now: number): Candidate[] | undefined {
  try {
    const cached = JSON.parse(readFileSync(file, 'utf8')) as CacheFile;
    if (cached.baseUrl !== baseUrl || !Array.isArray(cached.candidates)) return undefined;
    if (!(now >= cached.at && now - cached.at < CACHE_TTL_MS)) return undefined;
    return cached.candidates;
  } catch {
    return undefined;
  }
}

function writeCache(file: string, entry: CacheFile): void {
  // A cache that cannot be written only costs the next completion a request.
  writePrivateFileSync(file, JSON.stringify(entry));
}

async function fetchCandidates(ctx: Context, kind: Exclude<DynamicKind, 'profiles'>): Promise<Candidate[]> {
  const settings = ctx.settings();
  if (!settings.baseUrl) return [];
  const file = cachePath(ctx, settings.profileName, kind);
  const now = ctx.now().getTime();
  const cached = readCache(file, settings.baseUrl, now);
  if (cached) return cached;
  // At most 2 s (less with --timeout 1), whole answer included, no retries, and never a trace.
  const client = await ctx.sideClient(COMPLETE_TIMEOUT_MS, { retries: 0, interruptible: true, silent: true });
  try {
    const source = SOURCES[kind];
    const { data } = await client.request({ method: 'GET', path: source.path, query: source.query, retrySafe: false });
    const candidates = (listFrom(data, source.key) as unknown[])
      .filter((item): item is Item => typeof item === 'object' && item !== null)
      .flatMap(source.candidates);
    writeCache(file, { at: now, baseUrl: settings.baseUrl, candidates });
    return candidates;
  } finally {
    // Not awaited: a pool still tearing down must not hold the shell.
    client.close().catch(() => {});
  }
}

function profileCandidates(ctx: Context): Candidate[] {
  const file = ctx.config.read();
  return Object.keys(file.profiles).map((name) => ({ value: name, description: name === file.defaultProfile ? 'default' : undefined }));
}

/** The candidates of a kind that start with the prefix (case-insensitive); [] on any failure. */
export async function complete(ctx: Context, kind: string, prefix = ''): Promise<Candidate[]> {
  try {
    let candidates: Candidate[];
    if (kind === 'profiles') candidates = profileCandidates(ctx);
    else if (Object.hasOwn(SOURCES, kind)) candidates = await fetchCandidates(ctx, kind as Exclude<DynamicKind, 'profiles'>);
    else return [];
    const lower = prefix.toLowerCase();
    const seen = new Set<string>();
    return candidates.filter((c) => {
      if (seen.has(c.value) || !c.value.toLowerCase().startsWith(lower)) return false;
      seen.add(c.value);
      return true;
    });
  } catch {
    return [];
  }
}

/** One candidate a line, through the shared sanitiser: no escape sequence reaches the shell's screen. */
export function formatCandidates(candidates: Candidate[]): string {
  const clean = sanitizeLine;
  return candidates
    .map((c) => (c.description ? `${clean(c.value)}\t${clean(c.description)}` : clean(c.value)))
    .map((line) => `${line}\n`)
    .join('');
}
