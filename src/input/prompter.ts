// Questions for a person at a terminal. Prompts are drawn on stderr so that stdout stays data,
// and @inquirer/prompts is loaded only when a question is actually asked.
import { Writable } from 'node:stream';
import { InterruptedError } from '../errors.js';
import type { IO } from '../io.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
}

/** A check of an answer: true, or the reason shown under the question before it is asked again. */
export type Validate = (value: string) => true | string | Promise<true | string>;

export interface Prompter {
  input(message: string, opts?: { default?: string; validate?: Validate }): Promise<string>;
  password(message: string, opts?: { validate?: Validate }): Promise<string>;
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  select<T>(message: string, choices: Array<Choice<T>>): Promise<T>;
  /** Choices narrowed as the person types (cities among many, by English or Arabic name). */
  search<T>(message: string, source: (term: string) => Array<Choice<T>>): Promise<T>;
  /** Several choices at once (weekdays); `required` refuses an empty selection. */
  checkbox<T>(message: string, choices: Array<Choice<T>>, opts?: { required?: string }): Promise<T[]>;
}

export class TerminalPrompter implements Prompter {
  constructor(
    private readonly io: IO,
    private readonly signal: AbortSignal,
  ) {}

  private get context() {
    return { input: this.io.stdin, output: promptOutput(this.io.stderr), signal: this.signal, clearPromptOnDone: false };
  }

  async input(message: string, opts: { default?: string; validate?: Validate } = {}): Promise<string> {
    const { input } = await import('@inquirer/prompts');
    return this.ask(() => input({ message, default: opts.default, validate: opts.validate }, this.context));
  }

  async password(message: string, opts: { validate?: Validate } = {}): Promise<string> {
    const { password } = await import('@inquirer/prompts');
    return this.ask(() => password({ message, mask: '*', validate: opts.validate }, this.context));
  }

  async confirm(message: string, defaultValue = false): Promise<boolean> {
    const { confirm } = await import('@inquirer/prompts');
    return this.ask(() => confirm({ message, default: defaultValue }, this.context));
  }

  async select<T>(message: string, choices: Array<Choice<T>>): Promise<T> {
    const { select } = await import('@inquirer/prompts');
    return this.ask(() => select<T>({ message, choices, pageSize: 12 }, this.context));
  }

  async search<T>(message: string, source: (term: string) => Array<Choice<T>>): Promise<T> {
    const { search } = await import('@inquirer/prompts');
    return this.ask(() => search<T>({ message, source: async (term) => source(term ?? ''), pageSize: 12 }, this.context));
  }

  async checkbox<T>(message: string, choices: Array<Choice<T>>, opts: { required?: string } = {}): Promise<T[]> {
    const { checkbox } = await import('@inquirer/prompts');
    const required = opts.required;
    return this.ask(() =>
      checkbox<T>(
        { message, choices, pageSize: 12, validate: required ? (picked) => (picked.length > 0 ? true : required) : undefined },
        this.context,
      ),
    );
  }

  private async ask<T>(question: () => Promise<T>): Promise<T> {
    try {
      return await question();
    } catch (error) {
      const name = (error as Error).name;
      if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new InterruptedError();
      throw error;
    }
  }
}

/**
 * stderr as one prompt's output. Inquirer pipes its output into the stream it is given and ends
 * that pipe when the question is answered; process.stderr ignores the end, but any other stream
 * (a test's buffer, a wrapped stream) would be closed after the first question, and the next
 * question and every later message would be lost. Each prompt gets this wrapper instead, which
 * forwards writes and the terminal facts inquirer reads (width, TTY) and is the only thing ended.
 */
function promptOutput(target: Writable): Writable {
  const facts = target as Writable & { columns?: number; rows?: number; isTTY?: boolean };
  const output = new Writable({
    write(chunk, encoding, done) {
      target.write(chunk, encoding);
      done();
    },
  });
  Object.defineProperties(output, {
    columns: { get: () => facts.columns },
    rows: { get: () => facts.rows },
    isTTY: { get: () => facts.isTTY },
  });
  return output;
}
