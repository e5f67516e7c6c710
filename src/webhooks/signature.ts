// Webhook signatures as partner-api.md's "Signature check" defines them: HMAC-SHA256 over the
// exact raw bytes of the body, keyed with the endpoint's signing secret, written as lowercase hex
// and prefixed with `sha256=`. Shared by the sandbox (which signs) and the CLI (which verifies),
// so the two can never disagree on the format.
import { createHash, hash, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_HEADER = 'x-service-event';
export const DELIVERY_HEADER = 'x-service-delivery';
export const SIGNATURE_PREFIX = 'sha256=';

/** Signing secrets as the sandbox issues them: `whsec_` and at least 24 URL-safe characters. */
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{24,}$/;

/**
 * HMAC-SHA256 (RFC 2104) with the key's pads computed once, over node's one-shot hash: a
 * listener verifies thousands of deliveries with one secret, and createHmac's per-call objects
 * cost it twice as much (npm run bench).
 */
export function hmacSha256(secret: string | Uint8Array): (body: Uint8Array | string) => Buffer {
  let key = Buffer.from(secret);
  if (key.length > 64) key = createHash('sha256').update(key).digest();
  const inner = Buffer.alloc(64, 0x36);
  const outer = Buffer.alloc(64, 0x5c);
  for (let i = 0; i < key.length; i++) {
    inner[i]! ^= key[i]!;
    outer[i]! ^= key[i]!;
  }
  return (body) => {
    const innerDigest = hash('sha256', Buffer.concat([inner, typeof body === 'string' ? Buffer.from(body) : body]), 'buffer');
    return hash('sha256', Buffer.concat([outer, innerDigest]), 'buffer');
  };
}

export function sign(secret: string, body: Uint8Array | string): string {
  return SIGNATURE_PREFIX + hmacSha256(secret)(body).toString('hex');
}

export type Verdict =
  | { ok: true }
  | { ok: false; reason: 'missing' | 'malformed' | 'mismatch'; message: string };

/** Constant-time check of a `sha256=<hex>` header against the raw body. */
export function verify(secret: string, body: Uint8Array | string, header: string | undefined | null): Verdict {
  if (header === undefined || header === null || header === '') {
    return { ok: false, reason: 'missing', message: 'no X-Service-Signature header' };
  }
  const value = header.trim();
  if (!value.startsWith(SIGNATURE_PREFIX) || !/^[0-9a-fA-F]{64}$/.test(value.slice(SIGNATURE_PREFIX.length))) {
    return {
      ok: false,
      reason: 'malformed',
      message: 'signature header is not of the form sha256=<64 hex characters>',
    };
  }
  const expected = Buffer.from(sign(secret, body).slice(SIGNATURE_PREFIX.length), 'hex');
  const given = Buffer.from(value.slice(SIGNATURE_PREFIX.length), 'hex');
  if (expected.length === given.length && timingSafeEqual(expected, given)) return { ok: true };
  return { ok: false, reason: 'mismatch', message: 'signature does not match the body' };
}
