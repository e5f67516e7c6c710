// HTTPS_PROXY: an https:// request goes through a CONNECT tunnel of the proxy; NO_PROXY and
// loopback addresses go direct. The proxy here only records the CONNECT and refuses the tunnel.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { ApiClient, type ClientOptions } from '../../src/client/http.js';
import { proxyFor, proxySettings } from '../../src/client/proxy.js';
import { ExitCode } from '../../src/errors.js';
import { runInProcess } from '../support/context.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const KEY = 'sk_live_0123456789abcdef0123456789abcdef';

let proxy: Server;
let proxyUrl: string;
let connects: string[];
let server: ScriptedServer;
const clients: ApiClient[] = [];

beforeEach(async () => {
  connects = [];
  proxy = createServer((_req, res) => {
    res.writeHead(500);
    res.end();
  });
  proxy.on('connect', (req, socket) => {
    connects.push(req.url ?? '');
    socket.end('HTTP/1.1 403 Forbidden\r\ncontent-length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
  server = await startScriptedServer();
});

afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await server.close();
});

function client(overrides: Partial<ClientOptions>): ApiClient {
  const made = new ApiClient({
    baseUrl: 'https://partners.example.invalid/api/partner/v1',
    apiKey: KEY,
    timeoutMs: 5_000,
    retries: 0,
    userAgent: 'tripctl/test',
    ...overrides,
  });
  clients.push(made);
  return made;
}

test('an https:// request goes through HTTPS_PROXY with CONNECT', async () => {
  const error = await client({ env: { HTTPS_PROXY: proxyUrl } })
    .request({ method: 'GET', path: '/company' })
    .catch((e: unknown) => e);
  expect(connects).toEqual(['partners.example.invalid:443']);
  // The tunnel was refused: no answer from the service, so a network failure.
  expect(error).toMatchObject({ exitCode: ExitCode.network });
});

test('a proxy that refuses the tunnel is named in the error, with what to check', async () => {
  const error = await client({ env: { HTTPS_PROXY: proxyUrl } })
    .request({ method: 'GET', path: '/company' })
    .catch((e: unknown) => e);
  expect(error).toMatchObject({
    exitCode: ExitCode.network,
    message: `the proxy ${proxyUrl} would not connect to partners.example.invalid (it answered 403)`,
    hint: 'check HTTPS_PROXY and HTTP_PROXY, or add partners.example.invalid to NO_PROXY to go direct',
  });
});

test('a proxy with a password is named masked', async () => {
  const withPassword = proxyUrl.replace('http://', 'http://ops:hunter22@');
  const error = await client({ env: { HTTPS_PROXY: withPassword } })
    .request({ method: 'GET', path: '/company' })
    .catch((e: unknown) => e);
  expect(String((error as Error).message)).toContain(proxyUrl.replace('http://', 'http://ops:***@'));
  expect(String((error as Error).message)).not.toContain('hunter22');
});

test('lower-case https_proxy works too, and the whole command honours it', async () => {
  const result = await runInProcess(['company', 'get', '--retries', '0'], {
    env: { https_proxy: proxyUrl, TRIPCTL_BASE_URL: 'https://partners.example.invalid/api/partner/v1', TRIPCTL_API_KEY: KEY },
  });
  expect(connects).toEqual(['partners.example.invalid:443']);
  expect(result.code).toBe(ExitCode.network);
  expect(result.stderr).not.toContain(KEY);
});

test('NO_PROXY names a host that goes direct', async () => {
  // Direct to a name that cannot resolve: it fails without the proxy ever seeing a CONNECT.
  const error = await client({ env: { HTTPS_PROXY: proxyUrl, NO_PROXY: 'example.invalid' } })
    .request({ method: 'GET', path: '/company' })
    .catch((e: unknown) => e);
  expect(connects).toEqual([]);
  expect(error).toMatchObject({ exitCode: ExitCode.network });
});

test('loopback is never proxied, so the local sandbox works behind a proxy', async () => {
  server.on('GET /company', { body: { company: { id: 'c1' } } });
  const res = await client({ baseUrl: server.baseUrl, env: { HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl } }).request({
    method: 'GET',
    path: '/company',
  });
  expect(res.data).toEqual({ company: { id: 'c1' } });
  expect(connects).toEqual([]);
  expect(server.requests).toHaveLength(1);
  server.assertAllUsed();
});

test('a download goes through the proxy too (its own connection is only for unproxied hosts)', async () => {
  const result = await runInProcess(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', '-', '--retries', '0'], {
    env: { HTTPS_PROXY: proxyUrl, TRIPCTL_BASE_URL: 'https://partners.example.invalid/api/partner/v1', TRIPCTL_API_KEY: KEY },
  });
  expect(connects).toEqual(['partners.example.invalid:443']);
  expect(result.code).toBe(ExitCode.network);
});

test('a download from loopback behind a proxy goes direct', async () => {
  server.on('GET /reports/export', { headers: { 'content-type': 'text/csv' }, body: 'id\n1\n' });
  const result = await runInProcess(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', '-', '--retries', '0'], {
    env: { HTTPS_PROXY: proxyUrl, HTTP_PROXY: proxyUrl, TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe('id\n1\n');
  expect(connects).toEqual([]);
  server.assertAllUsed();
});

test.each([
  ['https://api.example.org/v1', { HTTPS_PROXY: 'http://p:1' }, 'http://p:1'],
  ['https://api.example.org/v1', { HTTP_PROXY: 'http://p:2' }, 'http://p:2'],
  ['http://api.example.org/v1', { HTTPS_PROXY: 'http://p:1' }, undefined],
  ['https://api.example.org/v1', { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'example.org' }, undefined],
  ['https://api.example.org/v1', { HTTPS_PROXY: 'http://p:1', no_proxy: '.example.org:443' }, undefined],
  ['https://api.example.org/v1', { HTTPS_PROXY: 'http://p:1', NO_PROXY: '*' }, undefined],
  ['https://api.example.org/v1', { HTTPS_PROXY: 'http://p:1', NO_PROXY: 'other.org, ample.org' }, 'http://p:1'],
  ['http://127.0.0.2:8080/v1', { HTTP_PROXY: 'http://p:2' }, undefined],
  ['http://[::1]:8080/v1', { HTTP_PROXY: 'http://p:2' }, undefined],
])('%s with %o goes through %s', (base, env, expected) => {
  expect(proxyFor(new URL(base), proxySettings(env))).toBe(expected);
});
