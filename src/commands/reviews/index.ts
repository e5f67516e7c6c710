import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { specs } from '../../output/specs.js';
import { defineGroup } from '../../cmdkit/define.js';
import { defineOperation } from '../../cmdkit/operation.js';

export function register(program: Command, ctx: Context): void {
  const reviews = defineGroup(program, 'reviews', "Reviews passengers left on the company's trips");
  defineOperation(
    reviews,
    'list',
    {
      description: 'List reviews',
      examples: ['tripctl reviews list', "tripctl reviews list -o json --query '[?rating<=`2`]'"],
      method: 'GET',
      path: '/reviews',
      result: { kind: 'list', key: 'reviews' },
      resource: specs.review,
    },
    ctx,
  );
}
