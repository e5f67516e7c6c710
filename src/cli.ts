// Builds the command tree and runs it: main(argv, context) → exit code.
import { Command, CommanderError } from 'commander';
import { choiceOption, integerInRange } from './cmdkit/flags.js';
import type { Context } from './context.js';
import { ExitCode, usageError } from './errors.js';
import { reportError } from './report.js';
import { OUTPUT_FORMATS } from './output/render.js';
import { VERSION_LINE } from './version.js';

interface Group {
  /** The top-level names (and aliases) the registration adds, so a run can register only its own. */
  names: string[];
  /** The group's module, imported only when the command line needs it. */
  load: () => Promise<{ register: (program: Command, ctx: Context) => void }>;
  /** Names whose verbs describe the whole tree (completion scripts, the reference), so need all of it. */
  wholeTree?: string[];
}

/** One registration per command group; a new group is one more line here. */
export const GROUPS: Group[] = [
  { names: ['auth'], load: () => import('./commands/auth/index.js') },
  { names: ['profiles'], load: () => import('./commands/profiles/index.js') },
  { names: ['config'], load: () => import('./commands/config/index.js') },
  { names: ['cities'], load: () => import('./commands/cities/index.js') },
  { names: ['places'], load: () => import('./commands/places/index.js') },
  { names: ['company'], load: () => import('./commands/company/index.js') },
  { names: ['members'], load: () => import('./commands/members/index.js') },
  { names: ['vehicles', 'fleet'], load: () => import('./commands/vehicles/index.js') },
  { names: ['trips'], load: () => import('./commands/trips/index.js') },
  { names: ['schedules'], load: () => import('./commands/schedules/index.js') },
  { names: ['bookings'], load: () => import('./commands/bookings/index.js') },
  { names: ['payments'], load: () => import('./commands/payments/index.js') },
  { names: ['payouts'], load: () => import('./commands/payouts/index.js') },
  { names: ['dashboard'], load: () => import('./commands/dashboard/index.js') },
  { names: ['reports'], load: () => import('./commands/reports/index.js') },
  { names: ['reviews'], load: () => import('./commands/reviews/index.js') },
  { names: ['webhooks'], load: () => import('./commands/webhooks/index.js') },
  { names: ['api'], load: () => import('./commands/api/index.js') },
  { names: ['openapi'], load: () => import('./commands/openapi/index.js') },
  {
    names: ['completion', '__complete', '__reference', '__licenses'],
    load: () => import('./commands/completion/index.js'),
    wholeTree: ['completion', '__reference'],
  },
  { names: ['sandbox'], load: () => import('./commands/sandbox/index.js') },
  { names: ['doctor'], load: () => import('./commands/doctor/index.js') },
  {
    names: ['mcp'],
    // `mcp` runs the other verbs, in-process through main(): handed down, so that commands/ never imports cli.ts.
    load: async () => {
      const { register } = await import('./commands/mcp/index.js');
      return { register: (program: Command, ctx: Context) => register(program, ctx, main) };
    },
    wholeTree: ['mcp'],
  },
];

/** Global options that take a value, so the command word can be found past them. */
const VALUE_OPTIONS = new Set(['--profile', '--base-url', '-o', '--output', '--query', '--tz', '--timeout', '--retries']);

/**
 * The groups a command line needs. Building the whole tree costs more than anything else at
 * start-up, and a script runs one verb: register only its group. Root help, `help`, typos
 * (which need every name for suggestions) and tree walkers (no argv) get the whole tree.
 */
export function groupsFor(argv: string[] | undefined): Group[] {
  if (argv === undefined) return GROUPS;
  const index = commandWordAt(argv);
  let word = argv[index];
  if (word === 'help') word = argv[index + 1];
  if (word === undefined) {
    // `tripctl --version` needs no group; `tripctl` alone and `tripctl --help` list them all.
    return argv.some((a) => a === '-V' || a === '--version') && !argv.some((a) => a === '-h' || a === '--help') ? [] : GROUPS;
  }
  const group = GROUPS.find((g) => g.names.includes(word!));
  return group && !group.wholeTree?.includes(word) ? [group] : GROUPS;
}

/** Where the command word is: past the global options before it (and their values). */
function commandWordAt(argv: string[]): number {
  let index = 0;
  while (index < argv.length && argv[index]!.startsWith('-')) {
    const arg = argv[index]!;
    if (arg === '--') break;
    index += VALUE_OPTIONS.has(arg) ? 2 : 1;
  }
  return index;
}

export async function buildProgram(ctx: Context, argv?: string[]): Promise<Command> {
  // Loaded only when a terminal table shows an id by its handle.
  ctx.lookupHandles ??= async (kinds, items) => (await import('./cmdkit/table-handles.js')).lookupHandles(ctx, kinds, items);
  const groups = await Promise.all(groupsFor(argv).map((group) => group.load()));
  const program = new Command('tripctl')
    .description(
      'Run a transport company on the Partner Trip-Booking Service: trips, schedules, fleet, bookings, payments, reports and webhooks.',
    )
    .version(VERSION_LINE, '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .addHelpCommand(
      'help [command...]',
      "show help for a command ('help reference': every command, as Markdown; 'help licenses': the bundled packages' licences)",
    )
    .showSuggestionAfterError(true)
    // A verb's help is its own: its flags, then its examples, then the global flags in a few
    // lines (see globalFlagsLine), not a second page of them before the examples.
    .configureHelp({ sortSubcommands: false, showGlobalOptions: false })
    .option('--profile <name>', 'use this saved profile (env TRIPCTL_PROFILE)')
    .option('--base-url <url>', 'service base URL, e.g. https://host/api/partner/v1 (env TRIPCTL_BASE_URL)')
    .addOption(choiceOption('-o, --output <format>', 'output format (env TRIPCTL_OUTPUT)', OUTPUT_FORMATS, 'output format'))
    .option('--json', 'same as -o json')
    .option('--query <expr>', 'JMESPath expression over the JSON result (implies JSON)')
    .option('--no-color', 'no colour (also off when piped, or with NO_COLOR)')
    .option('--no-input', 'never prompt; missing values are an error (also without a TTY or with CI set)')
    .option('-y, --yes', 'answer yes to confirmations')
    .option('--debug', 'trace requests and responses on stderr, secrets masked (env TRIPCTL_DEBUG)')
    .option(
      '--tz <zone>',
      "time zone for local times shown and given, e.g. Asia/Damascus (env TRIPCTL_TZ; default: the profile's, else the system's)",
    )
    .option('--timeout <seconds>', 'per-request time-out in seconds (default 30)', integerInRange('--timeout', 1, 3600))
    .option('--retries <n>', 'retries after the first try, for retry-safe requests (default 3)', integerInRange('--retries', 0, 10));

  program.configureOutput({
    writeOut: (text) => ctx.io.out(text),
    writeErr: (text) => ctx.io.err(text),
    // Commander's own usage errors get the same one-line shape as every other error.
    outputError: (text, write) => write(`tripctl: ${text.replace(/^error: /, '')}`),
  });

  program.hook('preAction', async (_program, action) => {
    ctx.globals = action.optsWithGlobals();
    // The hidden commands completion scripts call (`__complete`) must stay silent, whatever the config says.
    if (action.name().startsWith('__')) return;
    // Settings are resolved when a command first needs them (so `config set` can still repair a
    // bad profile value); a bad --query fails here, before any request.
    if (ctx.globals.query !== undefined) {
      // --query always prints JSON: an explicit other format would be silently ignored.
      const output = ctx.globals.output;
      if (output !== undefined && output !== 'json') {
        throw usageError(
          `--query prints JSON, so it cannot go with -o ${output}`,
          `drop -o ${output} (or write -o json): the query result is JSON`,
        );
      }
      const { compileQuery } = await import('./output/query.js');
      await compileQuery(ctx.globals.query);
    }
  });

  for (const group of groups) group.register(program, ctx);
  applyToTree(program, (command) => {
    command.exitOverride();
    command.showSuggestionAfterError(true);
    // One `help` for the whole tree (`tripctl help trips list`), not one per group.
    if (command !== program) {
      command.helpCommand(false);
      // After the examples each verb (and group) added to its help.
      // A group has no examples to end on a blank line.
      command.addHelpText('after', () => `${command.commands.length ? '\n' : ''}${globalFlagsLine(program, ctx.io.columns ?? 80)}`);
    }
  });
  return program;
}

/** The global flags in a few lines: `--profile <name>  --base-url <url>  -o, --output <format>  …`. */
function globalFlagsLine(program: Command, width: number): string {
  // The version flag belongs to `tripctl` alone; help is each command's own flag.
  const terms = program.options.filter((option) => !option.hidden && option.long !== '--version').map((option) => option.flags);
  const lines: string[] = [];
  let line = ' ';
  for (const term of terms) {
    if (line.length + term.length + 2 > Math.max(40, width) && line.trim()) {
      lines.push(line);
      line = ' ';
    }
    line += ` ${term} `;
  }
  lines.push(line);
  return `Global flags (described in 'tripctl --help'):\n${lines.map((l) => l.trimEnd()).join('\n')}\n`;
}

function applyToTree(command: Command, fn: (command: Command) => void): void {
  fn(command);
  for (const sub of command.commands) applyToTree(sub, fn);
}

export async function main(argv: string[], ctx: Context): Promise<number> {
  let program: Command;
  try {
    program = await buildProgram(ctx, argv);
  } catch (error) {
    return reportError(ctx, error);
  }
  try {
    await program.parseAsync(helpAsFlag(program, argv), { from: 'user' });
    return ctx.exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and --version end through here too, with exit code 0.
      return error.exitCode === 0 ? 0 : ExitCode.usage;
    }
    return reportError(ctx, error);
  } finally {
    await ctx.dispose();
  }
}

/**
 * `tripctl help a b` is `tripctl a b --help`, however deep the verb is; an unknown name is a usage
 * error. `tripctl help reference` prints the reference of every command, `tripctl help licenses`
 * the licences of the packages the build bundled.
 */
function helpAsFlag(program: Command, argv: string[]): string[] {
  // Global flags go anywhere (`tripctl --profile live help trips publish`, `help reference --json`):
  // they stay flags, and the words are the command's names.
  const at = commandWordAt(argv);
  if (argv[at] !== 'help') return argv;
  const globals = argv.slice(0, at);
  const names: string[] = [];
  const rest = argv.slice(at + 1);
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i]!;
    if (!word.startsWith('-')) names.push(word);
    else globals.push(word, ...(VALUE_OPTIONS.has(word) && i + 1 < rest.length ? [rest[++i]!] : []));
  }
  if (names.length === 0) return argv;
  // The whole command reference as Markdown, generated from the tree (as `gh help reference`).
  if (names.length === 1 && names[0] === 'reference') return [...globals, '__reference'];
  // The licences of the packages this build bundles (and of the Node inside a single executable).
  if (names.length === 1 && names[0] === 'licenses') return [...globals, '__licenses'];
  let command = program;
  for (const name of names) {
    const sub = command.commands.find((c) => c.name() === name || c.aliases().includes(name));
    if (!sub) {
      const known = command.commands.map((c) => c.name()).filter((n) => n !== 'help' && !n.startsWith('__'));
      throw usageError(`unknown command '${name}'`, `commands here: ${known.join(', ')}`);
    }
    command = sub;
  }
  return [...globals, ...names, '--help'];
}
