// Questions for a person at a terminal. Prompts are drawn on stderr so that stdout stays data,
// and @inquirer/prompts is loaded only when a question is actually asked.
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
    return { input: this.io.stdin, output: this.io.stderr, signal: this.signal, clearPromptOnDone: false };
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
    return this.ask(() => checkbox<T>({ message, choices, pageSize: 12, validate: required ? (picked) => (picked.length > 0 ? true : required) : undefined }, this.context));
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
