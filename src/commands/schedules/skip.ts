// `schedules skip --from D --to D (SCHEDULE... | --all)`: a holiday closed in one command, as a
// skip exception per date per schedule. Dates already skipped are left alone (`exists`), so a
// re-run sends nothing new. Before anything is sent it lists, per schedule, the published trips the
// service will cancel (a skipped date's trip, with its bookings) and the trips with bookings on
// those dates that keep running (not of a schedule skipped), then asks, or needs --yes. What it
// did is reported date by date, also when a date fails part-way (exit by the worst failure).
import { paginate } from '../../client/paginate.js';
import type { ActionFn } from '../../cmdkit/define.js';
import { toolsFor, unwrap } from '../../cmdkit/run-operation.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode, httpSuffix, mostSevere, usageError } from '../../errors.js';
import { confirmDestructive } from '../../cmdkit/confirm.js';
import { addDays } from '../../input/recurrence.js';
import { dayWindow } from '../../input/days.js';
import { calendarDate } from '../../input/validate.js';
import { checkId, idOf } from '../../cmdkit/ids.js';
import { localDateOf, localTimeOf, SERVICE_TIME_ZONE } from '../../input/zones.js';
import { sanitizeLine } from '../../output/sanitize.js';
import { specs } from '../../output/specs.js';
import { belongsTo, fetchSchedule, type Schedule, type Trip, tripsDeparting } from './preview.js';
interface SkipOpts {
  from?: string;
  to?: string;
  all?: boolean;
  dryRun?: boolean;
}

export type SkipResult = 'added' | 'exists' | 'would add' | 'failed' | 'not sent';

/** The longest closure one command makes: a year of dates. */
const MAX_DAYS = 366;
/** Bookings that still hold seats, which a cancelled trip takes away. */
const HOLDING = new Set(['requested', 'approved', 'boarded']);

interface PlanItem {
  schedule: Schedule;
  date: string;
  exists: boolean;
  replacesExtra: string | null | undefined;
}

export const skip: ActionFn<SkipOpts> = async (ctx, { args, opts }) => {
  const { from, to, ids: given } = checkInput(args, opts);
  const today = localDateOf(ctx.now(), SERVICE_TIME_ZONE);
  if (from < today) throw usageError(`--from ${from} is past: today is ${today} in ${SERVICE_TIME_ZONE}`, 'a skip closes dates to come');
  const ids = given && [...new Set(await Promise.all(given.map((arg) => idOf(ctx, 'scheduleId', arg))))];
  const schedules = ids ? await Promise.all(ids.map((id) => fetchSchedule(ctx, id))) : await listSchedules(ctx);
  if (schedules.length === 0) {
    ctx.info('No schedules: nothing to skip.');
    return;
  }
  const dates: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) dates.push(date);
  const plan: PlanItem[] = schedules.flatMap((schedule) =>
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
  const results: Array<{ date: string; scheduleId: string; result: SkipResult; error?: string }> = [];
  // A person reads which schedule by its route and time; a script reads the id.
  const cities = ctx.dataOutput ? [] : await toolsFor(ctx).resolver.listCities();
  const city = (id: string | undefined) => cities.find((c) => c.id === id)?.name ?? id ?? '?';
  const route = (s: { fromCityId?: string; toCityId?: string }) => `${city(s.fromCityId)} → ${city(s.toCityId)}`;
  const label = (s: Schedule) => sanitizeLine(`${route(s)} ${s.departureTime}`);
  const report = async (item: PlanItem, result: SkipResult, note = '') => {
    results.push({ date: item.date, scheduleId: item.schedule.id, result, ...(note && result === 'failed' ? { error: note } : {}) });
    const shown = result === 'failed' ? `  ${note}` : note;
    if (!ctx.dataOutput) await ctx.io.write(`${result.padEnd(9)}  ${item.date}  ${item.schedule.id}  ${label(item.schedule)}${shown}\n`);
  };
  const note = (extra: string | null | undefined) => (extra ? `  (replaces the extra departure at ${extra})` : '');

  if (toAdd.length > 0) {
    const effects = await effectsOf(ctx, toAdd, from, to);
    ctx.info(describeEffects(effects, { label, route }).join('\n'));
    if (!opts.dryRun) {
      const pairs = `${count(toAdd.length, 'date')} on ${count(new Set(toAdd.map((item) => item.schedule.id)).size, 'schedule')}`;
      const cancelled = effects.flatMap((e) => e.cancels);
      const booked = cancelled.filter((t) => t.bookings > 0).length;
      await confirmDestructive(
        ctx,
        `Skip ${pairs} (${from} to ${to})?${cancelled.length ? ` ${count(cancelled.length, 'published trip')} will be cancelled${booked ? `, ${booked} with bookings` : ''}.` : ''}`,
      );
    }
  }
  const client = opts.dryRun ? undefined : await ctx.client();
  const failures: number[] = [];
  let interrupted = false;
  for (const item of plan) {
    if (item.exists) await report(item, 'exists');
    else if (!client) await report(item, 'would add', note(item.replacesExtra));
    else if (interrupted || ctx.signal.aborted) await report(item, 'not sent');
    else {
      try {
        // The upsert replaces whatever exception the date had: sending it twice lands the same way.
        await client.request({
          method: 'POST',
          path: `/schedules/${item.schedule.id}/exceptions`,
          body: { date: item.date, kind: 'skip' },
          retrySafe: true,
        });
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        if (error.exitCode === ExitCode.interrupted) {
          interrupted = true;
          await report(item, 'not sent');
          continue;
        }
        // One date refused is reported where it happened; the other dates are still sent, and
        // the run ends with the worst failure's exit code after every date is accounted for.
        const message = sanitizeLine(`${error.message}${httpSuffix(error)}`);
        failures.push(error.exitCode);
        ctx.io.err(`tripctl: ${item.date} ${item.schedule.id}: ${message}\n`);
        await report(item, 'failed', message);
        continue;
      }
      await report(item, 'added', note(item.replacesExtra));
    }
  }
  if (ctx.dataOutput) await ctx.renderer().list([results], specs.skippedDate);
  else if (opts.dryRun) ctx.info('Dry run: nothing was sent.');
  const added = results.filter((r) => r.result === 'added').length;
  if (failures.length || interrupted) {
    const notSent = results.filter((r) => r.result === 'not sent').length;
    ctx.info(`added ${added} of ${toAdd.length}; ${failures.length} failed${notSent ? `; ${notSent} not sent (interrupted)` : ''}`);
  }
  if (interrupted) return ExitCode.interrupted;
  return mostSevere(failures);
};

/** A published trip on a closed date, and the bookings that hold seats on it. */
interface AffectedTrip {
  trip: Trip;
  bookings: number;
  seats: number;
}

/** What one schedule's skip does: the trips it cancels, and same-route trips with bookings left running. */
interface Effect {
  schedule: Schedule | undefined;
  cancels: AffectedTrip[];
  keeps: AffectedTrip[];
}

/**
 * The service cancels the published trips of a schedule on a date it skips (and their bookings);
 * every other trip on those dates runs. Per schedule: its trips cancelled, and the trips with
 * bookings on its route that keep running; then those on no route skipped (`schedule` undefined).
 */
async function effectsOf(ctx: Context, toAdd: PlanItem[], from: string, to: string): Promise<Effect[]> {
  const { from: start, to: end } = dayWindow(from, to, SERVICE_TIME_ZONE);
  const closed = new Set(toAdd.map((item) => item.date));
  const trips = (await tripsDeparting(ctx, {}, start))
    .filter((trip) => trip.status === 'published' && Date.parse(trip.departureAt!) < end && closed.has(dayOf(trip)))
    .sort((a, b) => Date.parse(a.departureAt!) - Date.parse(b.departureAt!));
  const effects = new Map<string, Effect>();
  for (const item of toAdd) effects.set(item.schedule.id, { schedule: item.schedule, cancels: [], keeps: [] });
  const others: Effect = { schedule: undefined, cancels: [], keeps: [] };
  const client = await ctx.client();
  const held = async (trip: Trip): Promise<AffectedTrip> => {
    let bookings = 0;
    let seats = 0;
    for await (const page of paginate(client, '/bookings', 'bookings', { tripId: trip.id }, { all: true }, (m) => ctx.warn(m))) {
      for (const b of page.items as Array<{ status?: string; seats?: number }>) {
        if (!HOLDING.has(b.status ?? '')) continue;
        bookings += 1;
        seats += typeof b.seats === 'number' ? b.seats : 0;
      }
    }
    return { trip, bookings, seats };
  };
  for (const trip of trips) {
    const day = dayOf(trip);
    const by = toAdd.find((item) => item.date === day && belongsTo(trip, item.schedule));
    if (by) {
      effects.get(by.schedule.id)!.cancels.push(await held(trip));
      continue;
    }
    const affected = await held(trip);
    if (affected.bookings === 0) continue;
    const sameRoute = toAdd.find(
      (item) => item.date === day && item.schedule.fromCityId === trip.fromCityId && item.schedule.toCityId === trip.toCityId,
    );
    (sameRoute ? effects.get(sameRoute.schedule.id)! : others).keeps.push(affected);
  }
  return [...effects.values(), others];
}

function dayOf(trip: Trip): string {
  return localDateOf(new Date(trip.departureAt!), SERVICE_TIME_ZONE);
}

/** The lines said before asking: per schedule what is cancelled and what runs, then a total. */
function describeEffects(effects: Effect[], names: { label: (s: Schedule) => string; route: (t: Trip) => string }): string[] {
  const lines: string[] = [];
  const tripLine = (verb: string, a: AffectedTrip, after: string) => {
    const at = new Date(a.trip.departureAt!);
    const held = a.bookings === 0 ? 'no bookings' : `${count(a.bookings, 'booking')} (${count(a.seats, 'seat')})`;
    return `  ${verb.padEnd(13)}  ${localDateOf(at, SERVICE_TIME_ZONE)} ${localTimeOf(at, SERVICE_TIME_ZONE)}  trip ${a.trip.id}  ${held}${after}`;
  };
  for (const effect of effects) {
    if (effect.cancels.length === 0 && effect.keeps.length === 0) continue;
    lines.push(
      effect.schedule ? `${names.label(effect.schedule)} (schedule ${effect.schedule.id}):` : 'Other trips with bookings on these dates:',
    );
    for (const a of effect.cancels) lines.push(tripLine('cancels', a, a.bookings ? ': its bookings are cancelled too' : ''));
    for (const a of effect.keeps)
      lines.push(
        tripLine(
          'keeps running',
          a,
          effect.schedule ? `  ${sanitizeLine(names.route(a.trip))}, not of this schedule` : `  ${sanitizeLine(names.route(a.trip))}`,
        ),
      );
  }
  const cancels = effects.flatMap((e) => e.cancels);
  const booked = cancels.filter((a) => a.bookings > 0).length;
  const keeps = effects.flatMap((e) => e.keeps).length;
  lines.push(
    `${cancels.length === 0 ? 'No published trip is cancelled' : `${count(cancels.length, 'published trip')} cancelled (${booked} with bookings)`}; ${keeps === 0 ? 'no trip with bookings on these dates keeps running' : `${count(keeps, 'trip')} with bookings on these dates keep${keeps === 1 ? 's' : ''} running`}.`,
  );
  return lines;
}

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
  // Each checked now, before any request; the start of an id is resolved after (cmdkit/ids.ts).
  for (const arg of args) checkId('scheduleId', arg);
  return { from, to, ids: opts.all ? undefined : args };
}

/** Every schedule with its exceptions: read one by one where the list does not carry them. */
async function listSchedules(ctx: Context): Promise<Schedule[]> {
  const { data } = await (await ctx.client()).request({ method: 'GET', path: '/schedules', expect: { kind: 'list', key: 'schedules' } });
  const listed = (unwrap(data, 'schedules') as Schedule[] | undefined) ?? [];
  return Promise.all(listed.map((s) => (Array.isArray(s.exceptions) ? s : fetchSchedule(ctx, s.id))));
}
