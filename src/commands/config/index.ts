import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';

export function register(program: Command, ctx: Context): void {
  const config = defineGroup(
    program,
    'config',
    'Settings of the active profile: base-url, output, timezone, currency, country, timeout, retries',
    [],
    { notOffered: "the operator's local settings" },
  );
  // One file per verb, each imported when its verb runs.
  defineVerb(config, 'list', {
    description: 'List the settings of the active profile (the key masked)',
    examples: ['tripctl config list', 'tripctl --profile live config list -o json'],
  }).action(lazy(ctx, async () => (await import('./list.js')).list));
  defineVerb(config, 'get <key>', {
    description: 'Print one setting of the active profile',
    examples: ['tripctl config get base-url'],
  }).action(lazy(ctx, async () => (await import('./get.js')).get));
  defineVerb(config, 'set <key> <value>', {
    description: 'Change one setting of the active profile (the key itself is set with auth login)',
    examples: [
      'tripctl config set timezone Asia/Damascus',
      'tripctl config set output json',
      'tripctl config set country SY',
      'tripctl --profile staging config set base-url https://partners.example.com/api/partner/v1',
    ],
  }).action(lazy(ctx, async () => (await import('./set.js')).set));
  defineVerb(config, 'unset <key>', {
    description: 'Remove one setting of the active profile, back to its default',
    examples: ['tripctl config unset timeout'],
  }).action(lazy(ctx, async () => (await import('./unset.js')).unset));
  defineVerb(config, 'path', {
    description: 'Print where the config file lives',
    examples: ['tripctl config path', 'chmod 600 "$(tripctl config path)"'],
  }).action(lazy(ctx, async () => (await import('./path.js')).path));
}
