// `tripctl webhooks listen`: the thin command over the listener engine. It settles the secret
// (given, kept for an endpoint, or from a temporary endpoint it registers), starts the engine,
// renders each event it emits — a line per delivery on stdout, warnings on stderr — and on Ctrl-C
// or SIGTERM stops it and deletes the temporary endpoint.
import { mkdir } from 'node:fs/promises';
import { isLoopbackHost } from '../client/url.js';
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { uuid } from '../input/validate.js';
import { sanitizeCell } from '../output/sanitize.js';
import { endpointUrl, handlerUrl } from '../webhooks/endpoint-url.js';
import { ALL_GROUPS, eventList, eventNames } from '../webhooks/events.js';
import { Listener, type DeliveryEvent } from '../webhooks/listener.js';
import type { ActionFn } from './define.js';
import { createdEndpoint, keptSecret } from '../webhooks/kept-secrets.js';

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
}

interface Paint {
  ok: (text: string) => string;
  bad: (text: string) => string;
  warn: (text: string) => string;
  dim: (text: string) => string;
}

const plain: Paint = { ok: (t) => t, bad: (t) => t, warn: (t) => t, dim: (t) => t };

/**
 * Lines for one stream, written at most every few milliseconds rather than once per delivery:
 * under load that is one system call for many lines (the listener benchmark's largest cost after
 * the HMAC), and a person cannot tell 15 ms from at once.
 */
export class LineBatch {
  private pending: string[] = [];
  private size = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly write: (text: string) => void,
    private readonly delayMs = 15,
  ) {}

  push(line: string): void {
    this.pending.push(line);
    this.size += line.length;
    if (this.size >= 1 << 16) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), this.delayMs);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.length === 0) return;
    const text = this.pending.join('');
    this.pending = [];
    this.size = 0;
    this.write(text);
  }
}

export const runListen: ActionFn<ListenOpts> = async (ctx, { opts }) => {
  const settings = ctx.settings();
  if (settings.query !== undefined) throw usageError('listen does not take --query', "pipe '-o json' into jq instead");
  if (settings.output === 'csv') throw usageError('listen prints a line per delivery (table), envelopes (-o json / ndjson) or delivery ids (-o ids); not csv');
  const givenSecret = opts.secret ?? (ctx.env.TRIPCTL_WEBHOOK_SECRET || undefined);
  const sources = [givenSecret !== undefined && '--secret', opts.endpoint !== undefined && '--endpoint', opts.register !== undefined && '--register'].filter(Boolean);
  if (sources.length > 1) throw usageError(`${sources.join(' and ')} cannot be used together`, 'the secret comes from exactly one of them');
  const events = opts.events ? eventList('--events', opts.events) : undefined;
  const forwardTo = opts.forwardTo !== undefined ? handlerUrl('--forward-to', opts.forwardTo) : undefined;
  const registerUrl = typeof opts.register === 'string' ? endpointUrl('--register', opts.register) : undefined;
  const path = opts.path ?? (registerUrl ? new URL(registerUrl).pathname : '/');
  if (!path.startsWith('/')) throw usageError(`--path must start with '/', not '${path}'`);

  let secret = givenSecret;
  let endpointId: string | undefined;
  if (opts.endpoint !== undefined) {
    endpointId = uuid('--endpoint', opts.endpoint).toLowerCase();
    secret = keptSecret(ctx, endpointId);
    if (secret === undefined) {
      throw usageError(
        `no signing secret kept for endpoint ${endpointId} in profile '${settings.profileName}'`,
        'secrets are kept for endpoints made with `tripctl webhooks create`; pass --secret, or use --register for a temporary endpoint',
      );
    }
  }
  ctx.io.addSecret(secret);
  if (secret === undefined && opts.register === undefined && !opts.skipVerify) {
    throw usageError('no secret to verify deliveries with', 'pass --secret (or TRIPCTL_WEBHOOK_SECRET), --endpoint ID, or --register; --skip-verify accepts anything');
  }
  if (opts.register === true && !isLoopbackHost(opts.host)) {
    throw usageError(`--register without a URL registers this listener's own address, which is only meaningful on loopback`, 'give the public URL that reaches this listener: --register https://…');
  }
  if (!isLoopbackHost(opts.host)) ctx.warn(`listening on ${opts.host}: anyone who can reach this address can post to the listener`);
  if (opts.save !== undefined) await mkdir(opts.save, { recursive: true, mode: 0o700 });

  const listener = new Listener({
    host: opts.host,
    port: opts.port,
    path,
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
  const out = new LineBatch((text) => ctx.io.out(text));
  const err = new LineBatch((text) => ctx.io.err(text));
  const flush = () => {
    out.flush();
    err.flush();
  };
  const render = await renderer(ctx, out, err);
  const stats = { deliveries: 0, invalid: 0, retries: 0 };
  let hinted = false;
  listener.on('delivery', (delivery) => {
    stats.deliveries += 1;
    if (delivery.retry) stats.retries += 1;
    if (delivery.verdict === 'invalid') {
      stats.invalid += 1;
      flush();
      const passed = opts.skipVerify ? 'passed on (--skip-verify)' : 'answered 400, not forwarded';
      ctx.warn(`delivery ${clean(delivery.deliveryId ?? '(no id)')} (${clean(delivery.event ?? 'no event header')}): ${delivery.reason}; ${passed}`);
      if (!hinted && !opts.skipVerify) {
        hinted = true;
        ctx.info('hint: check that the sender uses the secret of this endpoint, and that nothing between it and the listener re-encodes the body');
      }
    }
    render(delivery);
  });
  listener.on('rejected', (r) => ctx.warn(`${clean(r.method)} ${clean(r.path)}: ${r.status} — ${r.reason}`));
  listener.on('warning', (message) => ctx.warn(message));
  listener.on('error', (error) => ctx.warn(`listener: ${error.message}`));

  try {
    await listener.start();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new CliError(`port ${opts.port} on ${opts.host} is already in use`, ExitCode.failure, 'pick another with --port, or --port 0 for a free one');
    if (code === 'EACCES') throw new CliError(`not allowed to listen on port ${opts.port}`, ExitCode.failure, 'pick a port above 1023');
    throw error;
  }

  let registered: string | undefined;
  try {
    if (opts.register !== undefined) {
      const url = registerUrl ?? listener.url;
      const client = await ctx.client();
      const { data } = await client.request({ method: 'POST', path: '/webhooks', body: { url, events: events ?? [...ALL_GROUPS] } });
      const created = createdEndpoint(data);
      if (typeof created.endpoint.id !== 'string' || !created.secret) {
        throw new CliError('the service created the endpoint but returned no id or no secret', ExitCode.failure);
      }
      registered = created.endpoint.id;
      ctx.io.addSecret(created.secret);
      listener.setSecret(created.secret, registered);
      ctx.info(`Registered temporary endpoint ${registered} for ${url} (${events ? events.join(', ') : 'every event'}); it is deleted when the listener stops.`);
    }
  } catch (error) {
    await listener.close();
    throw error;
  }

  const verifying = listener.opts.secret === undefined ? 'not verifying signatures (no secret)'
    : opts.skipVerify ? 'checking signatures but passing on failures (--skip-verify)'
    : registered ? `verifying with the secret of endpoint ${registered}`
    : endpointId ? `verifying with the kept secret of endpoint ${endpointId}`
    : 'verifying with the given secret';
  ctx.info(`Ready: listening on ${listener.url}, ${verifying}${forwardTo ? `, forwarding to ${forwardTo.href}` : ''}${opts.save ? `, saving to ${opts.save}` : ''}. Ctrl-C stops.`);

  ctx.keepAlive = true;
  // Stopping is how a listener is meant to end, so Ctrl-C and SIGTERM end it with 0 (as the sandbox).
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) return resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await listener.close();
  flush();
  let code: number = ExitCode.ok;
  if (registered) {
    try {
      await deleteEndpoint(ctx, registered);
      ctx.info(`Deleted temporary endpoint ${registered}.`);
    } catch (error) {
      code = error instanceof CliError ? error.exitCode : ExitCode.failure;
      ctx.warn(`could not delete temporary endpoint ${registered}: ${(error as Error).message}; delete it with: tripctl webhooks delete ${registered} --yes`);
    }
  }
  const { deliveries, invalid, retries } = stats;
  ctx.info(`Stopped: ${deliveries} ${deliveries === 1 ? 'delivery' : 'deliveries'}${invalid ? `, ${invalid} with a bad signature` : ''}${retries ? `, ${retries} ${retries === 1 ? 'retry' : 'retries'}` : ''}.`);
  ctx.keepAlive = false;
  return code;
};

async function deleteEndpoint(ctx: Context, id: string): Promise<void> {
  const client = await ctx.sideClient(15_000, { retries: 1, interruptible: false });
  try {
    await client.request({ method: 'DELETE', path: `/webhooks/${id}` });
  } finally {
    await client.close();
  }
}

const PRINTABLE_ASCII = /^[\x20-\x7e]{0,200}$/;

/** Text from the network, safe for a terminal line (the common case, plain ASCII, costs one test). */
function clean(text: string): string {
  return PRINTABLE_ASCII.test(text) ? text : sanitizeCell(text).slice(0, 200);
}

/** The function that prints one delivery, chosen once from the output settings. */
export async function renderer(ctx: Context, out: LineBatch, err: LineBatch): Promise<(delivery: DeliveryEvent) => void> {
  const { output, timeZone } = ctx.settings();
  if (output === 'json' || output === 'ndjson') {
    return (delivery) => {
      err.push(`${humanLine(delivery, plain, true, timeZone)}\n`);
      if (delivery.verdict === 'invalid' && delivery.answered === 400) return;
      if (delivery.envelope === undefined) {
        ctx.warn(`delivery ${clean(delivery.deliveryId ?? '(no id)')}: the body is not JSON; not printed`);
        return;
      }
      // The body itself when it is already one line (its exact bytes), else re-encoded on one line.
      const line = delivery.body.includes(10) || delivery.body.includes(13) ? JSON.stringify(delivery.envelope) : delivery.body.toString('utf8');
      out.push(`${line}\n`);
    };
  }
  if (output === 'ids') {
    return (delivery) => {
      if (delivery.verdict === 'invalid' && delivery.answered === 400) return;
      if (delivery.deliveryId) out.push(`${clean(delivery.deliveryId)}\n`);
    };
  }
  const tty = ctx.io.stdoutIsTTY;
  let paint = plain;
  if (ctx.colorEnabled) {
    const { default: chalk } = await import('chalk');
    paint = { ok: chalk.green, bad: chalk.red, warn: chalk.yellow, dim: chalk.dim };
  }
  if (!tty) {
    // Piped: tab-separated, ISO time, one field per column, safe for cut and awk.
    return (delivery) => out.push(`${pipedFields(delivery).join('\t')}\n`);
  }
  return (delivery) => out.push(`${humanLine(delivery, paint, false, timeZone)}\n`);
}

/** time, event, delivery id, object id, object status, verdict, answered, handler status, latency ms, attempt */
export function pipedFields(d: DeliveryEvent): string[] {
  return [
    d.time.toISOString(),
    clean(d.event ?? ''),
    clean(d.deliveryId ?? ''),
    clean(d.objectId ?? ''),
    clean(d.objectStatus ?? ''),
    d.ignored ? 'ignored' : d.verdict,
    String(d.answered),
    d.forward ? (d.forward.status !== undefined ? String(d.forward.status) : d.forward.error!.kind) : '',
    d.forward ? String(d.forward.latencyMs) : '',
    String(d.attempt),
  ];
}

const clocks = new Map<string, Intl.DateTimeFormat>();

function clock(time: Date, timeZone: string | undefined): string {
  const key = timeZone ?? '';
  let format = clocks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
    clocks.set(key, format);
  }
  return format.format(time);
}

/** `10:00:01  booking.approved  evt_…  8f2e…  approved  valid  → 200 in 12 ms  retry #2` */
export function humanLine(d: DeliveryEvent, paint: Paint, compact: boolean, timeZone: string | undefined): string {
  const verdict = d.verdict === 'valid' ? paint.ok('valid') : d.verdict === 'invalid' ? paint.bad('INVALID signature') : paint.warn('unchecked');
  let outcome: string;
  if (d.verdict === 'invalid' && d.answered === 400) outcome = paint.bad('← 400, not forwarded');
  else if (d.ignored) outcome = paint.dim('ignored (not in --events) ← 200');
  else if (d.forward?.status !== undefined) {
    const text = `→ ${d.forward.status} in ${d.forward.latencyMs} ms`;
    outcome = d.forward.status >= 200 && d.forward.status < 300 ? paint.ok(text) : paint.bad(text);
  } else if (d.forward?.error) {
    const what = d.forward.error.kind === 'timeout' ? `no answer in ${d.forward.latencyMs} ms` : `unreachable (${d.forward.error.message})`;
    outcome = paint.bad(`→ handler ${what}; answered ${d.answered}`);
  } else outcome = paint.dim(`← ${d.answered}`);
  const parts = [
    clock(d.time, timeZone),
    clean(d.event ?? '-').padEnd(compact ? 0 : 18),
    clean(d.deliveryId ?? '-'),
    clean(d.objectId ?? '-'),
    clean(d.objectStatus ?? '-').padEnd(compact ? 0 : 9),
    verdict,
    outcome,
  ];
  if (d.retry) parts.push(paint.warn(`retry #${d.attempt - 1}`));
  return parts.join('  ');
}
