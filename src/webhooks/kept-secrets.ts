// Signing secrets kept in the profile's file (0600, through the config store): the service shows
// an endpoint's secret only in the answer that creates it, so `webhooks create` and `listen
// --register` keep it under the endpoint's id, for `secret ID`, `listen --endpoint`, `verify` and
// `replay` to find later, and `delete` (or the listener, when it deletes its temporary endpoint)
// forgets it.
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { idPrefix, idStartedBy, uuidOf } from '../input/validate.js';

export interface Endpoint {
  id: string;
  url?: string;
  events?: string[];
  active?: boolean;
  [key: string]: unknown;
}

/** POST /webhooks answers `{endpoint: {...}, secret}`; tolerate the secret inside the endpoint too. */
export function createdEndpoint(data: unknown): { endpoint: Endpoint; secret: string | undefined } {
  const record = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const inner = record.endpoint ?? record.webhook ?? record;
  const endpoint = (typeof inner === 'object' && inner !== null ? inner : {}) as Endpoint;
  const secret = typeof record.secret === 'string' ? record.secret : typeof endpoint.secret === 'string' ? endpoint.secret : undefined;
  return { endpoint, secret };
}

/** Keeps a signing secret in the current profile's file; returns the profile's name. */
export async function keepSecret(ctx: Context, endpointId: string, secret: string): Promise<string> {
  const name = ctx.settings().profileName;
  await ctx.config.update((config) => {
    const profile = (config.profiles[name] ??= {});
    profile.webhookSecrets = { ...profile.webhookSecrets, [endpointId.toLowerCase()]: secret };
  });
  return name;
}

/** Forgets a kept secret; true when there was one. */
export async function forgetSecret(ctx: Context, endpointId: string): Promise<boolean> {
  const name = ctx.settings().profileName;
  const id = endpointId.toLowerCase();
  if (ctx.config.read().profiles[name]?.webhookSecrets?.[id] === undefined) return false;
  await ctx.config.update((config) => {
    const secrets = config.profiles[name]?.webhookSecrets;
    if (secrets) delete secrets[id];
  });
  return true;
}

export function keptSecret(ctx: Context, endpointId: string): string | undefined {
  return ctx.config.read().profiles[ctx.settings().profileName]?.webhookSecrets?.[endpointId.toLowerCase()];
}

/**
 * The endpoint `--endpoint` names, for a command that wants its kept secret: its whole id, or
 * the start of it as tables show it, found among the endpoints whose secret is kept here. Not by
 * listing the service's endpoints: `verify` does not talk to the service (it works without a key
 * or a network), and an endpoint with no secret kept could not be used anyway. A start of none of
 * them, like a whole id of none, is a usage error naming the profile.
 */
export function keptEndpointId(ctx: Context, text: string, flag = '--endpoint'): string {
  const whole = uuidOf(text);
  if (whole !== undefined) return whole;
  if (idPrefix(text) === undefined)
    throw usageError(`${flag} must be a UUID, not '${text}'`, 'or its first 8 characters as tables show them');
  const kept = Object.keys(ctx.config.read().profiles[ctx.settings().profileName]?.webhookSecrets ?? {});
  const id = idStartedBy(kept, text, flag, 'endpoint');
  if (id !== undefined) return id;
  throw usageError(
    `no signing secret kept for an endpoint whose id starts with ${idPrefix(text)} in profile '${ctx.settings().profileName}'`,
    kept.length
      ? `the endpoints with a kept secret: ${kept.join(', ')}`
      : 'secrets are kept for endpoints made with `tripctl webhooks create`',
  );
}
