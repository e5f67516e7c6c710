// The one place tripctl changes a V8 flag at run time: WebAssembly tiering, before undici
// compiles its HTTP parser (llhttp, a WebAssembly module) for the first request. No flag of the
// garbage collector is changed, ever. Two rules hold: the launcher writes its code cache before
// the change (V8 refuses a cache made under other flags; see the hook below), and V8 applies a
// flag's implications only when it starts, so what a flag would imply is spelled out here.
// test/process/wasm-flags.test.ts checks, on the Node it runs under (CI: 20, 22 and 24), that a
// module compiled after this stays on the baseline compiler while one compiled before tiers up.
import { setFlagsFromString } from 'node:v8';

/**
 * The launcher's hook (src/launch.ts, Node 20 only): it writes its code cache now, while V8's flags
 * are still the ones it started with. A registered symbol, because the launcher and the bundle are
 * built apart; outside the launcher (tests, Node 22+) there is none.
 */
const CODE_CACHE_HOOK = Symbol.for('tripctl.saveCodeCache');

let tuned = false;

/**
 * V8's optimising tier compiles llhttp on background threads that the process then waits for at
 * exit, which costs a one-shot command more than its request (npm run bench: one GET took 3.5×
 * `node -e 0` without this, 1.8× with it); the baseline compiler is plenty for a few answers.
 * --liftoff-only alone left dynamic tiering on from V8 12 (Node 24): llhttp was compiled again
 * with TurboFan at the second response, +21 MiB peak on a long walk.
 */
export function tuneForRequests(): void {
  if (tuned) return;
  tuned = true;
  const hook = (globalThis as Record<symbol, unknown>)[CODE_CACHE_HOOK];
  if (typeof hook === 'function') hook();
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}
