// A hostile service on loopback: each route answers through a handler that may misbehave in any
// way a real network or a lying server can — reset at each stage, hang, drip, send the wrong
// shape, redirect elsewhere, hold a request until the test lets it go. Every request is recorded,
// so a test can say what was (and was not) sent. Unlike test/support/scripted-server.ts, which
// scripts well-formed answers, this one exists to break the client; the two share only how a
// request is recorded (recordRequest), so their answers can change independently.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { recordRequest, type RecordedRequest } from '../support/scripted-server.js';

export const BASE_PATH = '/api/partner/v1';

/** A request as it arrived (method, url, path below the base path, query, headers, body, time). */
export type Seen = RecordedRequest;

export type Answer =
  /** A JSON body (any value, `null` included). */
  | { json: unknown; status?: number; headers?: Record<string, string> }
  /** A body sent byte for byte (an HTML page, an empty string, a file). */
  | { raw: string | Buffer; status?: number; headers?: Record<string, string> }
  /** A status with no body at all (204, a redirect with its Location header). */
  | { empty: true; status: number; headers?: Record<string, string> }
  | { fault: 'reset-before-headers' }
  /** The status line and headers go out, then the connection is reset. */
  | { fault: 'reset-after-headers'; status?: number }
  /** Headers promise `body` in full (Content-Length), half of it goes out, then a reset. */
  | { fault: 'reset-mid-body'; body: string }
  /** The request is read and never answered. */
  | { fault: 'hang' }
  /** 200 with headers, then one byte every `everyMs` ms, for ever. */
  | { fault: 'drip'; everyMs: number }
  /** Content-Length says `declared`, `body` is sent, then the connection ends. */
  | { fault: 'truncate'; declared: number; body: Buffer; headers?: Record<string, string> }
  /**
   * Headers and `first` go out; `rest` follows once `release` settles (a test changes the world
   * in between, e.g. creates the download's target). `onFirst` fires when `first` has been sent.
   */
  | { fault: 'gate'; first: Buffer; rest: Buffer; headers?: Record<string, string>; release: Promise<void>; onFirst?: () => void }
  /** Held unanswered until releaseHeld() (or close); the test counts what is in flight. */
  | { fault: 'hold'; after: Answer };

export type Handler = (req: Seen, nth: number) => Answer | Promise<Answer>;

interface Route {
  method: string;
  /** Path segments; `*` matches any one segment. */
  segments: string[];
  handler: Handler;
  count: number;
}

export class HostileServer {
  readonly requests: Seen[] = [];
  /** Requests that matched no route (answered 599 so that the test sees them). */
  readonly unexpected: Seen[] = [];
  private readonly routes: Route[] = [];
  private readonly sockets = new Set<Socket>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private held: Array<() => void> = [];
  private heldWaiters: Array<{ count: number; resolve: () => void }> = [];
  private server: Server | undefined;
  private port = 0;

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get baseUrl(): string {
    return this.origin + BASE_PATH;
  }

  /** Requests currently held by a `hold` answer. */
  get heldCount(): number {
    return this.held.length;
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

  /** `on('GET /trips', answer)` answers every such request alike; a function answers per request. */
  on(route: string, answer: Answer | Handler): this {
    const at = route.indexOf(' ');
    const method = route.slice(0, at).toUpperCase();
    const segments = route
      .slice(at + 1)
      .split('/')
      .filter(Boolean);
    this.routes.push({ method, segments, handler: typeof answer === 'function' ? answer : () => answer, count: 0 });
    return this;
  }

  /** Requests to one route pattern, e.g. `seen('PATCH /bookings/*')`. */
  seen(route: string): Seen[] {
    const at = route.indexOf(' ');
    const method = route.slice(0, at).toUpperCase();
    const segments = route
      .slice(at + 1)
      .split('/')
      .filter(Boolean);
    return this.requests.filter((req) => req.method === method && matches(segments, req.path));
  }

  /** Resolves once at least `count` requests are being held. */
  waitForHeld(count: number): Promise<void> {
    if (this.held.length >= count) return Promise.resolve();
    return new Promise((resolve) => this.heldWaiters.push({ count, resolve }));
  }

  releaseHeld(): void {
    const held = this.held;
    this.held = [];
    for (const release of held) release();
  }

  async close(): Promise<void> {
    if (!this.server) return;
    for (const timer of this.timers) clearInterval(timer);
    this.releaseHeld();
    for (const socket of this.sockets) socket.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    this.server = undefined;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const seen = await recordRequest(req, BASE_PATH);
    const path = seen.path;
    this.requests.push(seen);
    const route = this.routes.find((r) => r.method === seen.method && matches(r.segments, path));
    if (!route) {
      this.unexpected.push(seen);
      return this.answer(req, res, { json: { error: `no route for ${seen.method} ${path}`, code: 'unscripted' }, status: 599 });
    }
    const answer = await route.handler(seen, route.count++);
    await this.answer(req, res, answer);
  }

  private async answer(req: IncomingMessage, res: ServerResponse, answer: Answer): Promise<void> {
    const socket = req.socket;
    if ('json' in answer) {
      const body = Buffer.from(answer.json === undefined ? '' : JSON.stringify(answer.json));
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'content-length': String(body.length), ...answer.headers });
      res.end(body);
      return;
    }
    if ('raw' in answer) {
      const body = Buffer.from(answer.raw);
      res.writeHead(answer.status ?? 200, { 'content-length': String(body.length), ...answer.headers });
      res.end(body);
      return;
    }
    if ('empty' in answer) {
      res.writeHead(answer.status, answer.headers);
      res.end();
      return;
    }
    switch (answer.fault) {
      case 'reset-before-headers':
        socket.resetAndDestroy();
        return;
      case 'reset-after-headers':
        res.writeHead(answer.status ?? 200, { 'content-type': 'application/json', 'content-length': '1000' });
        res.flushHeaders();
        setTimeout(() => socket.resetAndDestroy(), 20);
        return;
      case 'reset-mid-body': {
        const body = Buffer.from(answer.body);
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(body.length) });
        res.write(body.subarray(0, Math.floor(body.length / 2)), () => setTimeout(() => socket.resetAndDestroy(), 20));
        return;
      }
      case 'hang':
        return;
      case 'drip': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.flushHeaders();
        const timer = setInterval(() => {
          if (socket.destroyed) clearInterval(timer);
          else res.write(' ');
        }, answer.everyMs);
        this.timers.add(timer);
        socket.on('close', () => {
          clearInterval(timer);
          this.timers.delete(timer);
        });
        return;
      }
      case 'truncate':
        res.writeHead(200, { 'content-type': 'application/octet-stream', ...answer.headers, 'content-length': String(answer.declared) });
        res.write(answer.body, () => setTimeout(() => socket.destroy(), 20));
        return;
      case 'gate':
        res.writeHead(200, {
          'content-type': 'application/octet-stream',
          ...answer.headers,
          'content-length': String(answer.first.length + answer.rest.length),
        });
        res.write(answer.first, () => answer.onFirst?.());
        await answer.release;
        res.end(answer.rest);
        return;
      case 'hold': {
        await new Promise<void>((resolve) => {
          this.held.push(resolve);
          this.heldWaiters = this.heldWaiters.filter((waiter) => {
            if (this.held.length < waiter.count) return true;
            waiter.resolve();
            return false;
          });
        });
        if (!socket.destroyed) await this.answer(req, res, answer.after);
        return;
      }
    }
  }
}

function matches(segments: string[], path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  return parts.length === segments.length && segments.every((segment, i) => segment === '*' || segment === parts[i]);
}

export async function startHostileServer(): Promise<HostileServer> {
  return new HostileServer().start();
}
