// Reading an answer's body: undici's body stream, its chunks fresh buffers that may be kept.
import { CliError, ExitCode } from '../errors.js';
import type { Dispatcher } from './undici.js';

export type ResponseBody = Dispatcher.ResponseData['body'];

/** The whole body as UTF-8 text; past `limit.max` bytes, the error `limit.tooLarge` makes (the rest is dropped). */
export async function bodyText(body: ResponseBody, limit?: { max: number; tooLarge: () => Error }): Promise<string> {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (limit && bytes > limit.max) {
      body.destroy();
      throw limit.tooLarge();
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The body as UTF-8 text when it is at most `max` bytes; a larger one is handed whole, the bytes
 * already read first, to `overflow` (which streams it somewhere), and the result is undefined.
 */
export async function textOrOverflow(
  body: ResponseBody,
  max: number,
  overflow: (chunks: AsyncIterable<Buffer>) => Promise<void>,
): Promise<string | undefined> {
  // The iterator is driven by hand: leaving a for-await loop early would destroy the stream.
  const chunks = (body as AsyncIterable<Buffer>)[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  for (let bytes = 0; bytes <= max; ) {
    const next = await chunks.next();
    if (next.done) return Buffer.concat(head).toString('utf8');
    head.push(next.value);
    bytes += next.value.length;
  }
  await overflow(
    (async function* () {
      try {
        yield* head.splice(0);
        for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
      } finally {
        // A consumer that stops early (its reader went away) drops the rest of the body.
        await chunks.return?.();
      }
    })(),
  );
  return undefined;
}

/** The whole body as text, at most `max` bytes (a larger answer is exit 1, with what to do instead). */
export function readBoundedText(
  res: { headers: Record<string, string | string[] | undefined>; body: ResponseBody },
  call: string,
  max: number,
): Promise<string> {
  const declared = res.headers['content-length'];
  const length = Number(Array.isArray(declared) ? declared[0] : declared);
  const tooLarge = () =>
    new CliError(
      `the service's answer to ${call} is larger than ${Math.round(max / 1024 / 1024)} MiB, more than tripctl reads into memory`,
      ExitCode.failure,
      'ask for less at a time (--per-page, filters), or save it with tripctl api GET … --file FILE',
    );
  if (Number.isFinite(length) && length > max) {
    res.body.destroy();
    return Promise.reject(tooLarge());
  }
  return bodyText(res.body, { max, tooLarge });
}
