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
 * publish`: PATCH /trips/{id}), `prune` describes --prune where what the file no longer holds can
 * be cancelled; without them the verb has neither.
 */
export function addFromFile(
  verb: Command,
  spec: OperationVerb,
  ctx: Context,
  load: () => Promise<ImportVerb>,
  described: { update?: string; prune?: string } = {},
): Command {
  verb
    .option(
      '--from-file <file>',
      "one request per row of a CSV file or Excel workbook (.xlsx; - for stdin), columns named like these flags and read the same way (price in the currency's units; a column under the service's field name, pricePerSeat, in its minor units) or as offices head them (Date, Time, Fare (SYP), السعر…); a flag fills its column where a row leaves it empty",
    )
    .option('--sheet <name>', 'with --from-file: the sheet of an Excel workbook to read (default: the first)')
    .option('--dry-run', 'with --from-file: check every row and print the requests as NDJSON; send nothing')
    .option('--concurrency <n>', 'with --from-file: rows in flight at once', integerInRange('--concurrency', 1, 32), 8)
    .option('--verbose', 'with --from-file: list every row (by default unchanged rows are counted on one line)');
  if (described.update) verb.option('--update', described.update);
  if (described.prune) verb.option('--prune', described.prune);
  const action: ActionFn<OperationOptions & Partial<ImportOptions>> = async (c, input) => {
    if (input.opts.fromFile !== undefined) {
      const { runImport } = await import('./import-rows.js');
      return runImport(c, await load(), input.opts as ImportOptions);
    }
    if (input.opts.dryRun) throw usageError('--dry-run goes with --from-file');
    if (input.opts.sheet !== undefined) throw usageError('--sheet goes with --from-file', 'it picks the sheet of an Excel workbook');
    if (input.opts.update) throw usageError('--update goes with --from-file', 'to change one trip, use its update verb');
    if (input.opts.prune) throw usageError('--prune goes with --from-file', 'to cancel one trip, use its cancel verb');
    if (input.opts.verbose) throw usageError('--verbose goes with --from-file');
    const { runnerFor } = await import('./run-operation.js');
    return runnerFor(spec)(c, input);
  };
  // A dry run sends nothing, so a protected profile lets it run without asking.
  declareWrites(verb, ({ opts }) => !opts.dryRun);
  verb.action(lazy(ctx, async () => action));
  return verb;
}
