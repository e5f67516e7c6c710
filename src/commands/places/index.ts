import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { specs } from '../../output/specs.js';
import { cityFlag } from '../../cmdkit/handles.js';
import { defineGroup } from '../../cmdkit/define.js';
import { defineOperation } from '../../cmdkit/operation.js';

export function register(program: Command, ctx: Context): void {
  const places = defineGroup(program, 'places', 'Pickup and drop-off places inside cities, by P-code');
  defineOperation(
    places,
    'search [query]',
    {
      description: 'Search places by text, optionally inside one city (no text: a short default list)',
      examples: ['tripctl places search --city Damascus', "tripctl places search terminal --city 'حمص' -o ids"],
      method: 'GET',
      path: '/places',
      result: { kind: 'list', key: 'places' },
      resource: specs.place,
      positional: { field: 'q', in: 'query' },
      flags: [cityFlag('--city', 'cityId', 'only places in this city (id or name)')],
    },
    ctx,
  );
}
