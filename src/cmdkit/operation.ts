// Verbs that are one call to the service and a rendering of its answer are described as data
// (method, path, flags → query/body fields, columns) and run by one runner that is loaded only
// when a verb runs. Hand-written verbs exist only where a verb needs more than this. What an
// operation is (its types) and how a flag's text is read live in operation-spec.ts, which the runner
// imports without importing this file.
import { Option, type Command } from 'commander';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { FARE_OK_HELP } from '../input/fares.js';
import { defineVerb, lazy } from './define.js';

import type { FieldFlag, OperationOptions, OperationVerb } from './operation-spec.js';
import { addColumnsFlag, addFieldFlags, addFileFlags, addPageFlags, addParamFlag, choiceOption } from './flags.js';

const requiredByVerb = new WeakMap<Command, string[]>();

/**
 * The flags a verb cannot run without (`--phone` of `members add`). They are not commander's
 * mandatory options, because a terminal asks for them; a description of the verb for a program
 * (`tripctl mcp`'s tool schemas) reads them here.
 */
export function requiredFlagsOf(command: Command): string[] {
  return requiredByVerb.get(command) ?? [];
}

/** Says which flags a verb cannot run without, where they are not field flags (`webhooks create --url`). */
export function declareRequired(command: Command, longs: readonly string[]): void {
  requiredByVerb.set(command, [...new Set([...(requiredByVerb.get(command) ?? []), ...longs])]);
}

/** Declares a verb from its data: flags, shared flag sets by kind, and the runner as action. */
export function defineOperation(parent: Command, nameAndArgs: string, spec: OperationVerb, ctx: Context): Command {
  const verb = defineVerb(parent, nameAndArgs, {
    ...spec,
    calls: spec.calls ?? [`${spec.method} ${spec.path}`],
    view: spec.view ?? spec.resource,
    // A verb that asks before it runs loses or ends something.
    assistant: {
      destructive: spec.confirm !== undefined,
      ...(spec.result?.kind === 'list' ? { answers: 'list' } : spec.result?.kind === 'object' ? { answers: 'object' } : {}),
      ...spec.assistant,
    },
  });
  addFlagOptions(verb, spec.flags ?? []);
  if (spec.idempotent) {
    verb.option(
      '--idempotency-key <key>',
      'key that makes a repeated request a replay of the first (default: a new random key, reused across retries)',
      idempotencyKey,
    );
  }
  const writes = spec.method === 'POST' || spec.method === 'PATCH' || spec.method === 'PUT';
  if (spec.dayFilter) {
    const noun = spec.dayFilter.noun;
    verb.addOption(
      new Option('--date <day>', `only ${noun} on this local day: today, tomorrow or YYYY-MM-DD`).conflicts(['fromDate', 'toDate']),
    );
    // The day's forms are said once, on --date.
    verb.option('--from-date <day>', `only ${noun} on or after this local day`);
    verb.option('--to-date <day>', `only ${noun} on or before this local day`);
  }
  const kind = spec.result?.kind;
  if (spec.result?.kind === 'list' && spec.result.paged) addPageFlags(verb);
  else if (spec.method === 'GET') addParamFlag(verb);
  if (writes && kind !== 'none' && kind !== 'file') addFieldFlags(verb);
  if (spec.fareGuard) verb.option('--fare-ok', FARE_OK_HELP);
  if (spec.result?.kind === 'file') addFileFlags(verb, spec.result.defaultName);
  else if (kind !== 'none') addColumnsFlag(verb, spec.resource, ctx);
  verb.action(lazy<OperationOptions>(ctx, async () => (await import('./run-operation.js')).runnerFor(spec)));
  return verb;
}

/** The options of field flags, for data-described verbs and hand-written ones alike. */
export function addFlagOptions(verb: Command, flags: readonly FieldFlag[]): Command {
  declareRequired(
    verb,
    flags.filter((flag) => flag.required).map((flag) => new Option(flag.flags).long ?? flag.flags),
  );
  for (const flag of flags) {
    const description = flag.description + (flag.required ? ' (required)' : '');
    const option = flag.choices ? choiceOption(flag.flags, description, flag.choices) : new Option(flag.flags, description);
    if (flag.conflicts) option.conflicts(flag.conflicts);
    verb.addOption(option);
  }
  return verb;
}

function idempotencyKey(value: string): string {
  if (!/^[\x21-\x7e]{1,255}$/.test(value)) throw usageError('--idempotency-key must be 1 to 255 visible ASCII characters');
  return value;
}

export * from './operation-spec.js';
