import { uuid } from '../../input/validate.js';
import { sanitizeLine } from '../../output/sanitize.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { unwrap } from '../../cmdkit/run-operation.js';

interface Ticket {
  qr?: unknown;
  [key: string]: unknown;
}

export const showTicket: ActionFn = async (ctx, { args }) => {
  const id = uuid('bookingId', args[0] ?? '');
  const client = await ctx.client();
  const { data } = await client.request({ method: 'GET', path: `/bookings/${id}/ticket`, expect: { kind: 'object', key: 'ticket' } });
  const ticket = unwrap(data, 'ticket') as Ticket;
  if (ctx.dataOutput) {
    await ctx.renderer().object(ticket);
    return;
  }
  // The ticket's shape is the service's to choose: its fields, nested ones as a.b, then the QR.
  const { qr, ...rest } = ticket;
  await ctx.renderer().object(rest);
  // The code names its own black and white (see output/qr.ts), so it needs colour: where colour
  // is turned off, the QR data is printed as a line instead.
  if (typeof qr === 'string' && qr !== '' && ctx.io.stdoutIsTTY && ctx.colorEnabled) {
    const { renderQr } = await import('../../output/qr.js');
    ctx.io.out(`\n${renderQr(qr)}`);
  } else if (typeof qr === 'string') {
    ctx.io.out(`qr\t${sanitizeLine(qr)}\n`);
    if (ctx.io.stdoutIsTTY && qr !== '') ctx.info('(the QR code is drawn in black and white, so only when colour is on)');
  }
};
