// How a failed exchange becomes one of tripctl's errors: the service's {error, code}, a refused
// wait, a time-out or a broken connection, each with the exit code scripts rely on.
import { ApiError, NetworkError } from '../errors.js';
import { redactSecrets } from '../secrets.js';
import { maskProxy } from './proxy.js';

export const RESET_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

export const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** The connection broke while the body was arriving (undici's names for it vary by stage). */
export function isBodyBreak(error: unknown): boolean {
  const code = errorCode(error);
  return (
    RESET_CODES.has(code) ||
    code === 'UND_ERR_REQ_CONTENT_LENGTH_MISMATCH' ||
    code === 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH' ||
    /terminated|other side closed/i.test(String((error as Error)?.message))
  );
}

export function waitTooLong(status: number, waitMs: number, maxMs: number): ApiError {
  const seconds = Math.ceil(waitMs / 1000);
  return new ApiError(
    status,
    `${STATUS_TEXT[status] ?? `HTTP ${status}`}: the service asked to wait ${seconds} s before trying again, longer than tripctl waits (${maxMs / 1000} s)`,
    undefined,
    `run it again after ${seconds} s`,
  );
}

export const STATUS_TEXT: Record<number, string> = {
  400: 'bad request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not found',
  409: 'conflict',
  422: 'unprocessable',
  429: 'too many requests',
  500: 'internal server error',
  502: 'bad gateway',
  503: 'service unavailable',
  504: 'gateway timeout',
};

export function toApiError(status: number, data: unknown, text: string): ApiError {
  const body = (typeof data === 'object' && data !== null ? data : {}) as { error?: unknown; code?: unknown; message?: unknown };
  const message =
    typeof body.error === 'string'
      ? body.error
      : typeof body.message === 'string'
        ? body.message
        : (STATUS_TEXT[status] ?? (text.trim() ? 'the service answered with an error' : `HTTP ${status}`));
  const code = typeof body.code === 'string' ? body.code : undefined;
  return new ApiError(status, redactSecrets(message), code, hintForStatus(status));
}

export function hintForStatus(status: number): string | undefined {
  if (status === 401) return "the key was refused: check it with 'tripctl auth status', or log in again with 'tripctl auth login'";
  if (status === 403) return 'the key lacks the scope this call needs: create a key with that scope in the Developers tab of the dashboard';
  if (status === 429) return 'the service is rate-limiting this key: wait a little, or raise --retries';
  return undefined;
}

export function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code !== 'UND_ERR') return code;
    current = (current as { cause?: unknown }).cause;
  }
  return '';
}

export function describe(error: unknown): string {
  const code = errorCode(error);
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${message} (${code})` : message;
}

export function timeoutError(url: URL, timeoutMs: number, retries: number): NetworkError {
  const after = retries > 0 ? ` after ${retries + 1} tries` : '';
  return new NetworkError(
    `${url.host} did not finish answering within the ${timeoutMs / 1000} s time-out${after}`,
    'raise --timeout, or check the network',
  );
}

/**
 * The answer broke HTTP's rules: undici's parser refused it (HPE_…), or it was a `100 Continue`
 * nobody asked for (tripctl never sends `Expect: 100-continue`), which undici calls a bad response.
 */
function isNotHttp(error: unknown): boolean {
  return errorCode(error).startsWith('HPE_') || /^bad (response|upgrade)$/.test(String((error as Error)?.message));
}

/** `via`: the proxy the request went through. Through one, tripctl never resolves or connects to the service itself. */
export function networkError(error: unknown, url: URL, timeoutMs: number, retries: number, reached: boolean, via?: string): NetworkError {
  const code = errorCode(error);
  const after = retries > 0 ? ` after ${retries + 1} tries` : '';
  if (TIMEOUT_CODES.has(code)) return timeoutError(url, timeoutMs, retries);
  if (via && !reached) {
    const proxy = maskProxy(via);
    const check = `check HTTPS_PROXY and HTTP_PROXY, or add ${url.hostname} to NO_PROXY to go direct`;
    if (code === 'ECONNREFUSED') return new NetworkError(`the proxy ${proxy} refused the connection${after}`, check);
    if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return new NetworkError(`cannot resolve the proxy ${proxy}${after}`, check);
    // undici's words when the proxy answers CONNECT with anything but 200.
    const status = /Proxy response \((\d+)\)/.exec(String((error as Error)?.message))?.[1];
    if (status) return new NetworkError(`the proxy ${proxy} would not connect to ${url.host} (it answered ${status})${after}`, check);
  }
  if (isNotHttp(error)) return new NetworkError(`the answer from ${url.host} is not valid HTTP${after}: ${describe(error)}`);
  if (reached) return new NetworkError(`the connection to ${url.host} broke while the answer was arriving${after}: ${describe(error)}`);
  if (code === 'ECONNREFUSED')
    return new NetworkError(`connection to ${url.host} refused${after}`, 'is the base URL right? check it with tripctl auth status');
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
