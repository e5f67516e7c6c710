// Idempotency keys, in a module of their own so that a verb can make one without loading the
// HTTP client (and undici) before its flags have passed their checks.

/** A new key for a write that must land once however often it is tried. */
export function newIdempotencyKey(): string {
  // node:crypto is loaded on first use, not at start-up: most runs are reads and make no key.
  return process.getBuiltinModule('node:crypto').randomUUID();
}
