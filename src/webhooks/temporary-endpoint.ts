// `webhooks listen --register`: an endpoint made for one listening session. Its signing secret is
// shown once on stderr (a handler that checks signatures itself needs it) and kept in the
// profile while the listener runs, so `webhooks secret ID`, `verify --endpoint ID` and `replay`
// work for it; both go when the endpoint is deleted on exit.
import type { Context } from '../context.js';
import { CliError, ExitCode, InterruptedError } from '../errors.js';
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
  let data: unknown;
  try {
    ({ data } = await client.request({ method: 'POST', path: '/webhooks', body: { url, events: events ?? [...ALL_GROUPS] } }));
  } catch (error) {
    // Stopped (Ctrl-C, a closed terminal) with the request sent: the service may have made the
    // endpoint all the same, and nobody would delete it.
    if (error instanceof InterruptedError) await deleteUnanswered(ctx, url);
    throw error;
  }
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

/** After a registration whose answer never came: the endpoint made for `url`, if the service has one, is deleted. */
async function deleteUnanswered(ctx: Context, url: string): Promise<void> {
  const client = await ctx.sideClient(5_000, { retries: 0, interruptible: false });
  try {
    const { data } = await client.request({ method: 'GET', path: '/webhooks', expect: { kind: 'list', key: 'endpoints' } });
    const made = ((data as { endpoints?: Array<{ id?: unknown; url?: unknown }> }).endpoints ?? []).filter(
      (endpoint) => endpoint.url === url && typeof endpoint.id === 'string',
    );
    for (const endpoint of made) {
      await client.request({ method: 'DELETE', path: `/webhooks/${endpoint.id as string}` });
      ctx.info(`Deleted temporary endpoint ${endpoint.id as string}, registered as the listener stopped.`);
    }
  } catch (error) {
    ctx.warn(
      `could not check for an endpoint registered as the listener stopped (${(error as Error).message}); look for ${url} in: tripctl webhooks list`,
    );
  } finally {
    await client.close();
  }
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
