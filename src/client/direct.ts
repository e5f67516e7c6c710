// A download's own HTTP/1.1 exchange, read into one buffer that every socket read reuses.
// (Over 300 lines: one state machine — head, framing, hand-over with backpressure, end — whose
// states read best side by side; the parsing of a head and of framing headers is apart below.)
//
// Why not undici (which every JSON call uses): each socket read there is a fresh 64 KiB buffer
// that lives until V8 collects it, and V8 collects such external memory only every 64 MB or so;
// a 200 MB export peaked at 96 MiB and ran at half of curl's rate through the body stream. Read
// into one reused buffer and written before the next read, the same export stays near the
// process's resting size and outruns curl (npm run bench, "streams"). It is deliberately small:
// one GET, `Connection: close`, a status line and headers, and a body framed by Content-Length,
// chunked encoding or the end of the connection. Redirects, retries, time-outs and errors stay
// in the request loop (http.ts), as for every call; proxies stay with undici.
import { connect as netConnect, type Socket } from 'node:net';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import type { Exchange, Headers, ResponseBody } from './exchange.js';

/** Bytes read from the socket at a time, into the one buffer. */
const READ_BYTES = 256 * 1024;
/** Longest chunk-size line (hex digits and extensions) accepted in a chunked body. */
const MAX_CHUNK_LINE = 1024;

export interface DirectOptions {
  method: 'GET';
  headers: Record<string, string>;
  signal: AbortSignal;
  /** The status line and headers together may not be larger than this. */
  maxHeaderBytes: number;
}

/** A failure of this exchange, with a code the request loop's retry rules know (failures.ts). */
function failure(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

/** The body ended before its declared end: retried like a reset for requests safe to repeat. */
const premature = () => failure('other side closed before the whole answer arrived', 'ECONNRESET');

type Framing =
  | { kind: 'length'; left: number }
  | { kind: 'chunked'; state: 'size' | 'data' | 'data-end' | 'trailer'; left: number; line: string }
  | { kind: 'close' };

export function directRequest(url: URL, opts: DirectOptions): Promise<Exchange> {
  return new DirectExchange(url, opts).answer;
}

class DirectExchange implements ResponseBody {
  readonly reusesBuffer = true;
  readonly answer: Promise<Exchange>;
  private readonly socket: Socket;
  private readonly signal: AbortSignal;
  private readonly maxHeaderBytes: number;
  private answered!: (exchange: Exchange) => void;
  private refused!: (error: Error) => void;
  private head: Buffer = Buffer.alloc(0);
  private framing: Framing | undefined;
  /** Bytes of the last read not yet handed on; the socket stays paused while there are any. */
  private pending: Buffer | undefined;
  private consumer: ((chunk: Buffer) => void | Promise<void>) | undefined;
  private consumed: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private waiting = false;
  /** The server has closed its side; what was read before it is still handed on. */
  private endSeen = false;
  private done = false;
  private error: Error | undefined;
  private readonly onAbort = () => this.socket.destroy(failure('the request was aborted', 'ABORT_ERR'));

  constructor(url: URL, opts: DirectOptions) {
    this.signal = opts.signal;
    this.maxHeaderBytes = opts.maxHeaderBytes;
    this.answer = new Promise((resolve, reject) => {
      this.answered = resolve;
      this.refused = reject;
    });
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const secure = url.protocol === 'https:';
    const port = Number(url.port) || (secure ? 443 : 80);
    const lines = [`${opts.method} ${url.pathname}${url.search} HTTP/1.1`, `host: ${url.host}`, 'connection: close'];
    for (const [name, value] of Object.entries(opts.headers)) {
      // Values come from tripctl itself (the key is checked for white space before any request).
      if (/[\r\n]/.test(value)) throw failure(`the ${name} header has a line break`, 'ERR_INVALID_CHAR');
      lines.push(`${name}: ${value}`);
    }
    const onread = { buffer: Buffer.allocUnsafe(READ_BYTES), callback: (bytes: number, buffer: Buffer) => this.read(buffer, bytes) };
    this.socket = secure
      ? // tls.connect takes `onread` too (Node's documentation); @types/node leaves it out.
        tlsConnect({
          host,
          port,
          servername: /^[\d.]+$|:/.test(host) ? undefined : host,
          ALPNProtocols: ['http/1.1'],
          onread,
        } as ConnectionOptions)
      : netConnect({ host, port, onread });
    this.socket.on('error', (error) => this.fail(error));
    this.socket.on('end', () => {
      this.endSeen = true;
      if (!this.waiting) this.pump();
    });
    // A close after the end is the end's business (the last bytes may still be being written).
    this.socket.on('close', () => {
      if (!this.endSeen) this.fail(premature());
    });
    if (this.signal.aborted) this.onAbort();
    else this.signal.addEventListener('abort', this.onAbort, { once: true });
    this.socket.write(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  }

  // ResponseBody

  each(onChunk: (chunk: Buffer) => void | Promise<void>): Promise<void> {
    if (this.consumer) return Promise.reject(new Error('the body is already being read'));
    this.consumer = onChunk;
    const whole = new Promise<void>((resolve, reject) => {
      this.consumed = { resolve, reject };
    });
    if (this.done) this.settle();
    else if (this.pump()) this.socket.resume();
    return whole;
  }

  async dump(): Promise<void> {
    this.destroy();
  }

  destroy(): void {
    this.fail(failure('the rest of the answer was dropped', 'ABORT_ERR'));
  }

  onClose(fn: () => void): void {
    if (this.socket.closed) fn();
    else this.socket.once('close', fn);
  }

  // The socket's side

  /** A socket read: false pauses the socket until the bytes are handed on (or the body ends). */
  private read(buffer: Buffer, bytes: number): boolean {
    if (this.done) return false;
    const data = buffer.subarray(0, bytes);
    if (!this.framing) return this.readHead(data);
    this.pending = data;
    return this.pump();
  }

  private readHead(data: Buffer): boolean {
    const seen = this.head.length;
    this.head = Buffer.concat([this.head, data]);
    const end = this.head.indexOf('\r\n\r\n');
    if (end < 0) {
      if (this.head.length > this.maxHeaderBytes) this.fail(failure('the answer headers are too large', 'UND_ERR_HEADERS_OVERFLOW'));
      return !this.done;
    }
    if (end > this.maxHeaderBytes) {
      this.fail(failure('the answer headers are too large', 'UND_ERR_HEADERS_OVERFLOW'));
      return false;
    }
    const rest = data.subarray(end + 4 - seen);
    let parsed: { statusCode: number; headers: Headers };
    try {
      parsed = parseHead(this.head.toString('latin1', 0, end));
    } catch (error) {
      this.fail(error as Error);
      return false;
    }
    this.head = Buffer.alloc(0);
    // 1xx answers (100 Continue, 103 Early Hints) come before the real one.
    if (parsed.statusCode < 200) return rest.length ? this.readHead(rest) : true;
    try {
      this.framing = framingOf(parsed.statusCode, parsed.headers);
    } catch (error) {
      this.fail(error as Error);
      return false;
    }
    this.answered({ ...parsed, body: this });
    this.pending = rest;
    // Until the caller starts reading the body, the socket waits.
    return this.pump();
  }

  /**
   * Hands pending bytes to the consumer, framed. True when they are all handed on and the next
   * read may come; false when the socket must wait (no consumer yet, a write in flight, the end).
   */
  private pump(): boolean {
    while (!this.done && !this.waiting) {
      const pending = this.pending;
      if (this.framing?.kind === 'length' && this.framing.left === 0) return this.complete();
      if (!pending || pending.length === 0) {
        this.pending = undefined;
        if (!this.endSeen) return true;
        // The connection has ended: the end of a body framed by it, else too early.
        if (this.framing?.kind === 'close') return this.complete();
        this.fail(premature());
        return false;
      }
      if (!this.consumer) return false;
      let chunk: Buffer;
      try {
        chunk = this.nextChunk(pending);
      } catch (error) {
        this.fail(error as Error);
        return false;
      }
      if (this.framing?.kind === 'chunked' && this.framing.state === 'trailer' && this.framing.line === 'end') return this.complete();
      if (chunk.length === 0) continue;
      let wait: void | Promise<void>;
      try {
        wait = this.consumer(chunk);
      } catch (error) {
        this.fail(error as Error);
        return false;
      }
      if (wait) {
        this.waiting = true;
        wait.then(
          () => {
            this.waiting = false;
            if (this.pump()) this.socket.resume();
          },
          (error: Error) => {
            this.waiting = false;
            this.fail(error);
          },
        );
        return false;
      }
    }
    return false;
  }

  /** The next piece of body data in `pending`, consuming framing bytes on the way. */
  private nextChunk(pending: Buffer): Buffer {
    const framing = this.framing!;
    if (framing.kind === 'close') {
      this.pending = undefined;
      return pending;
    }
    if (framing.kind === 'length') {
      const take = Math.min(framing.left, pending.length);
      framing.left -= take;
      this.pending = pending.subarray(take);
      return pending.subarray(0, take);
    }
    if (framing.state === 'data') {
      const take = Math.min(framing.left, pending.length);
      framing.left -= take;
      if (framing.left === 0) framing.state = 'data-end';
      this.pending = pending.subarray(take);
      return pending.subarray(0, take);
    }
    // Size lines, the CRLF after each chunk and the trailer: read a byte at a time (a few bytes).
    let at = 0;
    while (at < pending.length && framing.state !== 'data') {
      const byte = pending[at++]!;
      if (byte !== 0x0a) {
        framing.line += String.fromCharCode(byte);
        if (framing.line.length > MAX_CHUNK_LINE) throw failure('a chunk-size line is too long', 'HPE_INVALID_CHUNK_SIZE');
        continue;
      }
      const line = framing.line.replace(/\r$/, '');
      framing.line = '';
      if (framing.state === 'data-end') {
        if (line !== '') throw failure('a chunk did not end where its size said', 'HPE_INVALID_CHUNK_SIZE');
        framing.state = 'size';
      } else if (framing.state === 'size') {
        const size = /^([0-9a-fA-F]{1,12})[ \t]*(;.*)?$/.exec(line);
        if (!size) throw failure('a chunk size is not a hexadecimal number', 'HPE_INVALID_CHUNK_SIZE');
        framing.left = Number.parseInt(size[1]!, 16);
        framing.state = framing.left === 0 ? 'trailer' : 'data';
      } else if (line === '') {
        framing.line = 'end';
        break;
      }
    }
    this.pending = pending.subarray(at);
    return pending.subarray(0, 0);
  }

  private complete(): false {
    this.finish();
    this.settle();
    return false;
  }

  private fail(error: Error): void {
    if (this.done) return;
    this.error = error;
    this.finish();
    this.refused(error);
    this.settle();
  }

  /** Closes the connection (one exchange each) and drops the abort listener. */
  private finish(): void {
    if (this.done) return;
    this.done = true;
    this.pending = undefined;
    this.signal.removeEventListener('abort', this.onAbort);
    this.socket.destroy();
  }

  private settle(): void {
    if (!this.consumed) return;
    const { resolve, reject } = this.consumed;
    this.consumed = undefined;
    if (this.error) reject(this.error);
    else resolve();
  }
}

function parseHead(text: string): { statusCode: number; headers: Headers } {
  const lines = text.split('\r\n');
  const status = /^HTTP\/1\.[01] ([1-9]\d\d)(?: .*)?$/.exec(lines[0]!);
  if (!status) throw failure('the answer is not HTTP/1.1', 'HPE_INVALID_CONSTANT');
  const headers: Headers = Object.create(null);
  for (const line of lines.slice(1)) {
    const match = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+):[ \t]*(.*?)[ \t]*$/.exec(line);
    if (!match) throw failure('an answer header is malformed', 'HPE_INVALID_HEADER_TOKEN');
    const name = match[1]!.toLowerCase();
    const value = match[2]!;
    const seen = headers[name];
    headers[name] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return { statusCode: Number(status[1]), headers };
}

function framingOf(status: number, headers: Headers): Framing {
  // These never have a body, whatever their headers say (RFC 9112, 6.3).
  if (status === 204 || status === 304) return { kind: 'length', left: 0 };
  const encoding = [headers['transfer-encoding'] ?? []].flat().join(',').toLowerCase();
  if (encoding) {
    if (!/(^|,)\s*chunked\s*$/.test(encoding)) return { kind: 'close' };
    return { kind: 'chunked', state: 'size', left: 0, line: '' };
  }
  const lengths = [headers['content-length'] ?? []].flat();
  if (lengths.length === 0) return { kind: 'close' };
  const values = new Set(lengths.flatMap((value) => value.split(',')).map((value) => value.trim()));
  const [length] = values;
  if (values.size !== 1 || !/^\d{1,15}$/.test(length!))
    throw failure('the answer has an invalid Content-Length', 'HPE_UNEXPECTED_CONTENT_LENGTH');
  return { kind: 'length', left: Number(length) };
}
