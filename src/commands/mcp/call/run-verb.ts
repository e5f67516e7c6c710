// A tool call is a command run: the verb's own command line, through main() in this process, with
// a context of its own whose streams are buffers, in JSON. So every check, handle, error and
// output shape is the command's, with no code per verb here.
import { PassThrough, Writable } from 'node:stream';
import { type Attachment, Context } from '../../../context.js';
import { IO } from '../../../io.js';
import type { ToolParam, ToolSpec } from '../catalogue.js';
import type { RunCommand } from '../run-command.js';

/** The arguments of a call, checked against the tool's parameters; a message says what is wrong. */
export function checkArguments(tool: ToolSpec, args: unknown): { values: Record<string, unknown> } | { problem: string } {
  if (args === undefined || args === null) return { values: {} };
  if (typeof args !== 'object' || Array.isArray(args)) return { problem: 'the arguments must be an object' };
  const byKey = new Map(tool.params.map((param) => [param.key, param]));
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(args)) {
    const param = byKey.get(key);
    if (!param) {
      const known = tool.params.map((p) => p.key).join(', ') || 'none';
      return { problem: `unknown argument '${key}'; ${tool.name} takes: ${known}` };
    }
    if (value === undefined || value === null) continue;
    const checked = checkValue(param, value);
    if (checked === undefined) return { problem: `argument '${key}' must be ${typeName(param)}` };
    values[key] = checked;
  }
  return { values };
}

/** The value as the command line takes it, or undefined when it has the wrong type. */
function checkValue(param: ToolParam, value: unknown): unknown {
  // A number where text is expected is taken as its digits (`seats: 3`): the verb checks the rest.
  const text = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : undefined);
  if (param.type === 'boolean') return typeof value === 'boolean' ? value : undefined;
  // A number's digits as text (`"3"`) are taken too: the verb's own parser checks them either way.
  if (param.type === 'integer' || param.type === 'number') return text(value);
  if (param.type === 'string') return text(value);
  if (!Array.isArray(value)) return text(value) === undefined ? undefined : [text(value)];
  const items = value.map(text);
  return items.every((item) => item !== undefined) ? items : undefined;
}

function typeName(param: ToolParam): string {
  if (param.type === 'integer' || param.type === 'number') return 'a number';
  return param.type === 'boolean' ? 'true or false' : param.type === 'string' ? 'text' : 'a list of text';
}

/** The verb's words, its flags as `--flag=value` and its arguments after `--`. */
export function argvFor(tool: ToolSpec, values: Record<string, unknown>): string[] {
  const flags: string[] = [];
  const positional: string[] = [];
  for (const param of tool.params) {
    const value = values[param.key];
    if (value === undefined) continue;
    if (param.flag === undefined) positional.push(...(Array.isArray(value) ? value : [value]).map(String));
    // A switch is given when true; a negatable flag (`--no-x`) when false.
    else if (param.type === 'boolean') {
      if (value === !param.flag.startsWith('--no-')) flags.push(param.flag);
    }
    // `=` keeps a value that starts with a dash a value (`--note=--yes`).
    else for (const item of Array.isArray(value) ? value : [value]) flags.push(`${param.flag}=${String(item)}`);
  }
  // After `--` nothing the assistant wrote can be read as a flag (`--yes` as a trip id).
  return [...tool.path, ...flags, ...(positional.length ? ['--', ...positional] : [])];
}

/**
 * The global flags the server was started with that each run repeats: the profile is chosen as
 * for every command. Not --debug: its traces would become the tool's answer.
 */
export function globalArgs(ctx: Context): string[] {
  const globals = ctx.globals;
  const args: string[] = [];
  if (globals.profile !== undefined) args.push(`--profile=${globals.profile}`);
  if (globals.baseUrl !== undefined) args.push(`--base-url=${globals.baseUrl}`);
  if (globals.tz !== undefined) args.push(`--tz=${globals.tz}`);
  if (globals.timeout !== undefined) args.push(`--timeout=${globals.timeout}`);
  if (globals.retries !== undefined) args.push(`--retries=${globals.retries}`);
  return args;
}

export interface VerbRun {
  code: number;
  stdout: string;
  stderr: string;
  /** Files the verb's answer carries (a ticket's PNG). */
  attachments: Attachment[];
}

/**
 * Runs one command line in a context of its own: the server's environment and directory, no
 * terminal (nothing is asked there), JSON out, and `confirm` as the person who approves its writes.
 */
export async function runVerb(
  parent: Context,
  run: RunCommand,
  argv: string[],
  opts: {
    signal: AbortSignal;
    confirm: (ctx: Context, what: string | undefined, details: ReadonlyArray<readonly [string, string]> | undefined) => Promise<void>;
    /** The service's own objects (`-o json`) rather than the records a person reads. */
    raw?: boolean;
  },
): Promise<VerbRun> {
  const stdout = new Collected();
  const stderr = new Collected();
  const stdin = new PassThrough();
  stdin.end();
  const io = new IO({ stdin, stdout, stderr, stdoutIsTTY: false, stderrIsTTY: false });
  const { TRIPCTL_DEBUG: _debug, ...env } = parent.env;
  const attachments: Attachment[] = [];
  // One question per call, however many requests the verb sends: the first answer stands.
  let answer: Promise<void> | undefined;
  const ctx: Context = new Context({
    io,
    env,
    cwd: parent.cwd,
    now: parent.now,
    signal: AbortSignal.any([parent.signal, opts.signal]),
    confirmWrites: (what, details) => (answer ??= opts.confirm(ctx, what, details)),
    records: opts.raw !== true,
    attach: (file) => attachments.push(file),
  });
  const code = await run([...globalArgs(parent), '--output=json', '--no-input', ...argv], ctx);
  return { code, stdout: stdout.text(), stderr: stderr.text(), attachments };
}

/** A stream that keeps what is written, for the answer. */
class Collected extends Writable {
  private readonly chunks: Buffer[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    this.chunks.push(Buffer.from(chunk));
    done();
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
