// `--all` walks a service that lies about its pages. Meta that is missing or not integers, a page
// that repeats an earlier one, a walk that would pass the first page's lastPage: exit 1, and the
// walk ends. A page that comes back empty before the end, or fewer items than total: the data
// changed under the walk, which is worth a warning and no failure.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type Handler, type HostileServer } from './hostile-server.js';
import { cli, errorLines, lines, page, type ListKey } from './support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

const LISTS: ListKey[] = ['trips', 'bookings', 'payments'];
const PER_PAGE = 10;

/** A walk over `total` items whose page n is changed by `lie`. */
function walk(key: ListKey, total: number, lie: (pageNo: number, honest: Record<string, unknown>) => Record<string, unknown>): Handler {
  return (req) => {
    const pageNo = Number(req.query.page ?? 1);
    return { json: lie(pageNo, page(key, pageNo, Number(req.query.perPage ?? PER_PAGE), total)) };
  };
}
const withMeta = (body: Record<string, unknown>, meta: Record<string, unknown>) => ({
  ...body,
  meta: { ...(body.meta as object), ...meta },
});

/** Lies that end the walk with exit 1: [name, total, lie]. */
const FATAL_LIES: Array<[string, number, (pageNo: number, honest: Record<string, unknown>) => Record<string, unknown>]> = [
  ['no meta on the first page', 30, (_n, honest) => ({ ...honest, meta: undefined })],
  ['no meta on the second page', 30, (n, honest) => (n === 2 ? { ...honest, meta: undefined } : honest)],
  ['meta is null', 30, (_n, honest) => ({ ...honest, meta: null })],
  ['page is a string', 30, (n, honest) => withMeta(honest, { page: String(n) })],
  ['perPage is a string', 30, (_n, honest) => withMeta(honest, { perPage: String(PER_PAGE) })],
  ['total is a string', 30, (_n, honest) => withMeta(honest, { total: '30' })],
  ['lastPage is a string', 30, (_n, honest) => withMeta(honest, { lastPage: '3' })],
  ['lastPage is a fraction', 30, (_n, honest) => withMeta(honest, { lastPage: 2.5 })],
  ['lastPage is missing', 30, (_n, honest) => withMeta(honest, { lastPage: undefined })],
  ['lastPage grows with every page', 30, (n, honest) => withMeta(page(key(honest), n, PER_PAGE, (n + 1) * PER_PAGE), { lastPage: n + 1 })],
  [
    'later pages say lastPage is huge, the first said 3',
    30,
    (n, honest) => withMeta(page(key(honest), n, PER_PAGE, 1e9), { lastPage: n === 1 ? 3 : 1e9 }),
  ],
  [
    'the second page repeats the first',
    30,
    (n, honest) => (n === 2 ? { ...page(key(honest), 1, PER_PAGE, 30), meta: (honest as { meta: unknown }).meta } : honest),
  ],
  ['the service ignores page (always the first)', 30, (_n, honest) => page(key(honest), 1, PER_PAGE, 30)],
  // Meta that contradicts itself: lastPage must be ⌈total / perPage⌉ (0 or 1 for an empty list).
  ['total 4 at perPage 10 but lastPage 1,000,000,000', 4, (_n, honest) => withMeta(honest, { lastPage: 1_000_000_000 })],
  ['total 45 at perPage 10 but lastPage 3', 30, (_n, honest) => withMeta(honest, { total: 45 })],
  ['total 0 but lastPage 7', 0, (_n, honest) => withMeta(honest, { lastPage: 7 })],
  ['total 30 at perPage 10 but lastPage 2', 30, (_n, honest) => withMeta(honest, { lastPage: 2 })],
  ['meta.page is not the page asked for', 30, (n, honest) => withMeta(honest, { page: n + 1 })],
  [
    'the third page repeats the first',
    40,
    (n, honest) => (n === 3 ? { ...page(key(honest), 1, PER_PAGE, 40), meta: (honest as { meta: unknown }).meta } : honest),
  ],
];

/** Lies that are a warning and exit 0: [name, total, lie, items printed at least]. */
const WARNED_LIES: Array<[string, number, (pageNo: number, honest: Record<string, unknown>) => Record<string, unknown>, number]> = [
  ['an empty page before the last', 30, (n, honest) => (n === 2 ? { ...honest, [key(honest)]: [] } : honest), 10],
  [
    'the last page shorter than total says',
    30,
    (n, honest) => (n === 3 ? { ...honest, [key(honest)]: (honest[key(honest)] as unknown[]).slice(0, 4) } : honest),
    24,
  ],
];

/** Answers that look odd but are honest: [name, total, answer, items expected]. */
const HONEST_ODDITIES: Array<[string, number, (pageNo: number, honest: Record<string, unknown>) => Record<string, unknown>, number]> = [
  ['the service picks its own perPage (25 for 10)', 30, (n, honest) => page(key(honest), n, 25, 30), 30],
  ['an empty list whose lastPage is 0', 0, (_n, honest) => withMeta(honest, { lastPage: 0 }), 0],
  ['an empty list whose lastPage is 1', 0, (_n, honest) => honest, 0],
  ['extra meta fields', 30, (_n, honest) => withMeta(honest, { nextCursor: 'abc', links: { next: '/x' } }), 30],
];

function key(body: Record<string, unknown>): ListKey {
  return LISTS.find((k) => k in body)!;
}

describe.each(LISTS)('%s list --all', (list) => {
  it.each(FATAL_LIES)(
    '%s: exit 1 and the walk ends',
    async (_name, total, lie) => {
      server.on(`GET /${list}`, walk(list, total, lie));
      const result = await cli(server, [list, 'list', '--all', '--per-page', String(PER_PAGE), '-o', 'ndjson'], { limitMs: 5_000 });
      expect(result.code, result.stderr).toBe(1);
      expect(errorLines(result.stderr), result.stderr).toHaveLength(1);
      expect(server.seen(`GET /${list}`).length).toBeLessThanOrEqual(4);
    },
    15_000,
  );

  it.each(WARNED_LIES)(
    '%s: exit 0 with a warning',
    async (_name, total, lie, atLeast) => {
      server.on(`GET /${list}`, walk(list, total, lie));
      const result = await cli(server, [list, 'list', '--all', '--per-page', String(PER_PAGE), '-o', 'ids'], { limitMs: 5_000 });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toMatch(/^tripctl: warning: /m);
      expect(lines(result.stdout).length).toBeGreaterThanOrEqual(atLeast);
    },
    15_000,
  );

  it.each(HONEST_ODDITIES)(
    '%s: exit 0, no warning, every item once',
    async (_name, total, answer, expected) => {
      server.on(`GET /${list}`, walk(list, total, answer));
      const result = await cli(server, [list, 'list', '--all', '--per-page', String(PER_PAGE), '-o', 'ids'], { limitMs: 5_000 });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      expect(lines(result.stdout)).toHaveLength(expected);
      expect(new Set(lines(result.stdout)).size).toBe(expected);
    },
    15_000,
  );

  it('an honest walk: every item once, no warning, one request a page', async () => {
    server.on(
      `GET /${list}`,
      walk(list, 35, (_n, honest) => honest),
    );
    const result = await cli(server, [list, 'list', '--all', '--per-page', String(PER_PAGE), '-o', 'ids']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
    expect(new Set(lines(result.stdout)).size).toBe(35);
    expect(server.seen(`GET /${list}`).map((r) => r.query.page)).toEqual(['1', '2', '3', '4']);
  });
});

describe('meta that contradicts itself', () => {
  it('is named on the first page, and the walk goes no further', async () => {
    server.on(
      'GET /bookings',
      walk('bookings', 4, (_n, honest) => withMeta(honest, { perPage: 25, lastPage: 1_000_000_000 })),
    );
    const result = await cli(server, ['bookings', 'list', '--all', '-o', 'ids'], { limitMs: 5_000 });
    expect(result.code, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toEqual([
      "tripctl: the service's answer to GET /bookings?page=1 has meta that contradicts itself: total 4 at perPage 25 is 1 page(s), not lastPage 1000000000",
    ]);
    expect(server.seen('GET /bookings')).toHaveLength(1);
    expect(result.stdout).toBe('');
  });
});
