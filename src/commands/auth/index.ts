import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineGroup, defineVerb, lazy } from '../../cmdkit/define.js';
import { addColumnsFlag } from '../../cmdkit/flags.js';
import { specs } from '../../output/specs.js';

export function register(program: Command, ctx: Context): void {
  const auth = defineGroup(program, 'auth', 'Log in with a company secret key and check it', [], {
    notOffered: 'credentials: logging in and out is for a person at a terminal',
  });
  defineVerb(auth, 'login', {
    calls: ['GET /company'],
    description: 'Verify a secret key with the service and save it in a profile',
    examples: [
      'tripctl auth login',
      'tripctl auth login --base-url https://partners.example.com/api/partner/v1 --with-key < key.txt',
      'pass show tripctl/live | tripctl --profile live auth login --with-key',
    ],
  })
    .option('--with-key', 'read the key from stdin instead of prompting')
    .action(lazy(ctx, async () => (await import('./login.js')).login));
  addColumnsFlag(
    defineVerb(auth, 'status', {
      calls: ['GET /company'],
      description: 'Show the company, base URL, (masked) key and protection of the active profile, checked with the service',
      examples: ['tripctl auth status', 'tripctl --profile live auth status -o json'],
    }),
    specs.authStatus,
    ctx,
  ).action(lazy(ctx, async () => (await import('./status.js')).status));
  defineVerb(auth, 'logout', {
    description: 'Forget the key saved in the active profile',
    examples: ['tripctl --profile staging auth logout'],
  }).action(lazy(ctx, async () => (await import('./logout.js')).logout));
}
