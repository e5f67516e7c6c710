// A Prompter that answers from a script keyed by a pattern of each question, and records what it
// was asked (kind and message), so prompt flows run in-process exactly as on a terminal.
import type { Choice, Prompter } from '../../src/input/prompter.js';

/** An answer: text for input/password, a boolean for confirm, a choice's value for select/search. */
export type Answer = (choices?: Array<Choice<unknown>>) => unknown;

export class ScriptedPrompter implements Prompter {
  readonly asked: Array<{ kind: string; message: string }> = [];
  constructor(private readonly answers: Array<[RegExp, Answer]>) {}

  private answer(kind: string, message: string, choices?: Array<Choice<unknown>>): unknown {
    this.asked.push({ kind, message });
    const entry = this.answers.find(([pattern]) => pattern.test(message));
    if (!entry) throw new Error(`unexpected question: ${message}`);
    return entry[1](choices);
  }

  private checked(value: string, message: string, validate?: (value: string) => true | string): string {
    const verdict = validate?.(value) ?? true;
    if (verdict !== true) throw new Error(`scripted answer '${value}' to '${message}' was refused: ${verdict}`);
    return value;
  }

  async input(message: string, opts: { default?: string; validate?: (value: string) => true | string } = {}): Promise<string> {
    const given = this.answer('input', message);
    return this.checked(given === undefined ? (opts.default ?? '') : String(given), message, opts.validate);
  }
  async password(message: string, opts: { validate?: (value: string) => true | string } = {}): Promise<string> {
    return this.checked(String(this.answer('password', message)), message, opts.validate);
  }
  async confirm(message: string): Promise<boolean> {
    return Boolean(this.answer('confirm', message));
  }
  async select<T>(message: string, choices: Array<Choice<T>>): Promise<T> {
    return this.answer('select', message, choices as Array<Choice<unknown>>) as T;
  }
  /** The script answers with a search term; the first choice the source offers for it is taken. */
  async search<T>(message: string, source: (term: string) => Array<Choice<T>>): Promise<T> {
    const term = String(this.answer('search', message));
    const [first] = source(term);
    if (!first) throw new Error(`searching '${term}' for '${message}' offered nothing`);
    return first.value;
  }
}

/** Picks the choice whose label matches. */
export const byName = (pattern: RegExp): Answer => (choices) => {
  const found = choices?.find((choice) => pattern.test(choice.name));
  if (!found) throw new Error(`no choice matching ${pattern} among ${choices?.map((c) => c.name).join(' | ')}`);
  return found.value;
};
