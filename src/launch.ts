// What bin/tripctl runs: turn on Node's compile cache where Node has one, then load the tool
// (dist/tripctl.cjs; each command's own code is in a file loaded when it runs: test/tools/link-chunks.mjs).
//
// tripctl is started thousands of times from scripts, and much of a short run's own time goes to
// compiling JavaScript. Node 22.8 and later cache the code they compile (module.enableCompileCache),
// here in `<config dir>/cache/compile/`, beside the completion cache. Node 20 (past its end of
// life), 21 and 22.0–22.7 run without a cache: slower starts, nothing else (npm run bench).
//
// The cache is only a speed-up: Node checks its own version, V8's flags and each source, and a
// missing, stale, corrupt or unwritable cache costs a normal compile, never an error. It is code
// the next run executes, so a directory anyone else could have written is not used.
import { mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { configDir } from './config/store.js';

/**
 * Node's own compile cache (22.8+); @types/node 20 does not know it. Taken from the module itself:
 * a namespace import would copy all of node:module's exports, in the one file no cache speeds up.
 */
const { enableCompileCache } = process.getBuiltinModule('node:module') as { enableCompileCache?: (directory: string) => unknown };

export function launch(entry: string): void {
  const dir = process.env.TRIPCTL_NO_CODE_CACHE ? undefined : trusted(cacheDir());
  if (dir && typeof enableCompileCache === 'function') {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      enableCompileCache(join(dir, 'compile')); // never throws: a cache it cannot use is reported in its result
    } catch {
      // No directory, no cache: the tool compiles as usual.
    }
  }
  const require = createRequire(__filename);
  try {
    require.resolve(entry);
  } catch (error) {
    process.stderr.write(`tripctl: cannot read ${entry} (${(error as Error).message.split('\n')[0]}); run 'npm run build'\n`);
    process.exit(1);
  }
  require(entry);
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
 * Only a directory nobody else could have written is used: on POSIX, owned by this user and
 * writable by nobody else (made 0700 here). One that fails this is left alone altogether.
 */
function trusted(dir: string | undefined): string | undefined {
  if (dir === undefined) return undefined;
  try {
    const stats = statSync(dir);
    if (process.platform === 'win32') return dir;
    return stats.uid === process.getuid!() && (stats.mode & 0o022) === 0 ? dir : undefined;
  } catch {
    return dir; // not made yet: made 0700 above
  }
}
