// `tripctl webhooks listen`: the thin command over the listener engine (src/webhooks/listener.ts).
// It settles the secret (given, kept for an endpoint, or a temporary endpoint's), starts the
// engine with its output (src/webhooks/listen-output.ts) attached, and on Ctrl-C or SIGTERM stops
// it and deletes the temporary endpoint.
import { mkdir } from 'node:fs/promises';
import { isLoopbackHost } from '../../client/url.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode, usageError } from '../../errors.js';
import { endpointUrl, handlerUrl } from '../../webhooks/endpoint-url.js';
import { eventList, eventNames } from '../../webhooks/events.js';
import { keptEndpointId, keptSecret } from '../../webhooks/kept-secrets.js';
import { ListenOutput } from '../../webhooks/listen-output.js';
import { Listener } from '../../webhooks/listener.js';
import { deleteTemporary, registerTemporary, type TemporaryEndpoint } from '../../webhooks/temporary-endpoint.js';
import type { ActionFn } from '../../cmdkit/define.js';

export interface ListenOpts {
  port: number;
  host: string;
  path?: string;
  secret?: string;
  endpoint?: string;
  forwardTo?: string;
  events?: string[];
  register?: string | boolean;
  save?: string;
  skipVerify?: boolean;
  maxBody?: number;
  forwardTimeout?: number;
  /** `--inspect` alone: a free port. */
  inspect?: number | true;
}

export const runListen: ActionFn<ListenOpts> = async (ctx, { opts }) => {
  const settings = ctx.settings();
  if (settings.query !== undefined) throw usageError('listen does not take --query', "pipe '-o json' into jq instead");
  if (settings.output === 'csv')
    throw usageError('listen prints a line per delivery (table), envelopes (-o json / ndjson) or delivery ids (-o ids); not csv');
  const events = opts.events ? eventList('--events', opts.events) : undefined;
  const forwardTo = opts.forwardTo !== undefined ? handlerUrl('--forward-to', opts.forwardTo) : undefined;
  const registerUrl = typeof opts.register === 'string' ? endpointUrl('--register', opts.register) : undefined;
  if (opts.path !== undefined && !opts.path.startsWith('/')) throw usageError(`--path must start with '/', not '${opts.path}'`);
  if (opts.register === true && !isLoopbackHost(opts.host)) {
    throw usageError(
      `--register without a URL registers this listener's own address, which is only meaningful on loopback`,
      'give the public URL that reaches this listener: --register https://…',
    );
  }
  const { secret, endpointId } = settledSecret(ctx, opts);
  if (!isLoopbackHost(opts.host)) ctx.warn(`listening on ${opts.host}: anyone who can reach this address can post to the listener`);
  if (opts.save !== undefined) await mkdir(opts.save, { recursive: true, mode: 0o700 });

  const listener = new Listener({
    host: opts.host,
    port: opts.port,
    path: opts.path,
    secret,
    skipVerify: opts.skipVerify,
    forwardTo,
    forwardTimeoutMs: opts.forwardTimeout,
    maxBody: opts.maxBody,
    events: events ? eventNames(events) : undefined,
    saveDir: opts.save,
    endpointId,
    now: ctx.now,
  });
  const output = await ListenOutput.create(ctx, { skipVerify: opts.skipVerify });
  output.attach(listener);
  await start(listener, opts);
  const inspector = opts.inspect === undefined ? undefined : await startInspector(ctx, listener, opts, forwardTo);

  let temporary: TemporaryEndpoint | undefined;
  if (opts.register !== undefined) {
    try {
      temporary = await registerTemporary(ctx, registerUrl ?? listener.url, events);
    } catch (error) {
      await listener.close();
      throw error;
    }
    listener.setSecret(temporary.secret, temporary.id);
    // A tunnel in front may deliver to another path than the URL registered: said once, not refused.
    listener.expectPath(new URL(temporary.url).pathname);
  }
  const verifying =
    listener.opts.secret === undefined
      ? 'not verifying signatures (no secret)'
      : opts.skipVerify
        ? 'checking signatures but passing on failures (--skip-verify)'
        : temporary
          ? `verifying with the secret of endpoint ${temporary.id}`
          : endpointId
            ? `verifying with the kept secret of endpoint ${endpointId}`
            : 'verifying with the given secret';
  const paths = opts.path === undefined ? 'any path, ' : '';
  ctx.info(
    `Ready: listening on ${listener.url}, ${paths}${verifying}${forwardTo ? `, forwarding to ${forwardTo.href}` : ''}${opts.save ? `, saving to ${opts.save}` : ''}. Ctrl-C stops.`,
  );

  ctx.keepAlive = true;
  // Stopping is how a listener is meant to end, so Ctrl-C and SIGTERM end it with 0 (as the sandbox).
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await listener.close();
  await inspector?.close();
  output.flush();
  const code = temporary ? await deleteTemporary(ctx, temporary.id) : ExitCode.ok;
  ctx.info(output.summary());
  ctx.keepAlive = false;
  return code;
};

/** The secret from exactly one of --secret (or TRIPCTL_WEBHOOK_SECRET), --endpoint, --register (learnt later). */
function settledSecret(ctx: Context, opts: ListenOpts): { secret?: string; endpointId?: string } {
  const given = opts.secret ?? (ctx.env.TRIPCTL_WEBHOOK_SECRET || undefined);
  const sources = [
    given !== undefined && '--secret',
    opts.endpoint !== undefined && '--endpoint',
    opts.register !== undefined && '--register',
  ].filter(Boolean);
  if (sources.length > 1) throw usageError(`${sources.join(' and ')} cannot be used together`, 'the secret comes from exactly one of them');
  if (opts.endpoint !== undefined) {
    const endpointId = keptEndpointId(ctx, opts.endpoint);
    const secret = keptSecret(ctx, endpointId);
    if (secret === undefined) {
      throw usageError(
        `no signing secret kept for endpoint ${endpointId} in profile '${ctx.settings().profileName}'`,
        'secrets are kept for endpoints made with `tripctl webhooks create`; pass --secret, or use --register for a temporary endpoint',
      );
    }
    ctx.io.addSecret(secret);
    return { secret, endpointId };
  }
  ctx.io.addSecret(given);
  if (given === undefined && opts.register === undefined && !opts.skipVerify) {
    throw usageError(
      'no secret to verify deliveries with',
      'pass --secret (or TRIPCTL_WEBHOOK_SECRET), --endpoint ID, or --register; --skip-verify accepts anything',
    );
  }
  return { secret: given };
}

/** The page of `--inspect` (its code loaded only then), fed every delivery the listener emits. */
async function startInspector(ctx: Context, listener: Listener, opts: ListenOpts, forwardTo: URL | undefined) {
  const { openInspector } = await import('../../webhooks/inspector/open.js');
  try {
    const inspector = await openInspector(ctx, {
      port: opts.inspect === true ? 0 : (opts.inspect ?? 0),
      forwardTo,
      forwardTimeoutMs: opts.forwardTimeout,
      secret: () => listener.opts.secret,
      source: `webhooks listen on ${listener.url}`,
      listenUrl: listener.url,
    });
    listener.on('delivery', (delivery) => inspector.addDelivery(delivery, listener.opts.secret));
    return inspector;
  } catch (error) {
    await listener.close();
    throw error;
  }
}

async function start(listener: Listener, opts: ListenOpts): Promise<void> {
  try {
    await listener.start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE')
      throw new CliError(
        `port ${opts.port} on ${opts.host} is already in use`,
        ExitCode.failure,
        'pick another with --port, or --port 0 for a free one',
      );
    if (code === 'EACCES') throw new CliError(`not allowed to listen on port ${opts.port}`, ExitCode.failure, 'pick a port above 1023');
    if (code === 'EADDRNOTAVAIL')
      throw new CliError(
        `${opts.host} is not an address of this machine`,
        ExitCode.usage,
        'give --host one of its own addresses (127.0.0.1 by default)',
      );
    throw error;
  }
}
