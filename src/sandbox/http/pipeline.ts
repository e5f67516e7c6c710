// The checks a request passes before its handler runs, in order: the key and its scope, the
// path ids, the query and the JSON body against the route's schemas. Each throws the HttpError
// the caller gets; none knows what the handler will do.
import type { IncomingMessage } from 'node:http';

import { check, obj, resolve, UUID_RE, type Schema } from '../openapi/json-schema.js';
import type { KeyRec, Route, SandboxCore } from '../routes/route.js';
import { HttpError } from './errors.js';

export const MAX_BODY = 2 * 1024 * 1024;

export async function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
  const chunks: Buffer[] = [];
  let size = 0;
  let tooLarge = false;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) tooLarge = true;
    else chunks.push(chunk);
  }
  return { text: Buffer.concat(chunks).toString('utf8'), tooLarge };
}

/**
 * The request target must be valid URL encoding: every % followed by two hex digits, and what the
 * escapes spell valid UTF-8 (raw bytes outside ASCII never get this far: Node's parser refuses
 * them, answered by clientErrorAnswer in server.ts). 400 malformed_url otherwise.
 */
export function checkUrlEncoding(target: string): void {
  const [path = '', query = ''] = target.split(/\?(.*)/s);
  const bad = (part: string, where: string) => {
    try {
      decodeURIComponent(part.replace(/\+/g, ' '));
    } catch {
      throw new HttpError(
        400,
        'malformed_url',
        `the ${where} is not valid URL encoding near '${part.slice(0, 40)}': percent-encode the UTF-8 bytes of every character outside ASCII (دمشق is %D8%AF%D9%85%D8%B4%D9%82) and a literal % as %25`,
      );
    }
  };
  for (const segment of path.split('/')) bad(segment, 'path');
  for (const pair of query.split('&')) for (const part of pair.split('=')) bad(part, 'query');
}

export function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/** The key of a route that needs one: 401 without a valid key, 403 without the route's scope. */
export function authenticate(core: SandboxCore, route: Route, headers: Record<string, string>): KeyRec | null {
  if (route.scope === 'none') return null;
  const token = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '')?.[1];
  if (!token)
    throw new HttpError(401, 'unauthorized', 'missing API key: send Authorization: Bearer <key>', {}, { 'www-authenticate': 'Bearer' });
  const key = core.keys.find((k) => k.key === token);
  if (!key) throw new HttpError(401, 'unauthorized', 'invalid API key', {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
  if (!key.scopes.includes(route.scope)) {
    throw new HttpError(403, 'missing_scope', `this key lacks the scope ${route.scope}, which ${route.method} ${route.path} needs`, {
      scope: route.scope,
    });
  }
  return key;
}

/** Path parameters decoded; each must be a UUID unless the route says otherwise (400 invalid_id). */
export function pathParams(route: Route, raw: Record<string, string>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [name, encoded] of Object.entries(raw)) {
    let value = encoded;
    try {
      value = decodeURIComponent(encoded);
    } catch {
      // kept raw; it fails the check below
    }
    params[name] = value;
    const schema = route.pathParams?.[name]?.schema ?? { type: 'string', format: 'uuid' };
    if (resolve(schema).format === 'uuid' && !UUID_RE.test(value)) {
      throw new HttpError(400, 'invalid_id', `${name} must be a UUID, not '${value.slice(0, 60)}'`, { field: name });
    }
  }
  return params;
}

function coerce(schema: Schema, raw: string): unknown {
  const s = resolve(schema);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer') && /^-?\d+$/.test(raw)) return Number(raw);
  if (types.includes('number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** The route's query parameters, typed by their schemas and checked (422); an empty optional one is absent. */
export function queryOf(route: Route, search: URLSearchParams): Record<string, unknown> {
  const query: Record<string, unknown> = {};
  if (!route.query?.length) return query;
  const properties: Record<string, Schema> = {};
  const required: string[] = [];
  for (const p of route.query) {
    properties[p.name] = p.schema;
    if (p.required) required.push(p.name);
    const raw = search.get(p.name);
    if (raw !== null && !(raw === '' && !p.required)) query[p.name] = coerce(p.schema, raw);
  }
  check(obj(properties, required), query);
  return query;
}

/** The JSON body of a route that takes one (an absent or empty body is {}), normalised and checked. */
export function bodyOf(route: Route, text: string, tooLarge: boolean): Record<string, unknown> {
  if (!route.body) return {};
  if (tooLarge) throw new HttpError(413, 'payload_too_large', `the request body is over ${MAX_BODY} bytes`);
  let body: Record<string, unknown> = {};
  if (text.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      throw new HttpError(400, 'invalid_json', `the body is not valid JSON: ${(error as Error).message}`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      throw new HttpError(422, 'validation_failed', 'the body must be a JSON object');
    }
    body = parsed as Record<string, unknown>;
  }
  if (route.normalize) body = route.normalize(body);
  check(route.body, body);
  return body;
}
