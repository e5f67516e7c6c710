import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineVerb, lazy } from '../../cmdkit/define.js';

export function register(program: Command, ctx: Context): void {
  defineVerb(program, 'openapi', {
    assistant: { notOffered: "the service's whole document, tens of kilobytes; the verbs are the tools" },
    calls: ['GET /openapi.json'],
    description: "Print the service's OpenAPI document (no key needed); -o table lists its operations",
    examples: ['tripctl openapi > partner-api.json', 'tripctl openapi -o table'],
  }).action(lazy(ctx, async () => (await import('./openapi.js')).runOpenapi));
}
