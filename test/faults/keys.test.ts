// The configured key never appears in full on stdout or stderr, wherever a hostile service echoes
// it (errors, codes, data, headers), glued to other text or not, whatever characters it holds. A key
// that cannot be a key (white space, controls, non-ASCII) is refused before any request, naming
// where it came from.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type Answer, type HostileServer } from './hostile-server.js';
import { cli, errorLines, page, trip, uuidFor } from './support.js';

let server: HostileServer;
beforeEach(async () => {
  server = await startHostileServer();
});
afterEach(async () => {
  await server.close();
});

/** Keys of several shapes, including the characters a shape-based mask stops at. */
const KEYS: Array<[string, string]> = [
  ['a secret-shaped key', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc'],
  ['a key with . + / =', 'sk_live_ab.cd+ef/gh=ij+kl/mn=='],
  ['an opaque key with . + / =', 'Zm9v.YmFy+YmF6/cXV4=='],
  ['an opaque key, no prefix', 'k3y-0paque-1234567890-abcdef'],
];

/** Where a hostile service echoes the key: [name, argv, route, answer made from the key]. */
const ECHOES: Array<[string, string[], string, (key: string) => Answer]> = [
  [
    'in a 401 error message',
    ['trips', 'list'],
    'GET /trips',
    (k) => ({ json: { error: `invalid key ${k}`, code: 'bad_key' }, status: 401 }),
  ],
  [
    'glued inside a 403 error message',
    ['trips', 'list'],
    'GET /trips',
    (k) => ({ json: { error: `scope missing for xx${k}yy`, code: 'scope' }, status: 403 }),
  ],
  ['as the error code', ['trips', 'list'], 'GET /trips', (k) => ({ json: { error: 'refused', code: k }, status: 422 })],
  [
    'in an error, with -o json',
    ['trips', 'list', '-o', 'json'],
    'GET /trips',
    (k) => ({ json: { error: `key=${k};`, code: `c${k}` }, status: 409 }),
  ],
  [
    'in a 500 HTML page',
    ['trips', 'list'],
    'GET /trips',
    (k) => ({ raw: `<html><body>debug: Authorization: Bearer ${k}</body></html>`, status: 500, headers: { 'content-type': 'text/html' } }),
  ],
  [
    'in a 200 HTML page',
    ['trips', 'list'],
    'GET /trips',
    (k) => ({ raw: `<html>token ${k}</html>`, headers: { 'content-type': 'text/html' } }),
  ],
  [
    'in a redirect Location',
    ['trips', 'list'],
    'GET /trips',
    (k) => ({ empty: true, status: 302, headers: { location: `http://127.0.0.1:9/login?key=${k}` } }),
  ],
  ['in data, table piped', ['trips', 'list'], 'GET /trips', (k) => ({ json: tripsWith(k) })],
  ['in data, -o json', ['trips', 'list', '-o', 'json'], 'GET /trips', (k) => ({ json: tripsWith(k) })],
  ['in data, -o ndjson', ['trips', 'list', '-o', 'ndjson'], 'GET /trips', (k) => ({ json: tripsWith(k) })],
  ['in data, -o csv', ['trips', 'list', '-o', 'csv'], 'GET /trips', (k) => ({ json: tripsWith(k) })],
  ['in data, as the id (-o ids)', ['trips', 'list', '-o', 'ids'], 'GET /trips', (k) => ({ json: tripsWith(k) })],
  ['in data, --query', ['trips', 'list', '--query', '[].status'], 'GET /trips', (k) => ({ json: tripsWith(k) })],
  ['in one object, table piped', ['trips', 'get', uuidFor(1)], 'GET /trips/*', (k) => ({ json: { trip: trip(1, { notes: `n:${k}:n` }) } })],
  [
    'in the company name (auth status)',
    ['auth', 'status'],
    'GET /company',
    (k) => ({ json: { company: { id: 'c1', name: `Co ${k}`, verified: true } } }),
  ],
  [
    'in a bulk error',
    ['bookings', 'approve', uuidFor(1), uuidFor(2)],
    'PATCH /bookings/*',
    (k) => ({ json: { error: `bad key (${k})`, code: 'x' }, status: 422 }),
  ],
  [
    'in a bulk result',
    ['bookings', 'approve', uuidFor(1)],
    'PATCH /bookings/*',
    (k) => ({ json: { booking: { id: uuidFor(1), status: `approved-${k}` } } }),
  ],
  [
    'in a ticket and its QR',
    ['bookings', 'ticket', uuidFor(1)],
    'GET /bookings/*/ticket',
    (k) => ({ json: { ticket: { holder: k, qr: `QR${k}QR` } } }),
  ],
  [
    'in a --debug trace of the answer',
    ['trips', 'list', '--debug'],
    'GET /trips',
    (k) => ({ json: tripsWith(k), headers: { 'x-echo': k } }),
  ],
  [
    'in a --debug trace of an error',
    ['trips', 'list', '--debug', '--retries', '1'],
    'GET /trips',
    (k) => ({ json: { error: k }, status: 503, headers: { 'x-echo': `a${k}b` } }),
  ],
];

function tripsWith(key: string): Record<string, unknown> {
  const body = page('trips', 1, 25, 3);
  const trips = body.trips as Array<Record<string, unknown>>;
  trips[0]!.status = `xx${key}yy`;
  trips[1]!.id = key;
  trips[2]!.fromCityId = `${key}\n${key}`;
  return body;
}

describe.each(KEYS)('%s never appears in full', (_name, key) => {
  it.each(ECHOES)('echoed %s', async (_where, argv, route, answer) => {
    server.on(route, answer(key));
    const result = await cli(server, argv, { key });
    expect(server.requests.length).toBeGreaterThan(0);
    expect(result.stdout).not.toContain(key);
    expect(result.stderr).not.toContain(key);
  });
});

/** Values that cannot be a key. */
const BAD_KEYS: Array<[string, string]> = [
  ['a space inside', 'sk_live_has space1234'],
  ['a leading space', ' sk_live_leading12345'],
  ['a trailing space', 'sk_live_trailing1234 '],
  ['a tab', 'sk_live_tab\there12345'],
  ['a newline inside', 'sk_live_nl\ninside1234'],
  ['a carriage return', 'sk_live_cr1234567890\r'],
  ['an escape sequence', 'sk_live_\u001b[31mred1234'],
  ['a NUL', 'sk_live_nul\u0000123456'],
  ['DEL', 'sk_live_del\u007f123456'],
  ['a C1 control', 'sk_live_c1\u0085123456'],
  ['an accented letter', 'sk_live_café12345678'],
  ['a bidi override', 'sk_live_\u202e12345678'],
  ['a no-break space', 'sk_live_nb\u00a0sp12345'],
  ['a zero-width space', 'sk_live_zw\u200b123456'],
  ['full-width letters', 'sk_live_ＦＵＬＬ12345'],
];

describe('a key that cannot be a key is refused before any request, exit 2, naming its source', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-keys-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it.each(BAD_KEYS)('TRIPCTL_API_KEY with %s', async (_name, bad) => {
    server.on('GET /trips', { json: page('trips', 1, 25, 1) });
    const result = await cli(server, ['trips', 'list'], { key: bad });
    expect(result.code, result.stderr).toBe(2);
    expect(server.requests).toEqual([]);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain('TRIPCTL_API_KEY');
  });

  it.each(BAD_KEYS)('a profile key with %s', async (_name, bad) => {
    server.on('GET /trips', { json: page('trips', 1, 25, 1) });
    writeFileSync(join(dir, 'config.json'), JSON.stringify({ profiles: { ops: { baseUrl: server.baseUrl, apiKey: bad } } }), {
      mode: 0o600,
    });
    const result = await cli(server, ['--profile', 'ops', 'trips', 'list'], {
      configDir: dir,
      env: { TRIPCTL_API_KEY: undefined, TRIPCTL_BASE_URL: undefined },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(server.requests).toEqual([]);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain("'ops'");
  });

  it.each(BAD_KEYS.filter(([name]) => !/leading|trailing|carriage/.test(name)))(
    'auth login --with-key, stdin holding a key with %s',
    async (_name, bad) => {
      server.on('GET /company', { json: { company: { id: 'c1', name: 'Co', verified: true } } });
      const result = await cli(server, ['auth', 'login', '--with-key', '--base-url', server.baseUrl], {
        configDir: dir,
        stdin: `${bad}\n`,
        env: { TRIPCTL_API_KEY: undefined },
      });
      expect(result.code, result.stderr).toBe(2);
      expect(server.requests).toEqual([]);
      expect(result.stderr).toMatch(/stdin/);
    },
  );

  it.each(KEYS)('auth login --with-key, the service refusing %s and echoing it: exit 3, never printed', async (_name, key) => {
    server.on('GET /company', { json: { error: `unknown key ${key} (xx${key}yy)`, code: key }, status: 401 });
    const result = await cli(server, ['auth', 'login', '--with-key', '--base-url', server.baseUrl], {
      configDir: dir,
      stdin: `${key}\n`,
      env: { TRIPCTL_API_KEY: undefined },
    });
    expect(result.code, result.stderr).toBe(3);
    expect(result.stdout).not.toContain(key);
    expect(result.stderr).not.toContain(key);
  });

  it('a key on stdin with its line end is fine', async () => {
    server.on('GET /company', { json: { company: { id: 'c1', name: 'Co', verified: true } } });
    const result = await cli(server, ['auth', 'login', '--with-key', '--base-url', server.baseUrl], {
      configDir: dir,
      stdin: 'sk_live_goodkey1234567890\r\n',
      env: { TRIPCTL_API_KEY: undefined },
    });
    expect(result.code, result.stderr).toBe(0);
    expect(server.seen('GET /company')[0]!.headers.authorization).toBe('Bearer sk_live_goodkey1234567890');
  });
});

/** Secrets the tool was never told about, shaped like keys or signing secrets, with the characters a shape stops at: [secret, a middle part that must not show]. */
const UNREGISTERED: Array<[string, string]> = [
  ['sk_live_4eC39Hq.LyjW+Darj/tT1z==', 'LyjW+Darj'],
  ['sk_test_Zm9vYmFy.YmF6+cXV4/Y29yZ2U=', 'YmF6+cXV4'],
  ['rk_live_abcdefgh.ijklmnop+qrst', 'ijklmnop'],
  ['whsec_MfKQ9r8GKYqrTwjUPD8.ILPZIo+2LfPb/uMx=', 'ILPZIo+2Lf'],
];

describe('secrets nobody registered are masked whole on stderr, . + / = included', () => {
  it.each(UNREGISTERED)('%s in an error message', async (secret, middle) => {
    server.on('GET /trips', { json: { error: `leaked ${secret} here`, code: 'leak' }, status: 400 });
    const result = await cli(server, ['trips', 'list']);
    expect(result.code, result.stderr).toBe(6);
    expect(result.stderr).not.toContain(secret);
    expect(result.stderr).not.toContain(middle);
  });

  it.each(UNREGISTERED)('%s in a --debug trace', async (secret, middle) => {
    server.on('GET /trips', { json: page('trips', 1, 25, 1), headers: { 'x-echo': secret } });
    const result = await cli(server, ['trips', 'list', '--debug', '-o', 'ids']);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).not.toContain(secret);
    expect(result.stderr).not.toContain(middle);
  });
});

describe('a key kept in a profile is never printed in full by the commands that show settings', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-keys-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [name, key] of KEYS) {
    it.each<[string, string[]]>([
      ['config list', ['config', 'list']],
      ['config list -o json', ['config', 'list', '-o', 'json']],
      ['profiles list', ['profiles', 'list']],
      ['profiles list -o json', ['profiles', 'list', '-o', 'json']],
      ['auth status', ['auth', 'status']],
      ['auth status -o json', ['auth', 'status', '-o', 'json']],
      ['trips list --debug', ['trips', 'list', '--debug']],
    ])(`${name}: %s`, async (_command, argv) => {
      server.on('GET /company', { json: { company: { id: 'c1', name: 'Co', verified: true } } });
      server.on('GET /trips', { json: page('trips', 1, 25, 1) });
      writeFileSync(
        join(dir, 'config.json'),
        JSON.stringify({ defaultProfile: 'ops', profiles: { ops: { baseUrl: server.baseUrl, apiKey: key } } }),
        { mode: 0o600 },
      );
      const result = await cli(server, argv, { configDir: dir, env: { TRIPCTL_API_KEY: undefined, TRIPCTL_BASE_URL: undefined } });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).not.toContain(key);
      expect(result.stderr).not.toContain(key);
    });
  }
});
