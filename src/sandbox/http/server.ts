// The HTTP side: records a request, routes it (router.ts), passes it through the checks of the
// pipeline (pipeline.ts), runs the route's handler (with Idempotency-Key where the route takes
// it) and writes the answer, JSON or a file. Domain rule violations become 404, 409 or 422 here.
// Every request to the partner interface is recorded before anything else happens.
import { type IncomingMessage, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { performance } from 'node:perf_hooks';

import { RuleError } from '../domain/errors.js';
import type { RecordedRequest, Result, Route, SandboxCore } from '../routes/route.js';
import { fromRule, HttpError } from './errors.js';
import { withIdempotency } from './idempotency.js';
import { authenticate, bodyOf, checkUrlEncoding, headersOf, pathParams, queryOf, readBody } from './pipeline.js';
import { BASE_PATH, router, type Match } from './router.js';

export { BASE_PATH } from './router.js';

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
  /** From the request's arrival to its answer being written. */
  durationMs: number;
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
  started: number;
  observed: boolean;
}

export function createHandler(parts: ServerParts): (req: IncomingMessage, res: ServerResponse) => void {
  const route = router(parts.routes);
  const { core } = parts;

  const respond = (
    res: ServerResponse,
    pending: Pending | null,
    status: number,
    headers: Record<string, string>,
    body: Buffer | undefined,
  ) => {
    // The Date of the sandbox's own clock, which `sandbox advance-clock` moves: tripctl reads
    // "now" from it where the service's day matters (Context.serviceNow).
    res.writeHead(status, { date: core.now().toUTCString(), ...headers });
    res.end(body);
    if (pending && parts.observe && !pending.observed) {
      pending.observed = true;
      const { observed: _, started, ...request } = pending;
      parts.observe({
        ...request,
        status,
        responseHeaders: headers,
        responseBody: body ?? Buffer.alloc(0),
        durationMs: performance.now() - started,
      });
    }
  };

  const send = (res: ServerResponse, pending: Pending | null, status: number, json: unknown, headers: Record<string, string> = {}) => {
    if (status === 204 || json === undefined) return respond(res, pending, status, headers, undefined);
    const body = Buffer.from(JSON.stringify(json));
    respond(
      res,
      pending,
      status,
      { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length), ...headers },
      body,
    );
  };

  /** Runs the matched route's checks and handler; returns its result and success status. */
  const run = async (
    match: Match,
    url: URL,
    headers: Record<string, string>,
    text: string,
    tooLarge: boolean,
  ): Promise<Result & { status: number }> => {
    const { route: row } = match;
    const key = authenticate(core, row, headers);
    const params = pathParams(row, match.raw);
    const query = queryOf(row, url.searchParams);
    const body = bodyOf(row, text, tooLarge);
    const generated = parts.beforeRequest();
    let result: Result;
    if (row.operationId === 'getOpenApi') result = { json: parts.openApi() };
    else {
      const company = core.state.companies.find((c) => c.id === (key ? key.companyId : core.primaryCompanyId()))!;
      const handle = async () => row.handler({ core, company, key, params, query, body, headers });
      result = row.idempotent ? await withIdempotency(core, company, headers['idempotency-key'], body, handle) : await handle();
    }
    const status = result.status ?? row.status;
    if (generated || (row.method !== 'GET' && status < 400)) parts.persist();
    return { ...result, status };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse, found: { pending: Pending | null }): Promise<void> => {
    const started = performance.now();
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const method = (req.method ?? 'GET').toUpperCase();
    const partner = url.pathname === BASE_PATH || url.pathname.startsWith(`${BASE_PATH}/`);
    const admin = url.pathname.startsWith('/__sandbox/');
    const { text, tooLarge } = await readBody(req);
    const headers = headersOf(req);
    const path = partner ? url.pathname.slice(BASE_PATH.length) || '/' : url.pathname;
    const pending: Pending | null =
      partner || admin
        ? {
            method,
            path,
            search: url.search.slice(1),
            template: null,
            requestHeaders: headers,
            requestBody: text,
            started,
            observed: false,
          }
        : null;
    found.pending = pending;
    if (partner) {
      const record: RecordedRequest = { method, path, query: Object.fromEntries(url.searchParams), headers, body: text };
      core.requests.push(record);
    }
    checkUrlEncoding(req.url ?? '/');
    if (!partner && !admin) {
      if (url.pathname === '/' && method === 'GET') {
        return send(res, null, 200, {
          name: 'tripctl sandbox',
          baseUrl: core.baseUrl,
          openapi: `${core.baseUrl}/openapi.json`,
          admin: `${core.origin}/__sandbox/`,
        });
      }
      throw new HttpError(404, 'not_found', `nothing at ${url.pathname}: the partner interface is under ${BASE_PATH}`);
    }
    const match = route(method, path, partner);
    pending!.template = match.route.path;
    const result = await run(match, url, headers, text, tooLarge);
    if (result.file) {
      const { contentType, filename } = result.file;
      const data = await result.file.data;
      respond(
        res,
        pending,
        result.status,
        {
          'content-type': contentType,
          'content-length': String(data.length),
          'content-disposition': `attachment; filename="${filename}"`,
          ...result.headers,
        },
        data,
      );
      return;
    }
    send(res, pending, result.status, result.status === 204 ? undefined : result.json, result.headers);
  };

  return (req, res) => {
    const found: { pending: Pending | null } = { pending: null };
    handle(req, res, found).catch((caught: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      const error = caught instanceof RuleError ? fromRule(caught) : caught;
      if (error instanceof HttpError) {
        send(res, found.pending, error.status, { error: error.message, code: error.code, ...error.extra }, error.headers);
      } else {
        send(res, found.pending, 500, { error: `internal error: ${(error as Error)?.message ?? String(error)}`, code: 'internal_error' });
      }
    });
  };
}

/** What Node's HTTP parser refuses before a request exists, answered as every error is: JSON. */
const CLIENT_ERRORS: Record<string, [number, string, string]> = {
  HPE_INVALID_URL: [
    400,
    'malformed_url',
    'the request target is not valid URL encoding: percent-encode the UTF-8 bytes of every character outside ASCII (دمشق is %D8%AF%D9%85%D8%B4%D9%82)',
  ],
  HPE_HEADER_OVERFLOW: [431, 'headers_too_large', 'the request headers are too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'request_timeout', 'the request did not arrive in time'],
};

/** The server's 'clientError' listener (Node's documented hook for requests its parser refuses). */
export function clientErrorAnswer(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, code, message] = CLIENT_ERRORS[error.code ?? ''] ?? [
    400,
    'bad_request',
    `the request is not valid HTTP (${error.code ?? error.message})`,
  ];
  const body = Buffer.from(JSON.stringify({ error: message, code }));
  const head = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${body.length}`,
    'Connection: close',
  ];
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
}
