// Helpers for running `webhooks listen` in-process (through main() with the test context) and
// posting signed deliveries to it over loopback.
import type { TestContext } from '../support/context.js';
import { sign } from '../../src/webhooks/signature.js';

export interface RunningListen {
  t: TestContext;
  /** The URL of the Ready line. */
  url: string;
  /** Aborts the context's signal (what Ctrl-C does) and resolves with the exit code. */
  stop: () => Promise<number>;
}

/** Starts `webhooks listen --port 0 …` in a context made by `context(signal)`; resolves once it is ready. */
export async function startListen(context: (signal: AbortSignal) => TestContext, args: string[]): Promise<RunningListen> {
  const controller = new AbortController();
  const t = context(controller.signal);
  const done = t.run(['webhooks', 'listen', '--port', '0', ...args]);
  let ready: RegExpExecArray | null = null;
  for (let i = 0; i < 1000 && !ready; i++) {
    ready = /Ready: listening on (\S+?),/.exec(t.err());
    if (!ready) {
      const early = await Promise.race([done, new Promise((resolve) => setTimeout(() => resolve('wait'), 10))]);
      if (early !== 'wait') throw new Error(`listen ended with ${String(early)}: ${t.err()}`);
    }
  }
  if (!ready) throw new Error(`listener not ready: ${t.err()}`);
  return {
    t,
    url: ready[1]!,
    stop: async () => {
      controller.abort();
      return await done;
    },
  };
}

/** Posts a delivery signed with `secret`; resolves with the listener's status. */
export async function deliver(url: string, body: Buffer, id: string, secret: string, event = 'booking.approved'): Promise<number> {
  const res = await fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-service-event': event,
      'x-service-delivery': id,
      'x-service-signature': sign(secret, body),
    },
  });
  await res.arrayBuffer();
  return res.status;
}

/** Waits until `probe` gives a value (polling every 10 ms), or fails after `timeoutMs`. */
export async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
