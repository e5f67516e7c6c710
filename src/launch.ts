// What bin/tripctl runs: compile the bundle (dist/tripctl.cjs) with a V8 code cache and run it.
//
// tripctl is started thousands of times from scripts, and most of a run's own time went to
// parsing and compiling JavaScript, and Node's ESM loader adds a cost per chunk file. So the tool
// is one CommonJS bundle, and its compiled code is cached in `<config dir>/cache/` like the
// completion cache (npm run bench shows the gain):
//   - by Node itself wherever it offers module.enableCompileCache (22.8 and later, which every
//     Node 22 LTS release is; 22.1–22.7 read only the NODE_COMPILE_CACHE variable, at start), in
//     `cache/compile/`;
//   - on Node 20, which has no such thing, by this file: the bundle is compiled through vm.Script
//     with the code V8 produced on an earlier run (the rest of this file; it goes with Node 20).
//   Any other Node (21, 22.0–22.7) runs without a cache: slower starts, nothing else.
//
// The cache is only a speed-up: a missing, stale, corrupt or unwritable one costs a normal
// compile, never an error. V8 checks its own version, its flags and the source's length; the
// file name adds the bundle's content hash, so a rebuilt bundle never meets an old cache.
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, type Stats } from 'node:fs';
import * as nodeModule from 'node:module';
import { createRequire, wrap } from 'node:module';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { writePrivateFileSync } from './config/private-file.js';
import { configDir } from './config/store.js';

declare const __TRIPCTL_BUNDLE_ID__: string;

/**
 * How far the run that made a cache got, stored as the file's first byte: a cache made at the exit
 * of a run that sent no request (`--help`, often a user's first) lacks the client's code, so the
 * first run that gets to a request replaces it with one made just before it (client/wasm-tiering.ts).
 */
const AT_EXIT = 1;
const AT_FIRST_REQUEST = 2;

const CACHE_PREFIX = 'code-';

/**
 * Called by the bundle (client/wasm-tiering.ts) just before it changes a V8 flag, after which V8
 * could no longer make a cache this launcher's next run would accept.
 */
const CODE_CACHE_HOOK = Symbol.for('tripctl.saveCodeCache');

/** Node's own compile cache (22.8+); @types/node 20 does not know it. */
const enableCompileCache = (nodeModule as { enableCompileCache?: (directory: string) => unknown }).enableCompileCache;

export function launch(bundle: string): void {
  const dir = process.env.TRIPCTL_NO_CODE_CACHE ? undefined : trusted(cacheDir());
  if (typeof enableCompileCache === 'function') return launchWithNodeCache(bundle, dir, enableCompileCache);
  if (process.versions.node.split('.')[0] !== '20') return launchWithNodeCache(bundle, undefined, () => undefined);
  let source: string;
  try {
    // The build guarantees the bundle is ASCII (test/tools/build.mjs), and latin1 reads it several
    // times faster than utf8 decoding would.
    source = readFileSync(bundle, 'latin1');
  } catch (error) {
    process.stderr.write(`tripctl: cannot read ${bundle} (${(error as Error).message}); run 'npm run build'\n`);
    process.exit(1);
  }
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

  const run = script.runInThisContext() as (
    exports: object,
    require: NodeJS.Require,
    module: object,
    filename: string,
    dirname: string,
  ) => void;
  const module = { exports: {} };
  run.call(module.exports, module.exports, createRequire(bundle), module, bundle, dirname(bundle));
}

/**
 * Node 22.8+: Node caches the code of what it compiles, in a directory the same trust rules apply
 * to (its parent made 0700 here first), and checks versions, flags and the source itself. It
 * accepts a cache written after client/wasm-tiering.ts changed a V8 flag, so no hook is needed.
 * Without a directory (no cache, or a Node with neither kind), the bundle is simply required.
 */
function launchWithNodeCache(bundle: string, dir: string | undefined, enable: (directory: string) => unknown): void {
  if (dir) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      enable(join(dir, 'compile')); // never throws: a cache it cannot use is reported in its result, not raised
    } catch {
      // No directory, no cache: the bundle compiles as usual.
    }
  }
  const require = createRequire(__filename);
  try {
    require.resolve(bundle);
  } catch (error) {
    process.stderr.write(`tripctl: cannot read ${bundle} (${(error as Error).message.split('\n')[0]}); run 'npm run build'\n`);
    process.exit(1);
  }
  require(bundle);
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
