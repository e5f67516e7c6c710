import { isLoopbackHost } from '../../client/url.js';
import { type Settings, zoneToSave } from '../../config/resolve.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode } from '../../errors.js';
import type { Exchange } from '../../sandbox/index.js';
import type { ActionFn } from '../../cmdkit/define.js';

interface SandboxOpts {
  port: number;
  host: string;
  timeScale: number;
  data?: string;
  profile: boolean;
  quiet?: boolean;
}

export const runSandbox: ActionFn<SandboxOpts> = async (ctx, { opts }) => {
  if (!isLoopbackHost(opts.host)) {
    ctx.warn(`listening on ${opts.host}: the sandbox's keys are printed in the clear; anyone who can reach this address can use them`);
  }
  const { startSandbox, COMPANY_TIME_ZONE } = await import('../../sandbox/index.js');
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  try {
    sandbox = await startSandbox({
      port: opts.port,
      host: opts.host,
      timeScale: opts.timeScale,
      dataFile: opts.data,
      observe: opts.quiet ? undefined : (exchange) => ctx.io.err(`${requestLine(exchange, ctx.now())}\n`),
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') {
      throw new CliError(`port ${opts.port} is already in use`, ExitCode.failure, 'pick another with --port, or --port 0 for a free one');
    }
    throw error;
  }
  // The one place a key is printed whole: these are test keys of this sandbox (kept in --data).
  ctx.io.out(`base URL      ${sandbox.baseUrl}\nfull key      ${sandbox.keys.full}\nread-only key ${sandbox.keys.readOnly}\n`);
  if (opts.profile) {
    const name = await profileFor(ctx, sandbox.baseUrl);
    const used = zoneOfRun(ctx, COMPANY_TIME_ZONE);
    await ctx.config.update((config) => {
      const previous = config.profiles[name];
      const timezone = zoneToSave(used, previous?.timezone);
      config.profiles[name] = { ...previous, baseUrl: sandbox.baseUrl, apiKey: sandbox.keys.full, timezone };
    });
    ctx.info(
      `Saved profile '${name}' (local times in ${ctx.config.read().profiles[name]?.timezone}): try 'tripctl --profile ${name} company get'. Ctrl-C stops the sandbox.`,
    );
  } else {
    ctx.info('Ctrl-C stops the sandbox.');
  }
  ctx.keepAlive = true;
  // Stopping is how a server is meant to end, so Ctrl-C and SIGTERM end it with 0.
  await new Promise<void>((resolve) => {
    if (ctx.signal.aborted) resolve();
    ctx.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await sandbox.close();
  ctx.info('Sandbox stopped.');
  ctx.keepAlive = false;
};

/** One line per request on stderr: time, method, path and query, status, duration. */
export function requestLine(exchange: Exchange, now: Date): string {
  const path = `${exchange.path}${exchange.search ? `?${exchange.search}` : ''}`;
  const shown = path.length > 70 ? `${path.slice(0, 69)}…` : path;
  return `${now.toISOString().slice(11, 19)}  ${exchange.method.padEnd(6)} ${shown.padEnd(40)} ${exchange.status}  ${exchange.durationMs.toFixed(1)} ms`;
}

/**
 * The profile this sandbox saves: 'sandbox', unless that profile points at another sandbox that
 * still answers; then the first free 'sandbox-2', 'sandbox-3'…, so the first sandbox's users
 * keep working. A profile whose sandbox has stopped is taken over.
 */
async function profileFor(ctx: Context, baseUrl: string): Promise<string> {
  const { profiles } = ctx.config.read();
  for (let n = 1; ; n++) {
    const name = n === 1 ? 'sandbox' : `sandbox-${n}`;
    const existing = profiles[name]?.baseUrl;
    if (existing === undefined || existing === baseUrl || !(await answers(existing))) {
      if (n > 1)
        ctx.info(
          `Profile 'sandbox' belongs to the sandbox still running at ${String(profiles.sandbox?.baseUrl)}; this one gets '${name}'.`,
        );
      return name;
    }
  }
}

/** Whether a tripctl sandbox answers at this base URL (its public document, within a second). */
async function answers(baseUrl: string): Promise<boolean> {
  try {
    const res = await fetch(`${baseUrl}/openapi.json`, { signal: AbortSignal.timeout(1000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The zone to save with the sandbox's profile: one this run names (--tz, TRIPCTL_TZ), else the
 * zone of the company the sandbox serves (Damascus, its decision), so the sandbox's times read the
 * same from a terminal and from cron's bare environment, whatever the machine's own zone. The
 * sandbox starts even when the active profile holds a bad value (that is not the one it saves).
 */
function zoneOfRun(ctx: Context, companyZone: string): Pick<Settings, 'timeZone' | 'timeZoneSource'> {
  const company = { timeZone: companyZone, timeZoneSource: 'profile' } as const;
  try {
    const { timeZone, timeZoneSource } = ctx.settings();
    return timeZoneSource === 'flag' || timeZoneSource === 'env' ? { timeZone, timeZoneSource } : company;
  } catch {
    return company;
  }
}
