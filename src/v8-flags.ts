// The V8 flags tripctl sets after start-up, in one place. Two rules hold for all of them: the
// launcher writes its code cache before the first change (V8 refuses a cache made under other
// flags; see code-cache.ts), and V8 applies a flag's implications only when it starts, so what a
// flag would imply is spelled out here.
import { setFlagsFromString } from 'node:v8';
import { beforeV8FlagsChange } from './code-cache.js';

let requests = false;
let longWalk = false;

/**
 * Before the first request. undici parses HTTP with a WebAssembly build of llhttp; V8's optimising
 * tier compiles it on background threads that the process then waits for at exit, which costs a
 * one-shot command more than the request itself, and the baseline compiler is plenty for a few
 * responses. --liftoff-only alone left dynamic tiering on from V8 12 (Node 24): llhttp was compiled
 * again with TurboFan at the second response, +21 MiB peak (npm run bench, walks, on Node 24).
 */
export function tuneForRequests(): void {
  if (requests) return;
  requests = true;
  beforeV8FlagsChange();
  setFlagsFromString('--liftoff-only');
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}

/**
 * When a walk goes past its first page (`--all`, `--limit`). Each page's items live only until
 * they are written, but V8 doubles the young generation every time enough bytes have survived a
 * collection since the last doubling, up to 16 MiB a half: over a long walk that alone added
 * 12–18 MiB to the peak between 10,000 and 100,000 items. Kept at its first size, the peak stays
 * the same whatever the length (npm run bench, walks) at no cost in time. (Start-up clamps this
 * flag to 2 or more; set now, 1 holds. The listener, which allocates far more per second, is
 * left alone: there the extra collections cost about 9% CPU per delivery.)
 */
export function tuneForLongWalk(): void {
  if (longWalk) return;
  longWalk = true;
  beforeV8FlagsChange();
  setFlagsFromString('--semi-space-growth-factor=1');
}
