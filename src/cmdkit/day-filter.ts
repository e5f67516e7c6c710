// `trips list --date today`: the items of a list the service orders newest first (by an instant
// field) that fall on some local days, soonest first. Pages are walked from the newest and the walk
// stops at the first page that reaches before the first day, so today's trips cost the pages of
// the future and of today, not the company's whole history.
import type { ApiClient } from '../client/http.js';
import { paginate } from '../client/paginate.js';
import type { QueryValue } from '../client/url.js';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { dayWindow, localDay } from '../input/days.js';

export async function byDays(
  ctx: Context,
  client: ApiClient,
  path: string,
  key: string,
  query: Record<string, unknown>,
  field: string,
  opts: Record<string, unknown>,
): Promise<unknown[]> {
  if (opts.page !== undefined || opts.all === true)
    throw usageError('--date, --from-date and --to-date walk the pages themselves: leave out --page and --all');
  const { timeZone } = ctx.settings();
  const windowAt = (now: Date) => {
    const day = (flag: string, value: unknown) => (typeof value === 'string' ? localDay(flag, value, timeZone, now) : undefined);
    const first = day('--date', opts.date) ?? day('--from-date', opts.fromDate);
    const last = day('--date', opts.date) ?? day('--to-date', opts.toDate);
    if (first !== undefined && last !== undefined && first > last) throw usageError(`--from-date ${first} is after --to-date ${last}`);
    return dayWindow(first ?? '1970-01-01', last ?? '9999-12-30', timeZone);
  };
  // Every value is checked before any request; `today` is then the service's today, known from
  // the Date header of its first answer (Context.serviceNow).
  let window = windowAt(ctx.now());
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
      window = windowAt(ctx.serviceNow());
    }
    for (const item of page.items) {
      const at = Date.parse(String((item as Record<string, unknown> | null)?.[field]));
      if (Number.isNaN(at)) continue;
      // Newest first: once an item is before the window, every later one is too.
      if (at < window.from) break walk;
      if (at < window.to) found.push({ at, item });
    }
  }
  return found
    .sort((a, b) => a.at - b.at)
    .slice(0, limit)
    .map((entry) => entry.item);
}
