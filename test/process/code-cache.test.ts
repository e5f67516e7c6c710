// The launcher's own V8 code cache (src/launch.ts, Node 20 only), through the built bin/tripctl:
// made by the first run, used and left alone by the next ones, replaced once by the first run that
// sends a request, and never the cause of an error, whether it is corrupt, truncated or cannot be
// written. On Node 22.8+ Node's compile cache takes its place (compile-cache.test.ts).
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { tempConfigDir, tripctl, type CliOptions } from '../support/cli.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const KEY = 'sk_test_codecachecodecachecodecache00';
const CITIES = { cities: [{ id: '0b3c8a6e-1111-4000-8000-000000000001', name: 'Homs', nameAr: 'حمص' }] };
const AT_EXIT = 1;
const AT_FIRST_REQUEST = 2;

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
const cacheFiles = () => (existsSync(cacheDir()) ? readdirSync(cacheDir()) : []);
function cacheFile(): string {
  const files = cacheFiles();
  expect(files).toHaveLength(1);
  expect(files[0]).toMatch(/^code-[0-9a-f]{16}-nodev[\d.]+-\w+\.bin$/);
  return join(cacheDir(), files[0]!);
}
/** A rewrite is a new file renamed into place, so the inode tells a kept cache from a new one. */
const identity = (file: string) => statSync(file).ino;
const stage = (file: string) => readFileSync(file)[0];

async function listCities(opts: CliOptions = {}): Promise<void> {
  const result = await run(['cities', 'list', '-o', 'json'], opts);
  expect(result).toEqual({ code: 0, stdout: `${JSON.stringify(CITIES.cities, null, 2)}\n`, stderr: '' });
}

describe('the code cache', () => {
  test('the first run makes it (0600 in a 0700 directory) and the next runs use it as it is', async () => {
    expect(await run(['--version'])).toMatchObject({ code: 0, stderr: '' });
    const file = cacheFile();
    expect(stage(file)).toBe(AT_EXIT);
    if (process.platform !== 'win32') {
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(cacheDir()).mode & 0o777).toBe(0o700);
    }
    const made = identity(file);
    // Had V8 refused it (other flags, other source), the run would have written a new one.
    expect(await run(['--version'])).toMatchObject({ code: 0, stderr: '' });
    expect(await run(['cities', '--help'])).toMatchObject({ code: 0, stderr: '' });
    expect(identity(cacheFile())).toBe(made);
  });

  test('the first run that sends a request replaces a cache made without one, once', async () => {
    await run(['--version']);
    const partial = identity(cacheFile());
    await listCities();
    const file = cacheFile();
    expect(identity(file)).not.toBe(partial);
    expect(stage(file)).toBe(AT_FIRST_REQUEST);
    const full = identity(file);
    await listCities();
    expect(await run(['--version'])).toMatchObject({ code: 0, stderr: '' });
    expect(identity(cacheFile())).toBe(full);
    expect(server.requests).toHaveLength(2);
  });

  test('holds no secret: the key of the run that made it is not in it', async () => {
    await listCities();
    const data = readFileSync(cacheFile());
    expect(data.includes(KEY)).toBe(false);
    expect(data.includes(KEY.slice(8))).toBe(false);
  });

  test('a corrupt or truncated cache is replaced, and the command runs as without one', async () => {
    await listCities();
    const file = cacheFile();
    const good = readFileSync(file);
    for (const broken of [
      Buffer.concat([Buffer.from([AT_FIRST_REQUEST]), Buffer.alloc(good.length - 1, 0xa5)]),
      good.subarray(0, Math.floor(good.length / 2)),
      Buffer.from([AT_FIRST_REQUEST]),
    ]) {
      writeFileSync(file, broken);
      await listCities();
      const replaced = readFileSync(cacheFile());
      expect(replaced.equals(broken)).toBe(false);
      expect(replaced[0]).toBe(AT_FIRST_REQUEST);
      // …and the replacement is one V8 takes.
      const kept = identity(cacheFile());
      await listCities();
      expect(identity(cacheFile())).toBe(kept);
    }
  });

  test('a cache that cannot be written costs nothing but time, and leaves nothing behind', async () => {
    // The cache directory cannot be made…
    writeFileSync(cacheDir(), 'not a directory');
    await listCities();
    expect(readFileSync(cacheDir(), 'utf8')).toBe('not a directory');
    expect(readdirSync(dir)).toEqual(['cache']);
    // …or the file cannot be renamed into place (a directory holds its name): the temp file goes.
    rmSync(cacheDir());
    await run(['--version']);
    const file = cacheFile();
    rmSync(file);
    mkdirSync(join(file, 'occupied'), { recursive: true });
    await listCities();
    expect(readdirSync(cacheDir())).toEqual([basename(file)]);
    expect(statSync(file).isDirectory()).toBe(true);
  });

  test.skipIf(process.platform === 'win32')('only a cache nobody else could have written is used', async () => {
    await run(['--version']);
    let file = cacheFile();
    // A file others may write is not run: this run makes its own in its place.
    chmodSync(file, 0o666);
    await listCities();
    file = cacheFile();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(stage(file)).toBe(AT_FIRST_REQUEST);
    if (process.getuid?.() === 0) {
      // Root can give the file to another user, as an attacker on a shared directory would.
      chownSync(file, 65534, 65534);
      const foreign = identity(file);
      await listCities();
      expect(identity(cacheFile())).not.toBe(foreign);
      expect(statSync(cacheFile()).uid).toBe(0);
    }
    // A directory others may write to is left alone: neither read nor written.
    await cleanup();
    ({ dir, cleanup } = await tempConfigDir());
    await run(['--version']);
    chmodSync(cacheDir(), 0o777);
    const partial = identity(cacheFile());
    await listCities();
    expect(identity(cacheFile())).toBe(partial);
    expect(stage(cacheFile())).toBe(AT_EXIT);
  });

  test('caches of other builds are removed when a new one is written; other node versions keep theirs', async () => {
    await run(['--version']);
    const current = cacheFiles()[0]!;
    const id = current.split('-')[1]!;
    const oldBuild = `code-0000000000000000-node${process.version}-${process.arch}.bin`;
    const otherNode = `code-${id}-nodev0.0.0-${process.arch}.bin`;
    writeFileSync(join(cacheDir(), oldBuild), 'old');
    writeFileSync(join(cacheDir(), otherNode), 'other');
    await listCities();
    expect(cacheFiles().sort()).toEqual([current, otherNode].sort());
  });

  test('TRIPCTL_NO_CODE_CACHE turns it off: nothing is read or written', async () => {
    await listCities({ env: { TRIPCTL_NO_CODE_CACHE: '1' } });
    expect(await run(['--version'], { env: { TRIPCTL_NO_CODE_CACHE: '1' } })).toMatchObject({ code: 0, stderr: '' });
    expect(existsSync(cacheDir())).toBe(false);
  });
});
