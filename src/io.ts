// The one owner of stdin, stdout and stderr and of the facts about them (TTY, colour, whether a
// person can be asked). Everything else writes through it, so tests can hand in plain buffers.
import type { Readable, Writable } from 'node:stream';

export interface IOOptions {
  /**
   * stdin, or how to get it: node builds process.stdin on first use, loading its stream and file
   * modules, which most runs (no prompt, nothing piped in) need not pay for. Whether it is a
   * terminal is read from it (`isTTY`), so asking opens it too.
   */
  stdin: Readable | (() => Readable);
  stdout: Writable;
  stderr: Writable;
  stdoutIsTTY: boolean;
  stderrIsTTY: boolean;
  /** Terminal width, when stdout is a terminal. */
  columns?: number;
}

export class IO {
  readonly stdout: Writable;
  readonly stderr: Writable;
  readonly stdoutIsTTY: boolean;
  readonly stderrIsTTY: boolean;
  readonly columns: number;
  /** Set once global flags are known. */
  colorEnabled = false;
  promptsEnabled = false;
  private readonly secrets = new Set<string>();
  private stdinSource: IOOptions['stdin'];

  constructor(opts: IOOptions) {
    this.stdinSource = opts.stdin;
    this.stdout = opts.stdout;
    this.stderr = opts.stderr;
    this.stdoutIsTTY = opts.stdoutIsTTY;
    this.stderrIsTTY = opts.stderrIsTTY;
    this.columns = opts.columns ?? 100;
  }

  get stdin(): Readable {
    if (typeof this.stdinSource === 'function') this.stdinSource = this.stdinSource();
    return this.stdinSource;
  }

  get stdinIsTTY(): boolean {
    return (this.stdin as Readable & { isTTY?: boolean }).isTTY === true;
  }

  /** Data: only ever the command's result. */
  out(text: string): void {
    this.stdout.write(text);
  }

  /** Messages, progress, warnings and errors. Known secrets are masked on the way out. */
  err(text: string): void {
    this.stderr.write(this.redact(text));
  }

  /** Registers a secret so that it can never reach stderr in full. */
  addSecret(secret: string | undefined): void {
    if (secret && secret.length >= 8) this.secrets.add(secret);
  }

  redact(text: string): string {
    let result = text.replace(SECRET_SHAPE, (secret) => maskSecret(secret));
    for (const secret of this.secrets) {
      if (result.includes(secret)) result = result.split(secret).join(maskSecret(secret));
    }
    return result;
  }
}

// Secrets that may pass through traces and messages: API keys and webhook signing secrets.
// Masking by shape also catches the ones nobody registered (a secret the service just returned).
const SECRET_SHAPE = /\b(?:sk|rk|whsec)_[A-Za-z0-9_-]{8,}/g;

export function redactSecrets(text: string): string {
  return text.replace(SECRET_SHAPE, (secret) => maskSecret(secret));
}

/** `sk_live_abcdef…9f2c` → `sk_live_…9f2c`: the kind of key stays visible, the key does not. */
export function maskSecret(secret: string): string {
  const prefix = /^([a-z]+_(?:live_|test_)?)/.exec(secret)?.[1] ?? '';
  const tail = secret.length - prefix.length > 8 ? secret.slice(-4) : '';
  return `${prefix}…${tail}`;
}
