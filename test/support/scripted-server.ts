// A small HTTP server on loopback that answers from a script, for tests of the client and of the
// built tool. Steps are queued per route ("GET /company") or in order for any route; every request
// is recorded (method, url, path, headers, body, time). Like gh's httpmock registry, every test
// ends with assertAllUsed(), which close() calls: a scripted answer nobody asked for, or a request
// nobody scripted, fails the test that closes the server (its afterEach), without opting in.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The raw request target, e.g. `/api/partner/v1/trips?page=2` (absolute when sent to a proxy). */
  url: string;
  /** The path without the base path and the query, e.g. `/trips`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** Date.now() when the request's body had arrived. */
  at: number;
}

/** Reads a request whole and records it (the hostile server in test/faults/ records the same way). */
export async function recordRequest(req: IncomingMessage, basePath: string): Promise<RecordedRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const target = new URL(req.url ?? '/', 'http://placeholder');
  const pathname = target.pathname;
  return {
    method: req.method ?? 'GET',
    url: req.url ?? '/',
    path: pathname === basePath || pathname.startsWith(`${basePath}/`) ? pathname.slice(basePath.length) || '/' : pathname,
    query: Object.fromEntries(target.searchParams),
    headers: { ...req.headers },
    body: Buffer.concat(chunks).toString('utf8'),
    at: Date.now(),
  };
}

export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** An object or array is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** Wait before answering. */
  delayMs?: number;
}

export type Step =
  | Reply
  | { kind: 'reset' }
  | { kind: 'hang' }
  | { kind: 'badJson'; status?: number }
  | { kind: 'truncate'; declaredLength: number; body: string | Buffer; headers?: Record<string, string> }
  /** Sends `body` (a first part) and then keeps the connection open without finishing. */
  | { kind: 'stall'; body: string | Buffer; headers?: Record<string, string> }
  /** A body made as it is sent (any size, never held whole), waiting for the reader between pieces. */
  | { kind: 'generate'; pieces: () => Iterable<Buffer>; headers?: Record<string, string> }
  | ((req: RecordedRequest) => Step | Promise<Step>);

export interface ScriptedServerOptions {
  /** Path prefix of the API; baseUrl is origin + basePath. Default `/api/partner/v1`. */
  basePath?: string;
}

/** How close() ends: `allowUnused` is for a test that checks the leftovers itself (say why where it is used). */
export interface CloseOptions {
  allowUnused?: boolean;
}

interface Route {
  key: string;
  steps: Step[];
  /** Answers every matching request once the queue is empty. */
  always?: Step;
}

export class ScriptedServer {
  readonly requests: RecordedRequest[] = [];
  /** Requests that matched no script (answered 599 so that the test sees them). */
  readonly unexpected: RecordedRequest[] = [];
  readonly basePath: string;
  private readonly routes = new Map<string, Route>();
  private readonly ordered: Step[] = [];
  private readonly sockets = new Set<Socket>();
  private server: Server | undefined;
  private port = 0;

  constructor(opts: ScriptedServerOptions = {}) {
    this.basePath = (opts.basePath ?? '/api/partner/v1').replace(/\/+$/, '');
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get baseUrl(): string {
    return this.url + this.basePath;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Queues answers for one route, e.g. `on('GET /company', {status: 200, body: {...}})`. */
  on(route: string, ...steps: Step[]): this {
    this.route(route).steps.push(...steps);
    return this;
  }

  /** Answers a route the same way every time (not counted by assertAllUsed). */
  always(route: string, step: Step): this {
    this.route(route).always = step;
    return this;
  }

  /** Queues answers for whatever requests come, in order (after the per-route queues). */
  queue(...steps: Step[]): this {
    this.ordered.push(...steps);
    return this;
  }

  /** Requests to one route, e.g. `requestsTo('GET /company')`. */
  requestsTo(route: string): RecordedRequest[] {
    const [method, path] = splitRoute(route);
    return this.requests.filter((req) => req.method === method && req.path === path);
  }

  /** Fails when a scripted step was never used or a request matched no script. */
  assertAllUsed(): void {
    const unused: string[] = [];
    for (const route of this.routes.values()) if (route.steps.length) unused.push(`${route.key} × ${route.steps.length}`);
    if (this.ordered.length) unused.push(`(in order) × ${this.ordered.length}`);
    const problems: string[] = [];
    if (unused.length) problems.push(`unused scripted answers: ${unused.join(', ')}`);
    if (this.unexpected.length) problems.push(`unscripted requests: ${this.unexpected.map((r) => `${r.method} ${r.url}`).join(', ')}`);
    if (problems.length) throw new Error(problems.join('; '));
  }

  /** Stops the server, then fails if a scripted answer went unused or a request was unscripted (assertAllUsed). */
  async close(opts: CloseOptions = {}): Promise<void> {
    if (!this.server) return;
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
    if (!opts.allowUnused) this.assertAllUsed();
  }

  private route(route: string): Route {
    const [method, path] = splitRoute(route);
    const key = `${method} ${path}`;
    let found = this.routes.get(key);
    if (!found) this.routes.set(key, (found = { key, steps: [] }));
    return found;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const recorded = await recordRequest(req, this.basePath);
    const path = recorded.path;
    this.requests.push(recorded);
    const route = this.routes.get(`${recorded.method} ${path}`);
    let step: Step | undefined = route?.steps.shift() ?? this.ordered.shift() ?? route?.always;
    if (!step) {
      this.unexpected.push(recorded);
      step = { status: 599, body: { error: `no scripted answer for ${recorded.method} ${path}`, code: 'unscripted' } };
    }
    while (typeof step === 'function') step = await step(recorded);
    await this.answer(req, res, step);
  }

  private async answer(req: IncomingMessage, res: ServerResponse, step: Exclude<Step, (...args: never[]) => unknown>): Promise<void> {
    if ('kind' in step) {
      switch (step.kind) {
        case 'reset':
          req.socket.destroy();
          return;
        case 'hang':
          return;
        case 'badJson':
          res.writeHead(step.status ?? 200, { 'content-type': 'application/json' });
          res.end('{"company": {"id": "c1", "name": ');
          return;
        case 'truncate': {
          const body = Buffer.from(step.body);
          res.writeHead(200, {
            'content-type': 'application/octet-stream',
            ...step.headers,
            'content-length': String(step.declaredLength),
          });
          res.write(body, () => setTimeout(() => req.socket.destroy(), 20));
          return;
        }
        case 'stall':
          res.writeHead(200, { 'content-type': 'application/octet-stream', ...step.headers });
          res.write(Buffer.from(step.body));
          return;
        case 'generate':
          res.writeHead(200, { 'content-type': 'application/octet-stream', ...step.headers });
          for (const piece of step.pieces()) {
            if (res.destroyed) return;
            if (!res.write(piece))
              // Whichever comes first; the other listener goes too, or they pile up (Node warns at 11).
              await new Promise<void>((resolve) => {
                const done = () => {
                  res.off('drain', done);
                  res.off('close', done);
                  resolve();
                };
                res.on('drain', done);
                res.on('close', done);
              });
          }
          res.end();
          return;
      }
    }
    if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs));
    const headers: Record<string, string> = { ...step.headers };
    let payload: Buffer | undefined;
    if (step.body === undefined || step.body === null) payload = undefined;
    else if (typeof step.body === 'string' || Buffer.isBuffer(step.body)) payload = Buffer.from(step.body);
    else {
      payload = Buffer.from(JSON.stringify(step.body));
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) headers['content-type'] = 'application/json';
    }
    res.writeHead(step.status ?? 200, headers);
    res.end(payload);
  }
}

function splitRoute(route: string): [string, string] {
  const at = route.indexOf(' ');
  if (at <= 0) throw new Error(`a route is 'METHOD /path', not '${route}'`);
  return [route.slice(0, at).toUpperCase(), route.slice(at + 1)];
}

/** Starts a scripted server; close it in afterEach, which asserts that every answer was used. */
export async function startScriptedServer(opts: ScriptedServerOptions = {}): Promise<ScriptedServer> {
  return new ScriptedServer(opts).start();
}

/** A loopback port with nothing listening on it (taken and released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
