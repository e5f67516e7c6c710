// The built tool behind a proxy (issue 34 §5): with HTTPS_PROXY and HTTP_PROXY set, a loopback
// service is reached directly, an HTTPS service through the proxy's CONNECT (the service's name,
// partners.example.org, is only ever resolved by the proxy, which maps it to a loopback TLS server
// whose certificate, fixtures/other-host-*, names it), plain HTTP as a request for an absolute
// URL, NO_PROXY is honoured, and a proxy that refuses is exit 7. In-process tests cannot see what
// broke here once: the build's chunking lost the named exports of undici's lazily loaded entry.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tempConfigDir, tripctl } from '../support/cli.js';
import { startProxy, type TestProxy } from '../support/proxy.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const KEY = 'sk_test_proxyproxyproxyproxy0001';
const HOST = 'partners.example.org';
const CITIES = { cities: [{ id: 'homs', name: 'Homs', nameAr: 'حمص' }] };
const DOCUMENT = { openapi: '3.1.0', info: { title: 'Partner Trip-Booking Service', version: '1' }, paths: {} };

/** What reached the service: `GET host/path` with the authorization it carried. */
let reached: { line: string; authorization: string | undefined }[] = [];
const answer = (req: IncomingMessage, res: ServerResponse) => {
  reached.push({ line: `${req.method} ${req.headers.host}${req.url}`, authorization: req.headers.authorization });
  const body = req.url?.endsWith('/openapi.json') ? DOCUMENT : req.url?.endsWith('/cities') ? CITIES : undefined;
  res.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body ?? { error: 'not found', code: 'not_found' }));
};

let plain: Server;
/** On 127.0.0.2: loopback too, though no NO_PROXY host list names it. */
let plainElsewhere: Server;
let tls: Server;
let proxy: TestProxy;
let dir: { dir: string; cleanup: () => Promise<void> };
const port = (server: Server) => (server.address() as AddressInfo).port;

beforeAll(async () => {
  plain = createHttpServer(answer);
  plainElsewhere = createHttpServer(answer);
  tls = createHttpsServer(
    { key: readFileSync(join(FIXTURES, 'other-host-key.pem')), cert: readFileSync(join(FIXTURES, 'other-host-cert.pem')) },
    answer,
  );
  await Promise.all([plain, tls].map((server) => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))));
  await new Promise<void>((resolve) => plainElsewhere.listen(0, '127.0.0.2', resolve));
  proxy = await startProxy({ [`${HOST}:443`]: port(tls), [`${HOST}:80`]: port(plain) });
  dir = await tempConfigDir();
});
afterEach(() => {
  reached = [];
  proxy.log.length = 0;
  proxy.headers.length = 0;
});
afterAll(async () => {
  await proxy?.close();
  for (const server of [plain, plainElsewhere, tls]) {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  }
  await dir?.cleanup();
});

/** The built tool with both proxy variables set (and the test's certificate trusted). */
const behindProxy = (args: string[], env: Record<string, string> = {}, proxyUrl = proxy.url) =>
  tripctl(['--retries', '0', ...args], {
    configDir: dir.dir,
    env: {
      TRIPCTL_API_KEY: KEY,
      HTTPS_PROXY: proxyUrl,
      HTTP_PROXY: proxyUrl,
      NODE_EXTRA_CA_CERTS: join(FIXTURES, 'other-host-cert.pem'),
      ...env,
    },
  });

describe('the built tool behind a proxy', () => {
  it.each([
    ['127.0.0.1', () => plain],
    ['localhost', () => plain],
    ['127.0.0.2', () => plainElsewhere],
  ])('reaches a loopback service (%s) directly, never through the proxy', async (host, server) => {
    const result = await behindProxy(['--base-url', `http://${host}:${port(server())}/api/partner/v1`, 'cities', 'list', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(CITIES.cities);
    expect(reached.map((r) => r.line)).toEqual([`GET ${host}:${port(server())}/api/partner/v1/cities`]);
    expect(proxy.log).toEqual([]);
  });

  it('reaches an HTTPS service through a CONNECT tunnel: the proxy sees the host, never the key', async () => {
    const result = await behindProxy(['--base-url', `https://${HOST}/api/partner/v1`, 'cities', 'list', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(CITIES.cities);
    expect(proxy.log).toEqual([`CONNECT ${HOST}:443`]);
    expect(reached).toEqual([{ line: `GET ${HOST}/api/partner/v1/cities`, authorization: `Bearer ${KEY}` }]);
  });

  it('sends plain HTTP (a request that carries no key) to the proxy as an absolute URL', async () => {
    const result = await behindProxy(['--base-url', `http://${HOST}/api/partner/v1`, 'openapi', '-o', 'json']);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual(DOCUMENT);
    expect(proxy.log).toEqual([`GET http://${HOST}/api/partner/v1/openapi.json`]);
    expect(proxy.headers[0]?.authorization).toBeUndefined();
    expect(reached.map((r) => r.line)).toEqual([`GET ${HOST}/api/partner/v1/openapi.json`]);
  });

  it.each([HOST, '.example.org', `other.test, ${HOST}`])('leaves a host NO_PROXY names (%s) to be reached directly', async (noProxy) => {
    // The name resolves nowhere here, so reached directly it is not reached at all: exit 7.
    const result = await behindProxy(['--base-url', `https://${HOST}/api/partner/v1`, 'cities', 'list'], { NO_PROXY: noProxy });
    expect(result.code, result.stderr).toBe(7);
    expect(proxy.log).toEqual([]);
    expect(reached).toEqual([]);
  });

  it('a proxy that refuses the tunnel: exit 7 in one line, nothing reaches the service', async () => {
    const refusing = await startProxy({}, { refuse: true });
    try {
      const result = await behindProxy(['--base-url', `https://${HOST}/api/partner/v1`, 'cities', 'list'], {}, refusing.url);
      expect(result.code, result.stderr).toBe(7);
      expect(refusing.log).toEqual([`CONNECT ${HOST}:443`]);
      expect(result.stderr).toContain(`tripctl: the proxy ${refusing.url} would not connect to ${HOST} (it answered 403)\n`);
      expect(result.stderr).not.toMatch(/\n\s+at /);
      expect(result.stderr).not.toContain(KEY);
      expect(reached).toEqual([]);
    } finally {
      await refusing.close();
    }
  });

  it('a proxy that is not there: exit 7, naming the proxy, not the service', async () => {
    const gone = await startProxy({});
    await gone.close();
    const result = await behindProxy(['--base-url', `https://${HOST}/api/partner/v1`, 'cities', 'list'], {}, gone.url);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toContain(`tripctl: the proxy ${gone.url} refused the connection\n`);
    expect(result.stderr).toContain(`hint: check HTTPS_PROXY and HTTP_PROXY, or add ${HOST} to NO_PROXY to go direct\n`);
  });
});
