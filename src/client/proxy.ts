// Which proxy a request goes through: HTTPS_PROXY for https://, HTTP_PROXY for http:// (and for
// https:// when HTTPS_PROXY is unset), never for a host NO_PROXY names or a loopback address (as
// in Go's net/http: the local sandbox must work behind a proxy). One rule for the client's
// requests (undici.ts is given the proxy it decides), its errors and `doctor`.
import { isLoopbackHost } from './url.js';

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

/** The proxy variables of an environment (either case); undefined when no proxy is set. */
export function proxySettings(env: Record<string, string | undefined>): ProxySettings | undefined {
  const httpProxy = env.HTTP_PROXY || env.http_proxy || undefined;
  const httpsProxy = env.HTTPS_PROXY || env.https_proxy || httpProxy;
  return httpsProxy || httpProxy ? { httpProxy, httpsProxy, noProxy: env.NO_PROXY || env.no_proxy } : undefined;
}

/** Whether NO_PROXY (a comma list of hosts, `.suffix`es or `*`; ports ignored) covers the host; loopback always. */
export function bypassesProxy(host: string, noProxy: string | undefined): boolean {
  if (isLoopbackHost(host)) return true;
  const name = host.toLowerCase();
  for (const entry of (noProxy ?? '').split(/[\s,]+/).filter(Boolean)) {
    const listed = entry.replace(/:\d+$/, '').toLowerCase();
    if (listed === '*') return true;
    const bare = listed.replace(/^\*?\./, '');
    if (name === bare || name.endsWith(`.${bare}`)) return true;
  }
  return false;
}

/** The proxy requests to `url` go through, or undefined when they go direct. */
export function proxyFor(url: URL, settings: ProxySettings | undefined): string | undefined {
  const proxy = url.protocol === 'http:' ? settings?.httpProxy : settings?.httpsProxy;
  return proxy && !bypassesProxy(url.hostname, settings?.noProxy) ? proxy : undefined;
}

/** `http://user:secret@proxy:3128` → `http://user:***@proxy:3128`: how a proxy is named in any output. */
export function maskProxy(value: string): string {
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.href.replace(/\/$/, '');
  } catch {
    return value;
  }
}
