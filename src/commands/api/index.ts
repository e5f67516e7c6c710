import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { defineVerb, lazy } from '../../cmdkit/define.js';
import { addFieldFlags, addParamFlag } from '../../cmdkit/flags.js';

export function register(program: Command, ctx: Context): void {
  const api = defineVerb(program, 'api <method> <path>', {
    assistant: { notOffered: 'the raw escape hatch: any method on any path, past the checks and handles of the verbs' },
    // Any method but GET may change something (a protected profile asks first).
    writes: ({ args }) => String(args[0] ?? '').toUpperCase() !== 'GET',
    description: 'Make any call to the service and print the answer as received (the escape hatch)',
    examples: [
      'tripctl api GET /trips --param status=published --param perPage=5',
      'tripctl api PATCH /vehicles/db4ad474-a088-45e6-a903-37fe6aaf56ca -F color=white -F seats=7',
      `echo '{"url": "https://hooks.example.com/raw", "events": ["trip.*"]}' | tripctl api POST /webhooks --input -`,
    ],
  })
    .option('--input <file>', "request body from a file ('-' for stdin), sent as is")
    .option('--file <path>', "save the answer's body as received, of any size, to a file or directory ('-' for stdout)")
    .option('--force', 'replace the --file target if it exists')
    .option(
      '-H, --header <name:value>',
      'extra request header, repeatable',
      (value: string, previous: string[] = []) => [...previous, value],
      [],
    );
  addParamFlag(addFieldFlags(api)).action(lazy(ctx, async () => (await import('./api.js')).runApi));
}
