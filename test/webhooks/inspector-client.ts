// A small client of the inspector page's server for tests: its URL from the command's stderr,
// plain requests with any Host or Origin (fetch cannot set Host), and its event stream read as
// the page reads it (server-sent events: `event:` and `data:` lines).
import { request } from 'node:http';

export interface InspectorAddress {
  url: string;
  port: number;
  token: string;
}

/** The one `Inspector: http://127.0.0.1:PORT/TOKEN/` line in what a command wrote on stderr. */
export function inspectorAddress(stderr: string): InspectorAddress | undefined {
  const match = /^Inspector: (http:\/\/127\.0\.0\.1:(\d+)\/([0-9a-f]{32})\/)$/m.exec(stderr);
  return match ? { url: match[1]!, port: Number(match[2]), token: match[3]! } : undefined;
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One request to 127.0.0.1:port with exactly the Host (and other headers) given. */
export function ask(port: number, path: string, opts: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method: opts.method ?? 'GET', headers: { host: `127.0.0.1:${port}`, ...opts.headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

export interface StreamEvent {
  event: string;
  data: unknown;
}

/** The page's event stream: every event so far, the raw text, and a way to wait for one. */
export class EventStream {
  readonly events: StreamEvent[] = [];
  raw = '';
  private pending = '';
  private close: () => void = () => {};

  static open(address: InspectorAddress): Promise<EventStream> {
    const stream = new EventStream();
    return new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port: address.port, path: `/${address.token}/events` }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`events answered ${res.statusCode}`));
        res.setEncoding('utf8');
        res.on('data', (text: string) => stream.push(text));
        resolve(stream);
      });
      stream.close = () => req.destroy();
      req.on('error', (error) => (stream.events.length ? undefined : reject(error)));
      req.end();
    });
  }

  private push(text: string): void {
    this.raw += text;
    this.pending += text;
    let end = this.pending.indexOf('\n\n');
    while (end >= 0) {
      const block = this.pending.slice(0, end);
      this.pending = this.pending.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data !== undefined) this.events.push({ event, data: JSON.parse(data) });
      end = this.pending.indexOf('\n\n');
    }
  }

  /** The deliveries received so far (the entries the page lists). */
  deliveries<T = Record<string, unknown>>(): T[] {
    return this.events.filter((e) => e.event === 'delivery').map((e) => e.data as T);
  }

  async waitForDeliveries(count: number, timeoutMs = 10_000): Promise<Array<Record<string, unknown>>> {
    const deadline = Date.now() + timeoutMs;
    while (this.deliveries().length < count) {
      if (Date.now() > deadline) throw new Error(`the stream gave ${this.deliveries().length} of ${count} deliveries:\n${this.raw}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.deliveries();
  }

  end(): void {
    this.close();
  }
}
