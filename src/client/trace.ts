// What --debug shows of an exchange (the key masked, long bodies cut), and the header helpers
// the client reads answers with: apart from http.ts, which is the exchange itself.
import { maskSecret } from '../secrets.js';

/** The lines of a request as --debug shows it: method and URL, headers (the key masked), body. */
export function requestLines(
  method: string,
  url: URL,
  headers: Record<string, string>,
  body: Uint8Array | string | undefined,
  apiKey: string | undefined,
): string[] {
  const lines = [`> ${method} ${url.href}`];
  for (const [name, value] of Object.entries(headers))
    lines.push(`> ${name}: ${name === 'authorization' ? `Bearer ${maskSecret(apiKey ?? '')}` : value}`);
  if (typeof body === 'string') lines.push(`> ${truncate(body)}`);
  else if (body) lines.push(`> (${body.byteLength} bytes)`);
  return lines;
}

export function truncate(text: string): string {
  return text.length > 2000 ? `${text.slice(0, 2000)}… (${text.length} characters)` : text;
}

export function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function contentType(headers: Record<string, string | string[] | undefined>): string {
  return header(headers, 'content-type') ?? '';
}
