// A download over HTTPS, through the built tool: undici speaks TLS, checks the certificate against
// the trusted roots (NODE_EXTRA_CA_CERTS adds the test's own) and the host name, and refuses a
// server it cannot verify. The certificates in fixtures/ were made for these tests only (valid
// until 2126): loopback-* is self-signed for 127.0.0.1 and localhost; other-host-* is self-signed
// for partners.example.org, so trusted as a root it still names another host than 127.0.0.1.
import { readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { tempConfigDir, tripctl } from '../support/cli.js';

const FIXTURES = join(import.meta.dirname, 'fixtures');
const KEY = 'sk_test_tlsdownloadtlsdownload0001';
const CSV = Buffer.from('id,status\n'.concat('1,approved\n'.repeat(100_000)));

let server: Server;
let base: string;
let dir: string;
let cleanup: () => Promise<void>;
let authorizations: string[];

async function serve(name: 'loopback' | 'other-host'): Promise<void> {
  server = createServer(
    { key: readFileSync(join(FIXTURES, `${name}-key.pem`)), cert: readFileSync(join(FIXTURES, `${name}-cert.pem`)) },
    (req, res) => {
      authorizations.push(String(req.headers.authorization));
      res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="bookings.csv"' });
      // No Content-Length: node sends it chunked, in pieces of 64 KiB.
      for (let at = 0; at < CSV.length; at += 65_536) res.write(CSV.subarray(at, at + 65_536));
      res.end();
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `https://127.0.0.1:${(server.address() as AddressInfo).port}/api/partner/v1`;
}

beforeEach(async () => {
  authorizations = [];
  await serve('loopback');
  ({ dir, cleanup } = await tempConfigDir());
});

afterEach(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await cleanup();
});

const exportArgs = ['reports', 'export', '--type', 'bookings', '--format', 'csv', '--retries', '0'];

test('a chunked export over HTTPS, verified against NODE_EXTRA_CA_CERTS: the exact bytes', async () => {
  const result = await tripctl([...exportArgs, '--file', join(dir, 'out.csv')], {
    configDir: dir,
    env: { TRIPCTL_BASE_URL: base, TRIPCTL_API_KEY: KEY, NODE_EXTRA_CA_CERTS: join(FIXTURES, 'loopback-cert.pem') },
  });
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe(`${join(dir, 'out.csv')}\n`);
  expect(readFileSync(join(dir, 'out.csv')).equals(CSV)).toBe(true);
  expect(authorizations).toEqual([`Bearer ${KEY}`]);
  rmSync(join(dir, 'out.csv'));
});

test('a certificate it cannot verify: exit 7, nothing sent past the handshake, nothing saved', async () => {
  const result = await tripctl([...exportArgs, '--file', join(dir, 'out.csv')], {
    configDir: dir,
    env: { TRIPCTL_BASE_URL: base, TRIPCTL_API_KEY: KEY },
  });
  expect(result.code).toBe(7);
  expect(result.stderr).toMatch(/certificate/);
  expect(result.stderr).not.toContain(KEY);
  expect(authorizations).toEqual([]);
  expect(() => readFileSync(join(dir, 'out.csv'))).toThrow();
});

test('a certificate from a trusted root but issued for another host name: exit 7, nothing sent, nothing saved', async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await serve('other-host');
  const result = await tripctl([...exportArgs, '--file', join(dir, 'out.csv')], {
    configDir: dir,
    env: { TRIPCTL_BASE_URL: base, TRIPCTL_API_KEY: KEY, NODE_EXTRA_CA_CERTS: join(FIXTURES, 'other-host-cert.pem') },
  });
  expect(result.code, result.stderr).toBe(7);
  // The chain was accepted (the root is trusted): what failed is the name.
  expect(result.stderr).toMatch(/does not match certificate's altnames/);
  expect(result.stderr).not.toMatch(/self[- ]signed|unable to verify/i);
  expect(result.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
  expect(result.stderr).not.toContain(KEY);
  expect(authorizations).toEqual([]);
  expect(() => readFileSync(join(dir, 'out.csv'))).toThrow();
});
