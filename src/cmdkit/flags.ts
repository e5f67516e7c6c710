// The flag sets many verbs share, each added by one helper so they read the same everywhere.
import { CommanderError, Option, type Command } from 'commander';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { choice } from '../input/choices.js';
import { westernDigits } from '../input/digits.js';
import type { ResourceSpec } from '../output/columns.js';
import { describeColumns, parseColumns } from '../output/choose-columns.js';

/** Commander's accumulator for a repeatable flag. */
export function collect(value: string, previous: string[] = []): string[] {
  return [...previous, value];
}

/** `--page`, `--per-page`, `--all`, `--limit` for paged lists, and `--param` for unshown filters. */
export function addPageFlags(command: Command): Command {
  return addParamFlag(command)
    .option('--page <n>', 'page to fetch (from 1)', positiveInteger('--page'))
    .option('--per-page <n>', 'items per page, 1-100 (default 25; 100 with --all)', integerInRange('--per-page', 1, 100))
    .option('--all', 'fetch every page, streaming as pages arrive')
    .option('--limit <n>', 'stop after N items, fetching pages as needed', positiveInteger('--limit'));
}

/** `--param k=v` (repeatable): a query parameter the tool has no flag for. */
export function addParamFlag(command: Command): Command {
  return command.option('--param <key=value>', 'extra query parameter, repeatable', collect, []);
}

/** `-F k=v` (typed) and `-f k=v` (string) for body fields the tool has no flag for. */
export function addFieldFlags(command: Command): Command {
  return command
    .option('-F, --field <key=value>', 'extra body field, typed: true, false, null, numbers, JSON [..] or {..}; repeatable', collect, [])
    .option('-f, --raw-field <key=value>', 'extra body field, always a string; repeatable', collect, []);
}

/** `--file` and `--force` of the verbs that download a file. */
export function addFileFlags(command: Command, defaultName = "the service's file name"): Command {
  return command
    .option('--file <path>', `where to save it: a file, a directory, or - for stdout (default: ${defaultName})`)
    .option('--force', 'replace an existing file');
}

/**
 * `--columns a,b,c.d` for every verb that renders a resource: checked against the resource's
 * column spec as it is parsed (before any request); `--columns help` lists the names and ends
 * the run. The renderer applies the choice to table and CSV output (see Context.renderer).
 */
export function addColumnsFlag(command: Command, spec: ResourceSpec | undefined, ctx: Context): Command {
  const what = () => {
    const names: string[] = [];
    for (let at: Command | null = command; at?.parent; at = at.parent) names.unshift(at.name());
    return `tripctl ${names.join(' ')}`;
  };
  return command.option(
    '--columns <names>',
    "table and CSV columns, comma-separated: names from '--columns help', or dotted paths into the JSON",
    (value: string) => {
      if (value === 'help') {
        ctx.io.out(describeColumns(spec, what()));
        throw new CommanderError(0, 'tripctl.columnsHelp', '');
      }
      return parseColumns(value, spec, what());
    },
  );
}

/**
 * An option whose value is one of a list: listed in help and completion by commander, checked by
 * the one check every door uses (any case, did-you-mean, before anything is sent) — never by
 * commander's own, which says neither. Every enumerated option is made here.
 */
export function choiceOption(flags: string, description: string, allowed: readonly string[], what?: string): Option {
  const option = new Option(flags, description);
  const name = option.long ?? flags.split(/[ ,]/)[0]!;
  return option.choices(allowed).argParser((value: string) => choice(name, value, allowed, what));
}

export function positiveInteger(flag: string) {
  return (value: string): number => {
    const digits = westernDigits(value).trim();
    if (!/^\d+$/.test(digits) || Number(digits) < 1) throw usageError(`${flag} must be a whole number of 1 or more, not '${value}'`);
    return Number(digits);
  };
}

export function integerInRange(flag: string, min: number, max: number) {
  return (value: string): number => {
    const digits = westernDigits(value).trim();
    const n = Number(digits);
    if (!/^-?\d+$/.test(digits) || n < min || n > max)
      throw usageError(`${flag} must be a whole number from ${min} to ${max}, not '${value}'`);
    return n;
  };
}

function splitPair(flag: string, pair: string): [string, string] {
  const at = pair.indexOf('=');
  if (at <= 0) throw usageError(`${flag} takes key=value, not '${pair}'`);
  return [pair.slice(0, at), pair.slice(at + 1)];
}

function typedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  // A number typed in Arabic-Indic digits is the same number (a field in another script is text).
  const digits = westernDigits(text);
  if (/^-?(?:0|[1-9]\d*)(?:\.\d+)?$/.test(digits)) return Number(digits);
  if (/^[[{]/.test(text)) {
    try {
      return JSON.parse(text);
    } catch {
      // Not JSON after all: a string that happens to start with a bracket.
    }
  }
  return text;
}

/** Sets `a`, `a.b` or appends to `a[]` in the body. */
function assign(target: Record<string, unknown>, key: string, value: unknown): void {
  const append = key.endsWith('[]');
  const path = (append ? key.slice(0, -2) : key).split('.');
  let node = target;
  for (const part of path.slice(0, -1)) {
    if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (append) node[last] = [...(Array.isArray(node[last]) ? (node[last] as unknown[]) : []), value];
  else node[last] = value;
}

/** The body fields given with -F and -f, merged over the body the flags built. */
export function fieldsFrom(opts: { field?: string[]; rawField?: string[] }, base: Record<string, unknown> = {}): Record<string, unknown> {
  const body = structuredClone(base);
  for (const pair of opts.field ?? []) {
    const [key, value] = splitPair('-F', pair);
    assign(body, key, typedValue(value));
  }
  for (const pair of opts.rawField ?? []) {
    const [key, value] = splitPair('-f', pair);
    assign(body, key, value);
  }
  return body;
}

/** The query parameters given with --param. Repeating a key sends it several times. */
export function paramsFrom(opts: { param?: string[] }): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const pair of opts.param ?? []) {
    const [key, value] = splitPair('--param', pair);
    const previous = query[key];
    query[key] = previous === undefined ? value : [...(Array.isArray(previous) ? previous : [previous]), value];
  }
  return query;
}
