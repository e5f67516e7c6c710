import type { Command } from 'commander';
import type { Context } from '../context.js';
import { specs } from '../output/specs.js';
import { defineGroup } from './define.js';
import { defineOperation } from './operation.js';

export function register(program: Command, ctx: Context): void {
  const company = defineGroup(program, 'company', "The company's public profile");
  defineOperation(company, 'get', {
    description: 'Show the company the key belongs to',
    examples: ['tripctl company get', 'tripctl company get -o json'],
    method: 'GET',
    path: '/company',
    result: { kind: 'object', key: 'company' },
    resource: specs.company,
  }, ctx);
}
