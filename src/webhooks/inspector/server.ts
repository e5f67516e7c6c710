// The inspector's HTTP server (`webhooks listen --inspect`, `webhooks inspect DIR`): the page, its
// live list of deliveries as server-sent events, and Replay. Loaded only when asked for.
//
// It listens on 127.0.0.1 alone, and every request must name the random token in its path (the
// page's own requests are relative to it) and a Host of 127.0.0.1:PORT or localhost:PORT: a page
// on another site cannot guess the token, and a DNS name rebound to 127.0.0.1 arrives with its
// own Host and is refused. A POST with an Origin must come from the page's own. The signing
// secret stays here: a replay is signed on this side (signature.ts, as the service signs) and
// the page only ever sees what was received and what the handler answered.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Forwarder, withHeader } from '../forward.js';
import { SIGNATURE_PREFIX, sign } from '../signature.js';
import type { DeliveryEvent } from '../listener-events.js';
import { type Entry, entryJson, HISTORY_LIMIT } from './entries.js';
import { History } from './history.js';
import { PAGE_CSS, pageHtml } from './page.js';
import { PAGE_SCRIPT } from './page-script.js';

export interface InspectorOptions {
  /** 0 picks a free one. */
  port: number;
  /** Where Replay sends; without it the page says how to get one. */
  forwardTo?: URL;
  /** The signing secret for replaying an entry, asked at the moment (`--register` learns it late); never sent to the page. */
  secret: (entry?: Entry) => string | undefined;
  /** The zone the page shows times in (the tool's one rule: Context.timeZone()). */
  timeZone: string;
  /** What the page is showing: a live listener, or a folder of saved deliveries. */
  source: string;
  /** The listener's own URL: where a copied curl posts when there is no --forward-to. */
  listenUrl?: string;
  forwardTimeoutMs?: number;
  now?: () => Date;
}

const SECURITY_HEADERS = {
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
  // The token is in the URL: no page it links to learns it.
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};
const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export class Inspector {
  readonly history = new History();
  // Hex: no run of it can look like a key (sk_…) to the output's masking and be cut from the printed URL.
  readonly token = randomBytes(16).toString('hex');
  private readonly tokenBytes = Buffer.from(this.token);
  private server: Server | undefined;
  private readonly streams = new Set<ServerResponse>();
  private readonly forwarder = new Forwarder();
  private heartbeat: NodeJS.Timeout | undefined;
  private port = 0;
  url = '';

  constructor(readonly opts: InspectorOptions) {}

  async start(): Promise<string> {
    const server = createServer((req, res) => {
      this.handle(req, res).catch((error: Error) => {
        if (!res.headersSent) send(res, 500, 'text/plain', `inspector error: ${error.message}`);
        else res.end();
      });
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.opts.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.address() as AddressInfo).port;
    this.url = `http://127.0.0.1:${this.port}/${this.token}/`;
    // A comment every 20 s keeps an idle stream open through anything that times out quiet ones.
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.write(': \n\n');
    }, 20_000);
    this.heartbeat.unref();
    return this.url;
  }

  /** A delivery the listener emitted, checked with the secret it was checked with. */
  addDelivery(delivery: DeliveryEvent, secret: string | undefined): void {
    const seq = this.history.record(delivery, secret);
    // With no page open nothing more: the entry is made when a page asks for it.
    if (this.streams.size > 0) this.send(this.history.get(seq)!);
  }

  /** Records an entry and sends it to every open page. */
  add(entry: Entry): void {
    this.history.add(entry);
    this.send(entry);
  }

  private send(entry: Entry): void {
    if (this.streams.size === 0) return;
    const message = `event: delivery\ndata: ${entryJson(entry)}\n\n`;
    for (const stream of this.streams) stream.write(message);
  }

  async close(): Promise<void> {
    clearInterval(this.heartbeat);
    this.forwarder.close();
    for (const stream of this.streams) stream.end();
    const server = this.server;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  private allowedHost(host: string | undefined): boolean {
    return host === `127.0.0.1:${this.port}` || host === `localhost:${this.port}`;
  }

  private tokenMatches(given: string | undefined): boolean {
    if (given === undefined) return false;
    const bytes = Buffer.from(given);
    return bytes.length === this.tokenBytes.length && timingSafeEqual(bytes, this.tokenBytes);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const host = req.headers.host;
    if (!this.allowedHost(host))
      return send(res, 403, 'text/plain', `the inspector answers only to 127.0.0.1:${this.port} and localhost:${this.port}\n`);
    const path = (req.url ?? '/').split('?')[0]!;
    const [, token, ...rest] = path.split('/');
    if (!this.tokenMatches(token))
      return send(res, 403, 'text/plain', 'this address needs the token: open the Inspector: URL that tripctl printed on stderr\n');
    const origin = req.headers.origin;
    if (req.method === 'POST' && origin !== undefined && origin !== `http://${host}`)
      return send(res, 403, 'text/plain', 'actions are taken only from the inspector page itself\n');
    const route = rest.join('/');
    // Without the last slash the page's relative addresses (app.js, events) would lose the token.
    if (rest.length === 0) return send(res, 308, 'text/plain', 'moved\n', { location: `/${this.token}/` });
    if (req.method === 'GET' && route === '')
      return send(res, 200, 'text/html; charset=utf-8', pageHtml(), { 'content-security-policy': CSP });
    if (req.method === 'GET' && route === 'app.js') return send(res, 200, 'text/javascript; charset=utf-8', PAGE_SCRIPT);
    if (req.method === 'GET' && route === 'app.css') return send(res, 200, 'text/css; charset=utf-8', PAGE_CSS);
    if (req.method === 'GET' && route === 'events') return this.stream(req, res);
    const replay = /^replay\/(\d+)$/.exec(route);
    if (replay) {
      if (req.method !== 'POST') return send(res, 405, 'text/plain', 'Replay is a POST\n');
      return this.replay(Number(replay[1]), res);
    }
    send(res, 404, 'text/plain', 'not found\n');
  }

  private stream(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { ...SECURITY_HEADERS, 'content-type': 'text/event-stream; charset=utf-8', connection: 'keep-alive' });
    const hello = {
      source: this.opts.source,
      limit: HISTORY_LIMIT,
      timeZone: this.opts.timeZone,
      forwardTo: this.opts.forwardTo?.href,
      listenUrl: this.opts.listenUrl,
    };
    res.write(`event: hello\ndata: ${JSON.stringify(hello)}\n\n`);
    for (const entry of this.history.all()) res.write(`event: delivery\ndata: ${entryJson(entry)}\n\n`);
    this.streams.add(res);
    req.on('close', () => this.streams.delete(res));
  }

  /** Sends an entry's bytes to --forward-to again, signed anew with the current secret; the answer is a new entry. */
  private async replay(seq: number, res: ServerResponse): Promise<void> {
    const original = this.history.get(seq);
    if (!original) return send(res, 404, 'application/json', JSON.stringify({ error: `delivery #${seq} is no longer kept` }));
    const target = this.opts.forwardTo;
    if (!target)
      return send(res, 409, 'application/json', JSON.stringify({ error: 'no handler to replay to: start with --forward-to URL' }));
    if (original.size > original.body.length)
      return send(
        res,
        409,
        'application/json',
        JSON.stringify({ error: 'the body was too large to keep whole; replay its saved file instead' }),
      );
    const secret = this.opts.secret(original);
    const headers =
      secret !== undefined ? withHeader(original.headers, 'X-Service-Signature', sign(secret, original.body)) : original.headers;
    const result = await this.forwarder.send(target, original.body, headers, {
      method: original.method,
      timeoutMs: this.opts.forwardTimeoutMs,
    });
    const entry: Entry = {
      ...original,
      seq: this.history.seq(),
      time: this.opts.now?.() ?? new Date(),
      headers,
      verdict: secret !== undefined ? 'valid' : original.verdict,
      reason: undefined,
      hint: undefined,
      replayOf: original.replayOf ?? original.seq,
      signing:
        secret !== undefined ? `signed anew (${SIGNATURE_PREFIX}…) with the endpoint's secret` : 'its original signature (no secret known)',
      answered: result.ok ? result.status : 0,
      handler: result.ok
        ? { status: result.status, latencyMs: result.latencyMs, body: result.body }
        : { error: `${result.kind === 'timeout' ? 'no answer in time' : 'unreachable'}: ${result.message}`, latencyMs: result.latencyMs },
      savedTo: undefined,
      json: undefined,
    };
    this.add(entry);
    send(res, 200, 'application/json', entryJson(entry));
  }
}

function send(res: ServerResponse, status: number, type: string, body: string, extra: Record<string, string> = {}): void {
  res.writeHead(status, { ...SECURITY_HEADERS, ...extra, 'content-type': type, 'content-length': String(Buffer.byteLength(body)) });
  res.end(body);
}
