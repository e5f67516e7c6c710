// `webhooks listen --register`: an endpoint made for one listening session. Its signing secret is
// shown once on stderr (a handler that checks signatures itself needs it) and kept in the
// profile while the listener runs, so `webhooks secret ID`, `verify --endpoint ID` and `replay`
// work for it; both go when the endpoint is deleted on exit.
import type { Context } from '../context.js';
import { CliError, ExitCode } from '../errors.js';
import { ALL_GROUPS } from './events.js';
import { createdEndpoint, forgetSecret, keepSecret } from './kept-secrets.js';

export interface TemporaryEndpoint {
  id: string;
  secret: string;
  url: string;
}

export async function registerTemporary(ctx: Context, url: string, events: readonly string[] | undefined): Promise<TemporaryEndpoint> {
  // A protected profile's question says what the write is: an endpoint made at the service.
  await ctx.beforeWrite?.(
    `register a webhook endpoint at the service for ${url} (${events ? events.join(', ') : 'every event'}), deleted when the listener stops`,
  );
  const client = await ctx.client();
  const { data } = await client.request({ method: 'POST', path: '/webhooks', body: { url, events: events ?? [...ALL_GROUPS] } });
  const { endpoint, secret } = createdEndpoint(data);
  if (typeof endpoint.id !== 'string' || !secret) {
    throw new CliError('the service created the endpoint but returned no id or no secret', ExitCode.failure);
  }
  const id = endpoint.id;
  ctx.io.addSecret(secret);
  let kept: string | undefined;
  try {
    kept = await keepSecret(ctx, id, secret);
  } catch (error) {
    ctx.warn(`could not keep the signing secret in the profile: ${(error as Error).message}; \`webhooks secret ${id}\` will not find it`);
  }
  ctx.info(
    `Registered temporary endpoint ${id} for ${url} (${events ? events.join(', ') : 'every event'}); it is deleted when the listener stops.`,
  );
  // The one place a signing secret is written to stderr in full, on purpose and once (as `stripe
  // listen` does): everything else on stderr goes through the IO's masking, which knows it now.
  ctx.io.stderr.write(`Signing secret of ${id}${kept ? ` (kept in profile '${kept}' while listening)` : ''}: ${secret}\n`);
  return { id, secret, url };
}

/** Deletes the endpoint and forgets its secret; the exit code to end with (0, or why the delete failed). */
export async function deleteTemporary(ctx: Context, id: string): Promise<number> {
  const client = await ctx.sideClient(15_000, { retries: 1, interruptible: false });
  try {
    await client.request({ method: 'DELETE', path: `/webhooks/${id}` });
  } catch (error) {
    ctx.warn(`could not delete temporary endpoint ${id}: ${(error as Error).message}; delete it with: tripctl webhooks delete ${id} --yes`);
    return error instanceof CliError ? error.exitCode : ExitCode.failure;
  } finally {
    await client.close();
  }
  let forgot = false;
  try {
    forgot = await forgetSecret(ctx, id);
  } catch (error) {
    ctx.warn(`could not forget the kept secret of ${id}: ${(error as Error).message}`);
  }
  ctx.info(`Deleted temporary endpoint ${id}${forgot ? ' and forgot its kept secret' : ''}.`);
  return ExitCode.ok;
}
