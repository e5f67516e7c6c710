import { uuid } from '../../input/validate.js';
import { terminalWidth } from '../../output/render.js';
import { sanitizeLine } from '../../output/sanitize.js';
import { BULK_ACTIONS, type BulkVerb } from './index.js';
import { AlreadyDone, collectIds, runBulk } from '../../cmdkit/bulk.js';
import { ApiError } from '../../errors.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { unwrap } from '../../cmdkit/run-operation.js';

export function bulkAction(verb: BulkVerb): ActionFn<{ concurrency: number }> {
  const action = BULK_ACTIONS[verb];
  return async (ctx, { args, opts }) => {
    // A variadic argument arrives as one array among the positional arguments.
    const ids = await collectIds(ctx, args.flat());
    // A protected profile asks here, with the count, rather than at the first request.
    if (ids.length) await ctx.beforeWrite?.(`${action.ask} ${ids.length} booking${ids.length === 1 ? '' : 's'}`);
    const client = await ctx.client();
    return runBulk(ctx, ids, {
      done: action.done,
      concurrency: opts.concurrency,
      act: async (id) => {
        const path = `/bookings/${id.toLowerCase()}`;
        try {
          const { data } = await client.request({
            method: action.method,
            path: `${path}${action.path}`,
            body: action.body,
            // Setting a status, or marking boarded, lands the same way twice.
            retrySafe: true,
            expect: { kind: 'object', key: 'booking' },
          });
          return unwrap(data, 'booking');
        } catch (error) {
          // The service refused the move: when the booking already is as asked (a re-run, cron
          // running twice), that is done, not failed. Any other state keeps the service's error.
          if (!(error instanceof ApiError) || !refusedMove(error.status)) throw error;
          const booking = await client
            .request({ method: 'GET', path, expect: { kind: 'object', key: 'booking' } })
            .then(({ data }) => unwrap(data, 'booking') as Record<string, unknown> | null)
            .catch(() => null);
          if (booking && action.reached(booking)) return new AlreadyDone(booking);
          throw error;
        }
      },
      describe: (booking) => {
        const status = (booking as { status?: unknown } | null)?.status;
        return typeof status === 'string' ? status : action.done;
      },
    });
  };
}

/**
 * A 4xx that can mean "not from this state": not a missing key or scope (401, 403), an unknown
 * booking (404) or a rate limit (429), where reading the booking would not help.
 */
function refusedMove(status: number): boolean {
  return status >= 400 && status < 500 && ![401, 403, 404, 429].includes(status);
}

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
  const { qr, ...rest } = ticket;
  if (ctx.io.stdoutIsTTY) {
    // Labelled lines (output/ticket.ts), then the code: 9 lines, a blank one and 21 of QR fit 35 rows.
    const { ticketView } = await import('../../output/ticket.js');
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
    const { qrWidth, renderQr } = await import('../../output/qr.js');
    const needed = qrWidth(qr);
    if (needed <= terminalWidth(ctx.io.columns)) return ctx.io.out(`\n${renderQr(qr)}`);
    ctx.io.out(`qr\t${sanitizeLine(qr)}\n`);
    ctx.info(`(the QR code needs ${needed} columns; this terminal has ${terminalWidth(ctx.io.columns)})`);
    return;
  }
  ctx.io.out(`qr\t${sanitizeLine(qr)}\n`);
  if (ctx.io.stdoutIsTTY && qr !== '') ctx.info('(the QR code is drawn in black and white, so only when colour is on)');
};
