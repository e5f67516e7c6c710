// How a run that failed is said: one line and a hint on stderr (and a JSON object for a program
// reading JSON), the exit code of the failure; a stdout that cannot be written, and a reader of
// stdout that went away, each said once. cli.ts ends a run through these, main.ts its last flush.
import type { Context } from './context.js';
import { CliError, ExitCode, httpSuffix, InterruptedError } from './errors.js';
import { sanitizeLine, toJson } from './output/sanitize.js';

const writeErrorsReported = new WeakSet<Context>();

/** A stdout that cannot be written (a full disk, /dev/full): one line, whatever else failed because of it. */
export function reportWriteError(ctx: Context): number {
  if (!writeErrorsReported.has(ctx)) {
    writeErrorsReported.add(ctx);
    ctx.io.err(`tripctl: cannot write the output: ${ctx.io.writeError?.message ?? 'write failed'}\n`);
  }
  return ExitCode.failure;
}

const readersGoneReported = new WeakSet<Context>();

// The reader of stdout went away (`| head`): a read stopped on purpose is exit 0, nothing said. After a write its
// output (a created trip's id) is lost: what the writes did is said on stderr, and a success ends with 130.
export function reportReaderGone(ctx: Context, code: number): number {
  if (!ctx.sentWrites) return ExitCode.ok;
  if (!readersGoneReported.has(ctx)) {
    readersGoneReported.add(ctx);
    ctx.io.err('tripctl: interrupted: the reader of the output went away\n');
    if (ctx.writesDone.length) ctx.io.err(`done: ${ctx.writesDone.map(sanitizeLine).join('; ')}\n`);
  }
  return code === ExitCode.ok ? ExitCode.interrupted : code;
}

export function reportError(ctx: Context, error: unknown): number {
  if (ctx.io.stdoutClosed && error instanceof InterruptedError) return reportReaderGone(ctx, ExitCode.interrupted);
  if (ctx.io.writeError) return reportWriteError(ctx);
  const debug = ctx.globals.debug === true || Boolean(ctx.env.TRIPCTL_DEBUG && ctx.env.TRIPCTL_DEBUG !== '0');
  // A program reading JSON (-o json or ndjson, --query, which prints JSON whatever TRIPCTL_OUTPUT
  // says) gets the error as JSON too.
  const flag = ctx.globals.output;
  const isJson = (format: string | undefined) => format === 'json' || format === 'ndjson';
  const jsonErrors =
    ctx.globals.json === true ||
    isJson(flag) ||
    (flag === undefined && (ctx.globals.query !== undefined || isJson(ctx.env.TRIPCTL_OUTPUT)));
  let exitCode: number;
  let message: string;
  let hint: string | undefined;
  let details: Record<string, unknown> = {};
  if (error instanceof CliError) {
    exitCode = error.exitCode;
    message = `${error.message}${httpSuffix(error)}`;
    hint = error.hint;
    details = error.details;
  } else {
    exitCode = ExitCode.failure;
    message = `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
    hint = debug ? undefined : 'run again with --debug for details; if it persists, please report it';
  }
  // The message and code may be the service's text: one line, no escape sequences.
  ctx.io.err(`tripctl: ${sanitizeLine(message)}\n`);
  if (hint) ctx.io.err(`hint: ${sanitizeLine(hint)}\n`);
  if (debug && error instanceof Error && !(error instanceof CliError) && error.stack) ctx.io.err(`${error.stack}\n`);
  if (jsonErrors) {
    const body = {
      error: { message: error instanceof Error ? error.message : String(error), exitCode, ...details, ...(hint ? { hint } : {}) },
    };
    ctx.io.err(`${toJson(body)}\n`);
  }
  return exitCode;
}
