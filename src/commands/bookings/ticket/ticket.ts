import { usageError } from '../../../errors.js';
import { sanitizeLine } from '../../../output/sanitize.js';
import type { ActionFn } from '../../../cmdkit/define.js';
import { unwrap } from '../../../cmdkit/run-operation.js';
import { idOf } from '../../../cmdkit/ids.js';

interface Ticket {
  qr?: unknown;
  [key: string]: unknown;
}

interface TicketOptions {
  format?: 'png' | 'pdf';
  file?: string;
  force?: boolean;
  trip?: string;
  all?: boolean;
}

export const showTicket: ActionFn<TicketOptions> = async (ctx, { args, opts }) => {
  if (opts.format !== undefined) {
    const { saveTicketFiles } = await import('./files.js');
    return saveTicketFiles(ctx, args[0], { ...opts, format: opts.format });
  }
  if (opts.file !== undefined || opts.force || opts.trip !== undefined || opts.all)
    throw usageError('--file, --force, --trip and --all go with --format png or pdf');
  if (args[0] === undefined) throw usageError('missing bookingId');
  const id = await idOf(ctx, 'bookingId', args[0]);
  const client = await ctx.client();
  const { data } = await client.request({ method: 'GET', path: `/bookings/${id}/ticket`, expect: { kind: 'object', key: 'ticket' } });
  const ticket = unwrap(data, 'ticket') as Ticket;
  const { qr, ...rest } = ticket;
  if (ctx.records) {
    // An assistant reads the ticket as a person does (the route by name, the local departure), and its code.
    const { ticketView } = await import('../../../output/ticket.js');
    const { view, spec } = ticketView(rest);
    if (typeof qr === 'string' && qr !== '') {
      view.qr = qr;
      spec.columns.push({ header: 'QR', path: 'qr' });
    }
    await ctx.renderer().object(view, spec);
    // The ticket itself, as an image a client can show or send to the passenger.
    if (ctx.attach) {
      const { ticketImage } = await import('./files.js');
      const { name, png } = await ticketImage(ctx, id);
      ctx.attach({ name, mimeType: 'image/png', data: png });
    }
    return;
  }
  if (ctx.dataOutput) {
    await ctx.renderer().object(ticket);
    return;
  }
  if (ctx.io.stdoutIsTTY) {
    // Labelled lines (output/ticket.ts), then the code: 9 lines, a blank one and 21 of QR fit 35 rows.
    const { ticketView } = await import('../../../output/ticket.js');
    const { view, spec } = ticketView(rest);
    await ctx.renderer().object(view, spec);
  } else {
    // Piped: the service's fields as they are (nested ones as a.b), as scripts read them.
    await ctx.renderer().object(rest);
  }
  // The code names its own black and white (see output/qr.ts), so it needs colour: where colour
  // is turned off, the QR data is printed as a line instead.
  if (typeof qr !== 'string') return;
  if (qr !== '' && ctx.io.stdoutIsTTY && ctx.colorEnabled) {
    const { drawQr, qrModules } = await import('../../../output/qr.js');
    const modules = qrModules(qr);
    const needed = modules.length;
    if (needed <= ctx.io.columns) return ctx.io.out(`\n${drawQr(modules)}`);
    ctx.io.out(`qr\t${sanitizeLine(qr)}\n`);
    ctx.info(`(the QR code needs ${needed} columns; this terminal has ${ctx.io.columns})`);
    return;
  }
  ctx.io.out(`qr\t${sanitizeLine(qr)}\n`);
  if (ctx.io.stdoutIsTTY && qr !== '') ctx.info('(the QR code is drawn in black and white, so only when colour is on)');
};
