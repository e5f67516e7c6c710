// What bin/tripctl runs: compile the bundle (dist/tripctl.cjs) with a V8 code cache and run it.
//
// tripctl is started thousands of times from scripts, and most of a run's own time went to
// parsing and compiling JavaScript: Node 20 has no compile cache for modules (22 has
// module.enableCompileCache), and its ESM loader adds a cost per chunk file. So the tool is one
// CommonJS bundle, compiled here through vm.Script with the code V8 produced on an earlier run,
// kept in `<config dir>/cache/` like the completion cache (npm run bench shows the gain).
//
// The cache is only a speed-up: a missing, stale, corrupt or unwritable one costs a normal
// compile, never an error. V8 checks its own version, its flags and the source's length; the
// file name adds the bundle's content hash, so a rebuilt bundle never meets an old cache.
import { readdirSync, readFileSync, rmSync, statSync, type Stats } from 'node:fs';
import { createRequire, wrap } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { CODE_CACHE_HOOK } from './code-cache.js';
import { writePrivateFileSync } from './config/private-file.js';
import { configDir } from './config/store.js';

declare const __TRIPCTL_BUNDLE_ID__: string;

/**
 * How far the run that made a cache got, stored as the file's first byte: a cache made at the exit
 * of a run that sent no request (`--help`, often a user's first) lacks the client's code, so the
 * first run that gets to a request replaces it with one made just before it (see code-cache.ts).
 */
const AT_EXIT = 1;
const AT_FIRST_REQUEST = 2;

const CACHE_PREFIX = 'code-';

export function launch(bundle: string): void {
  let source: string;
  try {
    // The build guarantees the bundle is ASCII (test/tools/build.mjs), and latin1 reads it several
    // times faster than utf8 decoding would.
    source = readFileSync(bundle, 'latin1');
  } catch (error) {
    process.stderr.write(`tripctl: cannot read ${bundle} (${(error as Error).message}); run 'npm run build'\n`);
    process.exit(1);
  }
  const dir = process.env.TRIPCTL_NO_CODE_CACHE ? undefined : trusted(cacheDir());
  const file = dir && join(dir, `${CACHE_PREFIX}${__TRIPCTL_BUNDLE_ID__}-node${process.version}-${process.arch}.bin`);
  const cached = file ? readCache(file) : undefined;

  const script = new Script(wrap(source), { filename: bundle, cachedData: cached?.subarray(1) });
  const accepted = cached !== undefined && !script.cachedDataRejected;
  const stage = accepted ? cached[0]! : 0;

  let done = false;
  const save = (at: number) => {
    if (done || !dir || !file) return;
    done = true;
    if (stage >= at) return;
    writeCache(dir, file, () => Buffer.concat([Buffer.from([at]), script.createCachedData()]));
  };
  (globalThis as Record<symbol, unknown>)[CODE_CACHE_HOOK] = () => save(AT_FIRST_REQUEST);
  process.once('exit', () => save(AT_EXIT));

  const run = script.runInThisContext() as (exports: object, require: NodeJS.Require, module: object, filename: string, dirname: string) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/** Where the cache lives, if anywhere: a home that cannot be found means no cache, not an error here. */
function cacheDir(): string | undefined {
  try {
    return join(configDir(process.env), 'cache');
  } catch {
    return undefined;
  }
}

/**
 * A cache is code the next run executes, so only one that nobody else could have written is
 * used: on POSIX, owned by this user and writable by nobody else, in a directory alike (made
 * 0700 by writeCache). A directory that fails this is left alone altogether.
 */
function trusted(dir: string | undefined): string | undefined {
  if (dir === undefined) return undefined;
  try {
    return safeOwner(statSync(dir)) ? dir : undefined;
  } catch {
    return dir; // not made yet: writeCache makes it
  }
}

function safeOwner(stats: Stats): boolean {
  if (process.platform === 'win32') return true;
  return stats.uid === process.getuid!() && (stats.mode & 0o022) === 0;
}

function readCache(file: string): Buffer | undefined {
  try {
    if (!safeOwner(statSync(file))) return undefined; // replaced by this run's own
    const data = readFileSync(file);
    return data.length > 1 ? data : undefined;
  } catch {
    return undefined;
  }
}

/** Written whole or not at all; old bundles' caches are removed on the way. */
function writeCache(dir: string, file: string, data: () => Buffer): void {
  if (!writePrivateFileSync(file, data)) return;
  try {
    const current = `${CACHE_PREFIX}${__TRIPCTL_BUNDLE_ID__}-`;
    for (const name of readdirSync(dir)) {
      if (name.startsWith(CACHE_PREFIX) && name.endsWith('.bin') && !name.startsWith(current)) rmSync(join(dir, name), { force: true });
    }
  } catch {
    // Old caches only take room; the next write tries again.
  }
}
