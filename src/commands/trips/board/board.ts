// `tripctl trips board TRIP`: a boarding station at the coach door. Lines come from a person, a
// paste or a USB barcode scanner (a keyboard that types the ticket's QR text and Enter); each is
// matched to a booking of the trip by the UUID in it, whatever the ticket format around it. On a
// terminal every verdict is a coloured line with the running count, a refusal also rings the
// bell; piped, one tab-separated line per input line (or one JSON object with -o json/ndjson).
import { createInterface } from 'node:readline';
import { runBulk } from '../../../cmdkit/bulk.js';
import { bulkReport } from '../../../cmdkit/bulk-output.js';
import type { ActionFn } from '../../../cmdkit/define.js';
import { unwrap } from '../../../cmdkit/run-operation.js';
import type { Context } from '../../../context.js';
import { CliError, ExitCode, mostSevere, usageError } from '../../../errors.js';
import { sanitizeLine } from '../../../output/sanitize.js';
import { BoardPrinter, localTime } from './printer.js';
import { BoardingJournal } from './journal.js';
import { BoardingStation, VERDICT_EXIT } from './station.js';
import { idOf } from '../../../cmdkit/ids.js';

interface BoardOptions {
  sync?: boolean;
  noShowRest?: boolean;
  /** commander's negation of --no-show-rest is `showRest: false`. */
  showRest?: boolean;
  retryEvery: number;
}

/** Reads lines until end of input, `q`, or an interrupt; each is scanned in order. */
async function readScans(
  ctx: Context,
  station: BoardingStation,
  printer: BoardPrinter,
  tty: boolean,
): Promise<{ codes: number[]; interrupted: boolean }> {
  const rl = createInterface({ input: ctx.io.stdin, output: tty ? ctx.io.stderr : undefined, terminal: tty, prompt: 'scan> ' });
  let interrupted = false;
  const stop = () => {
    interrupted = true;
    rl.close();
  };
  // On a terminal readline owns Ctrl-C (raw mode); piped, the process's SIGINT aborts the context.
  rl.on('SIGINT', stop);
  ctx.signal.addEventListener('abort', stop, { once: true });
  const codes: number[] = [];
  let quit = false;
  if (tty) {
    rl.prompt();
    printer.reprompt = () => rl.prompt(true);
  }
  try {
    for await (const line of rl) {
      const text = line.trim();
      if (text === 'q' || text === 'quit') {
        quit = true;
        break;
      }
      if (text !== '') {
        const verdict = await station.scan(text);
        printer.verdict(verdict);
        codes.push(VERDICT_EXIT[verdict.kind]);
      }
      if (tty) rl.prompt();
    }
  } finally {
    printer.reprompt = undefined;
    ctx.signal.removeEventListener('abort', stop);
    rl.close();
  }
  // Ctrl-D and Ctrl-C leave the cursor after `scan> `: what follows starts on a line of its own.
  if (tty && !quit) ctx.io.err('\n');
  return { codes, interrupted };
}

export const board: ActionFn<BoardOptions> = async (ctx, { args, opts }) => {
  const tripId = await idOf(ctx, 'tripId', args[0] ?? '');
  const settings = ctx.settings();
  const noShowRest = opts.noShowRest === true || opts.showRest === false;
  const journal = BoardingJournal.open(ctx.config.dir, tripId, settings.baseUrl ?? '');
  const station = new BoardingStation(ctx, tripId, journal);
  const tty = ctx.io.stdinIsTTY && ctx.io.stderrIsTTY;
  const printer = new BoardPrinter(ctx, station, tty && !opts.sync);

  const loaded = await station.load();
  const { route, departureAt, status } = journal.data.trip ?? { route: tripId };
  // A protected profile asks once, before the first scan, not in the middle of boarding (where a
  // refusal would look like a failed send).
  await ctx.beforeWrite?.(`board passengers on ${route}`);
  if (!opts.sync) await checkTrip(ctx, route, status, departureAt);
  if (loaded === 'saved')
    ctx.warn(
      `offline (${station.link.offlineReason}): using the manifest saved at ${localTime(ctx, journal.data.manifest!.loadedAt, true)}`,
    );
  if (loaded === 'none')
    ctx.warn(
      `offline (${station.link.offlineReason}) and no manifest of this trip is saved here: every scan is queued and checked once the service answers`,
    );
  if (journal.data.pending.length && !station.link.offline) {
    ctx.info(`${journal.data.pending.length} boarding(s) queued from before; syncing…`);
    printer.synced(await station.sync());
  }
  let codes: number[] = [];
  if (!opts.sync) {
    const { total } = station.counts;
    const state = status
      ? ` · ${sanitizeLine(status)}${loaded === 'fresh' ? '' : ' (as saved)'}`
      : loaded === 'none'
        ? ' · state unknown (offline)'
        : '';
    ctx.info(
      `Boarding ${route}${departureAt ? `, ${localTime(ctx, departureAt, true)} (${ctx.timeZone()})` : ''}${state} · ${station.passengers.length} passengers, ${total} seats`,
    );
    if (tty) ctx.info('Scan a ticket or type a booking id; q or Ctrl-D to finish.');
    // Queued boardings are retried in the background while the station runs; a station that
    // started offline also fetches the manifest again once the service answers.
    const timer = setInterval(() => {
      const retry = station.journal.data.pending.length
        ? station.sync().then((events) => printer.synced(events))
        : station.link.offline
          ? station.link.serial(() => station.load())
          : undefined;
      retry?.catch(() => undefined);
    }, opts.retryEvery * 1000);
    try {
      const read = await readScans(ctx, station, printer, tty);
      codes = read.codes;
      if (read.interrupted) throw new CliError('interrupted', ExitCode.interrupted);
    } catch (error) {
      // However the session ends early (Ctrl-C, even mid-request), what is queued stays queued.
      if (journal.data.pending.length)
        ctx.info(
          `${journal.data.pending.length} boarding(s) kept in ${journal.path}; send them with: tripctl trips board ${tripId} --sync`,
        );
      throw error;
    } finally {
      clearInterval(timer);
    }
  }
  // The end: what is queued is sent now, or the command says how to send it later.
  if (journal.data.pending.length) printer.synced(await station.sync());
  const { boarded, total, queued } = station.counts;
  ctx.info(`${boarded} of ${total} seats boarded${queued ? ` (${queued} queued)` : ''}.`);
  if (journal.data.pending.length) {
    throw new CliError(
      `${journal.data.pending.length} boarding(s) could not be sent (${station.link.offlineReason}); they are kept in ${journal.path}`,
      ExitCode.network,
      `send them when the network is back: tripctl trips board ${tripId} --sync`,
    );
  }
  // --sync asks nothing: it marks no-shows only when told to.
  return mostSevere([...codes, ...station.droppedCodes, await noShows(ctx, station, tripId, noShowRest, tty && !opts.sync)]);
};

/** More than this before departure, a station is most likely opened on the wrong trip. */
const EARLY_MS = 24 * 3_600_000;

/**
 * A cancelled or completed trip, or one that leaves more than a day from now, is most likely the
 * wrong one: asked on a terminal, and needs --yes without one.
 */
async function checkTrip(ctx: Context, route: string, status: string | undefined, departureAt: string | undefined): Promise<void> {
  const early = departureAt !== undefined && Date.parse(departureAt) - ctx.serviceNow().getTime() > EARLY_MS;
  const odd =
    status === 'cancelled' || status === 'completed'
      ? `is ${status}`
      : early
        ? `departs ${localTime(ctx, departureAt, true)}, more than a day from now`
        : undefined;
  if (!odd || ctx.settings().yes) return;
  const what = `trip ${route} ${odd}`;
  if (!ctx.canPrompt) throw usageError(`${what}; nothing was sent`, 'pass --yes to open its boarding station anyway');
  if (!(await (await ctx.prompter()).confirm(`The ${what}. Open its boarding station anyway?`, false)))
    throw new CliError('cancelled; nothing was sent', ExitCode.interrupted);
}

/** Lists who has not boarded and, when told to or after a yes, marks them no-show. */
async function noShows(ctx: Context, station: BoardingStation, tripId: string, noShowRest: boolean, tty: boolean): Promise<number> {
  // Who boarded at another door (any station, any machine) is never offered: the service is asked.
  if (station.notBoarded().length && !(await station.reloadManifest())) {
    ctx.info(`No-shows not marked: the manifest cannot be checked (${station.link.offlineReason}).`);
    ctx.info(`To mark them later: tripctl trips board ${tripId} --sync --no-show-rest`);
    return ExitCode.network;
  }
  const rest = station.notBoarded();
  if (rest.length === 0) return 0;
  const seats = rest.reduce((sum, p) => sum + p.seats, 0);
  ctx.info(`Not boarded: ${rest.length} passenger(s), ${seats} seat(s)`);
  for (const p of rest) ctx.info(`  ${p.bookingId}  ${sanitizeLine(p.fullName ?? '')}  ${sanitizeLine(p.phone ?? '')}  ${p.seats} seat(s)`);
  let mark = noShowRest;
  if (!mark && tty && ctx.canPrompt) mark = await (await ctx.prompter()).confirm(`Mark these ${rest.length} passenger(s) no-show?`, false);
  if (!mark) {
    ctx.info(`To mark them no-show later: tripctl trips board ${tripId} --sync --no-show-rest`);
    return 0;
  }
  // Its no-shows follow the station's verdicts, a record a line: -o json stays lines.
  const report = bulkReport(ctx, { inStream: true });
  const code = await runBulk(
    ctx,
    rest.map((p) => p.bookingId),
    {
      done: 'marked no-show',
      concurrency: 4,
      report,
      act: async (id) => {
        const { data } = await station.link.call((client) =>
          client.request({ method: 'POST', path: `/bookings/${id}/no-show`, retrySafe: true, expect: { kind: 'object', key: 'booking' } }),
        );
        const booking = unwrap(data, 'booking') as { status?: string };
        const passenger = station.passengers.find((p) => p.bookingId === id);
        if (passenger && booking.status) passenger.status = booking.status;
        return booking;
      },
      describe: (booking) => (booking as { status?: string }).status ?? 'marked no-show',
    },
  );
  await report.end();
  return code;
}
