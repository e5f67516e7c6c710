// On Node 22.8 and later the launcher (src/launch.ts) hands caching to Node's own compile cache,
// in `<config dir>/cache/compile/`. Through the built bin/tripctl: the first run makes it, later
// runs (with a request, after which client/undici.ts changes a V8 flag) have it accepted, it holds
// no secret, the same trust rule as the Node 20 cache applies, and it is never the cause of an error.
// Node's own trace (NODE_DEBUG_NATIVE=COMPILE_CACHE, on stderr) says whether V8 accepted a cache.
import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tempConfigDir, tripctl, type CliOptions } from '../support/cli.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const KEY = 'sk_test_compilecachecompilecache0001';
const CITIES = { cities: [{ id: '0b3c8a6e-1111-4000-8000-000000000001', name: 'Homs', nameAr: 'حمص' }] };
const TRACE = { NODE_DEBUG_NATIVE: 'COMPILE_CACHE' };
/** Node 22 and 24 word the line differently ("V8 code cache for CommonJS …" on 24). */
const BUNDLE_ACCEPTED = /cache for (CommonJS )?\S*tripctl\.cjs was accepted/;

let server: ScriptedServer;
let dir: string;
let cleanup: () => Promise<void>;

beforeEach(async () => {
  server = await startScriptedServer();
  server.always('GET /cities', { body: CITIES });
  ({ dir, cleanup } = await tempConfigDir());
});

afterEach(async () => {
  await server.close();
  await cleanup();
});

const run = (args: string[], opts: CliOptions = {}) =>
  tripctl(args, { ...opts, configDir: dir, env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: KEY, ...opts.env } });

const cacheDir = () => join(dir, 'cache');
const compileDir = () => join(cacheDir(), 'compile');
/** Every file Node wrote under cache/compile/ (one directory per Node version, one file per module). */
function cacheFiles(): string[] {
  if (!existsSync(compileDir())) return [];
  return readdirSync(compileDir(), { recursive: true, encoding: 'utf8' })
    .map((name) => join(compileDir(), name))
    .filter((path) => statSync(path).isFile());
}

async function listCities(opts: CliOptions = {}): Promise<string> {
  const result = await run(['cities', 'list', '-o', 'json'], opts);
  expect(result.code, result.stderr).toBe(0);
  expect(result.stdout).toBe(`${JSON.stringify(CITIES.cities, null, 2)}\n`);
  return result.stderr;
}

describe("Node's compile cache", () => {
  test('the first run makes it (0600 files under a 0700 directory); the next runs have it accepted', async () => {
    expect(await listCities()).toBe('');
    const files = cacheFiles();
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(statSync(file).mode & 0o077).toBe(0);
    expect(statSync(cacheDir()).mode & 0o777).toBe(0o700);
    // A run with a request after one with a request: the V8 flag set before it does not matter.
    expect(await listCities({ env: TRACE })).toMatch(BUNDLE_ACCEPTED);
    // …and one without a request, as well.
    const version = await run(['--version'], { env: TRACE });
    expect(version.code).toBe(0);
    expect(version.stderr).toMatch(BUNDLE_ACCEPTED);
    expect(server.requests).toHaveLength(2);
  });

  test('holds no secret: the key of the run that made it is not in it', async () => {
    await listCities();
    for (const file of cacheFiles()) {
      const data = readFileSync(file);
      expect(data.includes(KEY)).toBe(false);
      expect(data.includes(KEY.slice(8))).toBe(false);
    }
  });

  test('a corrupt cache costs a normal compile and is replaced by one that is accepted', async () => {
    await listCities();
    for (const file of cacheFiles()) writeFileSync(file, Buffer.alloc(statSync(file).size, 0xa5));
    await listCities();
    expect(await listCities({ env: TRACE })).toMatch(BUNDLE_ACCEPTED);
  });

  test('a cache that cannot be written costs nothing but time, and leaves nothing behind', async () => {
    writeFileSync(cacheDir(), 'not a directory');
    expect(await listCities()).toBe('');
    expect(readFileSync(cacheDir(), 'utf8')).toBe('not a directory');
    expect(readdirSync(dir)).toEqual(['cache']);
  });

  test.skipIf(process.platform === 'win32')('a cache directory others may write to is left alone', async () => {
    await listCities();
    const before = cacheFiles().map((file) => [file, statSync(file).mtimeMs]);
    chmodSync(cacheDir(), 0o777);
    const trace = await listCities({ env: TRACE });
    expect(trace).not.toMatch(/tripctl\.cjs/);
    expect(cacheFiles().map((file) => [file, statSync(file).mtimeMs])).toEqual(before);
  });

  test('TRIPCTL_NO_CODE_CACHE turns it off: nothing is read or written', async () => {
    await listCities({ env: { TRIPCTL_NO_CODE_CACHE: '1' } });
    expect(await run(['--version'], { env: { TRIPCTL_NO_CODE_CACHE: '1' } })).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(cacheDir())).toBe(false);
  });
});
