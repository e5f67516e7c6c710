import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { specs } from '../../output/specs.js';
import { defineGroup } from '../../cmdkit/define.js';
import { defineOperation } from '../../cmdkit/operation.js';

export function register(program: Command, ctx: Context): void {
  const cities = defineGroup(program, 'cities', 'Cities that trips run between');
  defineOperation(
    cities,
    'list',
    {
      description: 'List the cities usable as --from and --to',
      assistant: {
        resources: [{ name: 'cities', description: 'The cities trips run between, each by id and by name in English and Arabic' }],
      },
      examples: ['tripctl cities list', 'tripctl cities list -o json --query "[?name==\'Homs\'].id"'],
      method: 'GET',
      path: '/cities',
      result: { kind: 'list', key: 'cities' },
      resource: specs.city,
    },
    ctx,
  );
}
