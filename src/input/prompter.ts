// Questions for a person at a terminal. Prompts are drawn on stderr so that stdout stays data,
// and each prompt's own package (@inquirer/input, @inquirer/search…, not the whole of
// @inquirer/prompts, whose editor prompt brings 650 KB of character sets) is loaded only when a
// question is actually asked. Every question reads its keys through one KeyFeed (key-feed.ts), so
// what it shows as chosen is what it answers, whatever the timing of the keys.
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
 * The choices a typed filter leaves, best first. A choice's spellings are its label, each part of
 * the label (parts are set apart by two spaces: `Damascus  دمشق`, `DAM-123456  Toyota Hiace`) and
 * each of its keys, folded one by one (input/names.ts). Every word typed must be found within ONE
 * spelling — never across two, as when the spellings were once joined and `…Sham Al-Sham…` held
 * `hama` — and where it runs over a word of that spelling, it starts at a word (`ezzor` in
 * `Deir ez-Zor`). A choice with a spelling equal to what was typed comes first, then one with a
 * spelling starting with it, then the rest in the list's own order: a full name and Enter picks
 * that choice, in every picker.
 */
export function narrow<T>(choices: Array<Choice<T>>, typed: string): Array<Choice<T>> {
  const words = typed.split(/\s+/).map(normalizeName).filter(Boolean);
  if (words.length === 0) return choices;
  const whole = normalizeName(typed);
  const ranked: Array<{ choice: Choice<T>; rank: number; index: number }> = [];
  choices.forEach((choice, index) => {
    const spellings = spellingsOf(choice);
    if (!words.every((word) => spellings.some((spelling) => holds(spelling, word)))) return;
    const rank = spellings.some((s) => s.text === whole) ? 0 : spellings.some((s) => s.text.startsWith(whole)) ? 1 : 2;
    ranked.push({ choice, rank, index });
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.index - b.index).map((entry) => entry.choice);
}

/** A spelling folded, with where its words start (a key comes folded already: one word). */
interface Spelling {
  text: string;
  starts: number[];
}

const spellingCache = new WeakMap<object, Spelling[]>();

function spellingsOf(choice: Choice<unknown>): Spelling[] {
  let found = spellingCache.get(choice);
  if (!found) {
    const label = choice.name.trim();
    const parts = [label, ...label.split(/\s{2,}/)];
    found = [...parts.map(spelling), ...(choice.keys ?? []).map((key) => ({ text: normalizeName(key), starts: [0] }))].filter(
      (s) => s.text !== '',
    );
    spellingCache.set(choice, found);
  }
  return found;
}

function spelling(text: string): Spelling {
  const starts: number[] = [];
  let folded = '';
  for (const word of text.split(/[\s\-_'\u2019.]+/)) {
    const part = normalizeName(word);
    if (!part) continue;
    starts.push(folded.length);
    folded += part;
  }
  return { text: folded, starts };
}

/** The word is in the spelling within one of its words, or from the start of one of them on. */
function holds(spelling: Spelling, word: string): boolean {
  for (let at = spelling.text.indexOf(word); at !== -1; at = spelling.text.indexOf(word, at + 1)) {
    if (spelling.starts.includes(at)) return true;
    const nextStart = spelling.starts.find((start) => start > at) ?? spelling.text.length;
    if (at + word.length <= nextStart) return true;
  }
  return false;
}

type Context = { input: Readable; output: Writable; signal: AbortSignal; clearPromptOnDone: boolean };

export class TerminalPrompter implements Prompter {
  private feed: KeyFeed | undefined;

  constructor(
    private readonly io: IO,
    private readonly signal: AbortSignal,
  ) {}

  async input(message: string, opts: { default?: string; validate?: Validate } = {}): Promise<string> {
    const { default: input } = await import('@inquirer/input');
    const validate = opts.validate;
    return this.ask((context, track) =>
      input({ message, default: opts.default, validate: validate ? track(validate) : undefined }, context),
    );
  }

  async password(message: string, opts: { validate?: Validate } = {}): Promise<string> {
    const { default: password } = await import('@inquirer/password');
    const validate = opts.validate;
    return this.ask((context, track) => password({ message, mask: '*', validate: validate ? track(validate) : undefined }, context));
  }

  async confirm(message: string, defaultValue = false): Promise<boolean> {
    // Inquirer's confirm takes any answer starting with y or n and anything else as the default,
    // so stray text (`07:30` typed one question late) said yes. This one asks again instead.
    const { default: input } = await import('@inquirer/input');
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
    const { default: search } = await import('@inquirer/search');
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
    const { default: checkbox } = await import('@inquirer/checkbox');
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
