// Hand-written webhook verbs: the ones that keep, read or forget a signing secret in the profile,
// validate URLs and event lists before sending, or run without the service at all.
import { CliError, ExitCode, usageError } from '../../errors.js';
import { confirmDestructive } from '../../cmdkit/confirm.js';
import type { ResourceSpec } from '../../output/columns.js';
import { specs } from '../../output/specs.js';
import { endpointUrl } from '../../webhooks/endpoint-url.js';
import { EVENTS, eventList } from '../../webhooks/events.js';
import { createdEndpoint, forgetSecret, keepSecret, keptSecret } from '../../webhooks/kept-secrets.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { fieldsFrom } from '../../cmdkit/flags.js';
import type { FieldFlag } from '../../cmdkit/operation.js';
import { fieldsFromFlags, unwrap } from '../../cmdkit/run-operation.js';
import { idOf } from '../../cmdkit/ids.js';

interface FieldOpts {
  field?: string[];
  rawField?: string[];
}

const createdSpec: ResourceSpec = { ...specs.webhook, columns: [...specs.webhook.columns, { header: 'SECRET', path: 'secret' }] };

/** What `webhooks create` needs, asked on a terminal when missing (named in one error without one). */
const CREATE_FLAGS: FieldFlag[] = [
  {
    flags: '--url <url>',
    description: 'HTTPS URL the service posts to',
    field: 'url',
    required: true,
    parse: (v) => endpointUrl('--url', v),
  },
  {
    flags: '--events <names>',
    description: 'events to receive (names, groups like booking.*, or *)',
    field: 'events',
    required: true,
    parse: (v) => eventList('--events', v),
  },
];

export const runCreate: ActionFn<{ url?: string; events?: string[] } & FieldOpts> = async (ctx, { opts }) => {
  // Repeated --events arrive as a list: checked here, then read as one answer would be.
  const events = opts.events === undefined ? undefined : eventList('--events', opts.events).join(',');
  const { body } = await fieldsFromFlags(ctx, { method: 'POST', path: '/webhooks', flags: CREATE_FLAGS }, { ...opts, events });
  const client = await ctx.client();
  const { data } = await client.request({ method: 'POST', path: '/webhooks', body });
  const { endpoint, secret } = createdEndpoint(data);
  if (!ctx.dataOutput) {
    await ctx.renderer().object({ ...endpoint, secret }, createdSpec);
  } else {
    await ctx.renderer().object(data, createdSpec);
  }
  if (secret && typeof endpoint.id === 'string') {
    const profile = await keepSecret(ctx, endpoint.id, secret);
    ctx.info(
      `The signing secret is shown once by the service; it is kept in profile '${profile}' (${ctx.config.path}). Print it again with: tripctl webhooks secret ${endpoint.id}`,
    );
  } else {
    ctx.warn('the service returned no signing secret; nothing was kept');
  }
};

export const runUpdate: ActionFn<{ url?: string; events?: string[]; pause?: boolean; resume?: boolean } & FieldOpts> = async (
  ctx,
  { args, opts },
) => {
  const id = await idOf(ctx, 'endpointId', args[0] ?? '');
  if (opts.pause && opts.resume) throw usageError('--pause and --resume cannot be used together');
  const body: Record<string, unknown> = {};
  if (opts.url !== undefined) body.url = endpointUrl('--url', opts.url);
  if (opts.events !== undefined) body.events = eventList('--events', opts.events);
  if (opts.pause) body.active = false;
  if (opts.resume) body.active = true;
  const full = fieldsFrom(opts, body);
  if (Object.keys(full).length === 0) throw usageError('nothing to change', 'pass --url, --events, --pause or --resume');
  const client = await ctx.client();
  const { data } = await client.request({
    method: 'PATCH',
    path: `/webhooks/${id}`,
    body: full,
    retrySafe: !('url' in full) && !('events' in full),
  });
  const endpoint = unwrap(data, 'endpoint');
  if (endpoint !== null && typeof endpoint === 'object') await ctx.renderer().object(endpoint, specs.webhook);
  else ctx.info(`Updated webhook endpoint ${id}.`);
};

export const runDelete: ActionFn = async (ctx, { args }) => {
  const id = await idOf(ctx, 'endpointId', args[0] ?? '');
  await confirmDestructive(ctx, `Delete webhook endpoint ${id}? Its deliveries stop.`);
  const client = await ctx.client();
  await client.request({ method: 'DELETE', path: `/webhooks/${id}` });
  const forgot = await forgetSecret(ctx, id);
  ctx.info(`Deleted webhook endpoint ${id}${forgot ? ' and forgot its kept secret' : ''}.`);
};

export const runSecret: ActionFn = async (ctx, { args }) => {
  const id = await idOf(ctx, 'endpointId', args[0] ?? '');
  const secret = keptSecret(ctx, id);
  if (secret === undefined) {
    throw new CliError(
      `no signing secret kept for endpoint ${id} in profile '${ctx.settings().profileName}'`,
      ExitCode.notFound,
      'the service shows a secret only when the endpoint is created; secrets are kept for endpoints made with `tripctl webhooks create` (try --profile), otherwise create a new endpoint',
    );
  }
  if (!ctx.dataOutput) ctx.io.out(`${secret}\n`);
  else await ctx.renderer().object({ id, secret });
};

export const runEvents: ActionFn = async (ctx) => {
  await ctx.renderer().list([EVENTS.map((e) => ({ ...e }))], specs.eventName);
  if (ctx.settings().output === 'table' && ctx.io.stderrIsTTY)
    ctx.info('Groups: booking.*, trip.*, schedule.*, payment.*; * is every subscribable event.');
};
