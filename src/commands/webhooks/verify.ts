// `webhooks verify` (is this captured delivery genuine, and if not, why — a body and a signature,
// or a whole file saved by `listen --save`) and `webhooks replay` (send a saved delivery to a
// handler again, re-signed). Neither talks to the service. (Just over 300 lines: the two verbs
// share the reading of a saved delivery and the secret, and the diagnosis is their heart.)
import type { Context } from '../../context.js';
import { CliError, ExitCode, usageError } from '../../errors.js';
import { uuid } from '../../input/validate.js';
import { readNamedFile } from '../../input/files.js';
import { readAll } from '../../input/stdin.js';
import { sanitizeLine } from '../../output/sanitize.js';
import { handlerUrl } from '../../webhooks/endpoint-url.js';
import { Forwarder, withHeader } from '../../webhooks/forward.js';
import { readSaved, readSavedFile, savedHeader, type ReadDelivery } from '../../webhooks/saved.js';
import { DELIVERY_HEADER, EVENT_HEADER, SECRET_PATTERN, SIGNATURE_HEADER, sign, verify } from '../../webhooks/signature.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { keptSecret } from '../../webhooks/kept-secrets.js';

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

/** The secret from --secret, TRIPCTL_WEBHOOK_SECRET or the one kept for --endpoint. */
function secretFrom(ctx: Context, opts: { secret?: string; endpoint?: string }): string | undefined {
  if (opts.secret !== undefined && opts.endpoint !== undefined) throw usageError('--secret and --endpoint cannot be used together');
  if (opts.secret !== undefined) return opts.secret;
  if (opts.endpoint !== undefined) {
    const id = uuid('--endpoint', opts.endpoint);
    const kept = keptSecret(ctx, id);
    if (kept === undefined)
      throw usageError(`no signing secret kept for endpoint ${id} in profile '${ctx.settings().profileName}'`, 'pass --secret');
    return kept;
  }
  return ctx.env.TRIPCTL_WEBHOOK_SECRET || undefined;
}

function jsonOutput(ctx: Context): boolean {
  const { output, query } = ctx.settings();
  return output === 'json' || output === 'ndjson' || query !== undefined;
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

interface VerifyOpts {
  secret?: string;
  endpoint?: string;
  signature?: string;
  payloadFile?: string;
  saved?: string;
}

export const runVerify: ActionFn<VerifyOpts> = async (ctx, { opts }) => {
  if (opts.saved !== undefined && (opts.signature !== undefined || opts.payloadFile !== undefined)) {
    throw usageError('--saved cannot be used with --signature or --payload-file', 'the saved file holds the body and the signature header');
  }
  if (opts.saved === undefined && opts.signature === undefined)
    throw usageError('missing --signature', 'pass the X-Service-Signature value, or a saved delivery with --saved FILE');
  const saved = opts.saved !== undefined ? await readSavedFile(opts.saved) : undefined;
  let secret = secretFrom(ctx, opts);
  let how = '';
  if (secret === undefined && saved?.endpointId !== undefined && (secret = keptSecret(ctx, saved.endpointId)) !== undefined) {
    how = ` with the kept secret of endpoint ${sanitizeLine(saved.endpointId)}`;
  }
  if (secret === undefined) {
    throw usageError(
      'missing --secret',
      `pass --secret S, --endpoint ID, or set TRIPCTL_WEBHOOK_SECRET${saved ? ' (no secret is kept for the endpoint the file names)' : ''}`,
    );
  }
  ctx.io.addSecret(secret);
  const body = saved ? saved.body : await payload(ctx, opts.payloadFile);
  const diagnosis = saved ? diagnoseSaved(secret, saved) : diagnose(secret, opts.signature!, body);
  const about = saved ? { deliveryId: saved.deliveryId, event: saved.event } : {};
  if (jsonOutput(ctx))
    await ctx.renderer().object({
      valid: diagnosis.valid,
      ...(diagnosis.reason ? { reason: diagnosis.reason, message: diagnosis.message } : {}),
      bytes: body.length,
      ...about,
    });
  if (diagnosis.valid) {
    const what = saved
      ? `Delivery ${sanitizeLine(saved.deliveryId ?? '(no id)')} (${sanitizeLine(saved.event ?? 'no event')}): signature valid, headers match the body`
      : 'Signature valid';
    ctx.info(`${what} (${body.length} bytes)${how ? `, checked${how}` : ''}.`);
    return ExitCode.ok;
  }
  ctx.io.err(`tripctl: ${diagnosis.message}\n`);
  if (diagnosis.hint) ctx.io.err(`hint: ${diagnosis.hint}\n`);
  return ExitCode.failure;
};

async function payload(ctx: Context, file: string | undefined): Promise<Buffer> {
  if (file !== undefined && file !== '-') {
    return readNamedFile(file, file);
  }
  if (ctx.io.stdinIsTTY) throw usageError('no body to verify', 'pass --payload-file FILE, or pipe the raw body on stdin');
  return readAll(ctx.io.stdin, ctx.signal);
}

export const runReplay: ActionFn<{ to: string; secret?: string; timeoutMs?: number }> = async (ctx, { args, opts }) => {
  const file = args[0]!;
  const to = handlerUrl('--to', opts.to);
  const saved = await readSaved(file);
  let secret = opts.secret ?? (ctx.env.TRIPCTL_WEBHOOK_SECRET || undefined);
  let how: string;
  if (secret !== undefined) how = 're-signed with the given secret';
  else if (saved.endpointId !== undefined && (secret = keptSecret(ctx, saved.endpointId)) !== undefined)
    how = `re-signed with the kept secret of endpoint ${saved.endpointId}`;
  else how = 'with its original signature (no secret known: pass --secret to re-sign)';
  ctx.io.addSecret(secret);
  const headers = secret !== undefined ? withHeader(saved.headers, 'X-Service-Signature', sign(secret, saved.body)) : saved.headers;
  const forwarder = new Forwarder();
  try {
    const result = await forwarder.send(to, saved.body, headers, {
      timeoutMs: opts.timeoutMs,
      method: saved.method || 'POST',
      signal: ctx.signal,
    });
    const what = `${sanitizeLine(saved.deliveryId ?? 'delivery')}${saved.event ? ` (${sanitizeLine(saved.event)})` : ''}`;
    if (!result.ok) {
      if (ctx.signal.aborted) throw new CliError('interrupted', ExitCode.interrupted);
      if (jsonOutput(ctx))
        await ctx.renderer().object({ ok: false, error: result.kind, message: result.message, latencyMs: result.latencyMs });
      throw new CliError(
        result.kind === 'timeout'
          ? `${to.href} did not answer within ${result.latencyMs} ms`
          : `cannot reach ${to.href}: ${result.message}`,
        ExitCode.network,
        'is your handler running?',
      );
    }
    if (jsonOutput(ctx)) {
      await ctx.renderer().object({
        ok: result.status >= 200 && result.status < 300,
        status: result.status,
        latencyMs: result.latencyMs,
        deliveryId: saved.deliveryId,
        event: saved.event,
        resigned: secret !== undefined,
      });
    } else {
      ctx.io.out(`${result.status}\n`);
    }
    ctx.info(`Replayed ${what} to ${to.href}, ${how}: the handler answered ${result.status} in ${result.latencyMs} ms.`);
    if (result.status < 200 || result.status >= 300) {
      ctx.io.err(`tripctl: the handler answered ${result.status}, not 2xx; the service would retry this delivery\n`);
      return ExitCode.failure;
    }
    return ExitCode.ok;
  } finally {
    forwarder.close();
  }
};
