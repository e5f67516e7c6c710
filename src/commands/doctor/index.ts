import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineVerb, lazy } from '../../cmdkit/define.js';
import { READ_PROBE_CALLS } from './calls.js';

export function register(program: Command, ctx: Context): void {
  defineVerb(program, 'doctor', {
    calls: READ_PROBE_CALLS,
    description: 'Check the set-up: Node, config file modes, profile and where each setting comes from, base URL, key, read scopes, clock, proxy, code cache; says how to fix each',
    examples: ['tripctl doctor', 'tripctl --profile live doctor -o json > doctor.json   # for a support ticket: the key is masked'],
  }).action(lazy(ctx, async () => (await import('./actions.js')).runDoctor));
}
