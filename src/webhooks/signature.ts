// Webhook signatures as partner-api.md's "Signature check" defines them: HMAC-SHA256 over the
// exact raw bytes of the body, keyed with the endpoint's signing secret, written as lowercase hex
// and prefixed with `sha256=`. Shared by the sandbox (which signs) and the CLI (which verifies),
// so the two can never disagree on the format.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'x-service-signature';
export const EVENT_HEADER = 'x-service-event';
export const DELIVERY_HEADER = 'x-service-delivery';
export const SIGNATURE_PREFIX = 'sha256=';

/** Signing secrets as the sandbox issues them: `whsec_` and at least 24 URL-safe characters. */
export const SECRET_PATTERN = /^whsec_[A-Za-z0-9_-]{24,}$/;

export function sign(secret: string, body: Uint8Array | string): string {
  return SIGNATURE_PREFIX + createHmac('sha256', secret).update(body).digest('hex');
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
