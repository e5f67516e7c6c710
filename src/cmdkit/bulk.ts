// Commands that act on many ids (approve, reject, cancel, board, no-show): ids from the command
// line or stdin, all checked before the first request, run with bounded concurrency over the one
// keep-alive pool, reported one line per id in input order as soon as that line is known. A
// failure is one id's line, never the end of the report: what was done is always said.
import type { Context } from '../context.js';
import { CliError, ExitCode, httpSuffix, mostSevere, usageError } from '../errors.js';
import { sanitizeLine } from '../output/sanitize.js';
import { readAll } from '../input/stdin.js';
import { idOf, looksLikeId } from './ids.js';
import { type BulkOutcome, bulkReport, type BulkReport } from './bulk-output.js';

export type { BulkOutcome } from './bulk-output.js';

export interface BulkOptions {
  /** Verb for the summary, e.g. `approved`. */
  done: string;
  concurrency: number;
  /**
   * Does the work for one id (the item at `index`); throws a CliError on failure. Returns an
   * AlreadyDone when the id needed nothing (e.g. a booking already approved), which counts as a
   * success.
   */
  act: (id: string, index: number) => Promise<unknown>;
  /** Short text for a success line, e.g. the new status. */
  describe?: (result: unknown) => string;
  /**
   * Items read from a file (imports): the input line of each, printed first on its result line
   * (`LINE<TAB>ID<TAB>…`), named in its error message and kept in its JSON object.
   */
  lines?: number[];
  /** The id to report for a success when the item had none before (the object a row created). */
  idOf?: (result: unknown) => string | undefined;
  /** Where the items are printed, when several runs make one answer (an import's rows and its prunes); ended by the caller. */
  report?: BulkReport;
}

/** What act() returns when the id was already as asked: its current state, reported as `already …`. */
export class AlreadyDone {
  constructor(readonly result: unknown) {}
}

/**
 * What act() returns for an item left undone on purpose (`differs`): its line reads
 * `ID<TAB>differs<TAB>price 25,000.00 → 26,500.00 SYP`, and the run ends with `exitCode`.
 */
export class Held {
  constructor(
    readonly id: string,
    readonly label: string,
    readonly detail: string,
    readonly exitCode: number,
    readonly result: unknown,
  ) {}
}

/**
 * An id as typed that names nothing (the start of no id, a code on no ticket): it gets its own
 * `error` line and the documented code, never a request, and the other ids are still sent.
 */
export class Unresolved {
  constructor(
    readonly text: string,
    readonly error: CliError,
  ) {}
}

/** One item of a bulk run: an id to act on, or one that named nothing. */
export type BulkItem = string | Unresolved;

/**
 * The ids given as arguments, or read from stdin when the only argument is `-`; `name` is their
 * kind (`bookingId`). Resolved before anything is sent, then each object kept once: the same
 * booking named three ways (its start, its ticket's code, its whole id) is one write.
 */
export async function collectIds(ctx: Context, args: string[], name: string): Promise<BulkItem[]> {
  let ids = args;
  if (args.length === 1 && args[0] === '-') {
    if (ctx.io.stdinIsTTY)
      throw usageError(
        "'-' reads ids from stdin, but stdin is a terminal",
        'pipe ids in, e.g. tripctl bookings list --status requested -o ids | …',
      );
    ids = (await readAll(ctx.io.stdin, ctx.signal)).toString('utf8').split(/\s+/).filter(Boolean);
  } else if (args.includes('-')) {
    throw usageError("'-' (ids from stdin) cannot be mixed with ids on the command line");
  }
  // An empty queue on stdin (`bookings list --status requested -o ids | … approve -`) is not an
  // error: a cron job with nothing to do succeeds. No ids on the command line is a usage error.
  if (ids.length === 0 && args[0] !== '-') throw usageError('no ids given', "pass ids as arguments, or '-' to read them from stdin");
  const bad = ids.filter((id) => !looksLikeId(name, id));
  if (bad.length) {
    const listed = `${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', …' : ''}`;
    throw usageError(
      bad.length === 1 ? `not a UUID: ${listed}` : `${bad.length} ids are not UUIDs: ${listed}`,
      'give whole ids, or their first 8 characters as tables show them; nothing was sent',
    );
  }
  // Starts of ids (as tables show them) are resolved by one listing, before anything is sent. A
  // start of no id is that id's failure, as a whole id the service does not know is; a start of
  // several is a usage error (thrown: nothing is sent), which only the person can settle.
  const resolved: BulkItem[] = [];
  for (const id of ids) {
    // A whole id (in any script's digits) comes back at once; a start is looked up.
    resolved.push(
      await idOf(ctx, name, id).catch((error: unknown) => {
        if (error instanceof CliError && error.exitCode === ExitCode.notFound) return new Unresolved(id, error);
        throw error;
      }),
    );
  }
  return onceEach(ctx, ids, resolved);
}

/** Each object once, where it was first named; the repeats said once on stderr. */
function onceEach(ctx: Context, typed: string[], resolved: BulkItem[]): BulkItem[] {
  const named = new Map<string, { item: BulkItem; as: string[] }>();
  for (const [index, item] of resolved.entries()) {
    const key = typeof item === 'string' ? item : `?${item.text.toLowerCase()}`;
    const entry = named.get(key);
    if (entry) entry.as.push(typed[index]!);
    else named.set(key, { item, as: [typed[index]!] });
  }
  const repeated = [...named.values()].filter((entry) => entry.as.length > 1);
  if (repeated.length) {
    const each = repeated.map(({ item, as }) => {
      const id = typeof item === 'string' ? item : item.text;
      const ways = new Set(as);
      return `${id} (given ${as.length} times${ways.size > 1 || !ways.has(id) ? `: ${as.join(', ')}` : ''})`;
    });
    ctx.info(`named more than once, sent once: ${each.join('; ')}`);
  }
  return [...named.values()].map((entry) => entry.item);
}

/**
 * The service's message with the id it is about taken out (`booking 6a7b… not found` → `booking
 * not found`; a path keeps its shape as `{id}`): the line names the id once, first.
 */
function withoutId(message: string, id: string): string {
  // A row of a file has no id yet (`-`): there is nothing to take out. A pattern built from `-`
  // once took every hyphen out of the service's words (`2026-11-27` → `20261127`, ids too).
  if (!/[A-Za-z0-9]/.test(id)) return message;
  const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // The id as a whole token only: never a piece of a longer id, a date or a word.
  const edge = '[A-Za-z0-9_-]';
  return (
    message
      .replace(new RegExp(`/${escaped}(?!${edge})`, 'gi'), '/{id}')
      .replace(new RegExp(`\\s*(?<!${edge})${escaped}(?!${edge})`, 'gi'), '')
      .trim() || 'failed'
  );
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** An item as its lines name it: its id, or the text typed for an id that named nothing. */
function nameOf(item: BulkItem): string {
  return typeof item === 'string' ? item : item.text;
}

export async function runBulk(ctx: Context, items: readonly BulkItem[], opts: BulkOptions): Promise<number> {
  const ids = items.map(nameOf);
  const report = opts.report ?? bulkReport(ctx);
  const outcomes: Array<BulkOutcome | undefined> = new Array(ids.length);
  /** Sent and not yet answered: on an interrupt these are neither done nor safely undone. */
  const inFlight = new Set<number>();
  let printed = 0;
  /** What became of an item in a word: the table's second cell, the records' `outcome`. */
  const word = (outcome: BulkOutcome) =>
    outcome.held ?? (outcome.already ? `already ${opts.done}` : outcome.ok ? (opts.describe?.(outcome.result) ?? opts.done) : 'error');
  const print = (outcome: BulkOutcome) => report.item(outcome, word(outcome));
  const line = (index: number) => (opts.lines ? { line: opts.lines[index] } : {});
  const flush = () => {
    while (printed < ids.length && outcomes[printed]) print(outcomes[printed++]!);
  };
  let next = 0;
  const worker = async () => {
    while (next < ids.length && !ctx.signal.aborted) {
      const index = next++;
      const id = ids[index]!;
      const item = items[index]!;
      if (item instanceof Unresolved) {
        // Nothing to send: its message names what was typed (the start of no id), kept whole.
        outcomes[index] = { id, ...line(index), ok: false, exitCode: item.error.exitCode, error: item.error.message };
        ctx.io.err(`tripctl: ${id}: ${sanitizeLine(item.error.message)}\n`);
        flush();
        continue;
      }
      inFlight.add(index);
      try {
        const result = await opts.act(id, index);
        outcomes[index] =
          result instanceof Held
            ? {
                id: result.id,
                ...line(index),
                ok: false,
                held: result.label,
                exitCode: result.exitCode,
                result: result.result,
                error: result.detail,
              }
            : result instanceof AlreadyDone
              ? { id, ...line(index), ok: true, already: true, exitCode: 0, result: result.result }
              : { id: opts.idOf?.(result) ?? id, ...line(index), ok: true, exitCode: 0, result };
      } catch (error) {
        if (error instanceof CliError && error.exitCode === ExitCode.interrupted) return;
        // Whatever went wrong with this id, it is this id's failure: the ids done before and
        // after it are still reported, one line each, and the summary still says what was done.
        const failure = error instanceof CliError ? error : new CliError(`unexpected: ${errorText(error)}`, ExitCode.failure);
        const message = withoutId(`${failure.message}${httpSuffix(failure)}`, id);
        outcomes[index] = { id, ...line(index), ok: false, exitCode: failure.exitCode, error: message };
        // A script that reads only stderr still learns why each id failed.
        ctx.io.err(`tripctl: ${opts.lines ? `line ${opts.lines[index]}` : id}: ${sanitizeLine(message)}\n`);
      } finally {
        inFlight.delete(index);
      }
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, ids.length) }, worker));
  // After an interrupt, report every id in input order: answered, unknown, or never sent.
  const unknown = ids.map((_, index) => index).filter((index) => !outcomes[index] && index < next);
  for (const index of unknown) {
    outcomes[index] = {
      id: ids[index]!,
      ...line(index),
      ok: false,
      exitCode: ExitCode.interrupted,
      error: 'unknown: in flight when interrupted',
    };
  }
  // Listed too, so a script can send exactly these again.
  const notSent = ids.length - Math.min(next, ids.length);
  for (let index = next; index < ids.length; index++) {
    outcomes[index] = { id: ids[index]!, ...line(index), ok: false, exitCode: ExitCode.interrupted, error: 'not sent: interrupted' };
  }
  flush();
  const failed = outcomes.filter(
    (o): o is BulkOutcome => o !== undefined && !o.ok && o.held === undefined && o.exitCode !== ExitCode.interrupted,
  );
  const held = outcomes.filter((o): o is BulkOutcome => o?.held !== undefined);
  const heldCounts = new Map<string, number>();
  for (const o of held) heldCounts.set(o.held!, (heldCounts.get(o.held!) ?? 0) + 1);
  const heldText = [...heldCounts].map(([label, count]) => `; ${count} ${label} (not sent)`).join('');
  const succeeded = outcomes.filter((o) => o?.ok).length;
  const already = outcomes.filter((o) => o?.already).length;
  // The reader of stdout went away (`approve - | head -1`): the lines of what was not done could
  // not be read there, so the ids a script must send again are said where they can be. A row of
  // a file is named by its line: it has no id before it is created (`-`).
  const named = (indexes: number[]) =>
    opts.lines
      ? `line${indexes.length > 1 ? 's' : ''} ${indexes.map((index) => opts.lines![index]).join(', ')}`
      : indexes.map((index) => ids[index]).join(' ');
  if (ctx.io.stdoutClosed && (unknown.length || notSent)) {
    if (unknown.length) ctx.info(`unknown (in flight when the reader went away): ${named(unknown)}`);
    if (notSent) ctx.info(`not sent: ${named(Array.from({ length: notSent }, (_, at) => next + at))}`);
  }
  if (!opts.report) await report.end();
  ctx.info(
    `${opts.done} ${succeeded} of ${ids.length}${already ? ` (${already} already)` : ''}${heldText}${failed.length ? `; ${failed.length} failed` : ''}${unknown.length ? `; ${unknown.length} unknown (in flight when interrupted)` : ''}${notSent ? `; ${notSent} not sent (interrupted)` : ''}`,
  );
  if (unknown.length || notSent) return ExitCode.interrupted;
  return mostSevere([...failed, ...held].map((o) => o.exitCode));
}
