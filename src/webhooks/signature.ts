// Webhook signatures as partner-api.md's "Signature check" defines them: HMAC-SHA256 over the
// exact raw bytes of the body, keyed with the endpoint's signing secret, written as lowercase hex
// and prefixed with `sha256=`. Shared by the sandbox (which signs) and the CLI (which verifies),
// so the two can never disagree on the format. The HMAC and the comparison are node:crypto's own;
// this module is only imported by the verbs that need it, so no other command loads node:crypto.
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_HEADER = 'x-service-event';
export const DELIVERY_HEADER = 'x-service-delivery';
export const SIGNATURE_PREFIX = 'sha256=';
const HEX_DIGITS = 64;

/** Signing secrets as the sandbox issues them: `whsec_` and at least 24 URL-safe characters. */
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{24,}$/;

/** A secret as node:crypto keys it (its UTF-8 bytes), made once for a listener's many checks. */
export type SigningKey = KeyObject;

export function signingKey(secret: string): SigningKey {
  return createSecretKey(Buffer.from(secret, 'utf8'));
}

function mac(key: string | SigningKey, body: Uint8Array | string): Buffer {
  return createHmac('sha256', key).update(body).digest();
}

export function sign(secret: string | SigningKey, body: Uint8Array | string): string {
  return SIGNATURE_PREFIX + mac(secret, body).toString('hex');
}

/** Where the listener's check decodes the signature it was given (reused: the check is synchronous). */
const givenDigest = Buffer.alloc(HEX_DIGITS / 2);

/**
 * The listener's check, without words: true when `header` is `sha256=` and the 64 hex digits of
 * the body's HMAC. When it is false, `verify` says why.
 */
export function signatureMatches(key: string | SigningKey, body: Uint8Array, header: string | undefined): boolean {
  if (header === undefined || header.length !== SIGNATURE_PREFIX.length + HEX_DIGITS || !header.startsWith(SIGNATURE_PREFIX)) return false;
  // Decoding stops at the first character that is not hex, so 32 bytes means 64 hex digits.
  // Into a buffer kept for it: one made per delivery was an allocation the hot path need not make.
  const written = givenDigest.write(header.slice(SIGNATURE_PREFIX.length), 'hex');
  return written === HEX_DIGITS / 2 && timingSafeEqual(mac(key, body), givenDigest);
}

export type Verdict = { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'mismatch'; message: string };

/** Constant-time check of a `sha256=<hex>` header against the raw body, with the reason it fails. */
export function verify(secret: string | SigningKey, body: Uint8Array | string, header: string | undefined | null): Verdict {
  if (header === undefined || header === null || header === '') {
    return { ok: false, reason: 'missing', message: 'no X-Service-Signature header' };
  }
  const value = header.trim();
  const hex = value.slice(SIGNATURE_PREFIX.length);
  if (!value.startsWith(SIGNATURE_PREFIX) || !/^[0-9a-fA-F]{64}$/.test(hex)) {
    return {
      ok: false,
      reason: 'malformed',
      message: 'signature header is not of the form sha256=<64 hex characters>',
    };
  }
  if (timingSafeEqual(mac(secret, body), Buffer.from(hex, 'hex'))) return { ok: true };
  return { ok: false, reason: 'mismatch', message: 'signature does not match the body' };
}
