// Profiles, in-process through main(argv, ctx) with a temporary config dir, against the scripted
// server. File modes, `auth login --with-key`, status, logout, precedence, a corrupt or exposed
// config file, `profiles` and `config`.
import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tempConfigDir, type CliOptions } from '../support/cli.js';
import { runCommand } from '../support/context.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const KEY = 'sk_live_5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b';
const OTHER_KEY = 'sk_live_ffffeeeeddddccccbbbbaaaa99998888';
const COMPANY = { company: { id: '6f1c7d8e-0000-4000-8000-000000000001', name: 'Damascus Express', verified: true } };

let server: ScriptedServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  server = await startScriptedServer();
  ({ dir, cleanup } = await tempConfigDir());
});

afterEach(async () => {
  await server.close();
  await cleanup();
});

const configPath = () => join(dir, 'tripctl', 'config.json');
/** The config dir is a subdirectory that tripctl must create itself (so its mode is tripctl's). */
const run = (args: string[], opts: CliOptions = {}) => runCommand(args, { configDir: join(dir, 'tripctl'), ...opts });
const readConfig = () =>
  JSON.parse(readFileSync(configPath(), 'utf8')) as { defaultProfile?: string; profiles: Record<string, Record<string, unknown>> };

function writeConfig(config: unknown, mode = 0o600): void {
  mkdirSync(join(dir, 'tripctl'), { recursive: true, mode: 0o700 });
  writeFileSync(configPath(), typeof config === 'string' ? config : JSON.stringify(config), { mode });
  chmodSync(configPath(), mode);
}

describe('auth login --with-key', () => {
  test('verifies the key with GET /company, saves it in a 0600 file in a 0700 dir', async () => {
    server.on('GET /company', { body: COMPANY });
    const result = await run(['auth', 'login', '--with-key', '--base-url', server.baseUrl], { input: `${KEY}\n` });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain("Logged in to Damascus Express as profile 'default'");
    expect(result.stderr).toContain('sk_live_…9a0b');
    expect(result.stderr).not.toContain(KEY);
    expect(server.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(statSync(configPath()).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, 'tripctl')).mode & 0o777).toBe(0o700);
    expect(readConfig()).toEqual({
      defaultProfile: 'default',
      // The country's zone (Syria's by default), not this machine's UTC.
      profiles: { default: { baseUrl: server.baseUrl, apiKey: KEY, companyName: 'Damascus Express', timezone: 'Asia/Damascus' } },
    });
    server.assertAllUsed();
  });

  test('a key refused with 401 is not saved, exit 3', async () => {
    server.on('GET /company', { status: 401, body: { error: 'invalid API key', code: 'unauthorized' } });
    const result = await run(['auth', 'login', '--with-key', '--base-url', server.baseUrl], { input: KEY });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/^tripctl: invalid API key \(HTTP 401, code unauthorized\)/);
    expect(existsSync(configPath())).toBe(false);
    server.assertAllUsed();
  });

  test('an empty stdin is a usage error before any request', async () => {
    const result = await run(['auth', 'login', '--with-key', '--base-url', server.baseUrl], { input: '\n' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/read no key from stdin/);
    expect(server.requests).toHaveLength(0);
  });

  test('without a TTY and without --with-key, login does not prompt: usage error', async () => {
    const result = await run(['auth', 'login', '--base-url', server.baseUrl]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/no key given/);
    expect(server.requests).toHaveLength(0);
  });

  test('--profile names the saved profile; an existing default stays the default', async () => {
    server.on('GET /company', { body: COMPANY }, { body: COMPANY });
    await run(['auth', 'login', '--with-key', '--base-url', server.baseUrl], { input: KEY });
    const second = await run(['--profile', 'staging', 'auth', 'login', '--with-key', '--base-url', server.baseUrl], { input: OTHER_KEY });
    // --profile naming a profile not yet saved must be allowed for login: it creates it.
    expect(second.stderr).toContain("as profile 'staging'");
    expect(second.code).toBe(0);
    const config = readConfig();
    expect(config.defaultProfile).toBe('default');
    expect(config.profiles.staging!.apiKey).toBe(OTHER_KEY);
    server.assertAllUsed();
  });
});

describe('auth status and logout', () => {
  beforeEach(() => writeConfig({ defaultProfile: 'default', profiles: { default: { baseUrl: server.baseUrl, apiKey: KEY } } }));

  test('status shows the company and the key masked', async () => {
    server.on('GET /company', { body: COMPANY });
    const result = await run(['auth', 'status', '-o', 'json']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({
      profile: 'default',
      baseUrl: server.baseUrl,
      key: 'sk_live_…9a0b',
      keySource: 'profile',
      company: 'Damascus Express',
      companyId: COMPANY.company.id,
      verified: true,
      protected: false,
    });
    expect(result.stdout + result.stderr).not.toContain(KEY);
    server.assertAllUsed();
  });

  test('status as a piped table: key masked, no full key anywhere', async () => {
    server.on('GET /company', { body: COMPANY });
    const result = await run(['auth', 'status']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Key\tsk_live_…9a0b\n');
    expect(result.stdout).toContain('Company\tDamascus Express\n');
    expect(result.stdout + result.stderr).not.toContain(KEY);
  });

  test('status with a refused key exits 3', async () => {
    server.on('GET /company', { status: 401, body: { error: 'key revoked' } });
    const result = await run(['auth', 'status']);
    expect(result.code).toBe(3);
  });

  test('logout removes the key and keeps the rest of the profile', async () => {
    const result = await run(['auth', 'logout']);
    expect(result.code).toBe(0);
    expect(readConfig().profiles.default).toEqual({ baseUrl: server.baseUrl });
    const status = await run(['auth', 'status']);
    expect(status.code).toBe(3);
    expect(status.stderr).toMatch(/not logged in/);
    expect(server.requests).toHaveLength(0);
  });

  test('logout warns when TRIPCTL_API_KEY will keep being used', async () => {
    const result = await run(['auth', 'logout'], { env: { TRIPCTL_API_KEY: OTHER_KEY } });
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/warning: TRIPCTL_API_KEY is still set/);
  });
});

describe('precedence', () => {
  let envServer: ScriptedServer;
  let flagServer: ScriptedServer;
  beforeEach(async () => {
    envServer = await startScriptedServer();
    flagServer = await startScriptedServer();
    writeConfig({ defaultProfile: 'default', profiles: { default: { baseUrl: server.baseUrl, apiKey: KEY, output: 'csv' } } });
    for (const s of [server, envServer, flagServer]) s.always('GET /company', { body: COMPANY });
  });
  afterEach(async () => {
    await envServer.close();
    await flagServer.close();
  });

  test('base URL: --base-url over TRIPCTL_BASE_URL over the profile', async () => {
    await run(['company', 'get']);
    expect([server.requests.length, envServer.requests.length, flagServer.requests.length]).toEqual([1, 0, 0]);
    await run(['company', 'get'], { env: { TRIPCTL_BASE_URL: envServer.baseUrl } });
    expect([server.requests.length, envServer.requests.length, flagServer.requests.length]).toEqual([1, 1, 0]);
    await run(['company', 'get', '--base-url', flagServer.baseUrl], { env: { TRIPCTL_BASE_URL: envServer.baseUrl } });
    expect([server.requests.length, envServer.requests.length, flagServer.requests.length]).toEqual([1, 1, 1]);
  });

  test('output: -o over TRIPCTL_OUTPUT over the profile', async () => {
    const fromProfile = await run(['company', 'get']);
    expect(fromProfile.stdout).toBe(`id,name,verified,description\r\n${COMPANY.company.id},Damascus Express,true,\r\n`);
    const fromEnv = await run(['company', 'get'], { env: { TRIPCTL_OUTPUT: 'ids' } });
    expect(fromEnv.stdout).toBe(`${COMPANY.company.id}\n`);
    const fromFlag = await run(['company', 'get', '-o', 'json'], { env: { TRIPCTL_OUTPUT: 'ids' } });
    expect(JSON.parse(fromFlag.stdout)).toEqual(COMPANY.company);
  });

  test('the key: TRIPCTL_API_KEY over the profile', async () => {
    await run(['company', 'get']);
    await run(['company', 'get'], { env: { TRIPCTL_API_KEY: OTHER_KEY } });
    expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${OTHER_KEY}`]);
  });

  test('--profile and TRIPCTL_PROFILE choose the profile; an unknown --profile is a usage error', async () => {
    const config = readConfig();
    config.profiles.live = { baseUrl: envServer.baseUrl, apiKey: OTHER_KEY };
    writeConfig(config);
    await run(['company', 'get'], { env: { TRIPCTL_PROFILE: 'live' } });
    expect(envServer.requests).toHaveLength(1);
    await run(['--profile', 'default', 'company', 'get'], { env: { TRIPCTL_PROFILE: 'live' } });
    expect(server.requests).toHaveLength(1);
    const unknown = await run(['--profile', 'nope', 'company', 'get']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no profile named 'nope'\nhint: known profiles: default, live/);
  });

  test('an unknown TRIPCTL_PROFILE is the same usage error, before any request', async () => {
    const before = server.requests.length + envServer.requests.length;
    const unknown = await run(['company', 'get'], { env: { TRIPCTL_PROFILE: 'lvie' } });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/^tripctl: no profile named 'lvie'\nhint: known profiles: default/);
    expect(server.requests.length + envServer.requests.length).toBe(before);
  });
});

describe('the config file itself', () => {
  test('a corrupt file is one clear line (and a hint), exit 1, no stack trace', async () => {
    writeConfig('{"profiles": {"default": ');
    const result = await run(['company', 'get']);
    expect(result.code).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^tripctl: config file ${escapeRegExp(configPath())} is not valid JSON`));
    expect(lines.slice(1).every((line) => line.startsWith('hint: '))).toBe(true);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  test('a file that holds something else is reported the same way', async () => {
    writeConfig('[1, 2, 3]');
    const result = await run(['profiles', 'list']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^tripctl: config file .* does not hold tripctl profiles\n/);
  });

  test('a file readable by others gets a warning naming the chmod that fixes it', async () => {
    writeConfig({ profiles: { default: { baseUrl: server.baseUrl } } }, 0o644);
    const result = await run(['profiles', 'list']);
    expect(result.code).toBe(0);
    expect(result.stderr).toContain(
      `tripctl: warning: config file ${configPath()} is readable by others (mode 644); fix it with: chmod 600 '${configPath()}'`,
    );
  });

  test('saving through tripctl tightens an older file to 0600', async () => {
    writeConfig({ profiles: { default: { baseUrl: server.baseUrl } } }, 0o644);
    const result = await run(['config', 'set', 'timeout', '10']);
    expect(result.code).toBe(0);
    expect(statSync(configPath()).mode & 0o777).toBe(0o600);
  });
});

describe('profiles', () => {
  beforeEach(() =>
    writeConfig({
      defaultProfile: 'default',
      profiles: { default: { baseUrl: server.baseUrl, apiKey: KEY }, staging: { baseUrl: 'https://staging.example.com/api/partner/v1' } },
    }),
  );

  test('list marks the default and masks keys', async () => {
    const result = await run(['profiles', 'list']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(
      `default\ttrue\t${server.baseUrl}\tsk_live_…9a0b\tfalse\nstaging\tfalse\thttps://staging.example.com/api/partner/v1\t\tfalse\n`,
    );
    const json = JSON.parse((await run(['profiles', 'list', '--json'])).stdout) as unknown[];
    expect(json).toEqual([
      { name: 'default', default: true, baseUrl: server.baseUrl, key: 'sk_live_…9a0b', protected: false },
      { name: 'staging', default: false, baseUrl: 'https://staging.example.com/api/partner/v1', key: null, protected: false },
    ]);
  });

  test('use makes another profile the default; an unknown one is a usage error', async () => {
    expect((await run(['profiles', 'use', 'staging'])).code).toBe(0);
    expect(readConfig().defaultProfile).toBe('staging');
    const unknown = await run(['profiles', 'use', 'prod']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/no profile named 'prod'/);
  });

  test('remove needs --yes without a terminal, then deletes', async () => {
    const refused = await run(['profiles', 'remove', 'staging']);
    expect(refused.code).toBe(2);
    expect(readConfig().profiles.staging).toBeDefined();
    expect((await run(['profiles', 'remove', 'staging', '--yes'])).code).toBe(0);
    expect(Object.keys(readConfig().profiles)).toEqual(['default']);
  });

  test('removing the default profile clears the default', async () => {
    expect((await run(['profiles', 'remove', 'default', '-y'])).code).toBe(0);
    expect(readConfig()).toEqual({ profiles: { staging: { baseUrl: 'https://staging.example.com/api/partner/v1' } } });
  });
});

describe('config', () => {
  beforeEach(() => writeConfig({ defaultProfile: 'default', profiles: { default: { baseUrl: server.baseUrl, apiKey: KEY } } }));

  test('set, get, unset and list', async () => {
    expect((await run(['config', 'set', 'timezone', 'Asia/Damascus'])).code).toBe(0);
    expect((await run(['config', 'set', 'output', 'json'])).code).toBe(0);
    expect((await run(['config', 'get', 'timezone'])).stdout).toBe('Asia/Damascus\n');
    expect(readConfig().profiles.default).toMatchObject({ timezone: 'Asia/Damascus', output: 'json' });
    expect((await run(['config', 'unset', 'output'])).code).toBe(0);
    expect(readConfig().profiles.default!.output).toBeUndefined();
    const list = await run(['config', 'list']);
    expect(list.stdout).toBe(
      [
        `base-url\t${server.baseUrl}`,
        'output\t',
        'timezone\tAsia/Damascus',
        'currency\t',
        'country\t',
        'timeout\t',
        'retries\t',
        'api-key\tsk_live_…9a0b',
        '',
      ].join('\n'),
    );
    expect(list.stdout).not.toContain(KEY);
  });

  test('bad keys and values are usage errors that change nothing', async () => {
    const before = readFileSync(configPath(), 'utf8');
    for (const args of [
      ['config', 'set', 'colour', 'on'],
      ['config', 'set', 'output', 'yaml'],
      ['config', 'set', 'timezone', 'Mars/Olympus'],
      ['config', 'set', 'timeout', '0'],
      ['config', 'set', 'base-url', 'ftp://x'],
      ['config', 'set', 'api-key', KEY],
      ['config', 'get', 'nope'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).not.toContain(KEY);
    }
    expect(readFileSync(configPath(), 'utf8')).toBe(before);
  });

  test('path prints where the file lives', async () => {
    const result = await run(['config', 'path']);
    expect(result.stdout).toBe(`${configPath()}\n`);
  });

  test('a saved timeout and retries are used by requests', async () => {
    await run(['config', 'set', 'retries', '1']);
    server.on('GET /company', { status: 503 }, { status: 503, body: { error: 'down for maintenance' } });
    const result = await run(['company', 'get']);
    expect(result.code).toBe(1);
    expect(server.requests).toHaveLength(2);
    server.assertAllUsed();
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
