// `webhooks verify`: is this captured delivery genuine, and if not, why — a body and a signature,
// or a whole file saved by `listen --save`. It does not talk to the service.
import type { Context } from '../../context.js';
import { ExitCode, usageError } from '../../errors.js';
import { readNamedFile } from '../../input/files.js';
import { readAll } from '../../input/stdin.js';
import { sanitizeLine } from '../../output/sanitize.js';
import { readSavedFile } from '../../webhooks/saved.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { keptEndpointId, keptSecret } from '../../webhooks/kept-secrets.js';
import { diagnose, diagnoseSaved } from '../../webhooks/diagnosis.js';

/** The secret from --secret, TRIPCTL_WEBHOOK_SECRET or the one kept for --endpoint. */
function secretFrom(ctx: Context, opts: { secret?: string; endpoint?: string }): string | undefined {
  if (opts.secret !== undefined && opts.endpoint !== undefined) throw usageError('--secret and --endpoint cannot be used together');
  if (opts.secret !== undefined) return opts.secret;
  if (opts.endpoint !== undefined) {
    const id = keptEndpointId(ctx, opts.endpoint);
    const kept = keptSecret(ctx, id);
    if (kept === undefined)
      throw usageError(`no signing secret kept for endpoint ${id} in profile '${ctx.settings().profileName}'`, 'pass --secret');
    return kept;
  }
  return ctx.env.TRIPCTL_WEBHOOK_SECRET || undefined;
}

export function jsonOutput(ctx: Context): boolean {
  const { output, query } = ctx.settings();
  return output === 'json' || output === 'ndjson' || query !== undefined;
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
