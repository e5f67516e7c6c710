// What the request loop (http.ts) gets back from either way of sending a request: undici's pool
// for JSON calls, or a download's own connection (direct.ts). Both give a status, the headers
// and a body read through one small interface, so retries, redirects and errors are decided once.
import type { Writable } from 'node:stream';
import type { Dispatcher } from './undici.js';

export type Headers = Record<string, string | string[] | undefined>;

/** Response headers larger than this are an error (node's own default for node:http). */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface ResponseBody {
  /** Whether a chunk is overwritten by the next read (then whoever keeps it keeps a copy). */
  readonly reusesBuffer: boolean;
  /**
   * Hands each chunk to onChunk in order and settles when the body has ended (or failed). A
   * chunk may be a view of a buffer the next read reuses: keep a copy, never the chunk. When
   * onChunk returns a promise, nothing more is read until it settles (the caller's backpressure).
   */
  each(onChunk: (chunk: Buffer) => void | Promise<void>): Promise<void>;
  /** Drops the rest of the body. */
  dump(): Promise<void>;
  destroy(): void;
  /** Runs once the body is done with: read to the end, dropped, or broken. */
  onClose(fn: () => void): void;
}

export interface Exchange {
  statusCode: number;
  headers: Headers;
  body: ResponseBody;
}

/** undici's answer in the shared shape; its chunks are fresh buffers, kept as they are. */
export function fromUndici(res: Dispatcher.ResponseData): Exchange {
  const body = res.body;
  return {
    statusCode: res.statusCode,
    headers: res.headers,
    body: {
      reusesBuffer: false,
      async each(onChunk) {
        for await (const chunk of body) {
          const wait = onChunk(chunk as Buffer);
          if (wait) await wait;
        }
      },
      dump: () => body.dump(),
      destroy: () => body.destroy(),
      onClose: (fn) => void body.once('close', fn),
    },
  };
}

/** The whole body as UTF-8 text; past `limit.max` bytes, the error `limit.tooLarge` makes. */
export async function bodyText(body: ResponseBody, limit?: { max: number; tooLarge: () => Error }): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  await body.each((chunk) => {
    bytes += chunk.length;
    if (limit && bytes > limit.max) throw limit.tooLarge();
    // A direct body's chunk is its read buffer, which the next read overwrites.
    chunks.push(body.reusesBuffer ? Buffer.from(chunk) : chunk);
  });
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Hands each chunk to a stream and waits until the stream is done with it, so a reused read
 * buffer is never overwritten while queued, and a slow reader slows the download, not memory.
 */
export function writeEach(writer: Writable): (chunk: Buffer) => Promise<void> {
  return (chunk) => new Promise((resolve, reject) => writer.write(chunk, (error) => (error ? reject(error) : resolve())));
}
