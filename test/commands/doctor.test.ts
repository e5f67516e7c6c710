// tripctl doctor against the sandbox: a full key, the read-only key, a bad key, a loose config
// mode, an unreachable URL, a skewed clock — each check ✓ or ✗ with its fix, exit 1 on any ✗,
// and -o json with the key masked.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeCheck } from '../../src/commands/doctor/local.js';
import type { startSandbox } from '../../src/sandbox/index.js';
import { testContext, type TestContextOptions } from '../support/context.js';
import { closedPort } from '../support/scripted-server.js';
import { NODE_HAS_COMPILE_CACHE } from '../support/node-version.js';
import { startCheckedSandbox } from '../support/sandbox.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
let sandbox: Sandbox;
const dirs: string[] = [];

/** A config dir (0700) with a `live` profile, its file 0600 unless said otherwise. */
function configWith(profile: Record<string, unknown>, mode = 0o600): string {
  const dir = join(mkdtempSync(join(tmpdir(), 'tripctl-doctor-')), 'tripctl');
  dirs.push(dir);
  mkdirSync(dir, { mode: 0o700 });
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ defaultProfile: 'live', profiles: { live: profile } }));
  chmodSync(join(dir, 'config.json'), mode);
  return dir;
}

async function doctor(argv: string[], opts: TestContextOptions & { profile?: Record<string, unknown>; mode?: number } = {}) {
  const configDir = opts.configDir ?? configWith(opts.profile ?? { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.full }, opts.mode);
  const t = testContext({ ...opts, configDir, env: { NO_COLOR: '1', ...opts.env } });
  const mark = sandbox.requests.length;
  const code = await t.run(['doctor', ...argv]);
  return { code, out: t.out(), err: t.err(), requests: sandbox.requests.slice(mark) };
}

const line = (out: string, title: string) => out.split('\n').find((l) => l.slice(2).startsWith(title)) ?? `(no ${title} line)`;

describe('tripctl doctor', () => {
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
    for (const dir of dirs) rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  it('a full key: every check passes, exit 0; one GET per read scope, no write', async () => {
    const result = await doctor([]);
    expect(result.code, result.out + result.err).toBe(0);
    expect(line(result.out, 'Node.js')).toMatch(/^✓ Node\.js +v\d+\.\d+\.\d+ \(needs 20\.18\.1 or newer\)$/);
    expect(line(result.out, 'Config file')).toMatch(/^✓ .*config\.json \(mode 600\)$/);
    expect(line(result.out, 'Config directory')).toMatch(/^✓ .*\(mode 700\)$/);
    expect(line(result.out, 'Profile')).toMatch(/^✓ Profile +live \(marked default in .*config\.json\)$/);
    expect(result.out).toMatch(/^ +base-url +http:\/\/127\.0\.0\.1:\d+\/api\/partner\/v1 +\(profile 'live'\)$/m);
    expect(result.out).toMatch(/^ +key +sk_\w+…\w{4} +\(profile 'live'\)$/m);
    expect(result.out).toMatch(/^ +output +table +\(default\)$/m);
    expect(line(result.out, 'HTTPS')).toMatch(/^✓ HTTPS +plain http, allowed to loopback/);
    expect(line(result.out, 'Reachable')).toMatch(/^✓ Reachable +http:\/\/127\.0\.0\.1:\d+ answered 200$/);
    expect(line(result.out, 'Clock')).toMatch(/^✓ Clock +(in step with the service|\d s (ahead of|behind) the service)$/);
    expect(line(result.out, 'Key')).toMatch(/^✓ Key +accepted \(Qasioun Express\)$/);
    expect(line(result.out, 'Read scopes')).toMatch(/^✓ Read scopes +all 9 \(write scopes not checked/);
    expect(result.out).toMatch(/trips\.read ok/);
    expect(result.out).toMatch(
      / not checked: trips\.write, company\.write, members\.write, fleet\.write\n +schedules\.write, bookings\.write, webhooks\.write\n/,
    );
    expect(line(result.out, 'Proxy')).toMatch(/^✓ Proxy +none/);
    expect(line(result.out, 'Code cache')).toMatch(/^✓ Code cache/);
    expect(result.out.trim().split('\n').at(-1)).toBe('Everything looks right.');
    expect(result.out).not.toContain(sandbox.keys.full);
    expect(result.requests.map((r) => `${r.method} ${r.path.split('?')[0]}`).sort()).toEqual(
      ['/openapi.json', '/company', '/cities', '/members', '/vehicles', '/schedules', '/bookings', '/payments', '/dashboard', '/webhooks']
        .map((p) => `GET ${p}`)
        .sort(),
    );
  });

  it('the read-only key has every read scope: exit 0', async () => {
    const result = await doctor([], { profile: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.readOnly } });
    expect(result.code, result.out).toBe(0);
    expect(line(result.out, 'Read scopes')).toMatch(/^✓ Read scopes +all 9/);
  });

  it('a key without some read scopes: ✗ naming them, exit 1', async () => {
    const res = await fetch(`${sandbox.url}/__sandbox/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: ['company.read', 'trips.read'] }),
    });
    const { key } = (await res.json()) as { key: { key: string } };
    const result = await doctor([], { profile: { baseUrl: sandbox.baseUrl, apiKey: key.key } });
    expect(result.code).toBe(1);
    expect(line(result.out, 'Read scopes')).toMatch(
      /^✗ Read scopes +missing members\.read, fleet\.read, schedules\.read, bookings\.read, payments\.read, reports\.read, webhooks\.read; 2 of 9 ok$/,
    );
    expect(result.out).toMatch(/fix: ask the company owner/);
    expect(result.out).toMatch(/fleet\.read missing/);
  });

  it('a bad key: ✗ Key with the fix, scopes not checked, exit 1', async () => {
    const result = await doctor([], { profile: { baseUrl: sandbox.baseUrl, apiKey: 'sk_test_thisisnotarealkey00000000' } });
    expect(result.code).toBe(1);
    expect(line(result.out, 'Key')).toMatch(/^✗ Key +refused by the service: .*\(HTTP 401\)$/);
    expect(result.out).toMatch(/fix: tripctl --profile live auth login/);
    expect(result.out).not.toMatch(/Read scopes/);
    expect(result.out).toContain('sk_test_…0000');
    expect(result.out).not.toContain('sk_test_thisisnotarealkey00000000');
  });

  it('a loose config mode: ✗ with the chmod that fixes it', async () => {
    const result = await doctor([], { mode: 0o644 });
    expect(result.code).toBe(1);
    expect(line(result.out, 'Config file')).toMatch(/^✗ Config file +.*config\.json is mode 644: others can read the key$/);
    expect(result.out).toMatch(/fix: chmod 600 '.*config\.json'/);
  });

  it('an unreachable URL: ✗ Reachable, exit 1, nothing else tried', async () => {
    const port = await closedPort();
    const result = await doctor([], { profile: { baseUrl: `http://127.0.0.1:${port}/api/partner/v1`, apiKey: sandbox.keys.full } });
    expect(result.code).toBe(1);
    expect(line(result.out, 'Reachable')).toMatch(new RegExp(`^✗ Reachable +http://127\\.0\\.0\\.1:${port}: `));
    expect(result.out).toMatch(/fix: check the base URL, the network, and the proxy/);
    expect(result.out).not.toMatch(/^. Key/m);
  });

  it('plain http to a real host: ✗ HTTPS, and the key is never sent', async () => {
    const result = await doctor([], { profile: { baseUrl: 'http://partners.invalid/api/partner/v1', apiKey: sandbox.keys.full } });
    expect(result.code).toBe(1);
    expect(line(result.out, 'HTTPS')).toMatch(/^✗ HTTPS +plain http to partners\.invalid/);
  });

  it('a proxy that does not answer is named in the fix', async () => {
    const port = await closedPort();
    const result = await doctor([], {
      profile: { baseUrl: 'http://partners.invalid/api/partner/v1', apiKey: sandbox.keys.full },
      env: { HTTP_PROXY: `http://ops:hunter2@127.0.0.1:${port}` },
    });
    expect(result.code).toBe(1);
    expect(line(result.out, 'Reachable')).toMatch(
      new RegExp(`^✗ Reachable +http://partners\\.invalid via http://ops:\\*\\*\\*@127\\.0\\.0\\.1:${port}: `),
    );
    expect(result.out).toMatch(
      new RegExp(
        `fix: requests go through the proxy http://ops:\\*\\*\\*@127\\.0\\.0\\.1:${port}: check that it runs and lets partners\\.invalid through, or add partners\\.invalid to NO_PROXY`,
      ),
    );
    expect(result.out).not.toContain('hunter2');
  });

  it('a clock ten minutes fast: ✗ Clock', async () => {
    const result = await doctor([], { now: () => new Date(Date.now() + 600_000) });
    expect(result.code).toBe(1);
    expect(line(result.out, 'Clock')).toMatch(/^✗ Clock +(599|600|601) s ahead of the service$/);
  });

  it('a saved zone that is not one of the country’s (UTC for a company in Syria): ✗ Time zone with the fix; one that is, nothing', async () => {
    const utc = await doctor([], { profile: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.full, timezone: 'UTC' } });
    expect(utc.code).toBe(1);
    expect(line(utc.out, 'Time zone')).toMatch(
      /^✗ Time zone +UTC is not a zone of Syria \(SY\), the profile's country: local times are read and shown in UTC$/,
    );
    expect(utc.out).toContain('fix: tripctl --profile live config set timezone Asia/Damascus');
    const beirut = await doctor([], {
      profile: { baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.full, timezone: 'Asia/Beirut', country: 'LB' },
    });
    expect(beirut.code, beirut.out).toBe(0);
    expect(beirut.out).not.toContain('Time zone');
    // A zone given for the run is the run's: not judged against the profile.
    const given = await doctor(['--tz', 'UTC']);
    expect(given.code, given.out).toBe(0);
  });

  it('says where each setting came from: flag, environment, profile, default', async () => {
    const result = await doctor(['--timeout', '12', '-o', 'json'], {
      env: { TRIPCTL_API_KEY: sandbox.keys.readOnly, TRIPCTL_TZ: 'Asia/Damascus', HTTP_PROXY: 'http://user:hunter2@proxy.example:3128' },
    });
    expect(result.code, result.out).toBe(0);
    const report = JSON.parse(result.out);
    expect(report.ok).toBe(true);
    // A profile that names no country: the zone of the default one, said as such.
    const byDefault = JSON.parse((await doctor(['-o', 'json'])).out);
    expect(byDefault.settings.timezone).toEqual({ value: 'Asia/Damascus', source: 'the default country (SY; the profile names none)' });
    expect(report.settings).toMatchObject({
      profile: { value: 'live' },
      'base-url': { value: sandbox.baseUrl, source: "profile 'live'" },
      key: { source: 'environment TRIPCTL_API_KEY' },
      timeout: { value: 12, source: 'flag --timeout' },
      retries: { value: 3, source: 'default' },
      timezone: { value: 'Asia/Damascus', source: 'environment TRIPCTL_TZ' },
    });
    expect(report.settings.key.value).toMatch(/^sk_\w+…\w{4}$/);
    expect(result.out).not.toContain(sandbox.keys.readOnly);
    expect(report.scopes).toMatchObject({ 'trips.read': 'ok', 'webhooks.read': 'ok', 'trips.write': 'not checked' });
    expect(report.checks.find((c: { id: string }) => c.id === 'proxy').detail).toBe(
      'http://user:***@proxy.example:3128, not used for 127.0.0.1 (loopback)',
    );
    expect(result.out).not.toContain('hunter2');
    const https = await doctor(['-o', 'json'], { env: { HTTPS_PROXY: 'http://proxy.example:3128' } });
    expect(JSON.parse(https.out).checks.find((c: { id: string }) => c.id === 'proxy').detail).toBe(
      'none for http:// URLs (HTTPS_PROXY http://proxy.example:3128 is for https:// ones)',
    );
  });

  it('Node 20.18.1 or newer', () => {
    expect(['v20.18.0', 'v18.20.4', 'v20.9.0'].map((v) => nodeCheck(v).ok)).toEqual([false, false, false]);
    expect(['v20.18.1', 'v20.19.0', 'v22.0.0', 'v24.1.0'].map((v) => nodeCheck(v).ok)).toEqual([true, true, true, true]);
    expect(nodeCheck('v18.20.4').fix).toMatch(/install Node\.js/);
  });

  // Node 22.8+ (CI runs the suite on 20, 22 and 24): Node's compile cache, reported as used or not;
  // Node 20 has none, which is said whatever the directory's state.
  const none = new RegExp(
    `^✓ Code cache +none on node ${process.version.replace(/\./g, '\\.')} \\(Node's compile cache needs 22\\.8 or later\\)$`,
  );

  it('a code cache others can write is reported as not used, with the fix; one in use, with its size', async () => {
    const configDir = configWith({ baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.full });
    mkdirSync(join(configDir, 'cache'));
    chmodSync(join(configDir, 'cache'), 0o777);
    const result = await doctor([], { configDir });
    if (NODE_HAS_COMPILE_CACHE) {
      expect(result.code).toBe(1);
      expect(line(result.out, 'Code cache')).toMatch(/^✗ Code cache +.*cache is not used: others can write it \(mode 777\)$/);
      expect(result.out).toMatch(/fix: chmod 700 '.*cache'/);
    } else {
      expect(line(result.out, 'Code cache')).toMatch(none);
    }
    chmodSync(join(configDir, 'cache'), 0o700);
    // As Node writes it: one directory per Node version, one file per module.
    mkdirSync(join(configDir, 'cache', 'compile', `${process.version}-${process.arch}-0123abcd-0`), { recursive: true });
    writeFileSync(join(configDir, 'cache', 'compile', `${process.version}-${process.arch}-0123abcd-0`, '4f2a9c01'), Buffer.alloc(4096));
    const used = await doctor([], { configDir });
    expect(used.code).toBe(0);
    expect(line(used.out, 'Code cache')).toMatch(NODE_HAS_COMPILE_CACHE ? /^✓ Code cache +.*cache\/compile \(1 file, 4 kB\)$/ : none);
    const off = await doctor([], { configDir, env: { TRIPCTL_NO_CODE_CACHE: '1' } });
    expect(line(off.out, 'Code cache')).toMatch(/off \(TRIPCTL_NO_CODE_CACHE is set\)/);
  });

  it('a profile that does not exist: ✗ Profile, exit 1, no request', async () => {
    const result = await doctor(['--profile', 'nosuch']);
    expect(result.code).toBe(1);
    expect(line(result.out, 'Profile')).toMatch(/^✗ Profile +no profile named 'nosuch'$/);
    expect(result.requests).toEqual([]);
  });
});
