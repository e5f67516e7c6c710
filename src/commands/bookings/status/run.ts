// `tripctl bookings approve|reject|cancel|board|no-show ID…`: the one runner of the five status
// moves, each declared in moves.ts; a re-run meets "already approved" and says so (exit 0).
import { BULK_ACTIONS, type BulkVerb } from './moves.js';
import { AlreadyDone, collectIds, runBulk } from '../../../cmdkit/bulk.js';
import { ApiError } from '../../../errors.js';
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
        try {
          const { data } = await client.request({
            method: action.method,
            path: `${path}${action.path}`,
            body: action.body,
            // Setting a status, or marking boarded, lands the same way twice.
            retrySafe: true,
            expect: { kind: 'object', key: 'booking' },
            // A retry refused after a lost answer is judged by the client (client/repeat.ts).
            reached: (current) => action.reached((unwrap(current, 'booking') ?? {}) as Record<string, unknown>),
          });
          return unwrap(data, 'booking');
        } catch (error) {
          // The service refused the move on its first try: when the booking already is as asked
          // (a re-run, cron running twice), that is done, not failed. Any other state keeps the service's error.
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
