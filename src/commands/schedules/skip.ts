// `schedules skip --from D --to D (SCHEDULE... | --all)`: a holiday closed in one command, as a
// skip exception per date per schedule. Dates already skipped are left alone (`exists`), so a
// re-run sends nothing new. Before anything is sent it counts the published trips with bookings
// on those dates (the service cancels a skipped date's trip) and asks, or needs --yes.
import { paginate } from '../../client/paginate.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { toolsFor, unwrap } from '../../cmdkit/run-operation.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { confirmDestructive } from '../../cmdkit/confirm.js';
import { addDays } from '../../input/recurrence.js';
import { calendarDate, dateTime, uuid } from '../../input/validate.js';
import { localDateOf, SERVICE_TIME_ZONE } from '../../input/zones.js';
import { sanitizeLine } from '../../output/sanitize.js';
import { specs } from '../../output/specs.js';
import { belongsTo, fetchSchedule, type Schedule, tripsDeparting } from './preview.js';

interface SkipOpts {
  from?: string;
  to?: string;
  all?: boolean;
  dryRun?: boolean;
}

export type SkipResult = 'added' | 'exists' | 'would add';

/** The longest closure one command makes: a year of dates. */
const MAX_DAYS = 366;
/** Bookings that still hold seats, which a cancelled trip takes away. */
const HOLDING = new Set(['requested', 'approved', 'boarded']);

export const skip: ActionFn<SkipOpts> = async (ctx, { args, opts }) => {
  const { from, to, ids } = checkInput(args, opts);
  const today = localDateOf(ctx.now(), SERVICE_TIME_ZONE);
  if (from < today) throw usageError(`--from ${from} is past: today is ${today} in ${SERVICE_TIME_ZONE}`, 'a skip closes dates to come');
  const schedules = ids ? await Promise.all(ids.map((id) => fetchSchedule(ctx, id))) : await listSchedules(ctx);
  if (schedules.length === 0) {
    ctx.info('No schedules: nothing to skip.');
    return;
  }
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  const plan = schedules.flatMap((schedule) =>
    dates.map((date) => {
      const exception = schedule.exceptions?.find((e) => e.date === date);
      return {
        schedule,
        date,
        exists: exception?.kind === 'skip',
        replacesExtra: exception?.kind === 'extra' ? exception.departureTime : undefined,
      };
    }),
  );
  const toAdd = plan.filter((item) => !item.exists);
  const results: Array<{ date: string; scheduleId: string; result: SkipResult }> = [];
  // A person reads which schedule by its route and time; a script reads the id.
  const cities = ctx.dataOutput ? [] : await toolsFor(ctx).resolver.listCities();
  const city = (id: string | undefined) => cities.find((c) => c.id === id)?.name ?? id ?? '?';
  const label = (s: Schedule) => sanitizeLine(`${city(s.fromCityId)} → ${city(s.toCityId)} ${s.departureTime}`);
  const report = async (date: string, schedule: Schedule, result: SkipResult, note = '') => {
    results.push({ date, scheduleId: schedule.id, result });
    if (!ctx.dataOutput) await ctx.io.write(`${result.padEnd(9)}  ${date}  ${schedule.id}  ${label(schedule)}${note}\n`);
  };
  const note = (extra: string | null | undefined) => (extra ? `  (replaces the extra departure at ${extra})` : '');

  if (toAdd.length > 0) {
    const booked = await bookedTrips(
      ctx,
      toAdd.map((item) => item.schedule),
      new Set(toAdd.map((item) => item.date)),
      from,
      to,
    );
    ctx.info(
      booked === 0
        ? 'No published trip with bookings falls on these dates.'
        : booked === 1
          ? '1 published trip with bookings falls on these dates; the service may cancel it and its bookings.'
          : `${booked} published trips with bookings fall on these dates; the service may cancel them and their bookings.`,
    );
    if (!opts.dryRun) {
      const pairs = `${count(toAdd.length, 'date')} on ${count(new Set(toAdd.map((item) => item.schedule.id)).size, 'schedule')}`;
      await confirmDestructive(
        ctx,
        `Skip ${pairs} (${from} to ${to})?${booked ? ` ${count(booked, 'booked trip')} may be cancelled.` : ''}`,
      );
    }
  }
  const client = opts.dryRun ? undefined : await ctx.client();
  for (const item of plan) {
    if (item.exists) await report(item.date, item.schedule, 'exists');
    else if (!client) await report(item.date, item.schedule, 'would add', note(item.replacesExtra));
    else {
      // The upsert replaces whatever exception the date had: sending it twice lands the same way.
      await client.request({
        method: 'POST',
        path: `/schedules/${item.schedule.id}/exceptions`,
        body: { date: item.date, kind: 'skip' },
        retrySafe: true,
      });
      await report(item.date, item.schedule, 'added', note(item.replacesExtra));
    }
  }
  if (ctx.dataOutput) await ctx.renderer().list([results], specs.skippedDate);
  else if (opts.dryRun) ctx.info('Dry run: nothing was sent.');
};

const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function checkInput(given: string[], opts: SkipOpts): { from: string; to: string; ids: string[] | undefined } {
  // A variadic argument arrives as one array among the processed arguments.
  const args = given.flat();
  const missing = [opts.from === undefined && '--from', opts.to === undefined && '--to'].filter(Boolean);
  if (missing.length) throw usageError(`missing ${missing.join(', ')}`, 'e.g. --from 2027-12-24 --to 2027-12-26');
  const from = calendarDate('--from', opts.from!);
  const to = calendarDate('--to', opts.to!);
  if (to < from) throw usageError(`--to ${to} is before --from ${from}`);
  if (addDays(from, MAX_DAYS - 1) < to) throw usageError(`at most ${MAX_DAYS} dates at once; ${from} to ${to} is more`);
  if (opts.all && args.length) throw usageError('give schedule ids or --all, not both');
  if (!opts.all && args.length === 0) throw usageError('which schedules? give their ids, or --all for every schedule');
  return { from, to, ids: opts.all ? undefined : [...new Set(args.map((arg) => uuid('scheduleId', arg)))] };
}

/** Every schedule with its exceptions: read one by one where the list does not carry them. */
async function listSchedules(ctx: Context): Promise<Schedule[]> {
  const { data } = await (await ctx.client()).request({ method: 'GET', path: '/schedules', expect: { kind: 'list', key: 'schedules' } });
  const listed = (unwrap(data, 'schedules') as Schedule[] | undefined) ?? [];
  return Promise.all(listed.map((s) => (Array.isArray(s.exceptions) ? s : fetchSchedule(ctx, s.id))));
}

/** How many published trips of these schedules, on these local dates, have bookings that hold seats. */
async function bookedTrips(ctx: Context, schedules: Schedule[], dates: Set<string>, from: string, to: string): Promise<number> {
  const start = Date.parse(dateTime('--from', `${from} 00:00`, SERVICE_TIME_ZONE));
  const end = Date.parse(dateTime('--to', `${addDays(to, 1)} 00:00`, SERVICE_TIME_ZONE));
  const unique = [...new Map(schedules.map((s) => [s.id, s])).values()];
  const trips = (await tripsDeparting(ctx, {}, start)).filter(
    (trip) =>
      trip.status === 'published' &&
      Date.parse(trip.departureAt!) < end &&
      dates.has(localDateOf(new Date(trip.departureAt!), SERVICE_TIME_ZONE)) &&
      unique.some((s) => belongsTo(trip, s)),
  );
  const client = await ctx.client();
  let booked = 0;
  for (const trip of trips) {
    for await (const page of paginate(client, '/bookings', 'bookings', { tripId: trip.id }, { all: true }, (m) => ctx.warn(m))) {
      if ((page.items as Array<{ status?: string }>).some((b) => HOLDING.has(b.status ?? ''))) {
        booked += 1;
        break;
      }
    }
  }
  return booked;
}
