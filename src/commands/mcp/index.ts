// `tripctl mcp`: the tool's verbs served to an assistant over the Model Context Protocol on stdio.
// The SDK and everything else of the server load only when the verb runs.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineVerb, lazy } from '../../cmdkit/define.js';
import type { RunCommand } from './run-command.js';

export function register(program: Command, ctx: Context, run: RunCommand): void {
  defineVerb(program, 'mcp', {
    assistant: { notOffered: 'this server itself' },
    description:
      "Serve tripctl's verbs to an assistant over the Model Context Protocol on stdio: read-only unless --allow-writes, and a person confirms every write through the assistant's client",
    examples: [
      'tripctl mcp --profile sandbox   # in the assistant\'s config: {"command": "tripctl", "args": ["mcp", "--profile", "sandbox"]}',
      'tripctl mcp --profile staging --allow-writes',
      'tripctl mcp --toolsets trips,bookings   # only those groups of tools',
      'tripctl mcp --allow-writes --yes   # also writes for a client that cannot ask a person (not on a protected profile)',
    ],
  })
    .option('--allow-writes', 'also serve the verbs that change data; each write is put to a person first (refused on a protected profile)')
    .option('--toolsets <names>', 'serve only these groups of tools, comma-separated (trips,bookings,reports,…; default: all)')
    .action(lazy(ctx, async () => (await import('./serve.js')).serveOnStdio(run)));
}
