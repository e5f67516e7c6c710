// Walks the commander tree into a plain description — groups, verbs, aliases, flags with their
// value placeholders and allowed values, positional arguments — that the completion scripts and
// the README's command reference are generated from. Nothing here runs a command.
import type { Argument, Command, Option } from 'commander';
import { BOOKING_STATUSES, HTTP_METHODS, TRIP_STATUSES } from '../input/choices.js';
import { EVENT_GROUPS, SUBSCRIBABLE_EVENTS } from '../webhooks/events.js';

/** Values the hidden `__complete` command fetches from the service (or, for profiles, the config). */
export const DYNAMIC_KINDS = ['cities', 'trips', 'bookings', 'vehicles', 'members', 'webhooks', 'schedules', 'profiles'] as const;
export type DynamicKind = (typeof DYNAMIC_KINDS)[number];

/** What a value of each kind is, in words (an assistant's tool describes its arguments so). */
export const DYNAMIC_KIND_WORDS: Partial<Record<DynamicKind, string>> = {
  trips: "a trip's id",
  bookings: "a booking's id",
  schedules: "a schedule's id",
  vehicles: "a vehicle's id or plate",
  members: "a member's id",
  webhooks: "a webhook endpoint's id",
};

/** How a flag's value or a positional argument completes. */
export type ValueSpec =
  | { kind: 'none' } // a switch: no value
  | { kind: 'free' } // any text: nothing to offer
  | { kind: 'file' }
  | { kind: 'dir' }
  /** One of these; `list`: a comma-separated list of them (`--events a,b`). */
  | { kind: 'choices'; values: string[]; list?: boolean }
  | { kind: 'dynamic'; source: DynamicKind };

export interface FlagNode {
  /** `--status`, or undefined for a short-only flag. */
  long?: string;
  /** `-o`. */
  short?: string;
  /** The value placeholder as written, e.g. `<city>` or `[url]`. */
  placeholder?: string;
  description: string;
  value: ValueSpec;
  /** Commander's default, as help shows it. */
  defaultValue?: string;
}

export interface ArgNode {
  name: string;
  required: boolean;
  variadic: boolean;
  value: ValueSpec;
}

export interface CommandNode {
  name: string;
  /** Names from the root, e.g. ['schedules', 'exceptions', 'add']; [] for the root. */
  path: string[];
  aliases: string[];
  description: string;
  /** The command's own flags (the root's are the global flags). */
  flags: FlagNode[];
  args: ArgNode[];
  commands: CommandNode[];
  /** The examples its help shows (`$ tripctl …`), without the `$ `. */
  examples: string[];
}

/** Flags whose values are dynamic or enumerated but not declared as commander choices. */
interface Hint {
  /** Command path ('trips list'), '*' for any command. */
  path: string;
  flag?: string;
  arg?: string;
  value: ValueSpec;
}

const EVENT_VALUES = ['*', ...EVENT_GROUPS.map((group) => `${group}.*`), ...SUBSCRIBABLE_EVENTS];

const HINTS: Hint[] = [
  { path: '', flag: '--profile', value: { kind: 'dynamic', source: 'profiles' } },
  { path: 'profiles use', arg: 'name', value: { kind: 'dynamic', source: 'profiles' } },
  { path: 'profiles remove', arg: 'name', value: { kind: 'dynamic', source: 'profiles' } },
  // Open sets: the tool accepts others (trips) or checks them itself (bookings), so they are not commander choices.
  { path: 'trips list', flag: '--status', value: { kind: 'choices', values: [...TRIP_STATUSES] } },
  { path: 'bookings list', flag: '--status', value: { kind: 'choices', values: [...BOOKING_STATUSES] } },
  { path: '*', flag: '--events', value: { kind: 'choices', values: EVENT_VALUES, list: true } },
  { path: 'api', arg: 'method', value: { kind: 'choices', values: [...HTTP_METHODS] } },
];

/** Placeholders (flags) and argument names that name something the service can list. */
const DYNAMIC_BY_NAME: Record<string, DynamicKind> = {
  city: 'cities',
  'id|plate': 'vehicles',
  vehicleId: 'vehicles',
  tripId: 'trips',
  bookingId: 'bookings',
  bookingIds: 'bookings',
  memberId: 'members',
  endpointId: 'webhooks',
  scheduleId: 'schedules',
  scheduleIds: 'schedules',
};

const FILE_NAMES = new Set(['file', 'path']);
const DIR_NAMES = new Set(['dir']);

function bare(placeholder: string): string {
  return placeholder.replace(/^[<[]|[>\]]$/g, '').replace(/\.\.\.$/, '');
}

function valueFromName(name: string): ValueSpec {
  const dynamic = DYNAMIC_BY_NAME[name];
  if (dynamic) return { kind: 'dynamic', source: dynamic };
  if (FILE_NAMES.has(name)) return { kind: 'file' };
  if (DIR_NAMES.has(name)) return { kind: 'dir' };
  return { kind: 'free' };
}

function hintFor(path: string, key: { flag?: string; arg?: string }): ValueSpec | undefined {
  const hint = HINTS.find((h) => (h.path === path || h.path === '*') && (key.flag ? h.flag === key.flag : h.arg === key.arg));
  return hint?.value;
}

function isHidden(command: Command): boolean {
  return (command as unknown as { _hidden?: boolean })._hidden === true;
}

function flagNode(option: Option, path: string): FlagNode {
  const placeholder = option.flags.match(/[<[][^>\]]*[>\]]/)?.[0];
  let value: ValueSpec;
  if (!placeholder) value = { kind: 'none' };
  else if (option.argChoices) value = { kind: 'choices', values: [...option.argChoices] };
  else value = hintFor(path, { flag: option.long }) ?? valueFromName(bare(placeholder));
  const node: FlagNode = { description: option.description, value };
  if (option.long) node.long = option.long;
  if (option.short) node.short = option.short;
  if (placeholder) node.placeholder = placeholder;
  if (option.defaultValue !== undefined && placeholder && !Array.isArray(option.defaultValue)) {
    node.defaultValue = String(option.defaultValue);
  }
  return node;
}

function argNode(argument: Argument, path: string): ArgNode {
  const name = argument.name();
  const value: ValueSpec = argument.argChoices
    ? { kind: 'choices', values: [...argument.argChoices] }
    : (hintFor(path, { arg: name }) ?? valueFromName(name));
  return { name, required: argument.required, variadic: argument.variadic, value };
}

/** The lines after `Examples:` that a verb's help prints (see defineVerb). */
function examplesOf(command: Command): string[] {
  let text = '';
  (command as unknown as NodeJS.EventEmitter).emit('afterHelp', { error: false, command, write: (chunk: string) => (text += chunk) });
  const at = text.indexOf('Examples:');
  if (at < 0) return [];
  return text
    .slice(at)
    .split('\n')
    .filter((line) => line.startsWith('  $ '))
    .map((line) => line.slice(4));
}

function walk(command: Command, path: string[]): CommandNode {
  const key = path.join(' ');
  const flags = command.options.filter((option) => !option.hidden).map((option) => flagNode(option, key));
  return {
    name: path.length ? command.name() : 'tripctl',
    path,
    aliases: command.aliases(),
    description: command.description(),
    flags,
    args: command.registeredArguments.map((argument) => argNode(argument, key)),
    commands: command.commands.filter((sub) => !isHidden(sub) && sub.name() !== 'help').map((sub) => walk(sub, [...path, sub.name()])),
    examples: examplesOf(command),
  };
}

/** The whole tree from the program (the root command). */
export function describeTree(program: Command): CommandNode {
  let root = program;
  while (root.parent) root = root.parent;
  return walk(root, []);
}

/** Every command below the root, depth first, in declaration order. */
export function allCommands(node: CommandNode): CommandNode[] {
  return node.commands.flatMap((sub) => [sub, ...allCommands(sub)]);
}

/** `-h, --help`: commander adds it lazily, so the tree adds it to every command by hand. */
export const HELP_FLAG: FlagNode = { short: '-h', long: '--help', description: 'show help', value: { kind: 'none' } };

/** A flag's names, e.g. ['-o', '--output']. */
export function flagNames(flag: FlagNode): string[] {
  return [flag.short, flag.long].filter((name): name is string => name !== undefined);
}
