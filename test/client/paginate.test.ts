// Paged lists: one page by default, --all walks every page, --limit stops early, a failing page
// fails the walk (never silently dropped).
import { afterEach, beforeEach, expect, test } from 'vitest';
import { ApiClient } from '../../src/client/http.js';
import { listFrom, paginate } from '../../src/client/paginate.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

let server: ScriptedServer;
let client: ApiClient;

beforeEach(async () => {
  server = await startScriptedServer();
  client = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: 'sk_test_abcdefghijklmnopqrstuvwx',
    timeoutMs: 5_000,
    retries: 0,
    userAgent: 'tripctl/test',
  });
});

afterEach(async () => {
  await client.close();
  await server.close();
});

/** Page n of five trips served two to a page (meta that agrees with itself: 5 at 2 a page is 3 pages). */
const page = (n: number, lastPage: number, ids: string[]) => ({
  body: { trips: ids.map((id) => ({ id })), meta: { page: n, perPage: 2, total: 5, lastPage } },
});

async function collect(gen: AsyncGenerator<{ items: unknown[] }>): Promise<unknown[][]> {
  const pages: unknown[][] = [];
  for await (const p of gen) pages.push(p.items);
  return pages;
}

test('one page unless asked for more; --page and --per-page are sent as given', async () => {
  server.on('GET /trips', page(2, 3, ['c', 'd']));
  const pages = await collect(paginate(client, '/trips', 'trips', { status: 'published' }, { page: 2, perPage: 2 }));
  expect(pages).toEqual([[{ id: 'c' }, { id: 'd' }]]);
  expect(server.requests[0]!.query).toEqual({ status: 'published', page: '2', perPage: '2' });
  server.assertAllUsed();
});

test('--all walks every page with the biggest page size', async () => {
  server.on('GET /trips', page(1, 3, ['a', 'b']), page(2, 3, ['c', 'd']), page(3, 3, ['e']));
  const pages = await collect(paginate(client, '/trips', 'trips', {}, { all: true }));
  expect(pages.flat()).toEqual(['a', 'b', 'c', 'd', 'e'].map((id) => ({ id })));
  expect(server.requests.map((r) => r.query)).toEqual([1, 2, 3].map((n) => ({ page: String(n), perPage: '100' })));
  server.assertAllUsed();
});

test('--limit stops once enough items came', async () => {
  server.on('GET /trips', page(1, 3, ['a', 'b']), page(2, 3, ['c', 'd']));
  const pages = await collect(paginate(client, '/trips', 'trips', {}, { limit: 3, perPage: 2 }));
  expect(pages.flat()).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  expect(server.requests).toHaveLength(2);
  server.assertAllUsed();
});

test('a failing page fails the walk after the pages before it were handed on', async () => {
  server.on('GET /trips', page(1, 3, ['a', 'b']), { status: 500, body: { error: 'database unavailable' } });
  const seen: unknown[] = [];
  const walk = (async () => {
    for await (const p of paginate(client, '/trips', 'trips', {}, { all: true })) seen.push(...p.items);
  })();
  await expect(walk).rejects.toMatchObject({ status: 500, message: 'database unavailable' });
  expect(seen).toEqual([{ id: 'a' }, { id: 'b' }]);
  server.assertAllUsed();
});

test('listFrom finds the list in an envelope', () => {
  expect(listFrom({ cities: [1, 2] }, 'cities')).toEqual([1, 2]);
  expect(listFrom({ items: [3], meta: { page: 1 } })).toEqual([3]);
  expect(listFrom([4])).toEqual([4]);
  expect(listFrom({ a: [1], b: [2] })).toEqual([]);
  expect(listFrom(null)).toEqual([]);
});
