// The small HTTP client every command goes through: one keep-alive pool (undici, for JSON calls
// and downloads alike), the bearer key, JSON in and out, the service's {error, code} turned into
// typed errors, time-outs, and retries for the requests that are safe to repeat. The options and
// answers it deals in, the deadline, failures, answer shapes and body reading are apart.
import { proxyFor, proxySettings } from './proxy.js';
import type { Dispatcher } from './undici.js';
import type { ApiResponse, ClientOptions, RequestOptions, StreamResponse } from './options.js';
import { readBoundedText, type ResponseBody } from './body.js';
import { ApiError, CliError, ExitCode, InterruptedError, NetworkError, usageError } from '../errors.js';
import { maskSecret, redactSecrets } from '../secrets.js';
import { Deadline, pause } from './deadline.js';
import { errorCode, isBodyBreak, networkError, RESET_CODES, retryAfterMs, timeoutError, toApiError, waitTooLong } from './failures.js';
import { mayHaveApplied, mayRepeat, NOT_SENT_CODES, settleRefused, settleRetried, wasApplied, writeDone } from './repeat.js';
import { badAnswer, checkShape, parseJson, parseJsonQuietly } from './shape.js';
import { contentType, lowerCaseKeys, requestLines, truncate } from './trace.js';
import { buildUrl, isLoopbackHost, parseBaseUrl } from './url.js';
import { ServiceClock } from './service-clock.js';

export { retryAfterMs, type ResponseBody };
export type { ApiResponse, ClientOptions, Method, RequestOptions, StreamResponse } from './options.js';

/** Retry-After longer than this fails at once: a cron job should not sleep for an hour. */
export const MAX_RETRY_AFTER_MS = 60_000;
/** JSON answers larger than this are refused (a page of 100 items is a few hundred kB). */
export const MAX_BODY_BYTES = 256 * 1024 * 1024;

const RETRY_STATUSES = new Set([429, 502, 503, 504]);

interface Pool {
  dispatcher: Dispatcher;
  request: typeof import('./undici.js').request;
}

export class ApiClient {
  readonly baseUrl: URL;
  /** The service's time, from the Date header of every answer (service-clock.ts). */
  readonly clock = new ServiceClock();
  /** undici's keep-alive pool, loaded at the first request: most commands that run send none. */
  private pool: Promise<Pool> | undefined;
  private readonly opts: ClientOptions;
  /** The proxy every request of this client goes through (all go to the base URL's origin), if any. */
  private readonly proxy: string | undefined;

  constructor(opts: ClientOptions) {
    this.opts = opts;
    this.baseUrl = parseBaseUrl(opts.baseUrl, opts.baseUrlSource ?? 'base URL');
    this.proxy = proxyFor(this.baseUrl, proxySettings(opts.env ?? {}));
  }

  /** A JSON request: the parsed body of a 2xx answer, or a thrown ApiError / NetworkError. */
  async request<T = unknown>(req: RequestOptions): Promise<ApiResponse<T>> {
    const call = `${req.method} ${req.path}`;
    // The body is read inside the attempt: under the same deadline, and retried like the
    // request itself when the connection breaks half-way.
    const { res, text } = await this.send(req, async (res) => ({ res, text: await readBoundedText(res, call, this.maxBodyBytes) }));
    this.traceBody(text);
    let data: unknown;
    try {
      data = parseJson(text, res.status, contentType(res.headers), call);
      if (res.status < 400 && req.expect) checkShape(data, req.expect, call, res.status, text.trim() === '');
    } catch (error) {
      // An answer sent with success that tripctl cannot use: a write it answers did happen.
      throw res.broke(error);
    }
    if (res.status >= 400) {
      // After a lost answer, or at once (a re-run), the refusal may be the write's own state (repeat.ts).
      const refusal = toApiError(res.status, data, text);
      const readBack = (path: string) => this.readBack(path);
      const settled = res.afterLostAnswer ? await settleRetried(req, refusal, readBack) : await settleRefused(req, refusal, readBack);
      if ('note' in settled) this.opts.notice?.(settled.note);
      const already = 'already' in settled ? settled.already : undefined;
      this.wrote(req, settled.data, already);
      return { status: res.status, headers: res.headers, data: settled.data as T, already };
    }
    this.wrote(req, data);
    return { status: res.status, headers: res.headers, data: data as T };
  }

  /** Tells whoever keeps what the run did of a write answered with success (ClientOptions.wrote). */
  private wrote(req: RequestOptions, data: unknown, already?: string): void {
    if (req.method !== 'GET') this.opts.wrote?.(writeDone(req, data, already));
  }

  /**
   * A request whose 2xx body the caller streams (downloads); errors are parsed like request().
   * The deadline keeps running until the body has been read or dropped.
   */
  async stream(req: RequestOptions): Promise<StreamResponse> {
    const res = await this.send(req, async (res) => res, { keepDeadline: true });
    if (res.status >= 400) {
      const text = await readBoundedText(res, `${req.method} ${req.path}`, this.maxBodyBytes);
      this.traceBody(text);
      throw toApiError(res.status, parseJsonQuietly(text), text);
    }
    // Its body is the caller's (a file, `api`'s stdout): the call is what it did.
    this.wrote(req, undefined);
    return res;
  }

  /** The text with the configured key, and anything shaped like a secret, masked (a file name the service chose). */
  redact(text: string): string {
    const key = this.opts.apiKey;
    return redactSecrets(key && key.length >= 8 ? text.split(key).join(maskSecret(key)) : text);
  }

  /** The largest answer read into memory (a larger JSON answer is refused, or streamed by `api`). */
  get maxBodyBytes(): number {
    return this.opts.maxBodyBytes ?? MAX_BODY_BYTES;
  }

  /** How many times a retry-safe request is sent again. */
  get retries(): number {
    return this.opts.retries;
  }

  /** The backoff before retry n, for callers that retry a whole exchange (a download). */
  pauseBeforeRetry(attempt: number): Promise<void> {
    return this.wait(this.backoffMs(attempt));
  }

  /** Closes the connection pool; closing twice is harmless. */
  async close(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    if (pool) await (await pool).dispatcher.close();
  }

  private async send<R>(
    req: RequestOptions,
    consume: (res: StreamResponse) => Promise<R>,
    opts: { keepDeadline?: boolean } = {},
  ): Promise<R> {
    if (req.method !== 'GET') await this.opts.beforeWrite?.(req.method);
    const url = buildUrl(req.fromRoot ? new URL('/', this.baseUrl) : this.baseUrl, req.path, req.query);
    const call = `${req.method} ${req.path}`;
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
    const retrySafe = mayRepeat(req);
    // A write that may have reached the service and lost its answer says so (repeat.ts).
    const lost = (failure: NetworkError) => (retrySafe ? failure : mayHaveApplied(req, failure));
    // Whether a try of this write may have reached the service and lost its answer: a retry's
    // refusal is then judged by what that try would have made (repeat.ts, settleRetried).
    let afterLostAnswer = false;

    for (let attempt = 0; ; attempt++) {
      const started = Date.now();
      this.traceRequest(req.method, url, headers, body);
      const deadline = new Deadline(this.opts.timeoutMs, this.opts.signal);
      let keep = false;
      let reached = false;
      try {
        const { dispatcher, request } = await this.undici();
        const res = await request(dispatcher, url, {
          method: req.method,
          headers,
          body,
          signal: deadline.signal,
          headersTimeout: this.opts.timeoutMs,
          bodyTimeout: this.opts.timeoutMs,
        });
        reached = true;
        this.clock.note(res.headers.date, this.opts.now?.());
        // Dropping a body (destroy()) makes undici emit an abort as an error: that is no failure,
        // and whoever reads the body still sees a real one.
        res.body.on('error', () => undefined);
        this.trace(`< ${res.statusCode} in ${Date.now() - started} ms`);
        for (const [name, value] of Object.entries(res.headers)) this.trace(`< ${name}: ${String(value)}`);
        if (RETRY_STATUSES.has(res.statusCode) && retrySafe && attempt < this.opts.retries) {
          const retryAfter = retryAfterMs(res.headers['retry-after'], Date.now());
          const maxWait = this.opts.maxRetryAfterMs ?? MAX_RETRY_AFTER_MS;
          await res.body.dump().catch(() => undefined);
          if (retryAfter !== undefined && retryAfter > maxWait) throw waitTooLong(res.statusCode, retryAfter, maxWait);
          // A gateway's 502 or 504 may come after the service acted; a 429 or 503 is before.
          afterLostAnswer ||= res.statusCode === 502 || res.statusCode === 504;
          deadline.dispose();
          await this.wait(Math.max(retryAfter ?? 0, this.backoffMs(attempt)));
          continue;
        }
        if (res.statusCode >= 300 && res.statusCode < 400 && !req.raw) {
          await res.body.dump().catch(() => undefined);
          const location = res.headers.location;
          throw badAnswer(
            call,
            `is a redirect (HTTP ${res.statusCode}${location ? ` to ${String(location)}` : ''}), which tripctl does not follow`,
          );
        }
        const tries = attempt;
        const broke = (error: unknown): Error => {
          if (this.opts.signal?.aborted) return new InterruptedError();
          if (error instanceof NetworkError) return lost(error);
          // tripctl's own refusal of an answer that did arrive (a taken name, an empty body): a
          // write the service answered with success did happen, and the error says so.
          if (error instanceof CliError) return retrySafe || res.statusCode >= 300 ? error : wasApplied(req, res.statusCode, error);
          if (deadline.timedOut) return lost(timeoutError(url, this.opts.timeoutMs, tries));
          return lost(networkError(error, url, this.opts.timeoutMs, tries, true, this.proxy));
        };
        const result = await consume({
          status: res.statusCode,
          headers: res.headers,
          body: res.body,
          timedOut: () => deadline.timedOut,
          broke,
          afterLostAnswer: afterLostAnswer && req.method !== 'GET',
        });
        if (opts.keepDeadline) {
          keep = true;
          // Until the caller has read the body to its end, dropped it or seen it break.
          if (res.body.closed) deadline.dispose();
          else res.body.once('close', () => deadline.dispose());
        }
        return result;
      } catch (error) {
        if (error instanceof CliError) throw error;
        if (this.opts.signal?.aborted) throw new InterruptedError();
        if (deadline.timedOut) throw lost(timeoutError(url, this.opts.timeoutMs, attempt));
        const code = errorCode(error);
        // Before the answer: a POST may be repeated only if it never left. During the body: the
        // server has acted, so only a retry-safe request is sent again.
        const retryable =
          (!reached && NOT_SENT_CODES.has(code)) || (retrySafe && (RESET_CODES.has(code) || (reached && isBodyBreak(error))));
        this.trace(`! ${code || (error as Error).message} after ${Date.now() - started} ms`);
        if (retryable && attempt < this.opts.retries) {
          afterLostAnswer ||= reached || !NOT_SENT_CODES.has(code);
          deadline.dispose();
          await this.wait(this.backoffMs(attempt));
          continue;
        }
        const failure = networkError(error, url, this.opts.timeoutMs, attempt, reached, this.proxy);
        throw NOT_SENT_CODES.has(code) && !reached ? failure : lost(failure);
      } finally {
        if (!keep) deadline.dispose();
      }
    }
  }

  /** The object a retried write names, read back to judge the retry's refusal; 404 is an answer here. */
  private readBack(path: string): Promise<{ status: number; data: unknown }> {
    return this.request({ method: 'GET', path }).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return { status: 404, data: null };
      throw error;
    });
  }

  private undici(): Promise<Pool> {
    this.pool ??= import('./undici.js').then(async ({ makeDispatcher, request }) => ({
      dispatcher: await makeDispatcher(this.opts.timeoutMs, this.proxy),
      request,
    }));
    return this.pool;
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
    this.trace(`… retrying in ${ms} ms`);
    return pause(ms, this.opts.signal);
  }

  private trace(line: string): void {
    this.opts.trace?.(redactSecrets(line));
  }

  private traceRequest(method: string, url: URL, headers: Record<string, string>, body: Uint8Array | string | undefined): void {
    if (this.opts.trace) for (const line of requestLines(method, url, headers, body, this.opts.apiKey)) this.trace(line);
  }

  private traceBody(text: string): void {
    if (this.opts.trace && text) this.trace(`< ${truncate(text)}`);
  }
}

export { newIdempotencyKey } from './idempotency.js';
