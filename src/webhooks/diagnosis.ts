// Why a signature check failed, in words a developer can act on: a wrong secret format, a
// malformed header, a body re-serialised or with a trailing newline added, or plainly another
// secret. `webhooks verify` is its door; the reasons are stable words for scripts.
import { sanitizeLine } from '../output/sanitize.js';
import { savedHeader, type ReadDelivery } from './saved.js';
import { DELIVERY_HEADER, EVENT_HEADER, SECRET_PATTERN, SIGNATURE_HEADER, verify } from './signature.js';

/** Why a check failed, as a stable word for scripts (`-o json`) and a sentence for people. */
export type FailureReason =
  | 'missing_header'
  | 'malformed_header'
  | 'secret_format'
  | 'trailing_newline'
  | 'reserialised'
  | 'mismatch'
  | 'body_edited'
  | 'header_mismatch';

export interface Diagnosis {
  valid: boolean;
  reason?: FailureReason;
  message?: string;
  hint?: string;
}

/**
 * Checks a signature and, when it fails, works out the likeliest cause it can tell from the
 * bytes: a header of the wrong shape, a secret of the wrong form, a newline added after signing,
 * or a body that was parsed and written out again (the classic relay bug).
 */
export function diagnose(secret: string, signature: string, body: Buffer): Diagnosis {
  const result = verify(secret, body, signature);
  if (result.ok) return { valid: true };
  if (result.reason === 'missing')
    return {
      valid: false,
      reason: 'missing_header',
      message: 'the signature is empty',
      hint: 'pass the X-Service-Signature header value, sha256=<hex>',
    };
  if (result.reason === 'malformed') {
    const value = signature.trim();
    const hint = /^[0-9a-f]{64}$/i.test(value)
      ? 'it lacks the sha256= prefix: pass the header value exactly as received'
      : /^sha256=/i.test(value)
        ? `after sha256= come ${value.length - 7} characters; expected 64 hex digits (was the header cut?)`
        : /^[a-z0-9]+=/i.test(value)
          ? `the service signs with sha256=, not ${value.split('=')[0]}=`
          : 'expected sha256= followed by 64 hex digits';
    return { valid: false, reason: 'malformed_header', message: 'the signature header is malformed: not sha256=<64 hex digits>', hint };
  }
  // The header is well-formed and does not match: find out why, most specific cause first.
  if (secret !== secret.trim() && verify(secret.trim(), body, signature).ok) {
    return {
      valid: false,
      reason: 'secret_format',
      message: 'the secret has leading or trailing whitespace; without it the signature matches',
      hint: 'copy the secret without spaces or newlines',
    };
  }
  const trimmed = stripTrailingNewlines(body);
  if (trimmed.length !== body.length && verify(secret, trimmed, signature).ok) {
    return {
      valid: false,
      reason: 'trailing_newline',
      message: 'the body ends with a newline that was not signed (an editor or echo added it); without it the signature matches',
      hint: 'save the body exactly as received, e.g. with `webhooks listen --save DIR`',
    };
  }
  const json = parseJson(body);
  if (json.ok) {
    const compact = JSON.stringify(json.value);
    if (compact !== body.toString('utf8')) {
      const matches = verify(secret, compact, signature).ok;
      return {
        valid: false,
        reason: 'reserialised',
        message: matches
          ? 'the body was re-serialised after signing: its compact JSON form matches the signature, these bytes do not'
          : 'signature does not match, and the body looks re-serialised (JSON not in the compact form the service sends: pretty-printed or re-encoded)',
        hint: 'verify the raw bytes as received, before any JSON parsing; a relay or framework that parses and re-encodes the body breaks signatures',
      };
    }
  }
  if (!SECRET_PATTERN.test(secret.trim())) {
    const looks = /^(sk|rk)_/.test(secret)
      ? 'this looks like an API key, not an endpoint signing secret'
      : /^sha256=/i.test(secret)
        ? 'this looks like a signature, not a secret'
        : 'signing secrets start with whsec_ followed by at least 24 characters';
    return {
      valid: false,
      reason: 'secret_format',
      message: `signature does not match, and the secret is not of the expected form: ${looks}`,
      hint: 'use the secret shown when the endpoint was created (`tripctl webhooks secret ID`)',
    };
  }
  return {
    valid: false,
    reason: 'mismatch',
    message: 'signature does not match the body',
    hint: "either the secret is not this endpoint's (each endpoint has its own), or the body is not the bytes that were signed",
  };
}

function stripTrailingNewlines(body: Buffer): Buffer {
  let end = body.length;
  while (end > 0 && (body[end - 1] === 0x0a || body[end - 1] === 0x0d)) end--;
  return body.subarray(0, end);
}

function parseJson(body: Buffer): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(body.toString('utf8')) };
  } catch {
    return { ok: false };
  }
}

/**
 * Checks a saved delivery whole: the body is the one recorded (its sha256), the signature header
 * saved with it matches the body, and the event and delivery headers (which nothing signs) agree
 * with the envelope's own `event` and `id`.
 */
export function diagnoseSaved(secret: string, saved: ReadDelivery): Diagnosis {
  if (!saved.bodyIntact) {
    return {
      valid: false,
      reason: 'body_edited',
      message: 'the body does not match the sha256 recorded when it was saved: the file was edited',
      hint: 'save the delivery again with `webhooks listen --save DIR`',
    };
  }
  const diagnosis = diagnose(secret, savedHeader(saved.headers, SIGNATURE_HEADER) ?? '', saved.body);
  if (!diagnosis.valid)
    return diagnosis.reason === 'missing_header' ? { ...diagnosis, message: 'the saved headers hold no X-Service-Signature' } : diagnosis;
  const json = parseJson(saved.body);
  const envelope = (json.ok && typeof json.value === 'object' && json.value !== null ? json.value : {}) as {
    id?: unknown;
    event?: unknown;
  };
  for (const [header, field, value] of [
    [DELIVERY_HEADER, 'id', envelope.id],
    [EVENT_HEADER, 'event', envelope.event],
  ] as const) {
    const given = savedHeader(saved.headers, header);
    if (given !== undefined && typeof value === 'string' && given !== value) {
      return {
        valid: false,
        reason: 'header_mismatch',
        message: `the signature matches the body, but the ${header} header (${sanitizeLine(given).slice(0, 80)}) is not the body's ${field} (${sanitizeLine(value).slice(0, 80)})`,
        hint: 'headers are not signed: the file was edited, or a relay changed them',
      };
    }
  }
  return { valid: true };
}
