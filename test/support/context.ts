// An in-process Context over buffers: stdin from the test, stdout and stderr collected, TTY facts
// set by the test. Renderer, prompter and command tests run through here without spawning.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { main } from '../../src/cli.js';
import { Context, type ContextOptions } from '../../src/context.js';
import { IO } from '../../src/io.js';
import type { Prompter } from '../../src/input/prompter.js';
import type { CliOptions, CliResult } from './cli.js';

export class BufferStream extends Writable {
  private readonly chunks: Buffer[] = [];
  /** Set so that code that looks at stream.isTTY sees what the test asked for. */
  isTTY: boolean;
  columns: number;

  constructor(isTTY = false, columns = 100) {
    super();
    this.isTTY = isTTY;
    this.columns = columns;
  }

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: (error?: Error | null) => void): void {
    // A copy, as a real stdout (a pipe, a file, a terminal) is done with a chunk once it calls
    // back: a download hands over views of a buffer that its next read reuses.
    this.chunks.push(Buffer.from(chunk));
    done();
  }

  buffer(): Buffer {
    return Buffer.concat(this.chunks);
  }

  text(): string {
    return this.buffer().toString('utf8');
  }

  clear(): void {
    this.chunks.length = 0;
  }
}

export interface TestContextOptions {
  env?: Record<string, string | undefined>;
  /** Text on stdin (the stream is ended after it); omit for an empty, ended stdin. */
  stdin?: string | Buffer;
  /** Leave stdin open for the test to write to (`stdinStream`). */
  openStdin?: boolean;
  stdinIsTTY?: boolean;
  stdoutIsTTY?: boolean;
  stderrIsTTY?: boolean;
  columns?: number;
  /** TRIPCTL_CONFIG_DIR; a fresh temp dir when omitted (removed by cleanup()). */
  configDir?: string;
  cwd?: string;
  signal?: AbortSignal;
  prompter?: Prompter;
  now?: () => Date;
  clientOverrides?: ContextOptions['clientOverrides'];
}

export interface TestContext {
  ctx: Context;
  io: IO;
  stdin: PassThrough;
  stdout: BufferStream;
  stderr: BufferStream;
  configDir: string;
  out(): string;
  err(): string;
  /** Runs argv through main() with this context and returns the exit code. */
  run(argv: string[]): Promise<number>;
  cleanup(): void;
}

/** Short backoff so retry tests take milliseconds, not seconds. */
export const FAST_BACKOFF = { backoff: { baseMs: 1, maxMs: 5 } };

export function testContext(opts: TestContextOptions = {}): TestContext {
  const ownDir = opts.configDir === undefined;
  const configDir = opts.configDir ?? mkdtempSync(join(tmpdir(), 'tripctl-ctx-'));
  const stdin = new PassThrough();
  (stdin as PassThrough & { isTTY?: boolean }).isTTY = opts.stdinIsTTY ?? false;
  if (!opts.openStdin) stdin.end(opts.stdin ?? '');
  else if (opts.stdin !== undefined) stdin.write(opts.stdin);
  const stdout = new BufferStream(opts.stdoutIsTTY ?? false, opts.columns ?? 100);
  const stderr = new BufferStream(opts.stderrIsTTY ?? false, opts.columns ?? 100);
  const io = new IO({
    stdin,
    stdout,
    stderr,
    stdoutIsTTY: opts.stdoutIsTTY ?? false,
    stderrIsTTY: opts.stderrIsTTY ?? false,
    columns: opts.columns,
  });
  const ctx = new Context({
    io,
    env: { TZ: 'UTC', ...opts.env, TRIPCTL_CONFIG_DIR: configDir },
    cwd: opts.cwd ?? configDir,
    signal: opts.signal,
    prompter: opts.prompter,
    now: opts.now,
    clientOverrides: opts.clientOverrides ?? FAST_BACKOFF,
  });
  return {
    ctx,
    io,
    stdin,
    stdout,
    stderr,
    configDir,
    out: () => stdout.text(),
    err: () => stderr.text(),
    run: (argv) => main(argv, ctx),
    cleanup: () => {
      if (ownDir) rmSync(configDir, { recursive: true, force: true });
    },
  };
}

/** Runs one command in a fresh in-process context; the context's temp dir is removed after. */
export async function runInProcess(
  argv: string[],
  opts: TestContextOptions = {},
): Promise<{ code: number; stdout: string; stderr: string; ctx: Context }> {
  const t = testContext(opts);
  try {
    const code = await t.run(argv);
    return { code, stdout: t.out(), stderr: t.err(), ctx: t.ctx };
  } finally {
    t.cleanup();
  }
}

/**
 * The in-process twin of cli.ts's tripctl(): the same options and result, so a command test reads
 * the same whichever it uses, but main() runs in this process (no bundle, no start-up, no spawn).
 * Like the spawned tool it sees no TTY, an ended stdin and only the environment given.
 */
export async function runCommand(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  const { code, stdout, stderr } = await runInProcess(args, {
    env: { LANG: 'C.UTF-8', ...opts.env },
    stdin: opts.input,
    configDir: opts.configDir,
    cwd: opts.cwd,
  });
  return { code, stdout, stderr };
}
