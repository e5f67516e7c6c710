// The check `webhooks create|update --url` and `listen --register` run before anything is sent.
import { isLoopbackHost } from '../client/url.js';
import { usageError } from '../errors.js';

export const MAX_ENDPOINT_URL = 2048;

/**
 * An endpoint URL as partner-api.md allows it: HTTPS, at most 2048 characters. Plain http:// is
 * let through for loopback hosts only, because the sandbox (and only the sandbox) delivers there;
 * the service itself refuses it. No user:password (it would be stored and shown in lists).
 */
export function endpointUrl(flag: string, value: string): string {
  const text = value.trim();
  if (text.length > MAX_ENDPOINT_URL)
    throw usageError(`${flag} is ${text.length} characters long; the service allows at most ${MAX_ENDPOINT_URL}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw usageError(`${flag} is not a URL: '${value}'`, 'expected e.g. https://hooks.example.com/tripctl');
  }
  const loopback = isLoopbackHost(url.hostname);
  if (url.protocol === 'http:' && !loopback) {
    throw usageError(
      `${flag} must use https: '${value}'`,
      'plain http:// is accepted only for loopback addresses, which only the sandbox delivers to',
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw usageError(`${flag} must be an https:// URL, not '${value}'`);
  if (url.username || url.password)
    throw usageError(
      `${flag} must not hold a user name or password`,
      'the service shows endpoint URLs in lists; authenticate with the signature instead',
    );
  return text;
}

/** A URL the listener forwards to or replay sends to: any http(s) URL (the operator's own handler). */
export function handlerUrl(flag: string, value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw usageError(`${flag} is not a URL: '${value}'`, 'expected e.g. http://localhost:3000/webhooks');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw usageError(`${flag} must be an http:// or https:// URL, not '${value}'`);
  return url;
}
