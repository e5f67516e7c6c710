// The whole path from a service error to what the operator sees: one line on stderr carrying the
// service's error text, HTTP status and code, a hint where one helps, and the design's exit code.
// Also --debug traces, which must never show the key in full.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ExitCode } from '../../src/errors.js';
import { runInProcess } from '../support/context.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const KEY = 'sk_test_9c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f';
const MASKED = 'sk_test_…4e5f';

let server: ScriptedServer;
let env: Record<string, string>;

beforeEach(async () => {
  server = await startScriptedServer();
  env = { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY };
});

afterEach(async () => {
  await server.close();
});

describe('error status → exit code and one line', () => {
  const cases: Array<[number, number, string]> = [
    [400, ExitCode.rejected, 'bad_request'],
    [401, ExitCode.auth, 'unauthorized'],
    [403, ExitCode.forbidden, 'insufficient_scope'],
    [404, ExitCode.notFound, 'not_found'],
    [409, ExitCode.rejected, 'conflict'],
    [422, ExitCode.rejected, 'seats_out_of_range'],
    [500, ExitCode.failure, 'internal'],
  ];
  for (const [status, exitCode, code] of cases) {
    test(`HTTP ${status} → exit ${exitCode}`, async () => {
      server.on('GET /company', { status, body: { error: `service text for ${status}`, code } });
      const result = await runInProcess(['company', 'get'], { env });
      expect(result.code).toBe(exitCode);
      expect(result.stdout).toBe('');
      const lines = result.stderr.trimEnd().split('\n');
      expect(lines[0]).toBe(`tripctl: service text for ${status} (HTTP ${status}, code ${code})`);
      // At most a hint after the error line; never a stack trace.
      expect(lines.length).toBeLessThanOrEqual(2);
      if (lines[1]) expect(lines[1]).toMatch(/^hint: /);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      server.assertAllUsed();
    });
  }

  test('429 on every try → exit 6 after --retries, with a hint', async () => {
    const tooMany = { status: 429, body: { error: 'too many requests for this key', code: 'rate_limited' } };
    server.on('GET /company', tooMany, tooMany);
    const result = await runInProcess(['company', 'get', '--retries', '1'], { env });
    expect(result.code).toBe(ExitCode.rejected);
    expect(result.stderr).toContain('tripctl: too many requests for this key (HTTP 429, code rate_limited)\nhint: ');
    expect(server.requests).toHaveLength(2);
    server.assertAllUsed();
  });

  test('401 and 403 carry hints that say what to do', async () => {
    server.on('GET /company', { status: 401, body: { error: 'invalid key' } });
    const unauthorized = await runInProcess(['company', 'get'], { env });
    expect(unauthorized.stderr).toMatch(/^tripctl: invalid key \(HTTP 401\)\nhint: .*auth login/);
    server.on('GET /company', { status: 403, body: { error: 'missing scope company.read', code: 'insufficient_scope' } });
    const forbidden = await runInProcess(['company', 'get'], { env });
    expect(forbidden.stderr).toMatch(/hint: .*scope/);
    server.assertAllUsed();
  });

  test('with -o json the error is also a JSON object on stderr', async () => {
    server.on('GET /company', { status: 422, body: { error: 'description too long', code: 'validation_failed' } });
    const result = await runInProcess(['company', 'get', '-o', 'json'], { env });
    expect(result.code).toBe(ExitCode.rejected);
    expect(result.stdout).toBe('');
    const jsonLine = result.stderr.trimEnd().split('\n').pop()!;
    expect(JSON.parse(jsonLine)).toEqual({
      error: { message: 'description too long', exitCode: 6, status: 422, code: 'validation_failed' },
    });
  });

  test('with -o ndjson or --query (JSON for a program too) the error is a JSON object on stderr as well', async () => {
    for (const args of [
      ['-o', 'ndjson'],
      ['--query', 'name'],
    ]) {
      server.on('GET /company', { status: 422, body: { error: 'description too long', code: 'validation_failed' } });
      const result = await runInProcess(['company', 'get', ...args], { env });
      expect(result.code, args.join(' ')).toBe(ExitCode.rejected);
      expect(JSON.parse(result.stderr.trimEnd().split('\n').pop()!).error).toMatchObject({ message: 'description too long', exitCode: 6 });
    }
  });

  test('nothing listening → exit 7 with the host named', async () => {
    await server.close();
    const result = await runInProcess(['company', 'get', '--retries', '0'], { env });
    expect(result.code).toBe(ExitCode.network);
    expect(result.stderr).toMatch(/^tripctl: connection to 127\.0\.0\.1:\d+ refused\n/);
  });

  test('no base URL and no key → exit 3 before any request', async () => {
    const noUrl = await runInProcess(['company', 'get'], { env: { TRIPCTL_API_KEY: KEY } });
    expect(noUrl.code).toBe(ExitCode.auth);
    expect(noUrl.stderr).toMatch(/no base URL configured/);
    const noKey = await runInProcess(['company', 'get'], { env: { TRIPCTL_BASE_URL: server.baseUrl } });
    expect(noKey.code).toBe(ExitCode.auth);
    expect(noKey.stderr).toMatch(/^tripctl: no API key configured\nhint: /);
    expect(server.requests).toHaveLength(0);
  });

  test('a plain-HTTP base URL to another host is refused with exit 2, before any request', async () => {
    const result = await runInProcess(['company', 'get'], {
      env: { TRIPCTL_BASE_URL: 'http://partners.example.com/api/partner/v1', TRIPCTL_API_KEY: KEY, HTTP_PROXY: server.url },
    });
    expect(result.code).toBe(ExitCode.usage);
    expect(result.stderr).toMatch(
      /^tripctl: refusing to send the API key over plain HTTP to partners\.example\.com\nhint: use an https:\/\//,
    );
    expect(server.requests).toHaveLength(0);
  });
});

describe('--debug', () => {
  test('traces requests and answers on stderr with the key masked, data still alone on stdout', async () => {
    server.on('GET /company', { body: { company: { id: 'c1', name: 'Acme', verified: true } } });
    const result = await runInProcess(['--debug', 'company', 'get', '-o', 'json'], { env });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ id: 'c1', name: 'Acme', verified: true });
    expect(result.stderr).toContain(`> GET ${server.baseUrl}/company`);
    expect(result.stderr).toContain(`> authorization: Bearer ${MASKED}`);
    expect(result.stderr).toMatch(/< 200 in \d+ ms/);
    expect(result.stderr).not.toContain(KEY);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });

  test('a key the service echoes (in a body or an error) is masked too, and so is TRIPCTL_DEBUG', async () => {
    server.on('GET /company', { status: 401, body: { error: `key ${KEY} was revoked`, code: 'unauthorized', key: KEY } });
    const result = await runInProcess(['company', 'get'], { env: { ...env, TRIPCTL_DEBUG: '1' } });
    expect(result.code).toBe(ExitCode.auth);
    expect(result.stderr).toContain('> authorization: Bearer');
    expect(result.stderr).toContain(MASKED);
    expect(result.stderr).not.toContain(KEY);
  });

  test('a key of an unusual shape (registered, not matched by pattern) is masked as well', async () => {
    const oddKey = 'partnerkey-7f3a9b2c4d5e6f708192a3b4';
    server.on('GET /company', { status: 500, body: { error: `cannot use ${oddKey}` } });
    const result = await runInProcess(['--debug', 'company', 'get', '--retries', '0'], { env: { ...env, TRIPCTL_API_KEY: oddKey } });
    expect(result.code).toBe(ExitCode.failure);
    expect(result.stderr).toContain('authorization: Bearer');
    expect(result.stderr).not.toContain(oddKey);
    expect(result.stderr).toContain('…a3b4');
  });
});
