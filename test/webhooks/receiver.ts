// A test receiver standing in for the operator's webhook handler: it records each request's
// exact bytes and raw headers and answers with whatever the test scripts (a status, a delay, or
// nothing at all). Plain node:http on loopback.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Received {
  method: string;
  url: string;
  rawHeaders: string[];
  headers: IncomingMessage['headers'];
  body: Buffer;
}

export type Answer = { status: number; body?: string; delayMs?: number } | 'hang';

export class Receiver {
  readonly received: Received[] = [];
  /** Answers in order; once empty, `fallback`. */
  readonly answers: Answer[] = [];
  fallback: Answer = { status: 200, body: 'ok' };
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private waiters: Array<() => void> = [];
  url = '';

  async start(path = '/hooks'): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.server.on('connection', (socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${path}`;
    return this;
  }

  /** Resolves once `count` requests have arrived. */
  waitFor(count: number, timeoutMs = 10_000): Promise<Received[]> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (this.received.length >= count) {
          clearTimeout(timer);
          this.waiters = this.waiters.filter((w) => w !== check);
          resolve(this.received.slice(0, count));
        }
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== check);
        reject(new Error(`receiver got ${this.received.length} of ${count} requests`));
      }, timeoutMs);
      this.waiters.push(check);
      check();
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    this.received.push({
      method: req.method ?? '',
      url: req.url ?? '',
      rawHeaders: req.rawHeaders,
      headers: req.headers,
      body: Buffer.concat(chunks),
    });
    for (const waiter of [...this.waiters]) waiter();
    const answer = this.answers.shift() ?? this.fallback;
    if (answer === 'hang') return;
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    res.writeHead(answer.status, { 'content-type': 'text/plain' });
    res.end(answer.body ?? '');
  }

  async close(): Promise<void> {
    if (!this.server) return;
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }
}

/** Raw header pairs without the hop-by-hop ones a forwarder may rewrite. */
export function endToEndHeaders(raw: string[]): Array<[string, string]> {
  const hop = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive']);
  const pairs: Array<[string, string]> = [];
  for (let i = 0; i < raw.length; i += 2) if (!hop.has(raw[i]!.toLowerCase())) pairs.push([raw[i]!, raw[i + 1]!]);
  return pairs;
}
