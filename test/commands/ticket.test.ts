// `bookings ticket` on a terminal draws the ticket's QR data as a QR code; piped it prints the
// data as a line; -o json gives the payload as the service sent it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testContext } from '../support/context.js';
import { openSession, type SandboxSession } from '../support/sandbox.js';

let s: SandboxSession;
let bookingId: string;
beforeAll(async () => {
  s = await openSession();
  [bookingId] = (await s.run(['bookings', 'list', '--status', 'approved', '--limit', '1', '-o', 'ids'])).stdout.trim().split('\n') as [
    string,
  ];
});
afterAll(async () => {
  await s?.close();
});

async function ticket(stdoutIsTTY: boolean, extra: string[] = []) {
  const t = testContext({ stdoutIsTTY, env: { TRIPCTL_BASE_URL: s.sandbox.baseUrl, TRIPCTL_API_KEY: s.sandbox.keys.full } });
  const code = await t.run(['bookings', 'ticket', bookingId, ...extra]);
  t.cleanup();
  return { code, out: t.out(), err: t.err() };
}

describe('bookings ticket', () => {
  it('draws a QR code on a terminal', async () => {
    const { code, out, err } = await ticket(true);
    expect(code, err).toBe(0);
    expect(out).toMatch(/[▀▄█]{10,}/);
    expect(out).not.toMatch(/^qr\t/m);
  });

  it('prints the QR data as a line when piped, and the payload with -o json', async () => {
    const piped = await ticket(false);
    expect(piped.out).toMatch(/^qr\t\S+$/m);
    expect(piped.out).not.toMatch(/[▀▄█]/);
    const json = await ticket(false, ['-o', 'json']);
    const payload = JSON.parse(json.out) as { bookingId: string; qr: string };
    expect(payload.bookingId).toBe(bookingId);
    expect(piped.out).toContain(`qr\t${payload.qr}`);
  });
});
