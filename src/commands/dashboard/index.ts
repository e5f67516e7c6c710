import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineOperation } from '../../cmdkit/operation.js';
import { specs } from '../../output/specs.js';

export function register(program: Command, ctx: Context): void {
  defineOperation(
    program,
    'dashboard',
    {
      description: 'Show high-level counts: trips, bookings, revenue',
      examples: ['tripctl dashboard', 'tripctl dashboard -o json'],
      method: 'GET',
      path: '/dashboard',
      result: { kind: 'object', key: 'dashboard' },
      resource: specs.dashboard,
    },
    ctx,
  );
}
