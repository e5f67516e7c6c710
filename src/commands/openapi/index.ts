import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineVerb, lazy } from '../../cmdkit/define.js';

export function register(program: Command, ctx: Context): void {
  defineVerb(program, 'openapi', {
    assistant: { notOffered: "the service's whole document, tens of kilobytes; the verbs are the tools" },
    calls: ['GET /openapi.json'],
    description:
      "Print the service's OpenAPI document (no key needed); -o table lists its operations, --decisions what the sandbox decided where the service's description is silent",
    examples: ['tripctl openapi > partner-api.json', 'tripctl openapi -o table', 'tripctl openapi --decisions'],
  })
    .option('--decisions', "list each x-sandbox-decision: where in the document, and what was decided (a real service's document has none)")
    .action(lazy(ctx, async () => (await import('./openapi.js')).runOpenapi));
}
