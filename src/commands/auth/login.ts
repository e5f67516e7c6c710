import { ApiClient } from '../../client/http.js';
import { isLoopbackHost, parseBaseUrl } from '../../client/url.js';
import { zoneToSave } from '../../config/resolve.js';
import { checkApiKey, checkTimeZone } from '../../config/settings.js';
import { usageError } from '../../errors.js';
import { maskSecret } from '../../secrets.js';
import { readAll } from '../../input/stdin.js';
import { USER_AGENT } from '../../version.js';
import type { Context } from '../../context.js';
import type { ActionFn } from '../../cmdkit/define.js';

export interface CompanyEnvelope {
  company?: { id?: string; name?: string; verified?: boolean };
}

export const login: ActionFn<{ withKey?: boolean }> = async (ctx, { opts }) => {
  const settings = ctx.settings();
  let baseUrl = settings.baseUrl;
  if (!baseUrl) {
    if (!ctx.canPrompt) throw usageError('no base URL to log in to', 'pass --base-url https://host/api/partner/v1');
    baseUrl = await (await ctx.prompter()).input('Base URL of the service (…/api/partner/v1):', {
      validate: (value) => {
        try {
          parseBaseUrl(value, 'the base URL');
          return true;
        } catch (error) {
          return (error as Error).message;
        }
      },
    });
  }
  const url = parseBaseUrl(baseUrl, settings.baseUrlSource);
  let key: string;
  let source: string;
  if (opts.withKey) {
    // One line end (a key file, `echo`) is not part of the key; anything else odd is refused.
    key = (await readAll(ctx.io.stdin, ctx.signal)).toString('utf8').replace(/\r?\n$/, '');
    source = 'stdin';
    if (!key) throw usageError('--with-key read no key from stdin');
  } else if (ctx.env.TRIPCTL_API_KEY) {
    key = ctx.env.TRIPCTL_API_KEY;
    source = 'TRIPCTL_API_KEY';
  } else if (ctx.canPrompt) {
    key = (
      await (
        await ctx.prompter()
      ).password('Secret key (from the Developers tab of the dashboard):', {
        validate: (value) => (value.trim() ? true : 'the key cannot be empty'),
      })
    ).trim();
    source = 'the prompt';
  } else {
    throw usageError('no key given', "pipe it in with 'tripctl auth login --with-key < keyfile', or set TRIPCTL_API_KEY");
  }
  ctx.io.addKey(key);
  checkApiKey(key, source);

  const company = await fetchCompany(ctx, baseUrl, key);
  const profileName = settings.profileName;
  const timezone = await zoneOfLogin(ctx, ctx.config.read().profiles[profileName]?.timezone);
  await ctx.config.update((config) => {
    const previous = config.profiles[profileName];
    // The company's name is kept so that a protected profile's question can name it without a request.
    config.profiles[profileName] = {
      ...previous,
      baseUrl: baseUrl.replace(/\/+$/, ''),
      apiKey: key,
      companyName: company.name ?? previous?.companyName,
      timezone,
    };
    config.defaultProfile ??= profileName;
  });
  const verified = company.verified === false ? ' (not verified: the interface is for verified companies)' : '';
  ctx.info(`Logged in to ${company.name ?? company.id ?? 'the company'}${verified} as profile '${profileName}' (key ${maskSecret(key)}).`);
  ctx.info(zoneSaved(ctx, profileName));
  await offerProtection(ctx, profileName, url);
};

/**
 * The zone the profile saves: the country's (SY → Asia/Damascus) or the one --tz or TRIPCTL_TZ
 * names, or the one it has — never the system's unasked. At a terminal it is shown, and the
 * operator may name another (Enter keeps it); a zone given for the run is not asked about.
 */
async function zoneOfLogin(ctx: Context, saved: string | undefined): Promise<string> {
  const settings = ctx.settings();
  const zone = zoneToSave(settings, saved);
  if (!ctx.canPrompt || settings.timeZoneSource === 'flag' || settings.timeZoneSource === 'env') return zone;
  const answer = await (await ctx.prompter()).input('Time zone for local times:', {
    default: zone,
    validate: (value) => {
      if (value.trim() === '') return true;
      try {
        checkTimeZone(value.trim());
        return true;
      } catch (error) {
        return (error as Error).message;
      }
    },
  });
  return answer.trim() === '' ? zone : checkTimeZone(answer.trim());
}

/**
 * A profile for a real service (not loopback: not the sandbox) is offered protection on a
 * terminal; a script is told how to turn it on instead. One already protected stays so.
 */
async function offerProtection(ctx: Context, profileName: string, url: URL): Promise<void> {
  if (isLoopbackHost(url.hostname) || ctx.config.read().profiles[profileName]?.protected) return;
  if (!ctx.canPrompt) {
    ctx.info(`Tip: 'tripctl profiles protect ${profileName}' makes commands that change something on it ask first.`);
    return;
  }
  const yes = await (await ctx.prompter()).confirm(
    `Protect profile '${profileName}'? Commands that change something will ask first (or need --yes in scripts).`,
    true,
  );
  if (!yes) return;
  await ctx.config.update((config) => {
    const profile = config.profiles[profileName];
    if (profile) profile.protected = true;
  });
  ctx.info(`Profile '${profileName}' is protected ('tripctl profiles unprotect ${profileName}' undoes it).`);
}

async function fetchCompany(ctx: Context, baseUrl: string, key: string): Promise<NonNullable<CompanyEnvelope['company']>> {
  const settings = ctx.settings();
  const client = new ApiClient({
    baseUrl,
    apiKey: key,
    timeoutMs: settings.timeoutMs,
    retries: settings.retries,
    userAgent: USER_AGENT,
    trace: settings.debug ? (line) => ctx.io.err(`${line}\n`) : undefined,
    signal: ctx.signal,
    env: ctx.env,
  });
  try {
    const { data } = await client.request<CompanyEnvelope>({ method: 'GET', path: '/company', expect: { kind: 'object', key: 'company' } });
    return data?.company ?? {};
  } finally {
    await client.close();
  }
}

/** What a profile just saved reads local times in, and how to change it. */
export function zoneSaved(ctx: Context, profileName: string): string {
  const zone = ctx.config.read().profiles[profileName]?.timezone;
  return `Local times are read and shown in ${zone} (saved in the profile; change it with 'tripctl --profile ${profileName} config set timezone ZONE').`;
}
