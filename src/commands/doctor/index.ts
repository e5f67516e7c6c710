import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineVerb, lazy } from '../../cmdkit/define.js';

export function register(program: Command, ctx: Context): void {
  defineVerb(program, 'doctor', {
    assistant: {
      description:
        "Check the set-up: key and scopes, sandbox or live, the company's zone and currency, clock, webhooks; each problem's fix",
      toolset: 'doctor',
      resources: [
        {
          name: 'company',
          description:
            "The company, its time zone and currency (the zone times are shown in, the currency prices are in), sandbox or live, and the key's scopes",
        },
      ],
    },
    // Reads only (the doctor never writes): reachability, then one cheap GET per read scope.
    calls: [
      'GET /openapi.json',
      'GET /company',
      'GET /cities',
      'GET /members',
      'GET /vehicles',
      'GET /schedules',
      'GET /bookings',
      'GET /payments',
      'GET /dashboard',
      'GET /webhooks',
      // Only of a loopback service whose clock differs: a sandbox says how far it was moved.
      'GET /__sandbox/clock',
    ],
    description:
      'Check the set-up: Node, config file modes, profile and where each setting comes from, base URL, key, read scopes, clock, proxy, code cache; says how to fix each',
    examples: ['tripctl doctor', 'tripctl --profile live doctor -o json > doctor.json   # for a support ticket: the key is masked'],
  }).action(lazy(ctx, async () => (await import('./doctor.js')).runDoctor));
}
