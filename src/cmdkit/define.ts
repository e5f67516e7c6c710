// How a verb is declared: a description, examples in its help, and an action that loads its
// implementation only when the verb runs, so start-up parses the tree and nothing else.
import type { Command } from 'commander';
import type { Context } from '../context.js';
import type { ResourceSpec } from '../output/columns.js';

export interface ActionInput<O = Record<string, unknown>> {
  args: string[];
  opts: O;
  command: Command;
}

/** An implementation returns an exit code (0 when omitted). */
// biome-ignore lint/suspicious/noExplicitAny: each verb narrows its own options; the default is for wiring code that does not look at them
// biome-ignore lint/suspicious/noConfusingVoidType: an action may end without a value, which is exit 0
export type ActionFn<O = any> = (ctx: Context, input: ActionInput<O>) => Promise<number | void>;

export interface VerbSpec {
  description: string;
  examples: string[];
  aliases?: string[];
  /**
   * The service operations the verb calls, as `METHOD /path/{param}` — declared so a test can
   * prove every operation of the OpenAPI document is reached by some command.
   */
  calls?: string[];
  /** Runs when the group is given no verb (`tripctl sandbox` = `tripctl sandbox start`). */
  isDefault?: boolean;
  /**
   * Whether this run changes something at the service, for verbs where that depends on the
   * input (`api POST`, `webhooks listen --register`). Without it, a verb writes when one of its
   * declared calls is not a GET.
   */
  writes?: (input: ActionInput) => boolean;
  /** How the verb is offered to an assistant (`tripctl mcp`): declared here, with the verb. */
  assistant?: AssistantSpec;
  /**
   * What a person reads of the verb's answer: the columns behind its table, which are also the
   * records an assistant is answered with. Data-described verbs declare it as their `resource`.
   */
  view?: ResourceSpec;
}

/**
 * What `tripctl mcp` needs to know of a verb, said where the verb is declared so that a renamed
 * or new verb carries its own protection. Without it, a verb that calls the service is offered;
 * a write is idempotent when all its writes are PATCH, PUT or DELETE, and destructive when the
 * verb asks before it runs (a data-described verb's `confirm`).
 */
export interface AssistantSpec {
  /** The verb (or, on a group, every verb of it) is not offered to an assistant, and why. */
  notOffered?: string;
  /** It loses or ends something (annotated destructive). */
  destructive?: boolean;
  /** A second run changes nothing more (annotated idempotent). */
  idempotent?: boolean;
  /** The tool's description, where the verb's own words are for a terminal. */
  description?: string;
  /**
   * What its records answer is: one object (`{trip: {...}}`) or a list (`{trips: [...]}`), so the
   * tool's outputSchema says which. Data-described verbs declare it from their result.
   */
  answers?: 'object' | 'list';
  /**
   * Reference data the verb's answer is, offered as MCP resources (`tripctl://cities`) so a model
   * need not spend calls on it; `only` keeps the list's records with these values (drivers of the
   * members).
   */
  resources?: Array<{ name: string; description: string; only?: Record<string, string> }>;
  /**
   * The toolset it is served in (`tripctl mcp --toolsets trips,bookings`); default: its group's
   * name, or its own for a verb with no group (`dashboard`, `doctor`).
   */
  toolset?: string;
}

const callsByVerb = new WeakMap<Command, string[]>();
const writesByVerb = new WeakMap<Command, (input: ActionInput) => boolean>();
const assistantByCommand = new WeakMap<Command, AssistantSpec>();
const viewByVerb = new WeakMap<Command, ResourceSpec>();

/** Declares (or adds to) how a verb or a whole group is offered to an assistant. */
export function declareAssistant(command: Command, spec: AssistantSpec): Command {
  assistantByCommand.set(command, { ...assistantByCommand.get(command), ...spec });
  return command;
}

/** What the verb declared for an assistant; `notOffered` is also found on its groups. */
export function assistantOf(command: Command): AssistantSpec {
  let notOffered: string | undefined;
  for (let at: Command | null = command; at && notOffered === undefined; at = at.parent)
    notOffered = assistantByCommand.get(at)?.notOffered;
  return { ...assistantByCommand.get(command), ...(notOffered !== undefined ? { notOffered } : {}) };
}

/** The view a verb declared (see VerbSpec.view). */
export function viewOf(command: Command): ResourceSpec | undefined {
  return viewByVerb.get(command);
}

/** The operations a verb declared it calls. */
export function callsOf(command: Command): string[] {
  return callsByVerb.get(command) ?? [];
}

/** Whether this run of the verb may change something at the service (see VerbSpec.writes). */
export function isWrite(command: Command, input: ActionInput): boolean {
  const writes = writesByVerb.get(command);
  return writes ? writes(input) : callsOf(command).some((call) => !call.startsWith('GET '));
}

/** Says when a verb declared elsewhere writes (e.g. not with `--dry-run`); see VerbSpec.writes. */
export function declareWrites(command: Command, writes: (input: ActionInput) => boolean): void {
  writesByVerb.set(command, writes);
}

export function defineGroup(
  parent: Command,
  name: string,
  description: string,
  aliases: string[] = [],
  assistant?: AssistantSpec,
): Command {
  const group = parent.command(name).description(description);
  for (const alias of aliases) group.alias(alias);
  if (assistant) declareAssistant(group, assistant);
  return group;
}

export function defineVerb(parent: Command, nameAndArgs: string, spec: VerbSpec): Command {
  const verb = parent.command(nameAndArgs, { isDefault: spec.isDefault }).description(spec.description);
  for (const alias of spec.aliases ?? []) verb.alias(alias);
  if (spec.calls) callsByVerb.set(verb, spec.calls);
  if (spec.writes) writesByVerb.set(verb, spec.writes);
  if (spec.assistant) declareAssistant(verb, spec.assistant);
  if (spec.view) viewByVerb.set(verb, spec.view);
  verb.addHelpText('after', `\nExamples:\n${spec.examples.map((example) => `  $ ${example}`).join('\n')}\n`);
  return verb;
}

/**
 * An action whose code lives in another module, imported when (and only when) it runs. Every
 * verb's action goes through here, so this is where a write on a protected profile is stopped
 * (without a terminal) or made to ask first (on one): no verb can forget it.
 */
export function lazy<O>(ctx: Context, load: () => Promise<ActionFn<O>>) {
  return async (...params: unknown[]): Promise<void> => {
    const command = params[params.length - 1] as Command;
    const input = { args: command.processedArgs as string[], opts: command.opts() as O, command };
    // One run, one answer: a context used for several runs (tests) starts each without a question.
    ctx.beforeWrite = undefined;
    if (isWrite(command, input as ActionInput)) await (await import('./protect.js')).guardWrites(ctx, command, input.args);
    const run = await load();
    const code = await run(ctx, input);
    if (code) ctx.exitCode = code;
  };
}
