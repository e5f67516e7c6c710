// The foundations of every command, in-process through main(argv, ctx) against the scripted
// server: the command tree and its usage errors, one call from flag to output, errors and
// downloads. test/process/foundation.test.ts runs what needs the built tool in a real process.
import { readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import type { CliOptions } from '../support/cli.js';
import { runCommand } from '../support/context.js';
import { scriptedEach } from '../support/scripted-each.js';

const KEY = 'sk_test_a1b2c3d4e5f60718293a4b5c6d7e8f90';
const CITIES = {
  cities: [
    { id: '0b3c8a6e-1111-4000-8000-000000000001', name: 'Homs', nameAr: 'حمص' },
    { id: '0b3c8a6e-1111-4000-8000-000000000002', name: 'Damascus', nameAr: 'دمشق' },
  ],
};
const COMPANY = { company: { id: '6f1c7d8e-0000-4000-8000-000000000001', name: 'Damascus Express', verified: true } };
const PAYMENT_ID = '9d5e4c3b-2a19-4f08-8e7d-6c5b4a392817';
const { version } = (await import('../../package.json', { with: { type: 'json' } })).default as { version: string };

const each = scriptedEach(KEY);

const run = (args: string[], opts: CliOptions = {}) => runCommand(args, { configDir: each.dir, env: each.env, ...opts });

describe('the command tree', () => {
  test('an unknown command is exit 2 with a suggestion, and no request', async () => {
    const result = await run(['citis', 'list']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^tripctl: unknown command 'citis'/);
    expect(result.stderr).toContain('(Did you mean cities?)');
    expect(each.server.requests).toHaveLength(0);
  });

  test('an unknown verb and an unknown flag are exit 2 too', async () => {
    const verb = await run(['cities', 'lst']);
    expect(verb.code).toBe(2);
    expect(verb.stderr).toContain('(Did you mean list?)');
    const flag = await run(['cities', 'list', '--outptu', 'json']);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/unknown option '--outptu'/);
    expect(flag.stderr).toContain('(Did you mean --output?)');
    const format = await run(['cities', 'list', '-o', 'yaml']);
    expect(format.code).toBe(2);
    expect(each.server.requests).toHaveLength(0);
  });

  test('help cities list: description, usage and examples on stdout', async () => {
    const result = await run(['help', 'cities', 'list']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('Usage: tripctl cities list');
    expect(result.stdout).toContain('List the cities usable as --from and --to');
    expect(result.stdout).toContain('Examples:\n  $ tripctl cities list');
    expect(result.stdout).toContain('--base-url');
    // `cities list --help` says the same, and so does help after global flags (they go anywhere).
    expect((await run(['cities', 'list', '--help'])).stdout).toBe(result.stdout);
    expect((await run(['--profile', 'default', '-o', 'json', 'help', 'cities', 'list'])).stdout).toBe(result.stdout);
    expect((await run(['help', 'cities', 'list', '--profile', 'default'])).stdout).toBe(result.stdout);
  });

  test('help licenses from the sources says where a build writes them (the packages in node_modules carry their own)', async () => {
    const result = await run(['help', 'licenses']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tripctl: run from the sources: .*\nhint: 'npm run build' writes dist\/THIRD-PARTY-LICENSES\.txt\n$/);
  });

  test('help for something that does not exist is a usage error', async () => {
    const result = await run(['help', 'cities', 'nope']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^tripctl: unknown command 'nope'\nhint: commands here: list/);
  });
});

describe('one call from flag to output', () => {
  test('cities list, piped: tab-separated rows on stdout, nothing on stderr', async () => {
    each.server.on('GET /cities', { body: CITIES });
    const result = await run(['cities', 'list']);
    expect(result).toEqual({ code: 0, stdout: CITIES.cities.map((c) => `${c.id}\t${c.name}\t${c.nameAr}\n`).join(''), stderr: '' });
    const [req] = each.server.requests;
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.headers['user-agent']).toBe(`tripctl/${version} node/${process.versions.node}`);
    expect(req!.headers.accept).toBe('application/json');
    each.server.assertAllUsed();
  });

  test('global flags may stand anywhere on the line', async () => {
    each.server.always('GET /cities', { body: CITIES });
    const before = await run(['--json', 'cities', 'list']);
    const after = await run(['cities', 'list', '--json']);
    expect(JSON.parse(before.stdout)).toEqual(CITIES.cities);
    expect(after.stdout).toBe(before.stdout);
    const ids = await run(['-o', 'ids', 'cities', 'list']);
    expect(ids.stdout).toBe(CITIES.cities.map((c) => `${c.id}\n`).join(''));
    const query = await run(['cities', 'list', '--query', "[?name=='Homs'].id | [0]"]);
    expect(JSON.parse(query.stdout)).toBe(CITIES.cities[0]!.id);
    const requestsSoFar = each.server.requests.length;
    const badQuery = await run(['cities', 'list', '--query', '[?name=='], { env: each.env });
    expect(badQuery.code).toBe(2);
    expect(badQuery.stderr).toMatch(/^tripctl: --query is not a valid JMESPath expression: /);
    expect(each.server.requests).toHaveLength(requestsSoFar);
  });

  test('company get -o json: the object, envelope unwrapped', async () => {
    each.server.on('GET /company', { body: COMPANY });
    const result = await run(['company', 'get', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(COMPANY.company);
    expect(result.stderr).toBe('');
    each.server.assertAllUsed();
  });

  test('api GET /company prints the answer as received', async () => {
    each.server.on('GET /company', { body: COMPANY });
    const result = await run(['api', 'GET', '/company']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(COMPANY);
    each.server.assertAllUsed();
  });

  test('api: the base path may be included, --param and -F/-f build query and body', async () => {
    each.server.on('POST /trips', { status: 201, body: { trip: { id: 't1' } } });
    const result = await run([
      'api',
      'post',
      '/api/partner/v1/trips',
      '--param',
      'dryRun=1',
      '-F',
      'pricePerSeat=5000',
      '-F',
      'stops[]=a',
      '-f',
      'notes=007',
      '-H',
      'X-Trace: abc',
    ]);
    expect(result.code).toBe(0);
    const [req] = each.server.requests;
    expect(req!.url).toBe('/api/partner/v1/trips?dryRun=1');
    expect(JSON.parse(req!.body)).toEqual({ pricePerSeat: 5000, stops: ['a'], notes: '007' });
    expect(req!.headers['x-trace']).toBe('abc');
    each.server.assertAllUsed();
  });

  test('api: a full URL or a query in the path is a usage error before any request', async () => {
    expect((await run(['api', 'GET', 'https://evil.example.com/company'])).code).toBe(2);
    expect((await run(['api', 'GET', '/company?x=1'])).code).toBe(2);
    expect((await run(['api', 'FETCH', '/company'])).code).toBe(2);
    expect(each.server.requests).toHaveLength(0);
  });

  test('api: an error answer is the same one line and exit code', async () => {
    each.server.on('GET /trips/0b3c8a6e-1111-4000-8000-00000000000f', {
      status: 404,
      body: { error: 'trip not found', code: 'not_found' },
    });
    const result = await run(['api', 'GET', '/trips/0b3c8a6e-1111-4000-8000-00000000000f']);
    expect(result.code).toBe(5);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe('tripctl: trip not found (HTTP 404, code not_found)\n');
  });

  test('openapi sends no Authorization header, even with a key configured', async () => {
    const doc = {
      openapi: '3.1.0',
      info: { title: 'Partner API', version: '2026-08-21' },
      paths: { '/cities': { get: { summary: 'List cities', 'x-scope': 'trips.read' } } },
    };
    each.server.on('GET /openapi.json', { body: doc }, { body: doc });
    const result = await run(['openapi']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(doc);
    expect(each.server.requests[0]!.headers.authorization).toBeUndefined();
    // -o table asked for by name is the person's table, piped or not (-o csv for scripts).
    const table = await run(['openapi', '-o', 'table']);
    expect(table.stdout).toMatch(/^GET +\/cities +trips\.read +List cities$/m);
    expect(table.stdout).not.toContain('\t');
    // No key at all is fine for the public document.
    each.server.on('GET /openapi.json', { body: doc });
    const keyless = await run(['openapi'], { env: { TRIPCTL_BASE_URL: each.server.baseUrl } });
    expect(keyless.code).toBe(0);
    each.server.assertAllUsed();
  });
});

describe('errors', () => {
  test('an error is one line on stderr and the exit code of its status', async () => {
    each.server.on('GET /company', { status: 403, body: { error: 'key lacks scope company.read', code: 'insufficient_scope' } });
    const result = await run(['company', 'get']);
    expect(result.code).toBe(4);
    expect(result.stdout).toBe('');
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toBe('tripctl: key lacks scope company.read (HTTP 403, code insufficient_scope)');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^hint: /);
  });

  test('a network failure is exit 7', async () => {
    await each.server.close();
    const result = await run(['cities', 'list', '--retries', '0']);
    expect(result.code).toBe(7);
    expect(result.stderr).toMatch(/^tripctl: connection to 127\.0\.0\.1:\d+ refused\n/);
  });

  test('--debug traces to stderr with the key masked, and stdout stays data', async () => {
    each.server.on('GET /cities', { body: CITIES });
    const result = await run(['cities', 'list', '--debug', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(CITIES.cities);
    expect(result.stderr).toContain('> authorization: Bearer sk_test_…8f90');
    expect(result.stderr).not.toContain(KEY);
  });
});

describe('downloads', () => {
  test('a download that completes is saved whole and its path printed', async () => {
    const cwd = await mkdtemp(join(tmpdir(), 'tripctl-dl-e2e-'));
    try {
      each.server.on(`GET /payments/${PAYMENT_ID}/invoice.pdf`, {
        headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="../invoice-7.pdf"' },
        body: '%PDF-1.7\n%%EOF\n',
      });
      const result = await run(['payments', 'invoice', PAYMENT_ID], { cwd });
      expect(result.code).toBe(0);
      expect(result.stdout).toBe(`${join(cwd, 'invoice-7.pdf')}\n`);
      expect(readdirSync(cwd)).toEqual(['invoice-7.pdf']);
    } finally {
      await rm(cwd, { recursive: true, force: true });
    }
  });
});
