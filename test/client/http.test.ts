// The HTTP client over real loopback HTTP against the scripted server: answers, errors, retries,
// time-outs and what is (and is not) sent again.
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { ApiClient, newIdempotencyKey, retryAfterMs, type ClientOptions } from '../../src/client/http.js';
import { ApiError, CliError, ExitCode, NetworkError } from '../../src/errors.js';
import { closedPort, startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const KEY = 'sk_test_4f9a1c2e8b7d6a5f3c2e1d0b9a8f7e6d';

let server: ScriptedServer;
const clients: ApiClient[] = [];

function client(overrides: Partial<ClientOptions> = {}): ApiClient {
  const made = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: KEY,
    timeoutMs: 5_000,
    retries: 3,
    userAgent: 'tripctl/test node/x',
    backoff: { baseMs: 1, maxMs: 5 },
    ...overrides,
  });
  clients.push(made);
  return made;
}

beforeEach(async () => {
  server = await startScriptedServer();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  await server.close();
});

describe('answers', () => {
  test('a 2xx JSON answer is parsed, with the key, user agent and Accept sent', async () => {
    server.on('GET /company', { body: { company: { id: 'c1', name: 'Acme Transport', verified: true } } });
    const res = await client().request({ method: 'GET', path: '/company' });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ company: { id: 'c1', name: 'Acme Transport', verified: true } });
    const [req] = server.requests;
    expect(req!.url).toBe('/api/partner/v1/company');
    expect(req!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(req!.headers['user-agent']).toBe('tripctl/test node/x');
    expect(req!.headers.accept).toBe('application/json');
    server.assertAllUsed();
  });

  test('query values are encoded and a JSON body is sent with its content type', async () => {
    server.on('POST /trips', { status: 201, body: { trip: { id: 't1' } } });
    await client().request({
      method: 'POST',
      path: '/trips',
      query: { a: 'x y', skip: undefined, many: ['1', '2'] },
      body: { pricePerSeat: 5000 },
    });
    const [req] = server.requests;
    expect(req!.url).toBe('/api/partner/v1/trips?a=x+y&many=1&many=2');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({ pricePerSeat: 5000 });
    server.assertAllUsed();
  });

  test('an empty 2xx answer is null', async () => {
    server.on('DELETE /company/logo', { status: 204 });
    const res = await client().request({ method: 'DELETE', path: '/company/logo' });
    expect(res.data).toBeNull();
    server.assertAllUsed();
  });

  test('auth: false sends no Authorization header (public endpoints)', async () => {
    server.on('GET /openapi.json', { body: { openapi: '3.1.0' } });
    await client({ apiKey: undefined }).request({ method: 'GET', path: '/openapi.json', auth: false });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    server.assertAllUsed();
  });

  test('no key configured → exit 3 before any request', async () => {
    const error = await client({ apiKey: undefined })
      .request({ method: 'GET', path: '/company' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.auth);
    expect(server.requests).toHaveLength(0);
  });
});

describe('error statuses', () => {
  const cases: Array<[number, number]> = [
    [400, ExitCode.rejected],
    [401, ExitCode.auth],
    [403, ExitCode.forbidden],
    [404, ExitCode.notFound],
    [409, ExitCode.rejected],
    [422, ExitCode.rejected],
    [500, ExitCode.failure],
  ];
  for (const [status, exitCode] of cases) {
    test(`HTTP ${status} → exit ${exitCode}, with the service's error and code`, async () => {
      server.on('POST /bookings', { status, body: { error: `the service says ${status}`, code: `code_${status}` } });
      const error = await client({ retries: 0 })
        .request({ method: 'POST', path: '/bookings', body: {} })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status, exitCode, code: `code_${status}`, message: `the service says ${status}` });
      expect(server.requests).toHaveLength(1);
      server.assertAllUsed();
    });
  }

  test('429 on every try → exit 6 after the retries', async () => {
    const tooMany = { status: 429, body: { error: 'slow down', code: 'rate_limited' } };
    server.on('GET /trips', tooMany, tooMany, tooMany);
    const error = await client({ retries: 2 })
      .request({ method: 'GET', path: '/trips' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 429, exitCode: ExitCode.rejected, code: 'rate_limited', message: 'slow down' });
    expect(server.requests).toHaveLength(3);
    server.assertAllUsed();
  });

  test('an error answer that is not JSON still maps its status', async () => {
    server.on('GET /company', { status: 502, headers: { 'content-type': 'text/html' }, body: '<html>bad gateway</html>' });
    const error = await client({ retries: 0 })
      .request({ method: 'GET', path: '/company' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, exitCode: ExitCode.failure, message: 'bad gateway' });
  });

  test('a key echoed in an error message is masked', async () => {
    server.on('GET /company', { status: 401, body: { error: `key ${KEY} is revoked`, code: 'unauthorized' } });
    const error = (await client({ retries: 0 })
      .request({ method: 'GET', path: '/company' })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.exitCode).toBe(ExitCode.auth);
    expect(error.message).not.toContain(KEY);
    expect(error.message).toContain('sk_test_…7e6d');
  });
});

describe('retries', () => {
  test('GET: 503, 503, 200 → three requests and the answer', async () => {
    server.on('GET /cities', { status: 503 }, { status: 503 }, { body: { cities: [{ id: 'x', name: 'Homs' }] } });
    const res = await client().request({ method: 'GET', path: '/cities' });
    expect(res.data).toEqual({ cities: [{ id: 'x', name: 'Homs' }] });
    expect(server.requests).toHaveLength(3);
    server.assertAllUsed();
  });

  test('502 and 504 are retried too; 500 is not', async () => {
    server.on('GET /cities', { status: 502 }, { status: 504 }, { body: { cities: [] } });
    await client().request({ method: 'GET', path: '/cities' });
    expect(server.requests).toHaveLength(3);
    server.on('GET /company', { status: 500, body: { error: 'boom' } });
    await expect(client().request({ method: 'GET', path: '/company' })).rejects.toMatchObject({ status: 500, exitCode: 1 });
    expect(server.requestsTo('GET /company')).toHaveLength(1);
    server.assertAllUsed();
  });

  test('--retries 0 means one try only', async () => {
    server.on('GET /cities', { status: 503, body: { error: 'maintenance' } });
    await expect(client({ retries: 0 }).request({ method: 'GET', path: '/cities' })).rejects.toMatchObject({ status: 503, exitCode: 1 });
    expect(server.requests).toHaveLength(1);
    server.assertAllUsed();
  });

  test('429 with Retry-After: 1 waits at least that long before the next try', async () => {
    server.on('GET /cities', { status: 429, headers: { 'retry-after': '1' }, body: { error: 'slow down' } }, { body: { cities: [] } });
    await client().request({ method: 'GET', path: '/cities' });
    expect(server.requests).toHaveLength(2);
    const gap = server.requests[1]!.at - server.requests[0]!.at;
    expect(gap).toBeGreaterThanOrEqual(950);
    server.assertAllUsed();
  });

  test('a Retry-After longer than the client will wait fails at once', async () => {
    server.on('GET /cities', { status: 429, headers: { 'retry-after': '3600' }, body: { error: 'come back later', code: 'rate_limited' } });
    await expect(client().request({ method: 'GET', path: '/cities' })).rejects.toMatchObject({ status: 429, exitCode: 6 });
    expect(server.requests).toHaveLength(1);
    server.assertAllUsed();
  });

  test('POST /bookings keeps the same Idempotency-Key on every try', async () => {
    server.on('POST /bookings', { status: 503 }, { kind: 'reset' }, { status: 201, body: { booking: { id: 'b1', status: 'requested' } } });
    const key = newIdempotencyKey();
    const res = await client().request({ method: 'POST', path: '/bookings', body: { seats: 2 }, idempotencyKey: key });
    expect(res.status).toBe(201);
    expect(server.requests).toHaveLength(3);
    expect(server.requests.map((r) => r.headers['idempotency-key'])).toEqual([key, key, key]);
    expect(server.requests.map((r) => r.body)).toEqual(Array(3).fill('{"seats":2}'));
    server.assertAllUsed();
  });

  test('a plain POST is not sent again after a reset (it reached the server): one request, exit 7', async () => {
    server.on('POST /trips', { kind: 'reset' });
    const error = await client()
      .request({ method: 'POST', path: '/trips', body: { pricePerSeat: 1 } })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).exitCode).toBe(ExitCode.network);
    expect(server.requests).toHaveLength(1);
    server.assertAllUsed();
  });

  test('a plain POST is not retried on 503 either', async () => {
    server.on('POST /trips', { status: 503, body: { error: 'busy' } });
    await expect(client().request({ method: 'POST', path: '/trips', body: {} })).rejects.toMatchObject({ status: 503 });
    expect(server.requests).toHaveLength(1);
    server.assertAllUsed();
  });

  test('a GET is retried after a reset', async () => {
    server.on('GET /company', { kind: 'reset' }, { body: { company: { id: 'c1' } } });
    const res = await client().request({ method: 'GET', path: '/company' });
    expect(res.data).toEqual({ company: { id: 'c1' } });
    expect(server.requests).toHaveLength(2);
    server.assertAllUsed();
  });

  test('a POST refused (nothing listening) is retried: it never reached a server', async () => {
    const port = await closedPort();
    const lines: string[] = [];
    const c = client({ baseUrl: `http://127.0.0.1:${port}/api/partner/v1`, retries: 2, trace: (line) => lines.push(line) });
    const error = await c.request({ method: 'POST', path: '/trips', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).exitCode).toBe(ExitCode.network);
    expect((error as Error).message).toMatch(/refused after 3 tries/);
    expect(lines.filter((line) => line.startsWith('> POST '))).toHaveLength(3);
  });

  test('a refused POST that finds the server on a later try succeeds', async () => {
    // The first try goes to a closed port; the server opens there while the client backs off.
    const port = await closedPort();
    const { createServer } = await import('node:http');
    const late = createServer((_req, res) => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"trip":{"id":"t1"}}');
    });
    let opened = false;
    const c = client({
      baseUrl: `http://127.0.0.1:${port}/api/partner/v1`,
      retries: 3,
      backoff: { baseMs: 200, maxMs: 200 },
      trace: (line) => {
        if (line.startsWith('! ECONNREFUSED') && !opened) {
          opened = true;
          late.listen(port, '127.0.0.1');
        }
      },
    });
    try {
      // Backoff is random up to baseMs; retry until the late server has had time to listen.
      const res = await c.request({ method: 'POST', path: '/trips', body: {} });
      expect(res.data).toEqual({ trip: { id: 't1' } });
    } finally {
      await c.close();
      await new Promise((resolve) => late.close(resolve));
    }
  });
});

describe('no answer', () => {
  test('a server that never answers → time-out, exit 7', async () => {
    server.on('GET /company', { kind: 'hang' });
    const error = await client({ timeoutMs: 300, retries: 0 })
      .request({ method: 'GET', path: '/company' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect((error as NetworkError).exitCode).toBe(ExitCode.network);
    expect((error as Error).message).toMatch(/did not finish answering within the 0.3 s time-out/);
    server.assertAllUsed();
  });

  test('nothing listening on a GET → exit 7 after the retries', async () => {
    const port = await closedPort();
    const error = await client({ baseUrl: `http://127.0.0.1:${port}/api/partner/v1`, retries: 1 })
      .request({ method: 'GET', path: '/company' })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: ExitCode.network });
    expect((error as Error).message).toMatch(/refused after 2 tries/);
  });

  test('malformed JSON in a 2xx answer → a clear error, exit 1', async () => {
    server.on('GET /company', { kind: 'badJson' });
    const error = await client()
      .request({ method: 'GET', path: '/company' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.failure);
    expect((error as Error).message).toBe("the service's answer to GET /company is not valid JSON (HTTP 200)");
    expect(server.requests).toHaveLength(1);
    server.assertAllUsed();
  });

  test('HTML instead of JSON is named as such', async () => {
    server.on('GET /company', { headers: { 'content-type': 'text/html; charset=utf-8' }, body: '<html>login</html>' });
    await expect(client().request({ method: 'GET', path: '/company' })).rejects.toThrow(
      "the service's answer to GET /company is text/html, not JSON (HTTP 200)",
    );
  });

  test('an aborted signal → interrupted, exit 130', async () => {
    server.on('GET /company', { kind: 'hang' });
    const controller = new AbortController();
    const pending = client({ signal: controller.signal })
      .request({ method: 'GET', path: '/company' })
      .catch((e: unknown) => e);
    await waitFor(() => server.requests.length === 1);
    controller.abort();
    const error = await pending;
    expect(error).toMatchObject({ exitCode: ExitCode.interrupted });
  });
});

describe('keys over plain HTTP', () => {
  test('refused to a non-loopback host before any request, exit 2; a keyless call goes through', async () => {
    // The scripted server acts as the HTTP proxy, so any request that left would be recorded.
    const env = { HTTP_PROXY: server.url };
    const c = client({ baseUrl: 'http://partners.example.com/api/partner/v1', env, retries: 0 });
    const error = await c.request({ method: 'GET', path: '/company' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.usage);
    expect((error as Error).message).toMatch(/refusing to send the API key over plain HTTP to partners\.example\.com/);
    expect(server.requests).toHaveLength(0);

    // The same path without a key is allowed, and does reach the proxy: the check above is real.
    server.queue({ body: { openapi: '3.1.0' } });
    const res = await c.request({ method: 'GET', path: '/openapi.json', auth: false });
    expect(res.data).toEqual({ openapi: '3.1.0' });
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.url).toBe('http://partners.example.com/api/partner/v1/openapi.json');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    server.assertAllUsed();
  });

  test('loopback names and addresses may use plain HTTP', async () => {
    server.always('GET /company', { body: { company: { id: 'c1' } } });
    const port = new URL(server.url).port;
    for (const host of ['127.0.0.1', 'localhost']) {
      await client({ baseUrl: `http://${host}:${port}/api/partner/v1` }).request({ method: 'GET', path: '/company' });
    }
    expect(server.requests).toHaveLength(2);
  });
});

test('retryAfterMs reads seconds and HTTP dates', () => {
  const now = Date.parse('2026-01-01T00:00:00Z');
  expect(retryAfterMs('2', now)).toBe(2000);
  expect(retryAfterMs('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
  expect(retryAfterMs('Wed, 31 Dec 2025 23:59:00 GMT', now)).toBe(0);
  expect(retryAfterMs('soon', now)).toBeUndefined();
  expect(retryAfterMs(undefined, now)).toBeUndefined();
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
