// `webhooks listen` prints one line per delivery from what a (possibly hostile) sender put in the
// body: escape sequences, C1, bidi and line breaks must not reach the terminal or forge a line.
import { createHmac } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { HOSTILE } from './hostile-text.js';
import { forbiddenIn, KEY, lines } from './support.js';

const SECRET = 'whsec_faultsuitelistenersecret0123';

function sign(body: Buffer): string {
  return `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
}

/** One signed delivery, as the service sends it. */
function deliver(url: string, index: number, body: Buffer): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'application/json',
      'x-service-event': 'booking.approved',
      'x-service-delivery': `evt_${index}`,
      'x-service-signature': sign(body),
    },
  });
}

async function listen(stdoutIsTTY: boolean, extra: string[] = []) {
  const controller = new AbortController();
  const t = testContext({
    signal: controller.signal,
    stdoutIsTTY,
    columns: 200,
    env: { TRIPCTL_BASE_URL: 'http://127.0.0.1:9/api/partner/v1', TRIPCTL_API_KEY: KEY, NO_COLOR: '1' },
  });
  const done = t.run(['webhooks', 'listen', '--port', '0', '--secret', SECRET, ...extra]);
  let ready: RegExpExecArray | null = null;
  for (let i = 0; i < 500 && !ready; i++) {
    ready = /Ready: listening on (\S+?),/.exec(t.err());
    if (!ready) {
      const early = await Promise.race([done, new Promise((resolve) => setTimeout(() => resolve('wait'), 10))]);
      if (early !== 'wait') throw new Error(`listen ended with ${String(early)}: ${t.err()}`);
    }
  }
  if (!ready) throw new Error(`listener not ready: ${t.err()}`);
  const stop = async () => {
    controller.abort();
    return done;
  };
  return { t, url: ready[1]!, stop };
}

describe('webhooks listen with hostile deliveries', () => {
  it.each([false, true])(
    'stdout is a terminal: %s — one clean line a delivery',
    async (tty) => {
      const { t, url, stop } = await listen(tty);
      try {
        for (const [index, [, text]] of HOSTILE.entries()) {
          const body = Buffer.from(
            JSON.stringify({
              id: `evt_${index}${text}`,
              event: `booking.approved${text}`,
              apiVersion: '2026-08-21',
              occurredAt: '2026-08-21T10:00:00.000Z',
              data: { id: `b${text}`, status: `approved${text}`, tripId: `t${text}` },
            }),
          );
          await (await deliver(url, index, body)).arrayBuffer();
        }
      } finally {
        expect(await stop()).toBe(0);
      }
      expect(forbiddenIn(t.out())).toEqual([]);
      expect(forbiddenIn(t.err())).toEqual([]);
      if (!tty) expect(lines(t.out())).toHaveLength(HOSTILE.length);
    },
    30_000,
  );
});

describe('webhooks listen --forward-to a handler that never answers', () => {
  it('100 forwards to it at once (64 hung, the rest waiting for a socket), then a stop: Node prints no MaxListenersExceededWarning', async () => {
    const hung: ServerResponse[] = [];
    const handler = createServer((_req, res) => hung.push(res));
    await new Promise<void>((resolve) => handler.listen(0, '127.0.0.1', resolve));
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const target = `http://127.0.0.1:${(handler.address() as { port: number }).port}/hook`;
    const { t, url, stop } = await listen(false, ['--forward-to', target]);
    try {
      const deliveries = Array.from({ length: 100 }, (_, index) =>
        deliver(url, index, Buffer.from(JSON.stringify({ id: `evt_${index}`, event: 'booking.approved', data: { id: `b${index}` } }))).then(
          (res) => res.arrayBuffer(),
          () => undefined,
        ),
      );
      // The forwarder keeps 64 sockets per handler: 64 hung there, the others queued behind them.
      for (let i = 0; i < 1000 && hung.length < 64; i++) await new Promise((resolve) => setTimeout(resolve, 10));
      expect(hung.length).toBe(64);
      expect(await stop()).toBe(0);
      await Promise.all(deliveries);
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('MaxListeners'))).toEqual([]);
    } finally {
      await stop();
      process.off('warning', onWarning);
      for (const res of hung) res.destroy();
      handler.closeAllConnections();
      await new Promise<void>((resolve) => handler.close(() => resolve()));
      t.cleanup();
    }
  }, 60_000);
});
