// How a verb is declared: a description, examples in its help, and an action that loads its
// implementation only when the verb runs, so start-up parses the tree and nothing else.
import type { Command } from 'commander';
import type { Context } from '../context.js';

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
}

const callsByVerb = new WeakMap<Command, string[]>();
const writesByVerb = new WeakMap<Command, (input: ActionInput) => boolean>();

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

export function defineGroup(parent: Command, name: string, description: string, aliases: string[] = []): Command {
  const group = parent.command(name).description(description);
  for (const alias of aliases) group.alias(alias);
  return group;
}

export function defineVerb(parent: Command, nameAndArgs: string, spec: VerbSpec): Command {
  const verb = parent.command(nameAndArgs, { isDefault: spec.isDefault }).description(spec.description);
  for (const alias of spec.aliases ?? []) verb.alias(alias);
  if (spec.calls) callsByVerb.set(verb, spec.calls);
  if (spec.writes) writesByVerb.set(verb, spec.writes);
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
