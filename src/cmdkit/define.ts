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
}

const callsByVerb = new WeakMap<Command, string[]>();

/** The operations a verb declared it calls. */
export function callsOf(command: Command): string[] {
  return callsByVerb.get(command) ?? [];
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
  verb.addHelpText('after', `\nExamples:\n${spec.examples.map((example) => `  $ ${example}`).join('\n')}\n`);
  return verb;
}

/** An action whose code lives in another module, imported when (and only when) it runs. */
export function lazy<O>(ctx: Context, load: () => Promise<ActionFn<O>>) {
  return async (...params: unknown[]): Promise<void> => {
    const command = params[params.length - 1] as Command;
    const run = await load();
    const code = await run(ctx, { args: command.processedArgs as string[], opts: command.opts() as O, command });
    if (code) ctx.exitCode = code;
  };
}
