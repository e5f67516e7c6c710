// `tripctl completion bash|zsh|fish` prints a completion script generated from this very tree;
// hidden commands serve the scripts and the docs: `__complete KIND [PREFIX]` (values that live
// in the service, fast or not at all), `__reference` (the README's command reference) and
// `__licenses` (`help licenses`: the licences of what the build bundles).
import { Argument, type Command } from 'commander';
import type { Context } from '../../context.js';
import { choice } from '../../input/choices.js';
import { defineVerb, lazy } from '../../cmdkit/define.js';

export const SHELLS = ['bash', 'zsh', 'fish'] as const;

export function register(program: Command, ctx: Context): void {
  defineVerb(program, 'completion', {
    assistant: { notOffered: 'shell plumbing' },
    description:
      'Print the shell completion script for bash, zsh or fish (groups, verbs, flags, allowed values, and cities, ids and plates from the service)',
    examples: [
      'source <(tripctl completion bash)',
      'tripctl completion zsh > _tripctl   # then into a directory of $fpath',
      'tripctl completion fish > ~/.config/fish/completions/tripctl.fish',
    ],
  })
    .addArgument(new Argument('<shell>', 'the shell').choices(SHELLS).argParser((value: string) => choice('shell', value, SHELLS, 'shell')))
    .action(lazy(ctx, async () => (await import('./script.js')).printScript));

  program
    .command('__complete <kind> [prefix]', { hidden: true })
    .description('values for completion scripts, one a line; never fails, never waits long')
    .action(lazy(ctx, async () => (await import('./complete.js')).completeValues));

  program
    .command('__reference', { hidden: true })
    .description('print the markdown command reference generated from the command tree')
    .action(lazy(ctx, async () => (await import('./reference.js')).printReference));

  program
    .command('__licenses', { hidden: true })
    .description('print the licences of the packages bundled into this build')
    .action(lazy(ctx, async () => (await import('./licenses.js')).printLicenses));
}
