// The bundle's side of the V8 code cache that src/launch.ts keeps. A cache is only accepted by a
// process whose V8 flags match the ones it was made under, and client/undici.ts changes a flag
// (--liftoff-only) before the first request; so the launcher cannot wait for the exit to make the
// cache of a run that sends requests. It registers a hook instead, called here just before the
// flag changes. Outside the launcher (tests, `tsx src/main.ts`) there is no hook and this is a no-op.

export const CODE_CACHE_HOOK = Symbol.for('tripctl.saveCodeCache');

/** Lets the launcher write the code cache now, while V8's flags are still the ones it started with. */
export function beforeV8FlagsChange(): void {
  const hook = (globalThis as Record<symbol, unknown>)[CODE_CACHE_HOOK];
  if (typeof hook === 'function') hook();
}
