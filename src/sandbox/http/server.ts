// The HTTP side: matches a request against the route table, checks the key, the scope, path ids,
// the query and the JSON body against the row's schemas, runs the handler and writes the answer.
// Every request to the partner interface is recorded before anything else happens.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from './errors.js';
import { check, obj, resolve, UUID_RE, type Schema } from '../openapi/json-schema.js';
import type { Method, RecordedRequest, Result, Route, SandboxCore } from '../routes/route.js';

export const BASE_PATH = '/api/partner/v1';
const MAX_BODY = 2 * 1024 * 1024;

interface Compiled {
  route: Route;
  pattern: RegExp;
  names: string[];
}

function compile(route: Route): Compiled {
  const names: string[] = [];
  const source = route.path.split('/').map((segment) => segment.replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return '([^/]+)';
  }).replace(/\./g, '\\.')).join('/');
  return { route, pattern: new RegExp(`^${source}$`), names };
}

async function readBody(req: IncomingMessage): Promise<{ text: string; tooLarge: boolean }> {
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

function headersOf(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

function coerce(schema: Schema, raw: string): unknown {
  const s = resolve(schema);
  const types = Array.isArray(s.type) ? s.type : [s.type];
  if (types.includes('integer') && /^-?\d+$/.test(raw)) return Number(raw);
  if (types.includes('number') && raw.trim() !== '' && !Number.isNaN(Number(raw))) return Number(raw);
  if (types.includes('boolean') && (raw === 'true' || raw === 'false')) return raw === 'true';
  return raw;
}

/** One request and its answer, as an observer sees them (tests check them against the document). */
export interface Exchange {
  method: string;
  /** The path as requested: relative to the base path for the partner interface, else from the origin. */
  path: string;
  /** The query string, without '?'. */
  search: string;
  /** The route template the request matched (`/trips/{tripId}`), or null when none did. */
  template: string | null;
  requestHeaders: Record<string, string>;
  requestBody: string;
  status: number;
  responseHeaders: Record<string, string>;
  responseBody: Buffer;
}

export interface ServerParts {
  core: SandboxCore;
  routes: Route[];
  openApi(): Record<string, unknown>;
  /** Called before each handled request (schedules catch up with the clock); returns whether state changed. */
  beforeRequest(): boolean;
  /** Called after a request that changed state. */
  persist(): void;
  /** Sees every exchange with the partner interface and the admin routes, after it is answered. */
  observe?(exchange: Exchange): void;
}

/** What the server knows of a request while it handles it, for the observer. */
interface Pending {
  method: string;
  path: string;
  search: string;
  template: string | null;
  requestHeaders: Record<string, string>;
  requestBody: string;
  observed: boolean;
}

export function createHandler(parts: ServerParts): (req: IncomingMessage, res: ServerResponse) => void {
  const compiled = parts.routes.map(compile);
  const { core } = parts;

  const respond = (res: ServerResponse, pending: Pending | null, status: number, headers: Record<string, string>, body: Buffer | undefined) => {
    res.writeHead(status, headers);
    res.end(body);
    if (pending && parts.observe && !pending.observed) {
      pending.observed = true;
      const { observed: _, ...request } = pending;
      parts.observe({ ...request, status, responseHeaders: headers, responseBody: body ?? Buffer.alloc(0) });
    }
  };

  const send = (res: ServerResponse, pending: Pending | null, status: number, json: unknown, headers: Record<string, string> = {}) => {
    if (status === 204 || json === undefined) return respond(res, pending, status, headers, undefined);
    const body = Buffer.from(JSON.stringify(json));
    respond(res, pending, status, { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length), ...headers }, body);
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, found: { pending: Pending | null }): Promise<void> => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = (req.method ?? 'GET').toUpperCase();
    const partner = url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`);
    const { text, tooLarge } = await readBody(req);
    const headers = headersOf(req);
    const relative = partner ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname;
    const pending: Pending | null = partner || url.pathname.startsWith('/__sandbox/')
      ? { method, path: relative, search: url.search.slice(1), template: null, requestHeaders: headers, requestBody: text, observed: false }
      : null;
    found.pending = pending;
    if (partner) {
      const record: RecordedRequest = { method, path: relative, query: Object.fromEntries(url.searchParams), headers, body: text };
      core.requests.push(record);
    }
    if (!partner && !url.pathname.startsWith('/__sandbox/')) {
      if (url.pathname === '/' && method === 'GET') {
        return send(res, null, 200, { name: 'tripctl sandbox', baseUrl: core.baseUrl, openapi: `${core.baseUrl}/openapi.json`, admin: `${core.origin}/__sandbox/` });
      }
      throw new HttpError(404, 'not_found', `nothing at ${url.pathname}: the partner interface is under ${BASE_PATH}`);
    }

    const candidates = compiled.filter((c) => !!c.route.admin === !partner && c.pattern.test(relative));
    const match = candidates.find((c) => c.route.method === (method as Method));
    if (!match) {
      if (candidates.length > 0) {
        const allow = [...new Set(candidates.map((c) => c.route.method))].join(', ');
        throw new HttpError(405, 'method_not_allowed', `${method} is not allowed on ${relative}; allowed: ${allow}`, {}, { allow });
      }
      throw new HttpError(404, 'not_found', `no such endpoint: ${method} ${relative}`);
    }
    const { route } = match;
    pending!.template = route.path;

    // Key and scope.
    let key = null;
    if (route.scope !== 'none') {
      const auth = headers.authorization ?? '';
      const token = /^Bearer\s+(\S+)\s*$/i.exec(auth)?.[1];
      if (!token) throw new HttpError(401, 'unauthorized', 'missing API key: send Authorization: Bearer <key>', {}, { 'www-authenticate': 'Bearer' });
      key = core.keys.find((k) => k.key === token) ?? null;
      if (!key) throw new HttpError(401, 'unauthorized', 'invalid API key', {}, { 'www-authenticate': 'Bearer error="invalid_token"' });
      if (!key.scopes.has(route.scope)) {
        throw new HttpError(403, 'missing_scope', `this key lacks the scope ${route.scope}, which ${route.method} ${route.path} needs`, { scope: route.scope });
      }
    }

    // Path parameters.
    const values = match.pattern.exec(relative)!.slice(1);
    const params: Record<string, string> = {};
    match.names.forEach((name, i) => {
      let value = values[i]!;
      try {
        value = decodeURIComponent(value);
      } catch {
        // keep it raw; it fails the check below
      }
      params[name] = value;
      const schema = route.pathParams?.[name]?.schema ?? { type: 'string', format: 'uuid' };
      if (resolve(schema).format === 'uuid' && !UUID_RE.test(value)) {
        throw new HttpError(400, 'invalid_id', `${name} must be a UUID, not '${value.slice(0, 60)}'`, { field: name });
      }
    });

    // Query.
    const query: Record<string, unknown> = {};
    if (route.query?.length) {
      const properties: Record<string, Schema> = {};
      const required: string[] = [];
      for (const p of route.query) {
        properties[p.name] = p.schema;
        if (p.required) required.push(p.name);
        const raw = url.searchParams.get(p.name);
        if (raw !== null && !(raw === '' && !p.required)) query[p.name] = coerce(p.schema, raw);
      }
      check(obj(properties, required), query);
    }

    // Body.
    let body: Record<string, unknown> = {};
    if (route.body) {
      if (tooLarge) throw new HttpError(413, 'payload_too_large', `the request body is over ${MAX_BODY} bytes`);
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
    }

    const generated = parts.beforeRequest();
    let result: Result;
    if (route.operationId === 'getOpenApi') result = { json: parts.openApi() };
    else {
      const company = key ? core.state.companies.find((c) => c.id === key!.companyId)! : core.state.companies.find((c) => c.id === core.primaryCompanyId())!;
      result = await route.handler({ core, company, key, params, query, body, headers });
    }
    const status = result.status ?? route.status;
    if (generated || (method !== 'GET' && status < 400)) parts.persist();
    if (result.file) {
      const { contentType, filename } = result.file;
      const data = await result.file.data;
      respond(res, pending, status, {
        'content-type': contentType,
        'content-length': String(data.length),
        'content-disposition': `attachment; filename="${filename}"`,
        ...result.headers,
      }, data);
      return;
    }
    send(res, pending, status, status === 204 ? undefined : result.json, result.headers);
  };

  return (req, res) => {
    const found: { pending: Pending | null } = { pending: null };
    handle(req, res, found).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof HttpError) {
        send(res, found.pending, error.status, { error: error.message, code: error.code, ...error.extra }, error.headers);
      } else {
        send(res, found.pending, 500, { error: `internal error: ${(error as Error)?.message ?? String(error)}`, code: 'internal_error' });
      }
    });
  };
}
