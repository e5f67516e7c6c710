// Every status the service can answer maps to its documented exit code, whatever the error body
// looks like (JSON, HTML, empty, the wrong types), with exactly one error line.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type Answer, type HostileServer } from './hostile-server.js';
import { cli, errorLines, uuidFor } from './support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

/** [status, exit code] as the README documents them. */
const STATUS_EXITS: Array<[number, number]> = [
  [400, 6],
  [401, 3],
  [403, 4],
  [404, 5],
  [405, 6],
  [409, 6],
  [410, 6],
  [413, 6],
  [418, 6],
  [422, 6],
  [429, 6],
  [451, 6],
  [500, 1],
  [501, 1],
  [502, 1],
  [503, 1],
  [504, 1],
  [599, 1],
];

/** Error bodies of every shape: [name, body answer for a status]. */
const ERROR_BODIES: Array<[string, (status: number) => Answer]> = [
  ['the documented {error, code}', (status) => ({ json: { error: 'it went wrong', code: 'wrong' }, status })],
  ['an HTML page', (status) => ({ raw: '<html><body><h1>Error</h1></body></html>', status, headers: { 'content-type': 'text/html' } })],
  ['an empty body', (status) => ({ empty: true, status })],
  ['error is a number', (status) => ({ json: { error: 123, code: 456 }, status })],
  ['error is an object', (status) => ({ json: { error: { message: 'nested' } }, status })],
  ['a JSON null', (status) => ({ json: null, status })],
  ['an array', (status) => ({ json: ['a', 'b'], status })],
  ['malformed JSON', (status) => ({ raw: '{"error": "cut', status, headers: { 'content-type': 'application/json' } })],
  ['a huge message', (status) => ({ json: { error: 'x'.repeat(100_000) }, status })],
];

describe('status → exit code, whatever the body', () => {
  for (const [status, exit] of STATUS_EXITS) {
    it.each(ERROR_BODIES)(`HTTP ${status} with %s: exit ${exit}, one error line`, async (_name, body) => {
      server.on('GET /trips/*', body(status));
      const result = await cli(server, ['trips', 'get', uuidFor(1), '--retries', '0']);
      expect(result.code, result.stderr.slice(0, 500)).toBe(exit);
      expect(result.stdout).toBe('');
      expect(errorLines(result.stderr)).toHaveLength(1);
      expect(result.stderr).toContain(`HTTP ${status}`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    });
  }
});
