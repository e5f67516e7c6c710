// The one owner of stdin, stdout and stderr and of the facts about them (TTY, colour, whether a
// person can be asked). Everything else writes through it, so tests can hand in plain buffers.
import type { Readable, Writable } from 'node:stream';
import { maskSecret, SECRET_SHAPE } from './secrets.js';

export interface IOOptions {
  /**
   * stdin, or how to get it: node builds process.stdin on first use, loading its stream and file
   * modules, which most runs (no prompt, nothing piped in) need not pay for. Whether it is a
   * terminal is read from it (`isTTY`), so asking opens it too.
   */
  stdin: Readable | (() => Readable);
  stdout: Writable;
  /**
   * stderr, or how to get it: a run that says nothing on stderr (most runs from scripts) need not
   * build it — for a pipe, a socket of its own (npm run bench). Whether it is a terminal likewise.
   */
  stderr: Writable | (() => Writable);
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean | (() => boolean);
  /** Terminal width, when stdout is a terminal (100 when unknown or 0). */
  columns?: number;
}

/** A terminal that reports no width, or 0 (some do, under a serial console or a CI pty), is taken as 100 columns. */
export function terminalWidth(reported: number | undefined): number {
  return reported !== undefined && Number.isInteger(reported) && reported > 0 ? reported : 100;
}

export class IO {
  readonly stdout: Writable;
  readonly stdoutIsTTY: boolean;
  readonly columns: number;
  /** Masked on stderr only: webhook signing secrets, which stdout may have to show once. */
  private readonly secrets = new Set<string>();
  /** Masked on both streams: the API key, which no output ever needs to show. */
  private readonly keys = new Set<string>();
  /** The first write error on stdout other than a closed pipe (the command then ends with exit 1). */
  writeError: NodeJS.ErrnoException | undefined;
  /** The reader of stdout went away (`| head`): a normal end, further output is dropped. */
  stdoutClosed = false;
  private stdinSource: IOOptions['stdin'];
  private stderrSource: IOOptions['stderr'];
  private stderrTTY: IOOptions['stderrIsTTY'];

  constructor(opts: IOOptions) {
    this.stdinSource = opts.stdin;
    this.stdout = opts.stdout;
    this.stderrSource = opts.stderr;
    this.stdoutIsTTY = opts.stdoutIsTTY;
    this.stderrTTY = opts.stderrIsTTY;
    this.columns = terminalWidth(opts.columns);
    this.stdout.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE') this.stdoutClosed = true;
      else this.writeError ??= error;
    });
  }

  get stdin(): Readable {
    if (typeof this.stdinSource === 'function') this.stdinSource = this.stdinSource();
    return this.stdinSource;
  }

  get stderr(): Writable {
    if (typeof this.stderrSource === 'function') this.stderrSource = this.stderrSource();
    return this.stderrSource;
  }

  get stderrIsTTY(): boolean {
    if (typeof this.stderrTTY === 'function') this.stderrTTY = this.stderrTTY();
    return this.stderrTTY;
  }

  get stdinIsTTY(): boolean {
    return (this.stdin as Readable & { isTTY?: boolean }).isTTY === true;
  }

  /** Data: only ever the command's result. The API key is masked here too. */
  out(text: string): void {
    if (this.stdoutClosed || this.writeError) return;
    this.stdout.write(this.keys.size ? this.redactKeys(text) : text);
  }

  /**
   * Writes data and waits while the reader is behind, so that a long stream (`--all`, a big page)
   * holds at most a chunk or two in memory and a slow pipe gets every byte.
   */
  async write(text: string): Promise<void> {
    this.out(text);
    if (this.stdout.writableNeedDrain && !this.stdoutClosed && !this.writeError) await drained(this.stdout);
  }

  /** Messages, progress, warnings and errors. Known secrets are masked on the way out. */
  err(text: string): void {
    this.stderr.write(this.redact(text));
  }

  /**
   * Resolves once every byte written so far has left for stdout and stderr. A pipe is
   * asynchronous in Node: a process that exits before this cuts its output short.
   */
  async flush(): Promise<void> {
    // A stderr never asked for holds nothing.
    await Promise.all([flushed(this.stdout), typeof this.stderrSource === 'function' ? undefined : flushed(this.stderrSource)]);
    // A stdout that is a file or a device (`> /dev/full`, a full disk) is written at once but
    // reports its failure a tick later: one turn of the loop, so that it is known before the exit
    // code is (a command that sends no request ended with 0 and an empty file).
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** Registers a secret so that it can never reach stderr in full. */
  addSecret(secret: string | undefined): void {
    if (secret && secret.length >= 8) this.secrets.add(secret);
  }

  /** Registers the API key: masked by its exact value on stdout as on stderr. */
  addKey(key: string | undefined): void {
    if (key && key.length >= 8) this.keys.add(key);
  }

  redact(text: string): string {
    let result = this.redactKeys(text.replace(SECRET_SHAPE, (secret) => maskSecret(secret)));
    for (const secret of this.secrets) {
      if (result.includes(secret)) result = result.split(secret).join(maskSecret(secret));
    }
    return result;
  }

  private redactKeys(text: string): string {
    let result = text;
    for (const key of this.keys) {
      if (result.includes(key)) result = result.split(key).join(maskSecret(key));
    }
    return result;
  }
}

/** Resolves when the writer can take more, or has ended or failed (nothing left to wait for then). */
export function drained(stream: Writable): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      stream.off('drain', done);
      stream.off('error', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('error', done);
    stream.on('close', done);
  });
}

/** Resolves when everything written before has been handed to the operating system. */
function flushed(stream: Writable): Promise<void> {
  if (stream.destroyed || stream.writableEnded || stream.writableLength === 0) return Promise.resolve();
  // An empty write calls back after every earlier chunk: stream order is write order.
  return new Promise((resolve) => {
    stream.once('close', () => resolve());
    stream.write('', () => resolve());
  });
}
