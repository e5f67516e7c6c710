// Idempotency keys, in a module of their own so that a verb can make one without loading the
// HTTP client (and undici) before its flags have passed their checks.

/** A new key for a write that must land once however often it is tried. */
export function newIdempotencyKey(): string {
  // node:crypto is loaded on first use, not at start-up: most runs are reads and make no key.
  return process.getBuiltinModule('node:crypto').randomUUID();
}

/**
 * A key made from the content of a write, for writes that must land once however often the same
 * input is run again (a CSV imported twice): the same parts always give the same key.
 */
export function derivedIdempotencyKey(...parts: string[]): string {
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256');
  for (const part of parts) hash.update(`${part.length}:${part}`);
  return `tripctl-${hash.digest('hex').slice(0, 40)}`;
}
