// The small HTTP client every command goes through: one keep-alive pool, the bearer key, JSON in
// and out, the service's {error, code} turned into typed errors, time-outs, and retries for the
// requests that are safe to repeat.
import { makeDispatcher, request, type Dispatcher, type ProxySettings } from './undici.js';
import { ApiError, CliError, ExitCode, InterruptedError, NetworkError, usageError } from '../errors.js';
import { maskSecret, redactSecrets } from '../io.js';
import { buildUrl, isLoopbackHost, parseBaseUrl, type QueryValue } from './url.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ClientOptions {
  baseUrl: string;
  /** Which setting the base URL came from, for messages. */
  baseUrlSource?: string;
  apiKey?: string;
  timeoutMs: number;
  retries: number;
  userAgent: string;
  /** Receives debug trace lines; undefined when --debug is off. */
  trace?: (line: string) => void;
  signal?: AbortSignal;
  /** Backoff before retry n (0-based) is a random wait up to min(maxMs, baseMs·2ⁿ). */
  backoff?: { baseMs: number; maxMs: number };
  /** Longest Retry-After the client waits for; a longer one fails at once with a hint. */
  maxRetryAfterMs?: number;
  env?: Record<string, string | undefined>;
}

export interface RequestOptions {
  method: Method;
  path: string;
  query?: Record<string, QueryValue>;
  /** A JSON body. */
  body?: unknown;
  /** A body sent as given (the `api --input` escape hatch). */
  rawBody?: Uint8Array;
  headers?: Record<string, string>;
  /** Send the bearer key (default true; the OpenAPI document is public). */
  auth?: boolean;
  /**
   * Whether repeating the request is harmless. Defaults: GET and DELETE yes, a request with an
   * Idempotency-Key yes, anything else only when it never reached the server.
   */
  retrySafe?: boolean;
  idempotencyKey?: string;
  /** The path is from the server's root, not under the base URL's path (the sandbox's admin routes). */
  fromRoot?: boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
}

export interface StreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Dispatcher.ResponseData['body'];
}

const RETRY_STATUSES = new Set([429, 502, 503, 504]);
/** Failures that prove the request never left this machine, so even a POST may be sent again. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export class ApiClient {
  readonly baseUrl: URL;
  private dispatcher: Promise<Dispatcher> | undefined;
  private readonly opts: ClientOptions;
  private readonly proxy: ProxySettings | undefined;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.baseUrl = parseBaseUrl(opts.baseUrl, opts.baseUrlSource ?? 'base URL');
    const env = opts.env ?? {};
    const httpProxy = env.HTTP_PROXY || env.http_proxy;
    const httpsProxy = env.HTTPS_PROXY || env.https_proxy || httpProxy;
    this.proxy = httpsProxy || httpProxy ? { httpProxy, httpsProxy, noProxy: env.NO_PROXY || env.no_proxy } : undefined;
  }

  /** A JSON request: the parsed body of a 2xx answer, or a thrown ApiError / NetworkError. */
  async request<T = unknown>(req: RequestOptions): Promise<ApiResponse<T>> {
    const res = await this.send(req);
    const text = await readText(res.body, this.opts.signal);
    this.traceBody(text);
    const data = parseJson(text, res.status, contentType(res.headers));
    if (res.status >= 400) throw toApiError(res.status, data, text);
    return { status: res.status, headers: res.headers, data: data as T };
  }

  /** A request whose 2xx body the caller streams (downloads); errors are parsed like request(). */
  async stream(req: RequestOptions): Promise<StreamResponse> {
    const res = await this.send(req);
    if (res.status >= 400) {
      const text = await readText(res.body, this.opts.signal);
      this.traceBody(text);
      throw toApiError(res.status, parseJsonQuietly(text), text);
    }
    return res;
  }

  /** Closes the connection pool; closing twice is harmless. */
  async close(): Promise<void> {
    const dispatcher = this.dispatcher;
    this.dispatcher = undefined;
    if (dispatcher) await (await dispatcher).close();
  }

  private async send(req: RequestOptions): Promise<StreamResponse> {
    const url = buildUrl(req.fromRoot ? new URL('/', this.baseUrl) : this.baseUrl, req.path, req.query);
    const auth = req.auth ?? true;
    if (auth) this.checkKeyMayBeSent(url);
    const headers: Record<string, string> = {
      'user-agent': this.opts.userAgent,
      accept: 'application/json',
      ...lowerCaseKeys(req.headers ?? {}),
    };
    if (auth) headers.authorization = `Bearer ${this.opts.apiKey}`;
    if (req.idempotencyKey) headers['idempotency-key'] = req.idempotencyKey;
    let body: Uint8Array | string | undefined;
    if (req.rawBody !== undefined) body = req.rawBody;
    else if (req.body !== undefined) {
      body = JSON.stringify(req.body);
      headers['content-type'] ??= 'application/json';
    }
    const retrySafe = req.retrySafe ?? (req.method === 'GET' || req.method === 'DELETE' || req.idempotencyKey !== undefined);

    const dispatcher = await (this.dispatcher ??= makeDispatcher(this.opts.timeoutMs, this.proxy));
    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      this.traceRequest(req.method, url, headers, body);
      let res: Dispatcher.ResponseData;
      try {
        res = await request(dispatcher, url, {
          method: req.method,
          headers,
          body,
          signal: this.opts.signal,
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: this.opts.timeoutMs,
        });
      } catch (error) {
        if (this.opts.signal?.aborted) throw new InterruptedError();
        const code = errorCode(error);
        const retryable = NOT_SENT_CODES.has(code) || (retrySafe && RESET_CODES.has(code));
        this.trace(`! ${code || (error as Error).message} after ${Date.now() - started} ms`);
        if (retryable && attempt < this.opts.retries) {
          await this.wait(this.backoffMs(attempt));
          continue;
        }
        throw networkError(error, url, this.opts.timeoutMs, attempt);
      }
      this.trace(`< ${res.statusCode} in ${Date.now() - started} ms`);
      for (const [name, value] of Object.entries(res.headers)) this.trace(`< ${name}: ${String(value)}`);
      if (RETRY_STATUSES.has(res.statusCode) && retrySafe && attempt < this.opts.retries) {
        const retryAfter = retryAfterMs(res.headers['retry-after'], Date.now());
        const maxWait = this.opts.maxRetryAfterMs ?? 60_000;
        if (retryAfter === undefined || retryAfter <= maxWait) {
          await res.body.dump().catch(() => undefined);
          await this.wait(Math.max(retryAfter ?? 0, this.backoffMs(attempt)));
          continue;
        }
      }
      return { status: res.statusCode, headers: res.headers, body: res.body };
    }
  }

  private checkKeyMayBeSent(url: URL): void {
    if (!this.opts.apiKey) {
      throw new CliError('no API key configured', ExitCode.auth, "run 'tripctl auth login', or set TRIPCTL_API_KEY");
    }
    if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
      throw usageError(
        `refusing to send the API key over plain HTTP to ${url.host}`,
        'use an https:// base URL (plain http is allowed only to loopback addresses)',
      );
    }
  }

  private backoffMs(attempt: number): number {
    const { baseMs, maxMs } = this.opts.backoff ?? { baseMs: 250, maxMs: 8_000 };
    return Math.round(Math.random() * Math.min(maxMs, baseMs * 2 ** attempt));
  }

  private wait(ms: number): Promise<void> {
    const signal = this.opts.signal;
    this.trace(`… retrying in ${ms} ms`);
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new InterruptedError());
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(new InterruptedError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  private trace(line: string): void {
    this.opts.trace?.(redactSecrets(line));
  }

  private traceRequest(method: string, url: URL, headers: Record<string, string>, body: Uint8Array | string | undefined): void {
    if (!this.opts.trace) return;
    this.trace(`> ${method} ${url.href}`);
    for (const [name, value] of Object.entries(headers)) {
      this.trace(`> ${name}: ${name === 'authorization' ? `Bearer ${maskSecret(this.opts.apiKey ?? '')}` : value}`);
    }
    if (typeof body === 'string') this.trace(`> ${truncate(body)}`);
    else if (body) this.trace(`> (${body.byteLength} bytes)`);
  }

  private traceBody(text: string): void {
    if (this.opts.trace && text) this.trace(`< ${truncate(text)}`);
  }
}

export { newIdempotencyKey } from './idempotency.js';

function truncate(text: string): string {
  return text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} characters)` : text;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

function contentType(headers: Record<string, string | string[] | undefined>): string {
  const value = headers['content-type'];
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

async function readText(body: Dispatcher.ResponseData['body'], signal?: AbortSignal): Promise<string> {
  try {
    return await body.text();
  } catch (error) {
    if (signal?.aborted) throw new InterruptedError();
    throw new NetworkError(`the connection broke while reading the answer: ${describe(error)}`);
  }
}

function parseJson(text: string, status: number, type: string): unknown {
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    if (status >= 400) return null;
    const what = type && !type.includes('json') ? `${type.split(';')[0]} instead of JSON` : 'malformed JSON';
    throw new CliError(`the service sent ${what} (HTTP ${status})`, ExitCode.failure, 'run again with --debug to see the answer');
  }
}

function parseJsonQuietly(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const STATUS_TEXT: Record<number, string> = {
  400: 'bad request', 401: 'unauthorized', 403: 'forbidden', 404: 'not found', 409: 'conflict',
  422: 'unprocessable', 429: 'too many requests', 500: 'internal server error', 502: 'bad gateway',
  503: 'service unavailable', 504: 'gateway timeout',
};

function toApiError(status: number, data: unknown, text: string): ApiError {
  const body = (typeof data === 'object' && data !== null ? data : {}) as { error?: unknown; code?: unknown; message?: unknown };
  const message =
    typeof body.error === 'string' ? body.error
    : typeof body.message === 'string' ? body.message
    : STATUS_TEXT[status] ?? (text.trim() ? 'the service answered with an error' : `HTTP ${status}`);
  const code = typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(status, redactSecrets(message), code, hintForStatus(status));
}

function hintForStatus(status: number): string | undefined {
  if (status === 401) return "the key was refused: check it with 'tripctl auth status', or log in again with 'tripctl auth login'";
  if (status === 403) return 'the key lacks the scope this call needs: create a key with that scope in the Developers tab of the dashboard';
  if (status === 429) return 'the service is rate-limiting this key: wait a little, or raise --retries';
  return undefined;
}

function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

function describe(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

function networkError(error: unknown, url: URL, timeoutMs: number, retries: number): NetworkError {
  const code = errorCode(error);
  const after = retries > 0 ? ` after ${retries + 1} tries` : '';
  if (TIMEOUT_CODES.has(code)) {
    return new NetworkError(`${url.host} did not answer within ${timeoutMs / 1000} s${after}`, 'raise --timeout, or check the network');
  }
  if (code === 'ECONNREFUSED') return new NetworkError(`connection to ${url.host} refused${after}`, 'is the base URL right? check it with tripctl auth status');
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new NetworkError(`cannot resolve ${url.hostname}${after}`);
  if (RESET_CODES.has(code)) return new NetworkError(`connection to ${url.host} was closed before an answer came${after}`);
  return new NetworkError(`request to ${url.host} failed${after}: ${describe(error)}`);
}

/** Retry-After in seconds or as an HTTP date, as milliseconds from now. */
export function retryAfterMs(value: string | string[] | undefined, nowMs: number): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  if (/^\d+$/.test(text.trim())) return Number(text.trim()) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}
