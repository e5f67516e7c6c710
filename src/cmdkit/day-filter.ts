// `trips list --date today`: the items of a list the service orders newest first (by an instant
// field) that fall on some local days, soonest first. Pages are walked from the newest and the walk
// stops at the first page that reaches before the first day, so today's trips cost the pages of
// the future and of today, not the company's whole history.
import type { ApiClient } from '../client/http.js';
import { paginate } from '../client/paginate.js';
import type { QueryValue } from '../client/url.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { dayFlagsWindow } from '../input/days.js';

/** The window of `--date`, `--from-date`, `--to-date`, checked before any request (the runner asks first). */
export function daysAsked(ctx: Context, opts: Record<string, unknown>): { from: number; to: number } | undefined {
  const window = dayFlagsWindow(opts, ctx.settings().timeZone, ctx.now());
  if (window && (opts.page !== undefined || opts.all === true))
    throw usageError('--date, --from-date and --to-date walk the pages themselves: leave out --page and --all');
  return window;
}

export async function byDays(
  ctx: Context,
  client: ApiClient,
  path: string,
  key: string,
  query: Record<string, unknown>,
  field: string,
  opts: Record<string, unknown>,
  window: { from: number; to: number },
): Promise<unknown[]> {
  // Every value was checked before any request (daysAsked, with this machine's clock); `today` is
  // then the service's today, known from the Date header of its first answer (Context.serviceNow).
  let current = window;
  let judged = false;
  const found: Array<{ at: number; item: unknown }> = [];
  const limit = typeof opts.limit === 'number' ? opts.limit : Number.POSITIVE_INFINITY;
  walk: for await (const page of paginate(
    client,
    path,
    key,
    query as Record<string, QueryValue>,
    { all: true, perPage: opts.perPage as number | undefined },
    (m) => ctx.warn(m),
  )) {
    if (!judged) {
      judged = true;
      current = dayFlagsWindow(opts, ctx.settings().timeZone, ctx.serviceNow()) ?? window;
    }
    for (const item of page.items) {
      const at = Date.parse(String((item as Record<string, unknown> | null)?.[field]));
      if (Number.isNaN(at)) continue;
      // Newest first: once an item is before the window, every later one is too.
      if (at < current.from) break walk;
      if (at < current.to) found.push({ at, item });
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, limit)
    .map((entry) => entry.item);
}
