// A request's deadline, apart from the client so the client reads as the request loop it is.
import { InterruptedError } from '../errors.js';

/**
 * One request's deadline, from connect to the last byte (curl's --max-time, not a time-out
 * between bytes: a server that drips a byte a second still ends in time), tied to the command's
 * interrupt. It owns exactly one listener on the command's signal, removed when it is disposed,
 * so a thousand requests leave no listeners behind.
 */
export class Deadline {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly parent: AbortSignal | undefined;
  private readonly onAbort = () => this.controller.abort(this.parent?.reason);
  timedOut = false;

  constructor(ms: number, parent: AbortSignal | undefined) {
    this.parent = parent;
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(new Error('deadline'));
    }, ms);
    if (parent?.aborted) this.onAbort();
    else parent?.addEventListener('abort', this.onAbort, { once: true });
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.parent?.removeEventListener('abort', this.onAbort);
  }
}

/** Waits `ms` (a backoff before a retry); an interrupt ends the wait at once, as InterruptedError. */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new InterruptedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new InterruptedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
