import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { specs } from '../../output/specs.js';
import { defineGroup } from '../../cmdkit/define.js';
import { defineOperation } from '../../cmdkit/operation.js';

export function register(program: Command, ctx: Context): void {
  const payouts = defineGroup(program, 'payouts', "The company's payout records");
  defineOperation(
    payouts,
    'list',
    {
      description: 'List payouts',
      examples: ['tripctl payouts list', 'tripctl payouts list -o json'],
      method: 'GET',
      path: '/payouts',
      result: { kind: 'list', key: 'payouts' },
      resource: specs.payout,
    },
    ctx,
  );
}
