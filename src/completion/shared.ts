// What the three script generators share: the tables each script encodes in its own syntax.
import { allCommands, flagNames, HELP_FLAG, type ArgNode, type CommandNode, type FlagNode, type ValueSpec } from './tree.js';

/** The short encoding of a value spec the scripts switch on: '' (no value), free, file, dir, one:…, list:…, dyn:KIND. */
export function valueCode(value: ValueSpec): string {
  switch (value.kind) {
    case 'none':
      return '';
    case 'free':
    case 'file':
    case 'dir':
      return value.kind;
    case 'choices':
      return `${value.list ? 'list' : 'one'}:${value.values.join(' ')}`;
    case 'dynamic':
      return `dyn:${value.source}`;
  }
}

export interface Row {
  /** The command path joined by spaces ('' for the root). */
  path: string;
  node: CommandNode;
}

export function rows(root: CommandNode): Row[] {
  return [{ path: '', node: root }, ...allCommands(root).map((node) => ({ path: node.path.join(' '), node }))];
}

/** A command's own flags (the root's: only --version); the global ones are listed once under '.'. */
export function ownFlags(root: CommandNode, node: CommandNode): FlagNode[] {
  return node === root ? root.flags.filter((f) => f.long === '--version') : node.flags;
}

/** The flags every command accepts: the global ones and help. */
export function globalFlags(root: CommandNode): FlagNode[] {
  return [...root.flags.filter((f) => f.long !== '--version'), HELP_FLAG];
}

/** Flag name → value code of every flag that takes a value, per command (globals under path ''). */
export function valuedFlags(root: CommandNode): Array<{ path: string; name: string; code: string }> {
  const out: Array<{ path: string; name: string; code: string }> = [];
  for (const { path, node } of rows(root)) {
    for (const flag of node.flags) {
      // Optional values (`--register [url]`) are never taken from the next word when walking the line.
      if (flag.placeholder === undefined || flag.placeholder.startsWith('[')) continue;
      for (const name of flagNames(flag)) out.push({ path, name, code: valueCode(flag.value) });
    }
  }
  // The globals last, so a command's own flag of the same name wins in first-match tables.
  return [...out.filter((r) => r.path !== ''), ...out.filter((r) => r.path === '')];
}

/** Positional argument value codes by index; a variadic argument covers every index from its own. */
export function argCodes(node: CommandNode): Array<{ index: number; variadic: boolean; code: string; arg: ArgNode }> {
  return node.args.map((arg, index) => ({ index, variadic: arg.variadic, code: valueCode(arg.value), arg }));
}

/** Single-quotes text for bash and zsh. */
export function shq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** One line of a description, for menus: the first sentence-ish part, no newlines. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
