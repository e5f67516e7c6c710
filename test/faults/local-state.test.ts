// Local state as a hostile hand, a crash or a full disk left it: profile names that are object
// keys of JavaScript, profiles that are not objects, and locks nobody holds (dated in the future,
// empty, owned by a process that is gone). Each is named with its fix, or taken over at once.
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
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
  dir = mkdtempSync(join(tmpdir(), 'tripctl-faults-local-'));
});
afterEach(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
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
