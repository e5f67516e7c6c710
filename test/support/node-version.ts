// What the Node running the suite offers, for the few end-to-end tests that differ by version
// (.ci/run runs test/process/ under Node 20, 22 and 24, so each branch runs somewhere).
import * as nodeModule from 'node:module';

/** Node 22.8+ caches compiled modules itself, and the launcher (src/launch.ts) uses that there. */
export const NODE_HAS_COMPILE_CACHE = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === 'function';

/** A version-dependent test file left out of a run says so on stderr, with the reason. */
export function saySkipped(reason: string): void {
  process.stderr.write(`not run here: ${reason}\n`);
}
