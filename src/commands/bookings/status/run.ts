// `tripctl bookings approve|reject|cancel|board|no-show ID…`: the one runner of the five status
// moves, each declared in moves.ts; a re-run meets "already approved" and says so (exit 0).
import { BULK_ACTIONS, type BulkVerb } from './moves.js';
import { AlreadyDone, collectIds, runBulk } from '../../../cmdkit/bulk.js';
import type { ActionFn } from '../../../cmdkit/define.js';
import { unwrap } from '../../../cmdkit/run-operation.js';

export function bulkAction(verb: BulkVerb): ActionFn<{ concurrency: number }> {
  const action = BULK_ACTIONS[verb];
  return async (ctx, { args, opts }) => {
    // A variadic argument arrives as one array among the positional arguments.
    const ids = await collectIds(ctx, args.flat(), 'bookingId');
    // A protected profile asks here, with the count of bookings that will be written (each once;
    // not an id that named none), rather than at the first request.
    const writes = ids.filter((id) => typeof id === 'string').length;
    if (writes) await ctx.beforeWrite?.(`${action.ask} ${writes} booking${writes === 1 ? '' : 's'}`);
    const client = await ctx.client();
    return runBulk(ctx, ids, {
      done: action.done,
      concurrency: opts.concurrency,
      act: async (id) => {
        const path = `/bookings/${id.toLowerCase()}`;
        const { data, already } = await client.request({
          method: action.method,
          path: `${path}${action.path}`,
          body: action.body,
          // Setting a status, or marking boarded, lands the same way twice.
          retrySafe: true,
          expect: { kind: 'object', key: 'booking' },
          // A refusal (a re-run, cron running twice; or a retry's after a lost answer) is judged by
          // the client against this state: a booking already as asked is done, not failed (client/repeat.ts).
          reached: (current) => action.reached((unwrap(current, 'booking') ?? {}) as Record<string, unknown>),
        });
        const booking = unwrap(data, 'booking');
        return already ? new AlreadyDone(booking) : booking;
      },
      describe: (booking) => {
        const status = (booking as { status?: unknown } | null)?.status;
        return typeof status === 'string' ? status : action.done;
      },
    });
  };
}
