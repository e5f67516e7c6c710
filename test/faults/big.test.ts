// One page of 130,000 trips renders in every format, whole, with exit 0: no stack overflow from
// spreading a large array into a call, no line lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './hostile-server.js';
import { cli, errorLines, items, lines } from './support.js';

const COUNT = 130_000;
let server: HostileServer;

beforeAll(async () => {
  server = await startHostileServer();
  const body = Buffer.from(
    JSON.stringify({ trips: items('trips', 1, COUNT), meta: { page: 1, perPage: COUNT, total: COUNT, lastPage: 1 } }),
  );
  server.on('GET /trips', { raw: body, headers: { 'content-type': 'application/json' } });
});
afterAll(async () => {
  await server.close();
});

/** Formats and how many records each must show: [format, count of the output's records]. */
const BIG_FORMATS: Array<[string, (stdout: string) => number]> = [
  ['json', (out) => (JSON.parse(out) as unknown[]).length],
  ['ndjson', (out) => lines(out).length],
  ['csv', (out) => lines(out, { crlf: true }).length - 1],
  ['ids', (out) => new Set(lines(out)).size],
  ['table', (out) => lines(out).length],
];

describe(`one page of ${COUNT} trips`, () => {
  it.each(BIG_FORMATS)(
    '%s: exit 0 and every record',
    async (format, count) => {
      // The table piped without -o is the script's lines (-o table by name is the person's table).
      const result = await cli(server, ['trips', 'list', ...(format === 'table' ? [] : ['-o', format])], { limitMs: 60_000 });
      expect(result.code, result.stderr.slice(0, 2000)).toBe(0);
      expect(result.stderr).toBe('');
      expect(count(result.stdout)).toBe(COUNT);
    },
    90_000,
  );

  it('--query over the whole page: exit 0', async () => {
    const result = await cli(server, ['trips', 'list', '--query', 'length(@)'], { limitMs: 60_000 });
    expect(result.code, result.stderr.slice(0, 2000)).toBe(0);
    expect(JSON.parse(result.stdout)).toBe(COUNT);
  }, 90_000);
});

describe('an answer too large to hold', () => {
  it.each(['trips list', 'trips get'])('%s announcing 3 GB: exit 1 with a clear message, not a network error', async (command) => {
    const big = await startHostileServer();
    try {
      big.on('GET /trips', {
        fault: 'truncate',
        declared: 3_000_000_000,
        body: Buffer.from('{"trips":['),
        headers: { 'content-type': 'application/json' },
      });
      big.on('GET /trips/*', {
        fault: 'truncate',
        declared: 3_000_000_000,
        body: Buffer.from('{"trip":{'),
        headers: { 'content-type': 'application/json' },
      });
      const argv = command === 'trips list' ? ['trips', 'list'] : ['trips', 'get', '00000000-0000-4000-8000-000000000001'];
      const result = await cli(big, [...argv, '--retries', '0']);
      expect(result.code, result.stderr).toBe(1);
      expect(errorLines(result.stderr)).toHaveLength(1);
      expect(errorLines(result.stderr)[0]).toMatch(/large/i);
    } finally {
      await big.close();
    }
  });
});
