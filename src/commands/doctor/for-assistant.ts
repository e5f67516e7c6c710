// The doctor as an assistant reads it (`tripctl mcp`'s `doctor` tool): the answer to "is anything
// wrong with our set-up", in one record — the key and its scopes, sandbox or live, the company's
// zone and currency, the clock, the webhook endpoints — and what failed with its fix. The
// machine's own checks (Node, file modes, the code cache) are the operator's: kept to the
// failures, so the answer stays small.
import { isLoopbackHost } from '../../client/url.js';
import type { Context, Settings } from '../../context.js';
import { zoneName } from '../../input/zones.js';
import { maskSecret } from '../../secrets.js';
import type { Check, SettingRow } from './local.js';
import type { ScopeState } from './service.js';

interface Endpoint {
  id?: unknown;
  url?: unknown;
  active?: unknown;
  events?: unknown;
}

export async function assistantReport(
  ctx: Context,
  settings: Settings | undefined,
  checks: Check[],
  rows: SettingRow[],
  scopes: Record<string, ScopeState>,
  company: string | undefined,
): Promise<Record<string, unknown>> {
  const scopeNames = (state: ScopeState) => Object.keys(scopes).filter((scope) => scopes[scope] === state && scope.endsWith('.read'));
  const zoneRow = rows.find((row) => row.name === 'timezone');
  const reachable = checks.some((check) => check.id === 'reachable' && check.ok) && checks.some((check) => check.id === 'key' && check.ok);
  const extra = reachable && settings ? await serviceFacts(ctx, settings) : {};
  return {
    ok: checks.every((check) => check.ok),
    ...(company ? { company } : {}),
    service: serviceKind(settings?.baseUrl),
    key: {
      key: settings?.apiKey ? maskSecret(settings.apiKey) : 'not set',
      accepted: checks.some((check) => check.id === 'key' && check.ok),
      scopes: scopeNames('ok'),
      ...(scopeNames('missing').length ? { missing: scopeNames('missing') } : {}),
      writeScopes: 'not checked: checking one would change data',
    },
    timeZone: { zone: zoneName(settings?.timeZone), from: zoneRow?.source ?? 'unknown' },
    currency: settings?.currency ?? extra.currency ?? 'not known',
    clock: checks.find((check) => check.id === 'clock')?.detail ?? 'not checked',
    ...(extra.webhooks ? { webhooks: extra.webhooks } : {}),
    problems: checks.filter((check) => !check.ok).map(({ title, detail, fix }) => ({ check: title, detail, ...(fix ? { fix } : {}) })),
  };
}

/** `sandbox` on this machine, or the live service at its host. */
function serviceKind(baseUrl: string | undefined): string {
  if (!baseUrl) return 'not set';
  const url = new URL(baseUrl);
  return isLoopbackHost(url.hostname) ? `sandbox (${url.host}, on this machine)` : `live (${url.host})`;
}

/** The currency the service's figures name, and the webhook endpoints: two reads the doctor declares. */
async function serviceFacts(
  ctx: Context,
  settings: Settings,
): Promise<{ currency?: string; webhooks?: { endpoints: number; active: number; urls: string[] } | string }> {
  const client = await ctx.client();
  const facts: { currency?: string; webhooks?: { endpoints: number; active: number; urls: string[] } | string } = {};
  if (!settings.currency) {
    try {
      const { data } = await client.request({ method: 'GET', path: '/dashboard' });
      type Figures = { revenue?: { currency?: unknown } };
      const currency = ((data as { dashboard?: Figures }).dashboard ?? (data as Figures)).revenue?.currency;
      if (typeof currency === 'string') facts.currency = currency;
    } catch {
      // The scope check says why.
    }
  }
  try {
    const { data } = await client.request({ method: 'GET', path: '/webhooks' });
    const list = (Array.isArray(data) ? data : ((data as { webhooks?: unknown }).webhooks ?? [])) as Endpoint[];
    facts.webhooks = {
      endpoints: list.length,
      active: list.filter((endpoint) => endpoint.active !== false).length,
      urls: list.map((endpoint) => String(endpoint.url)),
    };
  } catch {
    facts.webhooks = 'not readable with this key (webhooks.read)';
  }
  return facts;
}
