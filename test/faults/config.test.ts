// Config as a hostile hand (or an older tripctl) left it: every bad value is caught when read, exit 2
// naming the profile, the key and the `tripctl config set` that fixes it, before any request. A
// directory or file others can reach is reported. Real processes changing different profiles at
// the same moment all land. Profile names that are object keys of JavaScript, profiles that are
// not objects, and locks nobody holds (dated in the future, empty, owned by a process that is
// gone) are named with their fix, or taken over at once.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './hostile-server.js';
import { cli, errorLines, KEY, page } from './support.js';

let server: HostileServer;
let dir: string;
beforeEach(async () => {
  server = await startHostileServer();
  server.on('GET /trips', { json: page('trips', 1, 25, 2) });
  server.on('GET /company', { json: { company: { id: 'c1', name: 'Co', verified: true } } });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-config-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

function writeConfig(profile: Record<string, unknown>, mode = 0o600): void {
  writeFileSync(
    join(dir, 'config.json'),
    JSON.stringify({ defaultProfile: 'ops', profiles: { ops: { baseUrl: server.baseUrl, apiKey: KEY, ...profile } } }),
    { mode },
  );
  chmodSync(join(dir, 'config.json'), mode);
}

const PROFILE_ONLY = { TRIPCTL_API_KEY: undefined, TRIPCTL_BASE_URL: undefined };

/** Values a profile may hold that are wrong when read: [config key, profile field, value]. */
const BAD_VALUES: Array<[string, string, unknown]> = [
  ['timeout', 'timeout', 'abc'],
  ['timeout', 'timeout', -5],
  ['timeout', 'timeout', 0],
  ['timeout', 'timeout', 2.5],
  ['timeout', 'timeout', 1e9],
  ['timeout', 'timeout', { seconds: 5 }],
  ['retries', 'retries', -1],
  ['retries', 'retries', 'many'],
  ['retries', 'retries', 1000],
  ['retries', 'retries', [3]],
  ['base-url', 'baseUrl', 'not a url'],
  ['base-url', 'baseUrl', 'ftp://example.com/api'],
  ['base-url', 'baseUrl', 'http://'],
  ['base-url', 'baseUrl', 42],
  ['output', 'output', 'xml'],
  ['output', 'output', 'JSON '],
  ['timezone', 'timezone', 'Mars/Base'],
  ['timezone', 'timezone', '+03:00'],
];

describe('a bad profile value is exit 2 naming the profile, the key and the fix, before any request', () => {
  it.each(BAD_VALUES)('%s (field %s) = %j', async (key, field, value) => {
    writeConfig({ [field]: value });
    const result = await cli(server, ['trips', 'list'], { configDir: dir, env: PROFILE_ONLY });
    expect(result.code, result.stderr).toBe(2);
    expect(server.requests).toEqual([]);
    const errors = errorLines(result.stderr);
    expect(errors, result.stderr).toHaveLength(1);
    expect(errors[0]).toContain("'ops'");
    expect(errors[0]).toContain(key);
    expect(result.stderr).toMatch(new RegExp(`tripctl (--profile ops )?config set ${key}`));
  });

  it('a good profile (the control): exit 0', async () => {
    writeConfig({ timeout: 5, retries: 1, output: 'ids', timezone: 'Asia/Damascus' });
    const result = await cli(server, ['trips', 'list'], { configDir: dir, env: PROFILE_ONLY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('config others can reach is reported', () => {
  it('a directory others can write (0777): a warning, the command still runs', async () => {
    writeConfig({});
    chmodSync(dir, 0o777);
    const result = await cli(server, ['trips', 'list', '-o', 'ids'], { configDir: dir, env: PROFILE_ONLY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^tripctl: warning: .*(directory|dir)/m);
    expect(result.stderr).toContain(dir);
  });

  it('a directory others can write (0757): a warning', async () => {
    writeConfig({});
    chmodSync(dir, 0o757);
    const result = await cli(server, ['trips', 'list', '-o', 'ids'], { configDir: dir, env: PROFILE_ONLY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^tripctl: warning: /m);
  });

  it('a file others can read (0644): a warning with the chmod that fixes it', async () => {
    writeConfig({}, 0o644);
    const result = await cli(server, ['trips', 'list', '-o', 'ids'], { configDir: dir, env: PROFILE_ONLY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toMatch(/^tripctl: warning: .*chmod/m);
  });

  it('a private directory and file: no warning', async () => {
    writeConfig({});
    chmodSync(dir, 0o700);
    const result = await cli(server, ['trips', 'list', '-o', 'ids'], { configDir: dir, env: PROFILE_ONLY });
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('a lock another run holds', () => {
  it('is waited for: the write lands once it is released', async () => {
    const lock = join(dir, 'config.json.lock');
    writeFileSync(lock, String(process.pid));
    setTimeout(() => rmSync(lock, { force: true }), 500);
    const result = await cli(server, ['--profile', 'waiting', 'config', 'set', 'timeout', '9'], { configDir: dir });
    expect(result.code, result.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, { timeout?: number }> };
    expect(saved.profiles.waiting?.timeout).toBe(9);
    expect(existsSync(lock)).toBe(false);
  }, 20_000);
});

/** Bad values from flags and the environment: [name, extra argv, env]. */
const BAD_SETTINGS: Array<[string, string[], Record<string, string>, RegExp]> = [
  ['--timeout abc', ['--timeout', 'abc'], {}, /--timeout/],
  ['--timeout 0', ['--timeout', '0'], {}, /--timeout/],
  ['--timeout -1', ['--timeout', '-1'], {}, /--timeout/],
  ['--retries -1', ['--retries', '-1'], {}, /--retries/],
  ['--retries 11', ['--retries', '11'], {}, /--retries/],
  ['--output xml', ['--output', 'xml'], {}, /xml/],
  ['--tz Mars/Base', ['--tz', 'Mars/Base'], {}, /Mars\/Base/],
  ['--base-url not a url', ['--base-url', 'not a url'], {}, /base.url/i],
  ['--base-url over plain http to another host', ['--base-url', 'http://example.com/api/partner/v1'], {}, /http/i],
  ['TRIPCTL_OUTPUT=xml', [], { TRIPCTL_OUTPUT: 'xml' }, /xml/],
  ['TRIPCTL_TZ=Mars/Base', [], { TRIPCTL_TZ: 'Mars/Base' }, /Mars\/Base/],
  ['TRIPCTL_BASE_URL=not a url', [], { TRIPCTL_BASE_URL: 'not a url' }, /TRIPCTL_BASE_URL/],
  ['TRIPCTL_BASE_URL=ftp://…', [], { TRIPCTL_BASE_URL: 'ftp://example.com/api' }, /TRIPCTL_BASE_URL/],
  ['--query that does not parse', ['--query', '[?'], {}, /query/i],
];

describe('a bad flag or environment value is exit 2, named, before any request', () => {
  it.each(BAD_SETTINGS)('%s', async (_name, argv, env, named) => {
    const result = await cli(server, ['trips', 'list', ...argv], { env });
    expect(result.code, result.stderr).toBe(2);
    expect(server.requests).toEqual([]);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(errorLines(result.stderr)[0]).toMatch(named);
  });
});

const saved = () => JSON.parse(readFileSync(join(dir, 'config.json'), 'utf8')) as { profiles: Record<string, Record<string, unknown>> };

describe('profile names are plain names, never keys JavaScript objects already have', () => {
  const NAMES = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'a b', 'ops/../x', ''];

  it.each(NAMES)("--profile '%s' with config set: exit 2 naming it, nothing written", async (name) => {
    const result = await cli(server, ['--profile', name, 'config', 'set', 'timeout', '9'], { configDir: dir });
    expect(result.code, result.stderr).toBe(2);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain('not a usable profile name');
    expect(existsSync(join(dir, 'config.json'))).toBe(false);
  });

  it.each(['__proto__', 'constructor'])('TRIPCTL_PROFILE=%s with auth login: exit 2 before any request', async (name) => {
    const result = await cli(server, ['auth', 'login', '--with-key'], {
      configDir: dir,
      stdin: `${KEY}\n`,
      env: { TRIPCTL_PROFILE: name, TRIPCTL_API_KEY: undefined },
    });
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain('TRIPCTL_PROFILE');
    expect(server.requests).toEqual([]);
  });

  it('plain names with dots, dashes and underscores are saved as given', async () => {
    for (const name of ['ops.prod', 'ops-2', 'proto_']) {
      const result = await cli(server, ['--profile', name, 'config', 'set', 'timeout', '9'], { configDir: dir });
      expect(result.code, result.stderr).toBe(0);
    }
    expect(Object.keys(saved().profiles).sort()).toEqual(['ops-2', 'ops.prod', 'proto_']);
  });

  it.each([
    ['a profile named __proto__', '{"profiles": {"__proto__": {"apiKey": "x"}, "ops": {}}}', "'__proto__'"],
    ['a profile named constructor', '{"profiles": {"constructor": {}}}', "'constructor'"],
    ['a null profile', '{"defaultProfile": "ops", "profiles": {"ops": null}}', "profile 'ops' is null"],
    ['a profile that is a string', '{"profiles": {"ops": "sk_live_x"}}', "profile 'ops' is a string"],
    ['a default profile that is not a name', '{"defaultProfile": 7, "profiles": {}}', 'defaultProfile 7'],
  ])('a config file with %s: exit 1 naming it and the fix, no request', async (_name, text, named) => {
    writeFileSync(join(dir, 'config.json'), text, { mode: 0o600 });
    const result = await cli(server, ['trips', 'list', '-o', 'ids'], { configDir: dir, env: { TRIPCTL_API_KEY: KEY } });
    expect(result.code, result.stderr).toBe(1);
    expect(errorLines(result.stderr)).toHaveLength(1);
    expect(result.stderr).toContain(named);
    expect(result.stderr).toMatch(/^hint: edit /m);
    expect(result.stderr).not.toContain('unexpected');
    expect(server.requests).toEqual([]);
  });
});

describe('a lock nobody holds is taken over at once', () => {
  const lock = () => join(dir, 'config.json.lock');
  const setTimeout9 = () => cli(server, ['--profile', 'ops', 'config', 'set', 'timeout', '9'], { configDir: dir, limitMs: 8_000 });

  it('dated an hour in the future (held by a live pid, so only the date makes it stale)', async () => {
    writeFileSync(lock(), `${process.pid}`);
    const future = new Date(Date.now() + 3_600_000);
    utimesSync(lock(), future, future);
    const result = await setTimeout9();
    expect(result.code, result.stderr).toBe(0);
    expect(saved().profiles.ops?.timeout).toBe(9);
    expect(existsSync(lock())).toBe(false);
  });

  it('empty (a full disk when it was taken), and fresh', async () => {
    writeFileSync(lock(), '');
    const result = await setTimeout9();
    expect(result.code, result.stderr).toBe(0);
    expect(saved().profiles.ops?.timeout).toBe(9);
    expect(existsSync(lock())).toBe(false);
  });

  it('owned by a process of this machine that is gone, and fresh', async () => {
    // pid 2^22 + 1 is above Linux's pid_max: no process has it.
    writeFileSync(lock(), '4194305');
    const result = await setTimeout9();
    expect(result.code, result.stderr).toBe(0);
    expect(saved().profiles.ops?.timeout).toBe(9);
  });
});
