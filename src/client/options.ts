// What a caller of the client passes and gets back (the client itself is http.ts).
import type { ResponseBody } from './body.js';
import type { Shape } from './shape.js';
import type { QueryValue } from './url.js';

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
  /** Longest Retry-After the client waits for; a longer one fails at once, naming the wait. */
  maxRetryAfterMs?: number;
  /** Largest JSON answer read into memory; a larger one is exit 1, not a crash. */
  maxBodyBytes?: number;
  env?: Record<string, string | undefined>;
  /**
   * Awaited before any request that is not a GET is sent (a protected profile's question); what
   * it throws ends the command before anything left this machine.
   */
  beforeWrite?: (method: Method) => Promise<void>;
  /** This machine's clock as the command reads it (a test's fixed instant), to compare the service's Date with. */
  now?: () => number;
  /** Receives a line for stderr that is not an error: a retried write found done (repeat.ts). */
  notice?: (line: string) => void;
  /**
   * Told of every write answered with success (or found already done), in words (`writeDone` in
   * repeat.ts): what a run that loses its output (the reader of stdout went away) says it did.
   */
  wrote?: (done: string) => void;
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
   * Whether repeating the request is harmless. Defaults (repeat.ts, the one rule): GET and DELETE
   * yes, a request with an Idempotency-Key yes, anything else only when it never left.
   */
  retrySafe?: boolean;
  /**
   * The command that shows whether a write landed (`tripctl trips list`), named when its answer
   * is lost after it was sent; without it, the `api` call that shows the object or collection.
   */
  checkWith?: string;
  idempotencyKey?: string;
  /** The path is from the server's root, not under the base URL's path (the sandbox's admin routes). */
  fromRoot?: boolean;
  /** What the caller relies on in a 2xx answer; anything else is exit 1 (see shape.ts). */
  expect?: Shape;
  /** Hand back any answer, a redirect included (the `api` escape hatch). */
  raw?: boolean;
  /**
   * Whether the object the path names, as a GET answers it, is in the state this write makes
   * (a trip `cancelled`): a retry refused after a lost answer is then done (repeat.ts,
   * settleRetried). A DELETE needs none: gone is its state.
   */
  reached?: (current: unknown) => boolean;
}

export interface ApiResponse<T = unknown> {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  data: T;
  /**
   * Set when the service refused the write and the object read back already in the state the
   * write reaches (`reached`): nothing changed, `data` is the object as read back, and this says
   * so in words (repeat.ts, settleRefused).
   */
  already?: string;
}

export interface StreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: ResponseBody;
  /** Whether the request's deadline fired (the body then fails as an abort). */
  timedOut: () => boolean;
  /**
   * What a failure while the caller reads the body means, as tripctl's error: an interrupt, the
   * time-out, a broken connection (exit 7) — which, for a write that may not be repeated, says the
   * service may have applied it and where to check. tripctl's own errors pass through, except that
   * a network error of a write gains the same words.
   */
  broke: (error: unknown) => Error;
  /** This answer is to a write sent again after an earlier try may have reached the service. */
  afterLostAnswer?: boolean;
}
