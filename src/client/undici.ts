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

/** The command's dispatcher: direct, or through `proxy` (client/proxy.ts decides which, for this base URL). */
export async function makeDispatcher(connectTimeoutMs: number, proxy: string | undefined): Promise<Dispatcher> {
  // maxHeaderSize is node's default, given so that undici need not ask node:http for it.
  const options = { connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 10_000, maxHeaderSize: MAX_HEADER_BYTES };
  if (!proxy) return new Agent(options);
  // Behind a proxy, undici's public entry, loaded only then: its proxy agent opens a tunnel with
  // dispatcher.connect(), which that entry gives every dispatcher.
  const { ProxyAgent } = await import('undici');
  // Plain-HTTP targets are forwarded as absolute URLs, as curl does; HTTPS goes through CONNECT.
  return new ProxyAgent({ ...options, uri: proxy, proxyTunnel: false });
}

export function request(
  dispatcher: Dispatcher,
  url: URL,
  opts: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>,
): Promise<Dispatcher.ResponseData> {
  return dispatcherRequest.call(dispatcher, { ...opts, origin: url.origin, path: url.pathname + url.search });
}
