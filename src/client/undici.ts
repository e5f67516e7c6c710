// Only the parts of undici the client uses. Its index also loads fetch, WebSocket, caches and
// mocks, which cost more start-up than the whole rest of the tool (npm run bench shows it).
import Agent from 'undici/lib/dispatcher/agent.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';
import { tuneForRequests } from '../v8-flags.js';
import { MAX_HEADER_BYTES } from './exchange.js';

tuneForRequests();

export type { Dispatcher };
export { Agent };

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

/** Loopback is never sent through a proxy (as in Go's net/http): the local sandbox must work behind one. */
const LOOPBACK_NO_PROXY = 'localhost,127.0.0.1,::1,[::1]';

export async function makeDispatcher(connectTimeoutMs: number, proxy: ProxySettings | undefined): Promise<Dispatcher> {
  // maxHeaderSize is node's default, given so that undici need not load node:http to read it.
  const options = { connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 10_000, maxHeaderSize: MAX_HEADER_BYTES };
  if (!proxy) return new Agent(options);
  const [{ default: EnvHttpProxyAgent }, { default: DispatcherClass }, { default: connect }] = await Promise.all([
    import('undici/lib/dispatcher/env-http-proxy-agent.js'),
    import('undici/lib/dispatcher/dispatcher.js'),
    import('undici/lib/api/api-connect.js'),
  ]);
  // The proxy agent opens its tunnel with dispatcher.connect(), which undici's index adds to every
  // dispatcher's prototype; importing the parts alone skips that, so it is added here.
  DispatcherClass.prototype.connect ??= connect;
  return new EnvHttpProxyAgent({
    ...options,
    // Empty strings, not undefined: undici would fall back to process.env, which only main.ts reads.
    httpProxy: proxy.httpProxy ?? '',
    httpsProxy: proxy.httpsProxy ?? '',
    noProxy: [proxy.noProxy, LOOPBACK_NO_PROXY].filter(Boolean).join(','),
    // Plain-HTTP targets are forwarded as absolute URLs, as curl does; HTTPS goes through CONNECT.
    proxyTunnel: false,
  });
}

export function request(
  dispatcher: Dispatcher,
  url: URL,
  opts: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>,
): Promise<Dispatcher.ResponseData> {
  return dispatcherRequest.call(dispatcher, { ...opts, origin: url.origin, path: url.pathname + url.search });
}
