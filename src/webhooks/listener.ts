// Longer than most files, on purpose: the per-delivery path (read, verify, save, forward, answer) is kept in one
// class so its cost can be profiled and kept minimal (test/bench/listen-profile.mjs).
// The engine behind `tripctl webhooks listen`: a local HTTP server that takes the service's
// signed deliveries, checks each signature over the exact bytes received, optionally saves and
// forwards them, and answers. It prints nothing: it emits typed events (listener-events.ts) and
// the command renders them, so tests and the benchmark drive it in-process.
//
// The request path is plain callbacks, not async functions, and does per delivery only what a
// feature needs (one Date, one object for the event, one retry-index update): at thousands of
// deliveries a second, promises and microtasks would cost more than the HMAC does.
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Forwarder, FORWARD_TIMEOUT_MS, forwardOutcome } from './forward.js';
import type { DeliveryEvent, ListenerEvents, Verdict } from './listener-events.js';
import { RetryIndex } from './retry-index.js';
import { deliveryRecord, savedFileName, writeSaved } from './saved.js';
import { DELIVERY_HEADER, EVENT_HEADER, SIGNATURE_HEADER, signatureMatches, signingKey, type SigningKey, verify } from './signature.js';

export type { DeliveryEvent, ForwardOutcome, ListenerEvents, PathNotice, RejectedEvent, Verdict } from './listener-events.js';

/** Bodies of booking events are a few hundred bytes; 1 MiB leaves room and still stops abuse. */
export const DEFAULT_MAX_BODY = 1 << 20;

export interface ListenerOptions {
  host?: string;
  port?: number;
  /** Only POSTs to this path are deliveries (others get 404); without it, any path is. */
  path?: string;
  /** The path deliveries should arrive on (the registered URL's): a 'path-differs' event, once, when one does not. */
  expectedPath?: string;
  /** The endpoint's signing secret; without it every delivery is `unchecked`. */
  secret?: string;
  /** Pass on deliveries whose signature fails (they are still checked when a secret is known). */
  skipVerify?: boolean;
  forwardTo?: URL;
  forwardTimeoutMs?: number;
  maxBody?: number;
  /** Only these event names are shown and forwarded; others are answered 200 and marked ignored. */
  events?: readonly string[];
  saveDir?: string;
  /** Recorded in saved files, so `replay` can find the secret in the profile. */
  endpointId?: string;
  now?: () => Date;
}

export class Listener extends EventEmitter<ListenerEvents> {
  readonly opts: Required<Pick<ListenerOptions, 'host' | 'port' | 'maxBody' | 'forwardTimeoutMs'>> & ListenerOptions;
  private server: Server | undefined;
  private readonly forwarder = new Forwarder();
  private readonly retries = new RetryIndex();
  private readonly events: Set<string> | undefined;
  private readonly now: () => Date;
  private saved = 0;
  /** The time of the last delivery and its millisecond: deliveries within one share it. */
  private lastTime: Date | undefined;
  private lastMs = Number.NaN;
  private secretKey: SigningKey | undefined;
  /** Whether a delivery on another path than `expectedPath` has been reported. */
  private pathReported = false;
  private closing: AbortController = new AbortController();
  url = '';

  constructor(opts: ListenerOptions) {
    super();
    this.opts = {
      ...opts,
      host: opts.host ?? '127.0.0.1',
      port: opts.port ?? 4242,
      maxBody: opts.maxBody ?? DEFAULT_MAX_BODY,
      forwardTimeoutMs: opts.forwardTimeoutMs ?? FORWARD_TIMEOUT_MS,
    };
    this.events = opts.events ? new Set(opts.events) : undefined;
    this.secretKey = opts.secret !== undefined ? signingKey(opts.secret) : undefined;
    this.now = opts.now ?? (() => new Date());
  }

  /** Starts listening; rejects with the server's error (EADDRINUSE…) when it cannot. */
  async start(): Promise<string> {
    const server = createServer((req, res) => {
      try {
        this.handle(req, res);
      } catch (error) {
        this.fail(res, error as Error);
      }
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.opts.port, this.opts.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    server.on('error', (error) => this.emit('error', error));
    const { port } = server.address() as AddressInfo;
    const host = this.opts.host.includes(':') ? `[${this.opts.host}]` : this.opts.host;
    const path = this.opts.path ?? '/';
    this.url = `http://${host}:${port}${path}`;
    this.emit('ready', { url: this.url, host: this.opts.host, port, path });
    return this.url;
  }

  /** Sets the secret once it is known (`--register` learns it after the server is up). */
  setSecret(secret: string, endpointId?: string): void {
    this.opts.secret = secret;
    this.secretKey = signingKey(secret);
    if (endpointId !== undefined) this.opts.endpointId = endpointId;
  }

  /** Sets the path deliveries should arrive on, once it is known (the registered URL's). */
  expectPath(path: string): void {
    this.opts.expectedPath = path;
  }

  /** Stops accepting, ends keep-alive connections and abandons forwards in flight. */
  async close(): Promise<void> {
    this.closing.abort();
    this.forwarder.close();
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const url = req.url ?? '/';
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    if (this.opts.path !== undefined && path !== this.opts.path)
      return this.reject(req, res, 404, `not the listening path (${this.opts.path})`);
    if (req.method !== 'POST') return this.reject(req, res, 405, 'deliveries are POST requests');
    const declared = Number(rawHeader(req.rawHeaders, 'content-length', 'Content-Length'));
    if (declared > this.opts.maxBody)
      return this.reject(req, res, 413, `body of ${declared} bytes is over --max-body ${this.opts.maxBody}`);
    const expected = this.opts.expectedPath;
    if (expected !== undefined && path !== expected && !this.pathReported) {
      this.pathReported = true;
      this.emit('path-differs', { path: path.slice(0, 200), expected });
    }

    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.length;
      if (size > this.opts.maxBody) {
        over = true;
        chunks.length = 0;
        req.pause();
        this.reject(req, res, 413, `body is over --max-body ${this.opts.maxBody} bytes`);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (over) return;
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size);
      try {
        this.received(req, res, body);
      } catch (error) {
        this.fail(res, error as Error);
      }
    });
  }

  private fail(res: ServerResponse, error: Error): void {
    this.emit('error', error);
    if (!res.headersSent) respond(res, 500, 'listener error');
  }

  /**
   * The clock, asked at most once a millisecond: a busy listener gets several deliveries in one,
   * and a Date made for each was a measurable share of its own work per delivery.
   */
  private time(): Date {
    const ms = Date.now();
    if (ms !== this.lastMs || this.lastTime === undefined) {
      this.lastMs = ms;
      this.lastTime = this.now();
    }
    return this.lastTime;
  }

  private received(req: IncomingMessage, res: ServerResponse, body: Buffer): void {
    const time = this.time();
    const raw = req.rawHeaders;
    let verdict: Verdict = 'unchecked';
    let reason: string | undefined;
    if (this.secretKey !== undefined) {
      const signature = rawHeader(raw, SIGNATURE_HEADER, 'X-Service-Signature');
      if (signatureMatches(this.secretKey, body, signature)) verdict = 'valid';
      else {
        // The slow path, for the words: missing, malformed or not matching.
        const result = verify(this.secretKey, body, signature);
        verdict = result.ok ? 'valid' : 'invalid';
        if (!result.ok) reason = result.message;
      }
    }
    const envelope = parseJson(body);
    const env = (typeof envelope === 'object' && envelope !== null ? envelope : {}) as {
      id?: unknown;
      event?: unknown;
      data?: { id?: unknown; status?: unknown };
    };
    const data = typeof env.data === 'object' && env.data !== null ? env.data : {};
    const event = rawHeader(raw, EVENT_HEADER, 'X-Service-Event') ?? str(env.event);
    const deliveryId = rawHeader(raw, DELIVERY_HEADER, 'X-Service-Delivery') ?? str(env.id);
    const accepted = verdict !== 'invalid' || this.opts.skipVerify === true;
    // Only deliveries that passed count towards retries: a forged copy of a real id would
    // otherwise make the genuine one look like a retry.
    const attempt = accepted && deliveryId !== undefined ? this.retries.attempt(deliveryId) : 1;
    const ignored = accepted && this.events !== undefined && event !== undefined && event !== 'webhook.test' && !this.events.has(event);

    const delivery: DeliveryEvent = {
      time,
      path: req.url ?? '/',
      event,
      deliveryId,
      objectId: str(data.id),
      objectStatus: str(data.status),
      verdict,
      reason,
      attempt,
      retry: attempt > 1,
      ignored,
      answered: 0,
      envelope,
      body,
      headers: raw,
    };
    if (this.opts.saveDir === undefined) return this.answer(res, delivery, accepted);
    const file = savedFileName(time, ++this.saved, deliveryId);
    writeSaved(this.opts.saveDir, file, deliveryRecord(delivery, req.method ?? 'POST', this.opts.endpointId))
      .then(
        (saved) => {
          delivery.savedTo = saved;
        },
        (error: Error) => this.emit('warning', `could not save delivery ${deliveryId ?? ''}: ${error.message}`),
      )
      .then(() => this.answer(res, delivery, accepted))
      .catch((error: Error) => this.fail(res, error));
  }

  private answer(res: ServerResponse, delivery: DeliveryEvent, accepted: boolean): void {
    if (!accepted) {
      delivery.answered = 400;
      respond(res, 400, `invalid signature: ${delivery.reason ?? ''}`);
      this.emit('delivery', delivery);
    } else if (this.opts.forwardTo && !delivery.ignored) {
      this.forwarder
        .send(this.opts.forwardTo, delivery.body, delivery.headers, { timeoutMs: this.opts.forwardTimeoutMs, signal: this.closing.signal })
        .then((result) => {
          delivery.forward = forwardOutcome(result);
          if (result.ok) {
            delivery.answered = result.status;
            delivery.handlerBody = result.body;
            const type = result.headers['content-type'];
            res.writeHead(result.status, { 'content-length': String(result.body.length), ...(type ? { 'content-type': type } : {}) });
            res.end(result.body);
          } else {
            delivery.answered = result.kind === 'timeout' ? 504 : 502;
            respond(
              res,
              delivery.answered,
              `handler ${result.kind === 'timeout' ? 'did not answer in time' : 'unreachable'}: ${result.message}`,
            );
          }
          this.emit('delivery', delivery);
        })
        .catch((error: Error) => this.fail(res, error));
    } else {
      delivery.answered = 200;
      res.writeHead(200, OK_HEADERS);
      res.end();
      this.emit('delivery', delivery);
    }
  }

  private reject(req: IncomingMessage, res: ServerResponse, status: number, reason: string): void {
    if (status === 413) res.setHeader('connection', 'close');
    respond(res, status, reason);
    // An oversized body is not read: the connection is closed once the answer is out.
    if (status === 413) res.on('finish', () => req.socket.destroy());
    else req.resume();
    this.emit('rejected', { time: this.now(), method: req.method ?? '', path: (req.url ?? '').slice(0, 200), status, reason });
  }
}

// No body: the service reads only the status, and `end()` without a chunk is one write of the
// head, where a body makes node cork and writev the pieces (the listener's hottest path).
const OK_HEADERS = { 'content-length': '0' };

function respond(res: ServerResponse, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}

/**
 * A header's first value straight from the raw list (cheaper than building req.headers). The
 * name as the service spells it is one comparison; only another spelling of the same length is
 * lower-cased (a lower-cased copy of every name was a tenth of the listener's own work).
 */
function rawHeader(raw: string[], lowerName: string, usualName: string): string | undefined {
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name === usualName || (name.length === lowerName.length && name.toLowerCase() === lowerName)) return raw[i + 1];
  }
  return undefined;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;
}

function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
