// The one HTTP stack of the client: undici, for JSON calls and downloads alike.
//
// Its agent and request parts are imported by their paths: undici's index also loads fetch,
// WebSocket, caches and mocks, which cost more start-up than the rest of the tool (npm run bench).
// The build checks that each path is still the very object the public API exports
// (test/tools/build-measures.mjs, DEEP_IMPORTS), so an undici that reshuffles them fails the build.
import Agent from 'undici/lib/dispatcher/agent.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';
import { tuneForRequests } from './wasm-tiering.js';

// Before anything of undici runs: it compiles its parser at the first connection.
tuneForRequests();

export type { Dispatcher };

/** Response headers larger than this are an error (node's own default for node:http). */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

/** Loopback is never sent through a proxy (as in Go's net/http): the local sandbox must work behind one. */
const LOOPBACK_NO_PROXY = 'localhost,127.0.0.1,::1,[::1]';

export async function makeDispatcher(connectTimeoutMs: number, proxy: ProxySettings | undefined): Promise<Dispatcher> {
  // maxHeaderSize is node's default, given so that undici need not ask node:http for it.
  const options = { connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 10_000, maxHeaderSize: MAX_HEADER_BYTES };
  if (!proxy) return new Agent(options);
  // Behind a proxy, undici's public entry, loaded only then: its proxy agent opens a tunnel with
  // dispatcher.connect(), which that entry gives every dispatcher.
  const { EnvHttpProxyAgent } = await import('undici');
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
