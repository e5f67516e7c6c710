// Drives the real terminal prompter (inquirer over the test context's stdin and stderr) with
// keystrokes, as a person at a terminal would: wait for a question or a refusal to be drawn,
// then type. Nothing is mocked; the screen is read from what tripctl wrote to stderr.
import { stripVTControlCharacters } from 'node:util';
import type { TestContext } from './context.js';

export const KEY = { enter: '\r', down: '\x1b[B', up: '\x1b[A', space: ' ', clearLine: '\x15' } as const;

export class Keyboard {
  private seen = 0;
  constructor(private readonly t: TestContext) {}

  /** Everything drawn on stderr so far, without colours and cursor moves. */
  screen(): string {
    return stripVTControlCharacters(this.t.err());
  }

  /** Waits until `text` is drawn after what was already matched, and moves past it. */
  async waitFor(text: string | RegExp, timeoutMs = 15_000): Promise<string> {
    const start = Date.now();
    for (;;) {
      const rest = this.screen().slice(this.seen);
      const match = typeof text === 'string' ? (rest.includes(text) ? { index: rest.indexOf(text), 0: text } : null) : text.exec(rest);
      if (match) {
        this.seen += match.index + match[0].length;
        return match[0];
      }
      if (Date.now() - start > timeoutMs) throw new Error(`never drawn: ${String(text)}\n--- screen ---\n${rest.slice(-2000)}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Types keys (text, arrows, Enter) into the prompt. */
  press(...keys: string[]): void {
    for (const key of keys) this.t.stdin.write(key);
  }

  /**
   * Writes keys as one chunk, the way a paste, a slow SSH link or a fast typist delivers them:
   * `burst('Hom\r')` is a filter and its Enter in a single read.
   */
  burst(keys: string): void {
    this.t.stdin.write(keys);
  }

  /** Waits for a question, then writes the keys to it in one chunk. */
  async reply(question: string | RegExp, keys: string): Promise<void> {
    await this.waitFor(question);
    this.burst(keys);
  }

  /** Waits for a question, then answers it with the text and Enter. */
  async answer(question: string | RegExp, text: string): Promise<void> {
    await this.waitFor(question);
    this.press(KEY.clearLine, text, KEY.enter);
  }

  /** Types into a search question, waits until the choice it should find is first, and takes it. */
  async search(question: string | RegExp, text: string, first: string): Promise<void> {
    await this.waitFor(question);
    this.press(text);
    await this.waitFor(`❯ ${first}`);
    this.press(KEY.enter);
  }

  /** Types a new answer in place of a refused one (the question is still open). */
  retype(text: string): void {
    this.press(KEY.clearLine, text, KEY.enter);
  }

  /** Answers, expects the answer refused with a reason under the question, and returns the reason. */
  async refused(question: string | RegExp, text: string, reason: RegExp): Promise<string> {
    await this.answer(question, text);
    return this.waitFor(reason);
  }
}
