// The tools `tripctl mcp` serves: one per verb of the command tree, described by the same walk
// that completion scripts and the reference are generated from (completion/tree.ts), so a new
// verb is a new tool with no code here. Whether a verb is offered, destructive or idempotent, and
// the view it answers with, are declared with the verb itself (cmdkit/define.ts, AssistantSpec).
// Descriptions are written for a model: no shell, no flags, the arguments by their names.
import type { Command } from 'commander';
import { type AssistantSpec, assistantOf, callsOf, viewOf } from '../../cmdkit/define.js';
import { requiredFlagsOf } from '../../cmdkit/operation.js';
import {
  allCommands,
  type ArgNode,
  type CommandNode,
  describeTree,
  DYNAMIC_KIND_WORDS,
  type DynamicKind,
  type FlagNode,
} from '../../completion/tree.js';
import type { ResourceSpec } from '../../output/columns.js';
import { recordKeys } from '../../output/records.js';
import { plural } from '../../output/render.js';

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

/** A list's own paging flags: a tool pages with the server's opaque `cursor` instead. */
const PAGING_FLAGS = new Set(['--page', '--per-page', '--all', '--limit']);

/**
 * Placeholders that always hold a number (`--seats <n>`, `--year <year>`, `--price <amount>`): the
 * tool's schema types them so, and the command line is given their digits.
 */
const NUMBER_PLACEHOLDERS: Record<string, 'integer' | 'number'> = { '<n>': 'integer', '<year>': 'integer', '<amount>': 'number' };

/** Flags that only mean something beside a left-out one. */
const GOES_WITH: Record<string, string> = {
  '--dry-run': '--from-file',
  '--update': '--from-file',
  // `bookings ticket --trip TRIP --all` saves files: only with --format.
  '--trip': '--format',
  '--all': '--format',
};

/**
 * Arguments a tool requires though the command line may leave them out, for a form of the verb
 * that only a left-out flag reaches (`bookings ticket --trip TRIP --all --format pdf`).
 */
const REQUIRED_IN_TOOLS: Record<string, string[]> = { 'bookings ticket': ['bookingId'] };

/** One tool argument: a flag or a positional argument of the verb. */
export interface ToolParam {
  /** The argument's name in the tool's schema: commander's attribute name (`perPage`, `tripId`). */
  key: string;
  /** `--per-page` for a flag; undefined for a positional argument. */
  flag?: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'string[]';
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
  /** It answers with data (a view): records by default, the service's objects with `detail: 'service'`. */
  answers: boolean;
  /** What its records answer is, for its outputSchema: the key and the record keys. */
  output?: { shape: 'object' | 'list' | 'figures'; key: string; keys: string[]; name: string };
  /** A list the service pages: the tool takes `cursor` rather than page flags. */
  paged: boolean;
  /** The toolset it is served in (`--toolsets`). */
  toolset: string;
  /** Reference data its answer is, offered as resources (AssistantSpec.resources). */
  resources: NonNullable<AssistantSpec['resources']>;
}

/** Every verb that is a tool, from the program's own tree. */
export function catalogue(program: Command): ToolSpec[] {
  const root = describeTree(program);
  const tools: ToolSpec[] = [];
  for (const node of allCommands(root)) {
    if (node.commands.length > 0) continue;
    const command = commandAt(program, node.path);
    const declared = assistantOf(command);
    if (declared.notOffered !== undefined) continue;
    const calls = callsOf(command);
    // A verb that declares no call to the service is local (config, event names, verify): no tool.
    if (calls.length === 0) continue;
    const sends = calls.filter((call) => !call.startsWith('GET '));
    const writes = sends.length > 0;
    const params = paramsOf(node, command);
    for (const param of params) param.description = forModel(param.description, params);
    const view = viewOf(command);
    tools.push({
      name: node.path.join('_').replace(/-/g, '_'),
      path: node.path,
      description: describe(node, params, declared.description),
      params,
      writes,
      destructive: writes && declared.destructive === true,
      idempotent: writes && (declared.idempotent ?? sends.every((call) => /^(PATCH|PUT|DELETE) /.test(call))),
      answers: view !== undefined,
      ...(view ? { output: outputOf(view, declared.answers) } : {}),
      paged: node.flags.some((flag) => flag.long === '--page'),
      toolset: declared.toolset ?? node.path[0]!,
      resources: declared.resources ?? [],
    });
  }
  // One record shape is listed once: a tool that shows one object of a kind a list tool lists
  // (trips_get, trips_list) answers with the same record, whose keys that list's schema names.
  const listed = new Set(tools.flatMap((tool) => (tool.output?.shape === 'list' ? [tool.output.name] : [])));
  for (const tool of tools) if (tool.output?.shape === 'object' && listed.has(tool.output.name)) tool.output.keys = [];
  return tools;
}

/** Why a verb is no tool, or undefined when it is one (declared with the verb or its group). */
export function notOffered(program: Command, path: string[]): string | undefined {
  return assistantOf(commandAt(program, path)).notOffered;
}

function commandAt(program: Command, path: string[]): Command {
  let command = program;
  for (const name of path) command = command.commands.find((sub) => sub.name() === name)!;
  return command;
}

/**
 * What the tool does, for a model: the verb's description (or the one it declared for an
 * assistant) with each flag named as the tool's argument, then what it answers with.
 */
function describe(node: CommandNode, params: ToolParam[], declared: string | undefined): string {
  // The record keys are the outputSchema's, not repeated here.
  return `${forModel(declared ?? node.description, params)}.`.replace(/\.\./g, '.');
}

/** What the records answer holds (records.ts): `{trips: [...]}`, `{trip: {...}}` or figures. */
function outputOf(view: ResourceSpec, answers: 'object' | 'list' | undefined): NonNullable<ToolSpec['output']> {
  const name = view.name.replace(/ /g, '');
  const shape = view.figures ? 'figures' : (answers ?? 'object');
  // An id kept beside its name (`vehicleId` beside `vehicle`) goes unlisted: the instructions say so once.
  const keys = recordKeys(view);
  const named = keys.filter((key) => !(key.endsWith('Id') && keys.includes(key.slice(0, -2))));
  return { shape, key: shape === 'list' ? plural(view.name).replace(/ /g, '') : name, keys: named, name: view.name };
}

/**
 * Text written for a terminal, for a model: `--trip` becomes the argument `trip`, and what is
 * about terminals and shells (`--yes without a terminal`, `-o json`) is left out.
 */
export function forModel(text: string, params: ToolParam[]): string {
  const byFlag = new Map(params.flatMap((param) => (param.flag ? [[param.flag, param.key] as const] : [])));
  return text
    .replace(
      /\s*\([^()]*(?:--(?:yes|param|field|all|query|file|force|format|from-file|dry-run|columns|concurrency)\b|\s-o\s|\$\()[^()]*\)/g,
      '',
    )
    .replace(/;[^;]*\b(?:terminal|stdin)\b[^;]*$/, '')
    .replace(/;?\s*-F \w+=\S+ takes minor units/g, '')
    .replace(/--([a-z][a-z0-9-]*)/g, (_whole, name: string) => {
      const key = byFlag.get(`--${name}`);
      return key ? `\`${key}\`` : name.replace(/-/g, ' ');
    })
    .replace(/[;,]\s*$/, '')
    .trim();
}

function paramsOf(node: CommandNode, command: Command): ToolParam[] {
  const required = new Set([...requiredFlagsOf(command), ...command.options.filter((o) => o.mandatory).map((o) => o.long)]);
  const present = new Set(node.flags.map((flag) => flag.long));
  const flags = node.flags.filter(
    (flag) =>
      flag.long &&
      !LEFT_OUT_FLAGS[flag.long] &&
      !present.has(GOES_WITH[flag.long] ?? '') &&
      flag.long !== '--help' &&
      !(present.has('--page') && PAGING_FLAGS.has(flag.long)),
  );
  const requiredArgs = new Set(REQUIRED_IN_TOOLS[node.path.join(' ')] ?? []);
  const params = [
    ...flags.map((flag) => flagParam(flag, command, required)),
    ...node.args.map((arg) => argParam(requiredArgs.has(arg.name) ? { ...arg, required: true } : arg)),
  ];
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
    type: flag.value.kind === 'none' ? 'boolean' : option.variadic ? 'string[]' : (NUMBER_PLACEHOLDERS[flag.placeholder ?? ''] ?? 'string'),
    required: required.has(flag.long),
    description: flag.description + (flag.defaultValue !== undefined ? ` (default ${flag.defaultValue})` : ''),
  };
  if (option.negate) param.description = `${param.description} (false to turn it off)`;
  return withValues(param, flag.value);
}

function argParam(arg: ArgNode): ToolParam {
  const kind = arg.value.kind === 'dynamic' ? arg.value.source : undefined;
  const words = kind && DYNAMIC_KIND_WORDS[kind] ? `from ${kind}_list` : arg.name;
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
