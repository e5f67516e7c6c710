// Paged lists (trips, bookings, payments): `{<key>: [...], meta: {page, perPage, total, lastPage}}`.
// --all and --limit walk the pages one request at a time and hand each page on as it arrives, so
// streamed formats print before the last page is fetched; a failing page fails the whole walk.
import type { ApiClient } from './http.js';
import type { QueryValue } from './url.js';

export interface PageMeta {
  page: number;
  perPage: number;
  total: number;
  lastPage: number;
}

export interface PageOptions {
  page?: number;
  perPage?: number;
  all?: boolean;
  limit?: number;
}

export const MAX_PER_PAGE = 100;

export async function* paginate(
  client: ApiClient,
  path: string,
  listKey: string,
  query: Record<string, QueryValue>,
  opts: PageOptions,
): AsyncGenerator<{ items: unknown[]; meta?: PageMeta }> {
  const walk = opts.all === true || opts.limit !== undefined;
  let remaining = opts.limit ?? Number.POSITIVE_INFINITY;
  let page = opts.page ?? 1;
  // Walking many pages asks for the biggest pages the service allows, unless told otherwise.
  const perPage = opts.perPage ?? (walk ? Math.min(MAX_PER_PAGE, Math.max(1, remaining)) : undefined);
  for (;;) {
    const { data } = await client.request<Record<string, unknown>>({
      method: 'GET',
      path,
      query: { ...query, page: walk || opts.page ? page : undefined, perPage },
    });
    const items = listFrom(data, listKey);
    const meta = metaFrom(data);
    const taken = items.slice(0, Math.max(0, remaining));
    remaining -= taken.length;
    yield { items: taken, meta };
    if (!walk || remaining <= 0 || items.length === 0) return;
    if (!meta || page >= meta.lastPage) return;
    page += 1;
  }
}

/** The list inside an envelope: the named key, else the only array-valued key. */
export function listFrom(data: unknown, listKey?: string): unknown[] {
  if (Array.isArray(data)) return data;
  if (typeof data !== 'object' || data === null) return [];
  const record = data as Record<string, unknown>;
  if (listKey && Array.isArray(record[listKey])) return record[listKey] as unknown[];
  const arrays = Object.values(record).filter(Array.isArray);
  return arrays.length === 1 ? (arrays[0] as unknown[]) : [];
}

function metaFrom(data: unknown): PageMeta | undefined {
  const meta = (data as { meta?: Partial<PageMeta> } | null)?.meta;
  if (!meta || typeof meta.lastPage !== 'number') return undefined;
  return meta as PageMeta;
}
