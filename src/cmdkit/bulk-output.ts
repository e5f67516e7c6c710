// What a bulk run prints of its items (cmdkit/bulk.ts): the same formats as every list, through
// the one renderer and a column spec (output/specs.ts `outcome`). The piped and terminal table
// keep their line per item as soon as it is known (`ID<TAB>approved`); ndjson is a record a line
// as known; json (one array), csv (one header), ids and --query need the whole run and are
// written when it is done, so stdout holds data only and one document.
import type { Context } from '../context.js';
import { sanitizeLine, toJson } from '../output/sanitize.js';
import { specs } from '../output/specs.js';

export interface BulkOutcome {
  id: string;
  /** The input line the item came from, when the caller gave `lines` (imports). */
  line?: number;
  ok: boolean;
  /** The id was already in the asked-for state: nothing to do, and not a failure (a re-run ends clean). */
  already?: boolean;
  exitCode: number;
  /**
   * Left undone on purpose, with its reason (`differs`: a row of a file that differs from what is
   * published, sent only with --update): not a failure, but not done either, so it keeps its
   * exit code and is counted apart.
   */
  held?: string;
  /** What the id is now, e.g. the booking's status. */
  result?: unknown;
  error?: string;
}

/** An item's record in every format but the table: its outcome in a word beside the details. */
export type BulkRecord = BulkOutcome & { outcome: string };

export interface BulkReport {
  /** One item, in input order, as soon as it and every item before it are known. */
  item(outcome: BulkOutcome, word: string): void;
  /** After the run (or the runs sharing the report: an import's rows, then its prunes). */
  end(): Promise<void>;
}

/**
 * The report of one run, or of several that make one answer (share it, then end it once).
 * `inStream`: the items end an answer that is already a record a line (the boarding station's
 * verdicts, then its no-shows), so -o json stays lines there, as ndjson.
 */
export function bulkReport(ctx: Context, { inStream = false } = {}): BulkReport {
  const { query } = ctx.settings();
  const output = inStream && ctx.settings().output === 'json' ? 'ndjson' : ctx.settings().output;
  // An assistant reads what became of each id in words, not the service's raw object.
  if (ctx.records && output === 'json' && query === undefined)
    return {
      item: ({ id, ok, error, held, line }, word) => {
        const now = ok || held !== undefined ? word : undefined;
        ctx.io.out(
          `${toJson({ id, ...(line !== undefined ? { line } : {}), ok, ...(now ? { result: now } : {}), ...(error ? { error } : {}) })}\n`,
        );
      },
      end: async () => {},
    };
  if (query === undefined && output === 'table')
    return { item: (outcome, word) => ctx.io.out(tableLine(outcome, word)), end: async () => {} };
  if (query === undefined && output === 'ndjson')
    return { item: (outcome, word) => ctx.io.out(`${toJson(recordOf(outcome, word))}\n`), end: async () => {} };
  const records: BulkRecord[] = [];
  return {
    item: (outcome, word) => records.push(recordOf(outcome, word)),
    end: async () => {
      // `-o ids` feeds the next verb (`approve -o ids - | cancel -`): the ids this one acted on or
      // found already so, never one it failed on, held back, or an id typed that named nothing.
      const shown = output === 'ids' && query === undefined ? records.filter((r) => r.ok && r.id !== '-') : records;
      const lines = records.some((r) => r.line !== undefined);
      const spec = { ...specs.outcome, columns: specs.outcome.columns.filter((c) => lines || c.path !== 'line') };
      await ctx.renderer().list([shown], spec);
    },
  };
}

/** `-o json` keys in reading order: what the item is, what became of it, then the details. */
function recordOf(outcome: BulkOutcome, word: string): BulkRecord {
  const { id, line, ...rest } = outcome;
  return { id, ...(line !== undefined ? { line } : {}), outcome: word, ...rest };
}

/** The piped line: `[LINE<TAB>]ID<TAB>word[<TAB>why]`, as scripts have read it. */
function tableLine(outcome: BulkOutcome, word: string): string {
  const lead = outcome.line !== undefined ? `${outcome.line}\t` : '';
  const why =
    outcome.held !== undefined
      ? `\t${sanitizeLine(outcome.error ?? '')}`
      : outcome.ok
        ? ''
        : `\t${sanitizeLine(outcome.error ?? 'failed')}`;
  return `${lead}${outcome.id}\t${sanitizeLine(word)}${why}\n`;
}
