// A Prompter that answers from a script keyed by a pattern of each question, and records what it
// was asked (kind and message) and which answers its checks refused, so prompt flows run
// in-process exactly as on a terminal: a refused answer is asked again, as inquirer does.
import { type Choice, narrow, type Prompter, type Validate } from '../../src/input/prompter.js';

/**
 * An answer: text for input/password, a boolean for confirm, for select a choice's value or text
 * typed into its filter (the first choice left is taken), values for checkbox. `attempt` counts the times the same question was refused before.
 */
export type Answer = (choices?: Array<Choice<unknown>>, attempt?: number) => unknown;

export class ScriptedPrompter implements Prompter {
  readonly asked: Array<{ kind: string; message: string }> = [];
  /** Answers the question's own check refused, with the reason it gave. */
  readonly refused: Array<{ message: string; answer: string; reason: string }> = [];
  constructor(private readonly answers: Array<[RegExp, Answer]>) {}

  private answer(kind: string, message: string, choices?: Array<Choice<unknown>>, attempt = 0): unknown {
    if (attempt === 0) this.asked.push({ kind, message });
    const entry = this.answers.find(([pattern]) => pattern.test(message));
    if (!entry) throw new Error(`unexpected question: ${message}`);
    return entry[1](choices, attempt);
  }

  private async checked(kind: string, message: string, opts: { default?: string; validate?: Validate }): Promise<string> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const given = this.answer(kind, message, undefined, attempt);
      const value = given === undefined ? (opts.default ?? '') : String(given);
      const verdict = (await opts.validate?.(value)) ?? true;
      if (verdict === true) return value;
      this.refused.push({ message, answer: value, reason: verdict });
    }
    throw new Error(`every scripted answer to '${message}' was refused: ${this.refused.at(-1)?.reason}`);
  }

  async input(message: string, opts: { default?: string; validate?: Validate } = {}): Promise<string> {
    return this.checked('input', message, opts);
  }
  async password(message: string, opts: { validate?: Validate } = {}): Promise<string> {
    return this.checked('password', message, opts);
  }
  async confirm(message: string): Promise<boolean> {
    return Boolean(this.answer('confirm', message));
  }
  async select<T>(message: string, choices: Array<Choice<T>>): Promise<T> {
    const given = this.answer('select', message, choices as Array<Choice<unknown>>);
    if (choices.some((choice) => choice.value === given)) return given as T;
    const [first] = narrow(choices, String(given));
    if (!first) throw new Error(`typing '${String(given)}' into '${message}' left no choice`);
    return first.value;
  }
  async checkbox<T>(message: string, choices: Array<Choice<T>>): Promise<T[]> {
    return this.answer('checkbox', message, choices as Array<Choice<unknown>>) as T[];
  }
}

/** Picks the choice whose label matches. */
export const byName =
  (pattern: RegExp): Answer =>
  (choices) => {
    const found = choices?.find((choice) => pattern.test(choice.name));
    if (!found) throw new Error(`no choice matching ${pattern} among ${choices?.map((c) => c.name).join(' | ')}`);
    return found.value;
  };

/** Answers in turn: the first try, then the next each time the question's check refuses one. */
export const tries =
  (...answers: unknown[]): Answer =>
  (_choices, attempt = 0) =>
    answers[Math.min(attempt, answers.length - 1)];
