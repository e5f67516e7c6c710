import { usageError } from '../errors.js';

const LOOPBACK_HOSTS = new Set(['localhost', '::1', '[::1]']);

export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname);
}

/** Parses and checks a base URL: http(s) only, no query or fragment, no trailing slash kept. */
export function parseBaseUrl(value: string, source: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`${source} is not a URL: ${value}`, 'expected e.g. https://host/api/partner/v1');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw usageError(`${source} must use https: ${value}`);
  }
  if (url.search || url.hash) throw usageError(`${source} must not have a query or fragment: ${value}`);
  url.pathname = url.pathname.replace(/\/+$/, '');
  return url;
}

export type QueryValue = string | number | boolean | undefined | null | Array<string | number>;

/** Joins the base URL with an API path and query; the path is relative to the base's path. */
export function buildUrl(base: URL, path: string, query?: Record<string, QueryValue>): URL {
  const url = new URL(base.href);
  url.pathname = base.pathname.replace(/\/+$/, '') + (path.startsWith('/') ? path : `/${path}`);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) url.searchParams.append(key, String(item));
    else url.searchParams.set(key, String(value));
  }
  return url;
}
