// `--from-file F [--dry-run] [--concurrency N]` on a create verb declared with defineOperation:
// without --from-file the verb runs as declared; with it, every row of the CSV is one request of
// the same verb (src/cmdkit/import-rows.ts, loaded only then).
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { usageError } from '../errors.js';
import { declareWrites, lazy, type ActionFn } from './define.js';
import { integerInRange } from './flags.js';
import type { ImportOptions, ImportVerb } from './import-rows.js';
import type { OperationOptions, OperationVerb } from './operation-spec.js';

/**
 * `update` describes --update where rows that differ from what they match can be changed (`trips
 * publish`: PATCH /trips/{id}); without it the verb has no --update.
 */
export function addFromFile(verb: Command, spec: OperationVerb, ctx: Context, load: () => Promise<ImportVerb>, update?: string): Command {
  verb
    .option(
      '--from-file <file>',
      "one request per row of a CSV file or Excel workbook (.xlsx; - for stdin), columns named like these flags and read the same way (price in the currency's units; a column under the service's field name, pricePerSeat, in its minor units) or as offices head them (Date, Time, Fare (SYP), السعر…); a flag fills its column where a row leaves it empty",
    )
    .option('--sheet <name>', 'with --from-file: the sheet of an Excel workbook to read (default: the first)')
    .option('--dry-run', 'with --from-file: check every row and print the requests as NDJSON; send nothing')
    .option('--concurrency <n>', 'with --from-file: rows in flight at once', integerInRange('--concurrency', 1, 32), 8);
  if (update) verb.option('--update', update);
  const action: ActionFn<OperationOptions & Partial<ImportOptions>> = async (c, input) => {
    if (input.opts.fromFile !== undefined) {
      const { runImport } = await import('./import-rows.js');
      return runImport(c, await load(), input.opts as ImportOptions);
    }
    if (input.opts.dryRun) throw usageError('--dry-run goes with --from-file');
    if (input.opts.sheet !== undefined) throw usageError('--sheet goes with --from-file', 'it picks the sheet of an Excel workbook');
    if (input.opts.update) throw usageError('--update goes with --from-file', 'to change one trip, use its update verb');
    const { runnerFor } = await import('./run-operation.js');
    return runnerFor(spec)(c, input);
  };
  // A dry run sends nothing, so a protected profile lets it run without asking.
  declareWrites(verb, ({ opts }) => !opts.dryRun);
  verb.action(lazy(ctx, async () => action));
  return verb;
}
