// Commands that act on many ids (approve, reject, cancel, board, no-show): ids from the command
// line or stdin, all checked before the first request, run with bounded concurrency over the one
// keep-alive pool, reported one line per id in input order as soon as that line is known.
import type { Context } from '../context.js';
import { CliError, ExitCode, mostSevere, usageError } from '../errors.js';
import { readAll } from '../input/stdin.js';
import { isUuid } from '../input/validate.js';

export interface BulkOutcome {
  id: string;
  ok: boolean;
  exitCode: number;
  /** What the id is now, e.g. the booking's status. */
  result?: unknown;
  error?: string;
}

export interface BulkOptions {
  /** Verb for the summary, e.g. `approved`. */
  done: string;
  concurrency: number;
  /** Does the work for one id; throws a CliError on failure. */
  act: (id: string) => Promise<unknown>;
  /** Short text for a success line, e.g. the new status. */
  describe?: (result: unknown) => string;
}

/** The ids given as arguments, or read from stdin when the only argument is `-`. */
export async function collectIds(ctx: Context, args: string[]): Promise<string[]> {
  let ids = args;
  if (args.length === 1 && args[0] === '-') {
    if (ctx.io.stdinIsTTY) throw usageError("'-' reads ids from stdin, but stdin is a terminal", 'pipe ids in, e.g. tripctl bookings list --status requested -o ids | …');
    ids = (await readAll(ctx.io.stdin)).toString('utf8').split(/\s+/).filter(Boolean);
  } else if (args.includes('-')) {
    throw usageError("'-' (ids from stdin) cannot be mixed with ids on the command line");
  }
  if (ids.length === 0) throw usageError('no ids given', "pass ids as arguments, or '-' to read them from stdin");
  const bad = ids.filter((id) => !isUuid(id));
  if (bad.length) {
    const listed = `${bad.slice(0, 5).join(', ')}${bad.length > 5 ? ', …' : ''}`;
    throw usageError(bad.length === 1 ? `not a UUID: ${listed}` : `${bad.length} ids are not UUIDs: ${listed}`, 'nothing was sent');
  }
  return ids;
}

export async function runBulk(ctx: Context, ids: string[], opts: BulkOptions): Promise<number> {
  const json = ctx.settings().output === 'json' || ctx.settings().output === 'ndjson';
  const outcomes: Array<BulkOutcome | undefined> = new Array(ids.length);
  let printed = 0;
  const flush = () => {
    while (printed < ids.length && outcomes[printed]) {
      const outcome = outcomes[printed++]!;
      if (json) ctx.io.out(`${JSON.stringify(outcome)}\n`);
      else if (outcome.ok) ctx.io.out(`${outcome.id}\t${opts.describe?.(outcome.result) ?? opts.done}\n`);
      else ctx.io.out(`${outcome.id}\terror\t${oneLine(outcome.error ?? 'failed')}\n`);
    }
  };
  let next = 0;
  const worker = async () => {
    while (next < ids.length && !ctx.signal.aborted) {
      const index = next++;
      const id = ids[index]!;
      try {
        const result = await opts.act(id);
        outcomes[index] = { id, ok: true, exitCode: 0, result };
      } catch (error) {
        if (!(error instanceof CliError)) throw error;
        if (error.exitCode === ExitCode.interrupted) return;
        const status = error.details.status;
        const code = error.details.code;
        const suffix = status !== undefined ? ` (HTTP ${String(status)}${code ? `, code ${String(code)}` : ''})` : '';
        outcomes[index] = { id, ok: false, exitCode: error.exitCode, error: `${error.message}${suffix}` };
      }
      flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(opts.concurrency, ids.length) }, worker));
  const finished = outcomes.filter((o): o is BulkOutcome => o !== undefined);
  const failed = finished.filter((o) => !o.ok);
  const skipped = ids.length - finished.length;
  ctx.info(
    `${opts.done} ${finished.length - failed.length} of ${ids.length}` +
      (failed.length ? `; ${failed.length} failed` : '') +
      (skipped ? `; ${skipped} not attempted (interrupted)` : ''),
  );
  if (skipped) return ExitCode.interrupted;
  return mostSevere(failed.map((o) => o.exitCode));
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\t]+/g, ' ');
}
