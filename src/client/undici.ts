// Only the parts of undici the client uses. Its index also loads fetch, WebSocket, caches and
// mocks, which cost more start-up than the whole rest of the tool (npm run bench shows it).
import Agent from 'undici/lib/dispatcher/agent.js';
import dispatcherRequest from 'undici/lib/api/api-request.js';
import type { Dispatcher } from 'undici';
import { setFlagsFromString } from 'node:v8';

// undici parses HTTP with a WebAssembly build of llhttp. V8's optimising tier compiles it on
// background threads that the process then waits for at exit, which costs a one-shot command
// more than the request itself; the baseline compiler alone is plenty for a few responses.
setFlagsFromString('--liftoff-only');
setFlagsFromString('--wasm-lazy-compilation');

export type { Dispatcher };
export { Agent };

export interface ProxySettings {
  httpProxy?: string;
  httpsProxy?: string;
  noProxy?: string;
}

export async function makeDispatcher(connectTimeoutMs: number, proxy: ProxySettings | undefined): Promise<Dispatcher> {
  const options = { connect: { timeout: connectTimeoutMs }, keepAliveTimeout: 10_000 };
  if (!proxy) return new Agent(options);
  const { default: EnvHttpProxyAgent } = await import('undici/lib/dispatcher/env-http-proxy-agent.js');
  return new EnvHttpProxyAgent({ ...options, ...proxy });
}

export function request(dispatcher: Dispatcher, url: URL, opts: Omit<Dispatcher.RequestOptions, 'origin' | 'path'>): Promise<Dispatcher.ResponseData> {
  return dispatcherRequest.call(dispatcher, { ...opts, origin: url.origin, path: url.pathname + url.search });
}
