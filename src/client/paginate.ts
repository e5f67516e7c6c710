// Paged lists (trips, bookings, payments): `{<key>: [...], meta: {page, perPage, total, lastPage}}`.
// --all and --limit walk the pages one request at a time and hand each page on as it arrives, so
// streamed formats print before the last page is fetched; a failing page fails the whole walk.
//
// A walk always ends: it never goes past the lastPage the first page announced, and it stops with
// exit 1 when meta is missing, not integers or contradicts itself (lastPage ≠ ⌈total / perPage⌉),
// or when a page repeats an earlier one (a service
// that ignores `page` would otherwise be walked to lastPage, or forever). Data that changes
// during the walk (an empty page before the end, fewer items than total) is a warning.
import type { ApiClient } from './http.js';
import { badAnswer, pageMeta, type PageMeta } from './shape.js';
import type { QueryValue } from './url.js';

export type { PageMeta };

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
  warn: (message: string) => void = () => {},
): AsyncGenerator<{ items: unknown[]; meta: PageMeta }> {
  const walk = opts.all === true || opts.limit !== undefined;
  let remaining = opts.limit ?? Number.POSITIVE_INFINITY;
  let page = opts.page ?? 1;
  // Walking many pages asks for the biggest pages the service allows, unless told otherwise.
  const perPage = opts.perPage ?? (walk ? Math.min(MAX_PER_PAGE, Math.max(1, remaining)) : undefined);
  let first: PageMeta | undefined;
  let received = 0;
  let emptyBeforeEnd = 0;
  const seen = new Set<string>();
  for (;;) {
    const call = `GET ${path}?page=${page}`;
    const { data } = await client.request<Record<string, unknown>>({
      method: 'GET',
      path,
      query: { ...query, page: walk || opts.page ? page : undefined, perPage },
      expect: { kind: 'page', key: listKey },
    });
    const items = data[listKey] as unknown[];
    const meta = pageMeta(data, call);
    if (walk) checkMetaAgreesWithItself(meta, call);
    first ??= meta;
    if (walk) {
      if (meta.page !== page) throw badAnswer(call, `is page ${meta.page}, not the page asked for`);
      const fingerprint = pageFingerprint(items);
      if (fingerprint !== undefined && seen.has(fingerprint)) throw badAnswer(call, 'repeats a page the walk already received; stopping');
      if (fingerprint !== undefined) seen.add(fingerprint);
      if (items.length === 0 && page < first.lastPage) emptyBeforeEnd += 1;
    }
    const taken = items.length <= remaining ? items : items.slice(0, Math.max(0, remaining));
    remaining -= taken.length;
    received += items.length;
    yield { items: taken, meta };
    if (!walk || remaining <= 0) break;
    // The first page's lastPage bounds the walk; a later page claiming more (even the last one,
    // which would otherwise end the walk silently short) is a list that grew under the walk or a
    // service paging wrongly: stopping with an error beats an unbounded or a short walk.
    if (meta.lastPage > first.lastPage)
      throw badAnswer(
        call,
        `says there are ${meta.lastPage} pages, but the first page said ${first.lastPage}; the list changed during the walk, run it again`,
      );
    if (page >= first.lastPage) break;
    page += 1;
  }
  if (walk && first && remaining > 0) {
    if (emptyBeforeEnd) warn(`${emptyBeforeEnd} page(s) before the last came back empty: the data may have changed during the walk`);
    if ((opts.page ?? 1) === 1 && received < first.total) {
      warn(`received ${received} of the ${first.total} items the first page announced: the data may have changed during the walk`);
    }
  }
}

/**
 * lastPage must follow from total and perPage (⌈total / perPage⌉, or 0 or 1 for an empty list):
 * a first page claiming a billion pages for four items would otherwise be walked without bound.
 */
function checkMetaAgreesWithItself(meta: PageMeta, call: string): void {
  const expected = Math.ceil(meta.total / meta.perPage);
  const agrees = meta.total === 0 ? meta.lastPage <= 1 : meta.lastPage === expected;
  if (!agrees)
    throw badAnswer(
      call,
      `has meta that contradicts itself: total ${meta.total} at perPage ${meta.perPage} is ${Math.max(1, expected)} page(s), not lastPage ${meta.lastPage}`,
    );
}

/**
 * A page's identity: its item count and two 32-bit FNV-1a hashes of its items' ids in order (of
 * the items themselves where they have no id); none for an empty page. Hashes, so that a walk of
 * 100,000 items keeps a thousand short strings, not a copy of every id.
 */
function pageFingerprint(items: unknown[]): string | undefined {
  if (items.length === 0) return undefined;
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (const item of items) {
    const id = typeof item === 'object' && item !== null && 'id' in item ? String((item as { id: unknown }).id) : JSON.stringify(item);
    for (let i = 0; i < id.length; i++) {
      const c = id.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x5bd1e995);
    }
    a = Math.imul(a ^ 0xff, 0x01000193);
    b = Math.imul(b ^ 0xff, 0x5bd1e995);
  }
  return `${items.length}:${(a >>> 0).toString(36)}:${(b >>> 0).toString(36)}`;
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
