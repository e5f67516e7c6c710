// The doctor's checks of this machine: Node, the config file's modes, the settings and where
// each came from, the proxy, and the start-up code cache. None of them sends a request.
import { existsSync, readdirSync, statSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { join } from 'node:path';
import type { Context, Settings } from '../../context.js';
import { bypassesProxy, maskProxy, proxySettings } from '../../client/proxy.js';
import { isLoopbackHost } from '../../client/url.js';
import { CliError } from '../../errors.js';
import { DEFAULT_COUNTRY } from '../../input/phone.js';
import { maskSecret } from '../../secrets.js';
import { BUILD } from '../../version.js';

export interface Check {
  id: string;
  title: string;
  ok: boolean;
  detail: string;
  /** What to do about a failed check. */
  fix?: string;
}

/** The oldest Node the tool supports (package.json `engines`). */
export const MIN_NODE = [20, 18, 1] as const;

export function nodeCheck(version: string): Check {
  const parts = version.replace(/^v/, '').split('.').map(Number);
  let ok = true;
  for (let i = 0; i < 3; i++) {
    if ((parts[i] ?? 0) !== MIN_NODE[i]) {
      ok = (parts[i] ?? 0) > MIN_NODE[i]!;
      break;
    }
  }
  const needs = `needs ${MIN_NODE.join('.')} or newer`;
  return ok
    ? { id: 'node', title: 'Node.js', ok, detail: `${version} (${needs})` }
    : {
        id: 'node',
        title: 'Node.js',
        ok,
        detail: `${version} is too old (${needs})`,
        fix: 'install Node.js 22 LTS (or 20.18.1 or newer) and run tripctl with it',
      };
}

/** The file 0600 and its directory 0700: the key is in there. */
export function configChecks(ctx: Context): Check[] {
  const { dir, path } = ctx.config;
  if (!existsSync(path))
    return [{ id: 'config', title: 'Config file', ok: true, detail: `none yet (${path}); 'tripctl auth login' makes it` }];
  if (process.platform === 'win32') return [{ id: 'config', title: 'Config file', ok: true, detail: path }];
  const checks: Check[] = [];
  const fileMode = statSync(path).mode & 0o777;
  checks.push(
    fileMode & 0o077
      ? {
          id: 'config',
          title: 'Config file',
          ok: false,
          detail: `${path} is mode ${fileMode.toString(8)}: others can read the key`,
          fix: `chmod 600 '${path}'`,
        }
      : { id: 'config', title: 'Config file', ok: true, detail: `${path} (mode ${fileMode.toString(8)})` },
  );
  const dirMode = statSync(dir).mode & 0o777;
  checks.push(
    dirMode & 0o077
      ? {
          id: 'config-dir',
          title: 'Config directory',
          ok: false,
          detail: `${dir} is mode ${dirMode.toString(8)}: others can look in (or replace the file)`,
          fix: `chmod 700 '${dir}'`,
        }
      : { id: 'config-dir', title: 'Config directory', ok: true, detail: `${dir} (mode ${dirMode.toString(8)})` },
  );
  return checks;
}

export interface SettingRow {
  name: string;
  value: string | number | null;
  source: string;
}

const SOURCE_WORDS: Record<string, string> = { flag: 'flag', env: 'environment', profile: 'profile', default: 'default' };

/** Each setting with where it came from; the key masked. */
export function settingRows(ctx: Context, settings: Settings): SettingRow[] {
  const env = (name: string) => `environment ${name}`;
  const from = (key: keyof Settings['sources'], flag: string, variable?: string) => {
    const source = settings.sources[key];
    return source === 'flag'
      ? `flag ${flag}`
      : source === 'env' && variable
        ? env(variable)
        : source === 'profile'
          ? `profile '${settings.profileName}'`
          : SOURCE_WORDS[source]!;
  };
  const profileSource = settings.sources.profile;
  return [
    {
      name: 'profile',
      value: settings.profileName,
      source:
        profileSource === 'flag'
          ? 'flag --profile'
          : profileSource === 'env'
            ? env('TRIPCTL_PROFILE')
            : profileSource === 'profile'
              ? `marked default in ${ctx.config.path}`
              : 'default',
    },
    {
      name: 'base-url',
      value: settings.baseUrl ?? null,
      source: settings.baseUrl === undefined ? 'not set' : from('baseUrl', '--base-url', 'TRIPCTL_BASE_URL'),
    },
    {
      name: 'key',
      value: settings.apiKey ? maskSecret(settings.apiKey) : null,
      source: settings.apiKey === undefined ? 'not set' : from('apiKey', '', 'TRIPCTL_API_KEY'),
    },
    { name: 'output', value: settings.output, source: from('output', '-o/--json', 'TRIPCTL_OUTPUT') },
    { name: 'timeout', value: settings.timeoutMs / 1000, source: from('timeout', '--timeout') },
    { name: 'retries', value: settings.retries, source: from('retries', '--retries') },
    {
      name: 'timezone',
      value: settings.timeZone,
      source:
        settings.timeZoneSource === 'system'
          ? 'the system (the profile names no timezone, and its country has several)'
          : settings.timeZoneSource === 'country'
            ? settings.country
              ? `the profile's country (${settings.country})`
              : `the default country (${DEFAULT_COUNTRY}; the profile names none)`
            : from('timeZone', '--tz', 'TRIPCTL_TZ'),
    },
  ];
}

/** The profile and its settings, or what is wrong with them. */
export function profileCheck(ctx: Context): { check: Check; settings?: Settings; rows: SettingRow[] } {
  let settings: Settings;
  try {
    settings = ctx.settings();
  } catch (error) {
    const message = error instanceof CliError ? error.message : String(error);
    return {
      check: { id: 'profile', title: 'Profile', ok: false, detail: message, fix: error instanceof CliError ? error.hint : undefined },
      rows: [],
    };
  }
  const rows = settingRows(ctx, settings);
  if (settings.unknownProfile) {
    const known = Object.keys(ctx.config.read().profiles);
    return {
      check: {
        id: 'profile',
        title: 'Profile',
        ok: false,
        detail: `no profile named '${settings.profileName}'`,
        fix: known.length ? `use one of: ${known.join(', ')}` : `tripctl --profile ${settings.profileName} auth login`,
      },
      settings,
      rows,
    };
  }
  const protectedNote = settings.profile.protected ? ', protected' : '';
  return {
    check: { id: 'profile', title: 'Profile', ok: true, detail: `${settings.profileName} (${rows[0]!.source}${protectedNote})` },
    settings,
    rows,
  };
}

/** The proxy check; `via` is the (masked) proxy requests to the base URL go through, if any. */
export function proxyCheck(ctx: Context, baseUrl: string | undefined): Check & { via?: string } {
  const { httpsProxy, httpProxy, noProxy } = proxySettings(ctx.env) ?? {};
  let url: URL | undefined;
  try {
    url = baseUrl ? new URL(baseUrl) : undefined;
  } catch {
    url = undefined;
  }
  const proxy = url?.protocol === 'http:' ? httpProxy : httpsProxy;
  if (!proxy) {
    return {
      id: 'proxy',
      title: 'Proxy',
      ok: true,
      detail: httpsProxy
        ? `none for http:// URLs (HTTPS_PROXY ${maskProxy(httpsProxy)} is for https:// ones)`
        : 'none (HTTPS_PROXY, HTTP_PROXY unset)',
    };
  }
  try {
    new URL(proxy);
  } catch {
    return {
      id: 'proxy',
      title: 'Proxy',
      ok: false,
      detail: `the proxy '${maskProxy(proxy)}' is not a URL`,
      fix: 'set HTTPS_PROXY to a URL such as http://proxy.example.com:3128',
    };
  }
  if (url && bypassesProxy(url.hostname, noProxy)) {
    return {
      id: 'proxy',
      title: 'Proxy',
      ok: true,
      detail: `${maskProxy(proxy)}, not used for ${url.hostname} (${isLoopbackHost(url.hostname) ? 'loopback' : 'NO_PROXY'})`,
    };
  }
  return {
    id: 'proxy',
    title: 'Proxy',
    ok: true,
    detail: `${maskProxy(proxy)}${noProxy ? ` (NO_PROXY=${noProxy})` : ''}`,
    via: maskProxy(proxy),
  };
}

/**
 * Node's compile cache, which the launcher turns on where Node has it (22.8+; src/launch.ts):
 * `<config dir>/cache/compile/`, used only when nobody else can write the cache directory.
 */
export function codeCacheCheck(ctx: Context): Check {
  const dir = join(ctx.config.dir, 'cache');
  const title = 'Code cache';
  // The single executable carries its code cache inside it (made when it was built): nothing here.
  if (BUILD === 'single-executable')
    return { id: 'code-cache', title, ok: true, detail: 'inside the single executable (made when it was built)' };
  if (ctx.env.TRIPCTL_NO_CODE_CACHE) return { id: 'code-cache', title, ok: true, detail: 'off (TRIPCTL_NO_CODE_CACHE is set)' };
  if (typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache !== 'function')
    return { id: 'code-cache', title, ok: true, detail: `none on node ${process.version} (Node's compile cache needs 22.8 or later)` };
  if (!existsSync(dir)) return { id: 'code-cache', title, ok: true, detail: `none yet; the built tool makes ${dir} on its next run` };
  if (process.platform !== 'win32') {
    const stats = statSync(dir);
    if (stats.uid !== process.getuid!() || stats.mode & 0o022) {
      return {
        id: 'code-cache',
        title,
        ok: false,
        detail: `${dir} is not used: others can write it (mode ${(stats.mode & 0o777).toString(8)})`,
        fix: `chmod 700 '${dir}' (or remove it: rm -r '${dir}')`,
      };
    }
  }
  const compile = join(dir, 'compile');
  const files = existsSync(compile)
    ? readdirSync(compile, { recursive: true, encoding: 'utf8' })
        .map((name) => statSync(join(compile, name)))
        .filter((f) => f.isFile())
    : [];
  if (!files.length) return { id: 'code-cache', title, ok: true, detail: `${compile}: none yet (made on the next run of the built tool)` };
  const kB = Math.round(files.reduce((sum, f) => sum + f.size, 0) / 1024);
  return { id: 'code-cache', title, ok: true, detail: `${compile} (${files.length} file${files.length === 1 ? '' : 's'}, ${kB} kB)` };
}
