// `webhooks replay`: sends a delivery saved by `listen --save` to a handler again, re-signed with
// the current secret, to test the handler without waiting for the service.
import { CliError, ExitCode } from '../../errors.js';
import { sanitizeLine } from '../../output/sanitize.js';
import { handlerUrl } from '../../webhooks/endpoint-url.js';
import { Forwarder, withHeader } from '../../webhooks/forward.js';
import { readSaved } from '../../webhooks/saved.js';
import { sign } from '../../webhooks/signature.js';
import type { ActionFn } from '../../cmdkit/define.js';
import type { FieldFlag } from '../../cmdkit/operation.js';
import { fieldsFromFlags } from '../../cmdkit/run-operation.js';
import { keptSecret } from '../../webhooks/kept-secrets.js';
import { jsonOutput } from './verify.js';

/** Where to send it: asked on a terminal when missing, named in one error without one. */
const TO_FLAG: FieldFlag[] = [
  { flags: '--to <url>', description: 'the handler to send it to', field: 'to', required: true, parse: (v) => handlerUrl('--to', v) },
];

export const runReplay: ActionFn<{ to?: string; secret?: string; timeoutMs?: number }> = async (ctx, { args, opts }) => {
  const file = args[0]!;
  const { query } = await fieldsFromFlags(ctx, { method: 'GET', path: '', flags: TO_FLAG }, { ...opts });
  const to = query.to as URL;
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
