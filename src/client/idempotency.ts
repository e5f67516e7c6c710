// Idempotency keys, in a module of their own so that a verb can make one without loading the
// HTTP client (and undici) before its flags have passed their checks.
import { randomUUID } from 'node:crypto';

/** A new key for a write that must land once however often it is tried. */
export function newIdempotencyKey(): string {
  return randomUUID();
}
