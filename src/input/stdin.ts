import type { Readable } from 'node:stream';
import { InterruptedError } from '../errors.js';

/**
 * Everything on a stream (stdin), or an InterruptedError as soon as the signal fires: Ctrl-C while
 * a command waits on `sleep 30 | tripctl bookings approve -` must end with 130, not be read as an
 * empty queue and succeed.
 */
export async function readAll(stream: Readable, signal?: AbortSignal): Promise<Buffer> {
  if (signal?.aborted) throw new InterruptedError();
  const chunks: Buffer[] = [];
  return new Promise<Buffer>((resolve, reject) => {
    const onData = (chunk: Buffer | string) => chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    const finish = (error?: Error) => {
      stream.off('data', onData);
      stream.off('end', onEnd);
      stream.off('error', finish);
      signal?.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve(Buffer.concat(chunks));
    };
    const onEnd = () => finish();
    const onAbort = () => {
      stream.pause();
      finish(new InterruptedError());
    };
    stream.on('data', onData);
    stream.once('end', onEnd);
    stream.once('error', finish);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
