// Questions for a person at a terminal. Prompts are drawn on stderr so that stdout stays data,
// and @inquirer/prompts is loaded only when a question is actually asked. Every question reads
// its keys through one KeyFeed (key-feed.ts), so what it shows as chosen is what it answers,
// whatever the timing of the keys.
import type { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { InterruptedError } from '../errors.js';
import type { IO } from '../io.js';
import { KeyFeed, type Track } from './key-feed.js';
import { normalizeName } from './names.js';
import { readYesNo, yesNoHint } from './yes-no.js';

export interface Choice<T> {
  name: string;
  value: T;
  description?: string;
  /** Other words the choice is found by as the person types (an Arabic name, a P-code, a phone). */
  keys?: string[];
}

/** A check of an answer: true, or the reason shown under the question before it is asked again. */
export type Validate = (value: string) => true | string | Promise<true | string>;

export interface Prompter {
  input(message: string, opts?: { default?: string; validate?: Validate }): Promise<string>;
  password(message: string, opts?: { validate?: Validate }): Promise<string>;
  /** Yes or no: y, yes, n, no in any case, or Enter for the default; anything else is asked again. */
  confirm(message: string, defaultValue?: boolean): Promise<boolean>;
  /** One of a list, narrowed as the person types: every word typed must be in the label or its keys. */
  select<T>(message: string, choices: Array<Choice<T>>): Promise<T>;
  /** Several choices at once (weekdays); `required` refuses an empty selection. */
  checkbox<T>(message: string, choices: Array<Choice<T>>, opts?: { required?: string }): Promise<T[]>;
}

/**
 * The choices a typed filter leaves, in the list's own order: each word of the filter (case,
 * accents, Arabic letter variants, dashes and spaces aside) is found in the label or a key.
 */
export function narrow<T>(choices: Array<Choice<T>>, typed: string): Array<Choice<T>> {
  const words = typed.split(/\s+/).map(normalizeName).filter(Boolean);
  if (words.length === 0) return choices;
  return choices.filter((choice) => {
    const text = normalizeName([choice.name, ...(choice.keys ?? [])].join(' '));
    return words.every((word) => text.includes(word));
  });
}

type Context = { input: Readable; output: Writable; signal: AbortSignal; clearPromptOnDone: boolean };

export class TerminalPrompter implements Prompter {
  private feed: KeyFeed | undefined;

  constructor(
    private readonly io: IO,
    private readonly signal: AbortSignal,
  ) {}

  async input(message: string, opts: { default?: string; validate?: Validate } = {}): Promise<string> {
    const { input } = await import('@inquirer/prompts');
    const validate = opts.validate;
    return this.ask((context, track) =>
      input({ message, default: opts.default, validate: validate ? track(validate) : undefined }, context),
    );
  }

  async password(message: string, opts: { validate?: Validate } = {}): Promise<string> {
    const { password } = await import('@inquirer/prompts');
    const validate = opts.validate;
    return this.ask((context, track) => password({ message, mask: '*', validate: validate ? track(validate) : undefined }, context));
  }

  async confirm(message: string, defaultValue = false): Promise<boolean> {
    // Inquirer's confirm takes any answer starting with y or n and anything else as the default,
    // so stray text (`07:30` typed one question late) said yes. This one asks again instead.
    const { input } = await import('@inquirer/prompts');
    const answer = await this.ask((context, track) =>
      input(
        {
          message: `${message} ${defaultValue ? '(Y/n)' : '(y/N)'}`,
          validate: track((text: string) => readYesNo(text, defaultValue) !== undefined || yesNoHint(defaultValue)),
          transformer: (text, { isFinal }) => (isFinal ? (readYesNo(text, defaultValue) ? 'Yes' : 'No') : text),
          // A refused answer is cleared, so the next y or n is not appended to it.
          theme: { validationFailureMode: 'clear' },
        },
        context,
      ),
    );
    return readYesNo(answer, defaultValue) === true;
  }

  async select<T>(message: string, choices: Array<Choice<T>>): Promise<T> {
    const { search } = await import('@inquirer/prompts');
    const shown = choices.map(({ name, value, description }) => ({ name, value, description }));
    const all = choices.map((choice, index) => ({ ...choice, value: index }));
    return this.ask((context, track) =>
      search<T>(
        {
          message,
          pageSize: 12,
          // Said under every list, since nothing else shows that typing narrows it.
          theme: {
            style: { keysHelpTip: (keys: Array<[string, string]>) => [['type', 'to filter'], ...keys].map((k) => k.join(' ')).join(' • ') },
          },
          source: track(async (typed: string | undefined) => narrow(all, typed ?? '').map(({ value }) => shown[value]!)),
        },
        context,
      ),
    );
  }

  async checkbox<T>(message: string, choices: Array<Choice<T>>, opts: { required?: string } = {}): Promise<T[]> {
    const { checkbox } = await import('@inquirer/prompts');
    const required = opts.required;
    const shown = choices.map(({ name, value, description }) => ({ name, value, description }));
    return this.ask((context, track) =>
      checkbox<T>(
        {
          message,
          choices: shown,
          pageSize: 12,
          validate: required ? track(async (picked: readonly unknown[]) => (picked.length > 0 ? true : required)) : undefined,
        },
        context,
      ),
    );
  }

  private async ask<T>(question: (context: Context, track: Track) => Promise<T>): Promise<T> {
    this.feed ??= new KeyFeed(this.io.stdin);
    try {
      return await this.feed.ask((input, track) =>
        question({ input, output: promptOutput(this.io.stderr), signal: this.signal, clearPromptOnDone: false }, track),
      );
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
