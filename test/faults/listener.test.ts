// `webhooks listen` prints one line per delivery from what a (possibly hostile) sender put in the
// body: escape sequences, C1, bidi and line breaks must not reach the terminal or forge a line.
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { HOSTILE } from './hostile-text.js';
import { forbiddenIn, KEY, lines } from './support.js';

const SECRET = 'whsec_faultsuitelistenersecret0123';

function sign(body: Buffer): string {
  return `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
}

async function listen(stdoutIsTTY: boolean) {
  const controller = new AbortController();
  const t = testContext({
    signal: controller.signal,
    stdoutIsTTY,
    columns: 200,
    env: { TRIPCTL_BASE_URL: 'http://127.0.0.1:9/api/partner/v1', TRIPCTL_API_KEY: KEY, NO_COLOR: '1' },
  });
  const done = t.run(['webhooks', 'listen', '--port', '0', '--secret', SECRET]);
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
          const res = await fetch(url, {
            method: 'POST',
            body,
            headers: {
              'content-type': 'application/json',
              'x-service-event': 'booking.approved',
              'x-service-delivery': `evt_${index}`,
              'x-service-signature': sign(body),
            },
          });
          await res.arrayBuffer();
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
