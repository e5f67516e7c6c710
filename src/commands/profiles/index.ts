import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { addColumnsFlag } from '../../cmdkit/flags.js';
import { specs } from '../../output/specs.js';

export function register(program: Command, ctx: Context): void {
  const profiles = defineGroup(program, 'profiles', 'Saved profiles: one per company key or environment', [], {
    notOffered: "the operator's saved profiles, protection among them, which an assistant must not switch off",
  });
  addColumnsFlag(
    defineVerb(profiles, 'list', {
      description: 'List saved profiles, marking the default and the protected',
      examples: ['tripctl profiles list', 'tripctl profiles list -o ids'],
    }),
    specs.profile,
    ctx,
  ).action(lazy(ctx, async () => (await import('./list.js')).list));
  defineVerb(profiles, 'use <name>', {
    description: 'Make a saved profile the default',
    examples: ['tripctl profiles use sandbox'],
  }).action(lazy(ctx, async () => (await import('./use.js')).use));
  defineVerb(profiles, 'protect <name>', {
    description: 'Make every command that changes something on this profile ask first (or need --yes without a terminal)',
    examples: [
      'tripctl profiles protect live',
      'tripctl --profile live bookings list --status requested --limit 2 -o ids | tripctl --profile live bookings approve - --yes',
    ],
  }).action(lazy(ctx, async () => (await import('./protect.js')).protect(true)));
  defineVerb(profiles, 'unprotect <name>', {
    description: 'Let commands on this profile change things without asking again',
    examples: ['tripctl profiles unprotect staging'],
  }).action(lazy(ctx, async () => (await import('./protect.js')).protect(false)));
  defineVerb(profiles, 'remove <name>', {
    description: 'Delete a saved profile and its key',
    examples: ['tripctl profiles remove staging --yes'],
  }).action(lazy(ctx, async () => (await import('./remove.js')).remove));
}
