// The one place tripctl changes a V8 flag at run time, and only on Node 20: WebAssembly tiering,
// before undici compiles its HTTP parser (llhttp, a WebAssembly module) for the first request. No
// flag of the garbage collector is changed, ever. V8 applies a flag's implications only when it
// starts, so what a flag would imply is spelled out here. test/process/wasm-flags.test.ts checks, on
// the Node it runs under (CI: 20, 22 and 24), that the change takes effect where it is made and
// that no flag is changed elsewhere.
/**
 * Node 20's V8 (11.3) compiles llhttp again with TurboFan on background threads that the process
 * then waits for at exit, which cost a one-shot command more than its request: one GET took 3.5×
 * `node -e 0` without these flags, 1.85× with them, and 145 ms more CPU (test/bench/README.md).
 * On Node 22 and 24 the same run costs the same with or without them (within 2%, in CPU time and
 * wall time alike), so there they are not set: a flag changed after start-up is a risk V8's own
 * documentation warns of, worth taking only where it pays.
 */
const TUNES_WASM = process.versions.node.split('.')[0] === '20';

let tuned = false;

export function tuneForRequests(): void {
  if (tuned || !TUNES_WASM) return;
  tuned = true;
  // node:v8 is loaded here, on Node 20 only: elsewhere nothing needs it.
  const { setFlagsFromString } = process.getBuiltinModule('node:v8');
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}
