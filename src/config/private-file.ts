// Files only their owner may read, written whole or not at all: a temporary file beside the
// target, renamed over it. The caches in `<config dir>/cache/` (completion values, the launcher's
// code cache) are written through here; a cache that cannot be written is no error.
import { chmodSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Writes the file (mode 0600, its directory made 0700 when missing); false, with nothing left
 * behind, when it cannot. `data` may be a function, so that the work of making it is skipped
 * when the directory cannot be made.
 */
export function writePrivateFileSync(file: string, data: string | Uint8Array | (() => string | Uint8Array)): boolean {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(temp, typeof data === 'function' ? data() : data, { mode: 0o600 });
    // A temp file left by a crashed run with the same pid keeps its old mode through writeFileSync.
    chmodSync(temp, 0o600);
    renameSync(temp, file);
    return true;
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // Nothing to remove, or nothing that can be: the target is untouched either way.
    }
    return false;
  }
}
