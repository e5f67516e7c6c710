// The tools `tripctl mcp` serves: one per verb of the command tree, described by the same walk
// that completion scripts and the reference are generated from (completion/tree.ts), so a new
// verb is a new tool with no code here. What an assistant is not given, and why, is listed below.
import type { Command } from 'commander';
import { callsOf } from '../../cmdkit/define.js';
import { requiredFlagsOf } from '../../cmdkit/operation.js';
import { allCommands, type ArgNode, type CommandNode, describeTree, type DynamicKind, type FlagNode } from '../../completion/tree.js';

/** Verbs (or whole groups, by their first word) that are no tool, each with the reason. */
export const LEFT_OUT: Record<string, string> = {
  auth: 'credentials: logging in and out is for a person at a terminal',
  profiles: "the operator's saved profiles, protection among them, which an assistant must not switch off",
  config: "the operator's local settings",
  completion: 'shell plumbing',
  sandbox: "starts or steers a local test service, not the company's data",
  mcp: 'this server itself',
  api: 'the raw escape hatch: any method on any path, past the checks and handles of the verbs',
  openapi: "the service's whole document, tens of kilobytes; the verbs are the tools",
  doctor: "a report on this machine's configuration, for the operator",
  'bookings inbox': 'interactive: a person works through the requests at a terminal',
  'trips board': 'interactive: the boarding station reads a scanner at a terminal',
  'webhooks listen': 'a long-running local listener',
  'webhooks create':
    "sends the company's events (passengers' names and phones) to a URL of the caller's choosing, and prints its signing secret",
  'webhooks update': "can point the company's events at another URL",
  'payments invoice': 'a PDF download to a file',
  'reports export': 'a file download (CSV, XLSX or PDF); `reports show` gives the figures as data',
  'company logo set': "uploads a file from the operator's disk",
};

/** Flags no tool takes, each with the reason; the verb keeps its other flags. */
const LEFT_OUT_FLAGS: Record<string, string> = {
  '--field': "raw body fields, past the verb's checks",
  '--raw-field': "raw body fields, past the verb's checks",
  '--param': "raw query parameters, past the verb's checks",
  '--columns': 'table columns; a tool answers in JSON',
  '--from-file': "reads the operator's files",
  '--file': "writes the operator's files",
  '--force': "overwrites the operator's files",
  '--format': 'a file format (PDF, CSV); a tool answers in JSON',
  '--concurrency': "the operator's tuning of bulk runs",
};

/** Flags that only mean something beside a left-out one. */
const GOES_WITH: Record<string, string> = { '--dry-run': '--from-file', '--update': '--from-file' };

/** Verbs that end in one of these words lose or end something: annotated destructive. */
const DESTRUCTIVE_WORDS = new Set(['cancel', 'reject', 'remove', 'delete']);

/**
 * Writes by POST that set a state rather than create something, so a second run changes nothing.
 * (PATCH, PUT and DELETE are so by their method; `toggle` flips back and `test` sends again, so
 * they are not here.)
 */
const IDEMPOTENT_POSTS = new Set([
  'trips complete',
  'bookings board',
  'bookings no-show',
  'schedules pause',
  'schedules resume',
  'schedules skip',
]);

/** One tool argument: a flag or a positional argument of the verb. */
export interface ToolParam {
  /** The argument's name in the tool's schema: commander's attribute name (`perPage`, `tripId`). */
  key: string;
  /** `--per-page` for a flag; undefined for a positional argument. */
  flag?: string;
  type: 'string' | 'boolean' | 'string[]';
  choices?: string[];
  required: boolean;
  description: string;
  /** What an id names (`trips`, `bookings`), for the question before a write. */
  names?: DynamicKind;
}

export interface ToolSpec {
  /** `trips_list`, `schedules_exceptions_add`. */
  name: string;
  /** The command words, `['trips', 'list']`. */
  path: string[];
  description: string;
  params: ToolParam[];
  /** One of its declared calls is not a GET. */
  writes: boolean;
  destructive: boolean;
  idempotent: boolean;
}

/** Every verb that is a tool, from the program's own tree. */
export function catalogue(program: Command): ToolSpec[] {
  const root = describeTree(program);
  const tools: ToolSpec[] = [];
  for (const node of allCommands(root)) {
    if (node.commands.length > 0 || leftOut(node.path)) continue;
    const command = commandAt(program, node.path);
    const calls = callsOf(command);
    // A verb that declares no call to the service is local (config, event names, verify): no tool.
    if (calls.length === 0) continue;
    const writes = calls.some((call) => !call.startsWith('GET '));
    const path = node.path.join(' ');
    tools.push({
      name: node.path.join('_').replace(/-/g, '_'),
      path: node.path,
      description: describe(node),
      params: paramsOf(node, command),
      writes,
      destructive: writes && DESTRUCTIVE_WORDS.has(node.path[node.path.length - 1]!),
      idempotent:
        writes &&
        (IDEMPOTENT_POSTS.has(path) || calls.filter((call) => !call.startsWith('GET ')).every((call) => /^(PATCH|PUT|DELETE) /.test(call))),
    });
  }
  return tools;
}

/** Why a verb is no tool, or undefined when it is one. */
export function leftOut(path: string[]): string | undefined {
  for (let length = path.length; length > 0; length--) {
    const reason = LEFT_OUT[path.slice(0, length).join(' ')];
    if (reason) return reason;
  }
  return undefined;
}

function commandAt(program: Command, path: string[]): Command {
  let command = program;
  for (const name of path) command = command.commands.find((sub) => sub.name() === name)!;
  return command;
}

/** The verb's help: what it does, and its examples as a command line. */
function describe(node: CommandNode): string {
  if (node.examples.length === 0) return node.description;
  const examples = node.examples.map((example) => `  ${example}`).join('\n');
  return `${node.description}\n\nAs a command line (each --flag is an argument of this tool):\n${examples}`;
}

function paramsOf(node: CommandNode, command: Command): ToolParam[] {
  const required = new Set([...requiredFlagsOf(command), ...command.options.filter((o) => o.mandatory).map((o) => o.long)]);
  const present = new Set(node.flags.map((flag) => flag.long));
  const flags = node.flags.filter(
    (flag) => flag.long && !LEFT_OUT_FLAGS[flag.long] && !present.has(GOES_WITH[flag.long] ?? '') && flag.long !== '--help',
  );
  const params = [...flags.map((flag) => flagParam(flag, command, required)), ...node.args.map(argParam)];
  const keys = new Set<string>();
  for (const param of params) {
    // Flags and arguments share one namespace in a tool's schema.
    if (keys.has(param.key)) throw new Error(`tool ${node.path.join('_')}: two arguments named ${param.key}`);
    keys.add(param.key);
  }
  return params;
}

function flagParam(flag: FlagNode, command: Command, required: Set<string | undefined>): ToolParam {
  const option = command.options.find((o) => o.long === flag.long)!;
  const param: ToolParam = {
    key: option.attributeName(),
    flag: flag.long!,
    type: flag.value.kind === 'none' ? 'boolean' : option.variadic ? 'string[]' : 'string',
    required: required.has(flag.long),
    description: flag.description + (flag.defaultValue !== undefined ? ` (default ${flag.defaultValue})` : ''),
  };
  if (option.negate) param.description = `${param.description} (false to turn it off)`;
  return withValues(param, flag.value);
}

/** What a positional id names, for its description. */
const ID_WORDS: Partial<Record<DynamicKind, string>> = {
  trips: "a trip's id",
  bookings: "a booking's id",
  schedules: "a schedule's id",
  vehicles: "a vehicle's id or plate",
  members: "a member's id",
  webhooks: "a webhook endpoint's id",
};

function argParam(arg: ArgNode): ToolParam {
  const kind = arg.value.kind === 'dynamic' ? arg.value.source : undefined;
  const words = kind && ID_WORDS[kind] ? `${ID_WORDS[kind]} (as ${kind}_list gives it)` : arg.name;
  return withValues(
    {
      key: arg.name,
      type: arg.variadic ? 'string[]' : 'string',
      required: arg.required,
      description: arg.variadic ? `one or more: ${words}` : words,
    },
    arg.value,
  );
}

function withValues(param: ToolParam, value: FlagNode['value']): ToolParam {
  // A comma-separated list of choices (`--events a,b`) stays text; its description names them.
  if (value.kind === 'choices' && !value.list) param.choices = value.values;
  else if (value.kind === 'choices') param.description = `${param.description}; comma-separated, from: ${value.values.join(', ')}`;
  if (value.kind === 'dynamic') param.names = value.source;
  return param;
}
