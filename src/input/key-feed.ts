// Keystrokes for questions, one question at a time and one key at a time.
//
// A terminal delivers keys in bursts: a paste, a slow SSH link or a fast typist hands over `Hom`
// and Enter in one read, and keys typed while the next question is still being prepared (places
// fetched for a city) arrive before it is drawn. Inquirer's prompts handle every key of a read
// synchronously, but some of their work is asynchronous: a search list is computed after the key
// that changed the filter, and an answer is checked before it is taken. Given `Hom⏎` at once, the
// search took Enter on the list drawn before `Hom` (Damascus) while the screen, redrawn a moment
// later, ticked Homs; an answer checked asynchronously dropped the keys typed during the check;
// keys after an answering Enter went to the question that had just been answered, and were lost.
//
// So no prompt reads the terminal itself. The feed reads it, cuts what arrives into keys, and
// writes them to the open question's own input stream one by one, each only once the question has
// finished with the one before (its list computed, its check made, its screen drawn). The question
// thus sees every key as if typed slowly, and shows as chosen exactly what it answers with. Keys
// left when a question is answered are put back at the head of stdin for whatever reads next (the
// next question, or another reader such as the boarding station's scanner line).
import { PassThrough, type Readable } from 'node:stream';

const ESC = 0x1b;
const CTRL_C = 0x03;

/** Wraps the asynchronous parts of a question (its list source, its check) so the feed waits for them. */
export type Track = <A extends unknown[], R>(work: (...args: A) => R | Promise<R>) => (...args: A) => Promise<R>;

type TerminalInput = Readable & { setRawMode?: (raw: boolean) => unknown; isTTY?: boolean };

export class KeyFeed {
  /** Whole keys read and not yet given to a question. */
  private keys: Buffer[] = [];
  /** The start of a key whose remaining bytes have not arrived (a split UTF-8 letter or escape sequence). */
  private partial: Buffer = Buffer.alloc(0);

  constructor(private readonly stdin: TerminalInput) {}

  /**
   * Runs one question over its own input stream. `question` starts the prompt on `input` and wraps
   * its asynchronous work with `track`; the feed holds the terminal (raw, read by it alone) until
   * the question settles either way, then gives back what it did not use.
   */
  async ask<T>(question: (input: Readable, track: Track) => Promise<T>): Promise<T> {
    const input = new PassThrough();
    let busy = 0;
    let wakeIdle: (() => void) | undefined;
    let wakeKeys: (() => void) | undefined;
    const track: Track =
      (work) =>
      async (...args) => {
        busy += 1;
        try {
          return await work(...args);
        } finally {
          busy -= 1;
          if (busy === 0) wakeIdle?.();
        }
      };
    let settled = false;
    const answer = question(input, track);
    const done = answer.then(
      () => undefined,
      () => undefined,
    );
    void done.then(() => {
      settled = true;
      wakeIdle?.();
      wakeKeys?.();
    });

    const onData = (chunk: Buffer | string) => {
      for (const key of this.cut(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) {
        // Ctrl-C ends the question at once, however many keys wait before it (raw mode turned
        // the terminal's interrupt into this byte; readline turns it back into the prompt's exit).
        if (key.length === 1 && key[0] === CTRL_C) input.write(key);
        else this.keys.push(key);
      }
      wakeKeys?.();
    };
    const onEnd = () => input.end();

    // The question has finished with a key when nothing it started is pending and two turns of the
    // event loop pass without new work: a check resolves, then the prompt takes the answer or redraws.
    const settle = async () => {
      for (let quiet = 0; quiet < 2 && !settled; ) {
        if (busy > 0) {
          await new Promise<void>((resolve) => {
            wakeIdle = resolve;
          });
          quiet = 0;
          continue;
        }
        await new Promise((resolve) => setImmediate(resolve));
        quiet = busy === 0 ? quiet + 1 : 0;
      }
    };

    const pump = async () => {
      await settle(); // drawn, its first list computed
      while (!settled) {
        const key = this.keys.shift();
        if (!key) {
          await new Promise<void>((resolve) => {
            wakeKeys = resolve;
          });
          continue;
        }
        input.write(key);
        await settle();
      }
    };

    this.stdin.setRawMode?.(true);
    this.stdin.on('data', onData);
    this.stdin.on('end', onEnd);
    this.stdin.resume();
    try {
      await Promise.all([pump(), done]);
      return await answer;
    } finally {
      this.stdin.off('data', onData);
      this.stdin.off('end', onEnd);
      this.stdin.pause();
      this.stdin.setRawMode?.(false);
      input.end();
      this.giveBack();
    }
  }

  /** Unused keys go back to the head of stdin, in order, so the next reader starts with them. */
  private giveBack(): void {
    const rest = Buffer.concat([...this.keys, this.partial]);
    this.keys = [];
    this.partial = Buffer.alloc(0);
    if (rest.length === 0 || this.stdin.readableEnded) return;
    this.stdin.unshift(rest);
  }

  /** Cuts bytes into keys: a UTF-8 letter, an escape sequence (arrows), CR LF as one Enter. */
  private cut(chunk: Buffer): Buffer[] {
    const bytes = this.partial.length ? Buffer.concat([this.partial, chunk]) : chunk;
    const keys: Buffer[] = [];
    let at = 0;
    while (at < bytes.length) {
      const length = keyLength(bytes, at);
      if (length === 0) break; // incomplete: wait for the rest
      keys.push(bytes.subarray(at, at + length));
      at += length;
    }
    this.partial = Buffer.from(bytes.subarray(at));
    return keys.map((key) => Buffer.from(key));
  }
}

/** The length of the key starting at `at`, or 0 when its last bytes have not arrived yet. */
function keyLength(bytes: Buffer, at: number): number {
  const first = bytes[at]!;
  if (first === 0x0d) return bytes[at + 1] === 0x0a ? 2 : 1;
  if (first === ESC) {
    const next = bytes[at + 1];
    if (next === undefined) return 1; // a lone Escape
    if (next === 0x5b) {
      // CSI: ESC [ parameters… final byte (0x40–0x7e), e.g. ESC [ B for the down arrow
      for (let end = at + 2; end < bytes.length; end++) {
        const byte = bytes[end]!;
        if (byte >= 0x40 && byte <= 0x7e) return end - at + 1;
      }
      return 0;
    }
    if (next === 0x4f) return at + 2 < bytes.length ? 3 : 0; // SS3: ESC O x (arrows on some terminals)
    return 2; // Alt and a key
  }
  const size = first >= 0xf0 ? 4 : first >= 0xe0 ? 3 : first >= 0xc0 ? 2 : 1;
  return at + size <= bytes.length ? size : 0;
}
