import type { Command } from 'commander';
import type { Context } from '../context.js';
import { defineVerb, lazy } from './define.js';
import { integerInRange } from './flags.js';
import { usageError } from '../errors.js';

export function register(program: Command, ctx: Context): void {
  defineVerb(program, 'sandbox', {
    description: 'Start a local, stateful sandbox of the whole partner interface, with demo data and test keys',
    examples: [
      'tripctl sandbox',
      'tripctl sandbox --port 0 --time-scale 0.01 --data ./sandbox-state.json',
      'tripctl --profile sandbox trips list',
    ],
  })
    .option('--port <port>', 'port to listen on; 0 picks a free one', integerInRange('--port', 0, 65535), 4010)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--time-scale <x>', 'multiply every webhook wait and time-out by X (0.001: a 10 s wait takes 10 ms)', parseScale, 1)
    .option('--data <file>', 'keep state in this file across restarts (written atomically)')
    .option('--no-profile', "do not save the 'sandbox' profile")
    .action(lazy(ctx, async () => (await import('./sandbox.run.js')).runSandbox));
}

function parseScale(value: string): number {
  const scale = Number(value);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1000) {
    throw usageError(`--time-scale must be a number above 0 and at most 1000, not '${value}'`);
  }
  return scale;
}
