// The doctor's checks of the service: the base URL (HTTPS or loopback, reachable), the key, each
// read scope (one cheap GET each), and the clock against the service's Date header. Writes are
// never tried: checking a write scope would change data, so those are shown as not checked.
import type { ApiClient } from '../../client/http.js';
import { isLoopbackHost } from '../../client/url.js';
import type { Context, Settings } from '../../context.js';
import { ApiError, CliError } from '../../errors.js';
import type { Check } from './local.js';

/** The cheapest read of each read scope. */
export const READ_PROBES: Record<string, { path: string; query?: Record<string, number> }> = {
  'company.read': { path: '/company' },
  'trips.read': { path: '/cities' },
  'members.read': { path: '/members' },
  'fleet.read': { path: '/vehicles' },
  'schedules.read': { path: '/schedules' },
  'bookings.read': { path: '/bookings', query: { perPage: 1 } },
  'payments.read': { path: '/payments', query: { perPage: 1 } },
  'reports.read': { path: '/dashboard' },
  'webhooks.read': { path: '/webhooks' },
};
export const WRITE_SCOPES = [
  'trips.write',
  'company.write',
  'members.write',
  'fleet.write',
  'schedules.write',
  'bookings.write',
  'webhooks.write',
];

/** Beyond this, times the tool shows and sends (departures, webhook timestamps) are visibly off. */
export const MAX_SKEW_SECONDS = 60;

export type ScopeState = 'ok' | 'missing' | 'error' | 'not checked';

export interface ServiceReport {
  checks: Check[];
  scopes: Record<string, ScopeState>;
  company?: string;
  skewSeconds?: number;
}

function message(error: unknown): string {
  return error instanceof CliError ? `${error.message}${error instanceof ApiError ? ` (HTTP ${error.status})` : ''}` : String(error);
}

/** `proxy`: the proxy requests go through, if any, so a failure to connect can point at it. */
export async function serviceChecks(ctx: Context, settings: Settings, proxy?: string): Promise<ServiceReport> {
  const report: ServiceReport = { checks: [], scopes: {} };
  const notChecked = () => {
    for (const scope of Object.keys(READ_PROBES)) report.scopes[scope] ??= 'not checked';
    for (const scope of WRITE_SCOPES) report.scopes[scope] = 'not checked';
    return report;
  };
  if (!settings.baseUrl) {
    report.checks.push({
      id: 'base-url',
      title: 'Base URL',
      ok: false,
      detail: 'not set',
      fix: "tripctl auth login --base-url https://host/api/partner/v1 (or TRIPCTL_BASE_URL; 'tripctl sandbox' for a local one)",
    });
    return notChecked();
  }
  let url: URL;
  try {
    url = new URL(settings.baseUrl);
  } catch {
    report.checks.push({
      id: 'base-url',
      title: 'Base URL',
      ok: false,
      detail: `not a URL: ${settings.baseUrl}`,
      fix: 'tripctl config set base-url https://host/api/partner/v1',
    });
    return notChecked();
  }
  const secure = url.protocol === 'https:' || isLoopbackHost(url.hostname);
  report.checks.push(
    secure
      ? {
          id: 'https',
          title: 'HTTPS',
          ok: true,
          detail: url.protocol === 'https:' ? 'yes' : `plain http, allowed to loopback (${url.hostname})`,
        }
      : {
          id: 'https',
          title: 'HTTPS',
          ok: false,
          detail: `plain http to ${url.host}: the key would be sent in the clear, so tripctl refuses`,
          fix: `use https://${url.host}${url.pathname} (tripctl config set base-url …)`,
        },
  );

  let client: ApiClient;
  try {
    // No retries: a doctor reports what one try finds, quickly.
    client = await ctx.sideClient(Math.min(settings.timeoutMs, 15_000) * 2, { retries: 0, interruptible: true });
  } catch (error) {
    report.checks.push({
      id: 'key',
      title: 'Key',
      ok: false,
      detail: message(error),
      fix: error instanceof CliError ? error.hint : undefined,
    });
    return notChecked();
  }
  try {
    // Reachable, and the clock, without the key: the public OpenAPI document's headers, body unread.
    const sentAt = ctx.now().getTime();
    try {
      const res = await client.stream({ method: 'GET', path: '/openapi.json', auth: false });
      res.body.destroy();
      report.checks.push({ id: 'reachable', title: 'Reachable', ok: true, detail: `${url.origin} answered ${res.status}` });
      const date = Date.parse(String(res.headers.date ?? ''));
      if (!Number.isNaN(date)) {
        const skew = Math.round(((sentAt + ctx.now().getTime()) / 2 - date) / 1000);
        report.skewSeconds = skew;
        const ahead = skew > 0 ? 'ahead of' : 'behind';
        // A local sandbox's clock is its own (`sandbox advance-clock` moves it): when its offset
        // explains the difference, this machine's clock is right, and commands read the day
        // from the service's Date header either way.
        const sandboxMoved =
          Math.abs(skew) > MAX_SKEW_SECONDS &&
          isLoopbackHost(url.hostname) &&
          Math.abs(skew + (await sandboxOffsetSeconds(client))) <= MAX_SKEW_SECONDS;
        report.checks.push(
          sandboxMoved
            ? {
                id: 'clock',
                title: 'Clock',
                ok: true,
                detail: `${Math.abs(skew)} s ${ahead} the local service, whose clock was moved (sandbox advance-clock); days such as --date today follow the service's`,
              }
            : Math.abs(skew) <= MAX_SKEW_SECONDS
              ? {
                  id: 'clock',
                  title: 'Clock',
                  ok: true,
                  detail: Math.abs(skew) <= 1 ? 'in step with the service' : `${Math.abs(skew)} s ${ahead} the service`,
                }
              : {
                  id: 'clock',
                  title: 'Clock',
                  ok: false,
                  detail: `${Math.abs(skew)} s ${ahead} the service`,
                  fix: 'set the clock from the network (e.g. timedatectl set-ntp true, or your OS date settings)',
                },
        );
      } else {
        report.checks.push({ id: 'clock', title: 'Clock', ok: true, detail: 'not checked: the service sent no Date header' });
      }
    } catch (error) {
      if (error instanceof ApiError) {
        report.checks.push({ id: 'reachable', title: 'Reachable', ok: true, detail: `${url.origin} answered ${error.status}` });
      } else {
        const fix = proxy
          ? `requests go through the proxy ${proxy}: check that it runs and lets ${url.host} through, or add ${url.hostname} to NO_PROXY`
          : 'check the base URL, the network, and the proxy (HTTPS_PROXY, NO_PROXY)';
        report.checks.push({
          id: 'reachable',
          title: 'Reachable',
          ok: false,
          detail: `${url.origin}${proxy ? ` via ${proxy}` : ''}: ${message(error)}`,
          fix,
        });
        return notChecked();
      }
    }
    if (!secure) return notChecked();
    if (!settings.apiKey) {
      report.checks.push({
        id: 'key',
        title: 'Key',
        ok: false,
        detail: 'no key configured',
        fix: 'tripctl auth login (or set TRIPCTL_API_KEY)',
      });
      return notChecked();
    }

    const probes = await Promise.all(
      Object.entries(READ_PROBES).map(async ([scope, probe]) => {
        try {
          const { data } = await client.request({ method: 'GET', path: probe.path, query: probe.query });
          return { scope, state: 'ok' as ScopeState, data };
        } catch (error) {
          return { scope, state: (error instanceof ApiError && error.status === 403 ? 'missing' : 'error') as ScopeState, error };
        }
      }),
    );
    const unauthorized = probes.find((p) => p.error instanceof ApiError && p.error.status === 401);
    if (unauthorized) {
      report.checks.push({
        id: 'key',
        title: 'Key',
        ok: false,
        detail: `refused by the service: ${message(unauthorized.error)}`,
        fix:
          settings.sources.apiKey === 'env'
            ? 'TRIPCTL_API_KEY holds a wrong or revoked key: set the right one'
            : `tripctl --profile ${settings.profileName} auth login (with a key from the Developers tab)`,
      });
      return notChecked();
    }
    const company = probes.find((p) => p.scope === 'company.read' && p.state === 'ok')?.data as { company?: { name?: string } } | undefined;
    report.company = company?.company?.name;
    report.checks.push({ id: 'key', title: 'Key', ok: true, detail: `accepted${report.company ? ` (${report.company})` : ''}` });
    for (const probe of probes) report.scopes[probe.scope] = probe.state;
    const missing = probes.filter((p) => p.state === 'missing').map((p) => p.scope);
    const failed = probes.filter((p) => p.state === 'error');
    const have = probes.length - missing.length - failed.length;
    report.checks.push(
      missing.length === 0
        ? { id: 'scopes', title: 'Read scopes', ok: true, detail: `all ${have} (write scopes not checked: that would change data)` }
        : {
            id: 'scopes',
            title: 'Read scopes',
            ok: false,
            detail: `missing ${missing.join(', ')}; ${have} of ${probes.length} ok`,
            fix: 'ask the company owner for a key with these scopes (Developers tab of the dashboard)',
          },
    );
    for (const probe of failed) {
      report.checks.push({
        id: `scope:${probe.scope}`,
        title: probe.scope,
        ok: false,
        detail: `GET ${READ_PROBES[probe.scope]!.path} failed: ${message(probe.error)}`,
        fix: 'run again with --debug to see the exchange',
      });
    }
    return notChecked();
  } finally {
    await client.close();
  }
}

/** How far a local sandbox's clock was moved ahead (`sandbox advance-clock`); 0 from anything else. */
async function sandboxOffsetSeconds(client: ApiClient): Promise<number> {
  try {
    const { data } = await client.request({ method: 'GET', path: '/__sandbox/clock', fromRoot: true });
    const offset = (data as { clock?: { offsetSeconds?: unknown } } | null)?.clock?.offsetSeconds;
    return typeof offset === 'number' ? offset : 0;
  } catch {
    return 0;
  }
}
