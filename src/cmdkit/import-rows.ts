// `--from-file F` on a create verb (`bookings create`, `trips publish`): one request per row of a
// CSV whose columns are named like the verb's flags, every row checked by the same parsers as the
// flags before anything is sent, then run through the bulk engine. Loaded only when a verb is
// given --from-file.
//
// Re-running a file must not duplicate. A verb either sends an Idempotency-Key made from the
// row's request and how many identical rows came before it (so the service replays its first
// answer, and two identical rows are still two bookings), or says how to find the object a row
// would create (`existing`): such rows are compared with it (import-plan.ts) and reported as
// unchanged or differing, never created again; --update sends what differs.
import { join, resolve } from 'node:path';
import { derivedIdempotencyKey } from '../client/idempotency.js';
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { readNamedFile } from '../input/files.js';
import { readAll } from '../input/stdin.js';
import type { ImportOptions, ImportRow, ImportVerb } from './import-verb.js';
import { companyTag } from './import-managed.js';
import { sendRows } from './import-send.js';
import { type CsvTable, decodeCsv, extraCells, parseCsv } from './csv.js';
import { type Column, columnOf, mapHeader, rowTexts } from './import-columns.js';
import { DEFAULT_CURRENCY } from '../input/money.js';
import { fieldsFrom } from './flags.js';
import { attributeOf, escapedFields, flagName, parseFlagText, type FieldFlag, type ParseTools } from './operation-spec.js';

export type { ImportOptions, ImportRow, ImportVerb } from './import-verb.js';
import { toolsFor } from './run-operation.js';
import { idOf } from './ids.js';

/** The flag's own message, with the flag named as the column: `--seats must be…` → `seats: must be…`. */
function rowMessage(error: CliError, flag: FieldFlag): string {
  const name = flagName(flag);
  const message = error.message.startsWith(name)
    ? `${columnOf(flag)}:${error.message.slice(name.length).replace(/^:/, '')}`
    : error.message;
  return error.hint ? `${message} (${error.hint})` : message;
}

async function readSource(ctx: Context, file: string): Promise<{ bytes: Uint8Array; source: string }> {
  if (file === '-') {
    if (ctx.io.stdinIsTTY)
      throw usageError('--from-file - reads the CSV from stdin, but stdin is a terminal', 'pipe the file in, or give its path');
    return { bytes: await readAll(ctx.io.stdin, ctx.signal), source: 'stdin' };
  }
  // Relative to the context's working directory, as every other path a command is given.
  return { bytes: await readNamedFile(resolve(ctx.cwd, file), file), source: file };
}

/**
 * The file as a table: an Excel workbook (.xlsx, recognised by its bytes, so stdin too) through
 * xlsx-table.ts, loaded only then; anything else as CSV.
 */
async function readTable(bytes: Uint8Array, source: string, sheet: string | undefined): Promise<CsvTable> {
  const { isOldExcel, isWorkbook, readWorkbook } = await import('./xlsx-table.js');
  if (isWorkbook(bytes)) return readWorkbook(bytes, source, sheet);
  if (isOldExcel(bytes)) throw usageError(`${source} is an old Excel file (.xls)`, "save it from Excel as 'Excel Workbook (.xlsx)'");
  if (sheet !== undefined) throw usageError(`--sheet: ${source} is not an Excel workbook`, '--sheet picks a sheet of an .xlsx file');
  return parseCsv(decodeCsv(bytes, source), source);
}

/**
 * A cell as its content, not as an editor saved it: line ends as \n, no surrounding white space,
 * Unicode NFC. What is sent, and so the idempotency key made from it, is the same for the same
 * file saved with CRLF or LF, or with a name composed or decomposed.
 */
export function normalizedCell(cell: string): string {
  return cell.replace(/\r\n?/g, '\n').trim().normalize('NFC');
}

/** Every row parsed by the flags' own parsers: all local checks first, then the look-ups. */
async function parseRows(
  ctx: Context,
  verb: ImportVerb,
  { header, records, delimiter }: CsvTable,
  columns: Array<Column | undefined>,
  opts: ImportOptions,
) {
  const tools: ParseTools = toolsFor(ctx);
  const errors: Array<{ line: number; message: string }> = [];
  const rows: Array<ImportRow & { ok: boolean }> = [];
  // A field given for every row under the service's own name (`-F pricePerSeat=1800000`) is given.
  const escaped = fieldsFrom(opts);
  const checkedEscapes = await escapedFields(verb.flags, opts, tools);
  for (const record of records) {
    const extra = extraCells(record, columns.length, delimiter);
    if (extra !== undefined) {
      errors.push({ line: record.line, message: extra });
      rows.push({ line: record.line, body: {}, ok: false });
      continue;
    }
    const { texts, id: idText, errors: cellErrors } = rowTexts(record.cells.map(normalizedCell), columns, header);
    const body: Record<string, unknown> = {};
    const rowErrors: string[] = [...cellErrors];
    // A flag on the command line fills the column for rows that leave it empty.
    const textOf = (flag: FieldFlag) => {
      const given = opts[attributeOf(flag.flags)];
      return texts.get(flag) ?? (typeof given === 'string' ? { text: given, byField: false } : undefined);
    };
    const missing = verb.flags.filter((flag) => flag.required && textOf(flag) === undefined && !(flag.field in escaped)).map(columnOf);
    if (missing.length) rowErrors.push(`missing ${missing.join(', ')}`);
    for (const lookups of [false, true]) {
      for (const flag of verb.flags.filter((f) => Boolean(f.lookup) === lookups)) {
        const given = textOf(flag);
        if (given === undefined) continue;
        try {
          const value = await parseFlagText(flag, given.text, tools, given.byField);
          if (value !== undefined) body[flag.field] = value;
        } catch (error) {
          if (!(error instanceof CliError) || error.exitCode !== ExitCode.usage) throw error;
          rowErrors.push(rowMessage(error, flag));
        }
      }
    }
    // The id column, as every door that takes an id reads it (ids.ts): whole, or the start tables
    // show, found among the listed ones like the flags' look-ups, after the row's local checks.
    let id: string | undefined;
    if (idText !== undefined && verb.update) {
      try {
        id = await idOf(ctx, verb.update.idName, idText, 'id');
      } catch (error) {
        if (!(error instanceof CliError) || error.exitCode !== ExitCode.usage) throw error;
        rowErrors.push(error.hint ? `${error.message} (${error.hint})` : error.message);
      }
    }
    for (const message of rowErrors) errors.push({ line: record.line, message });
    // In the order of the verb's flags, so a dry run reads like the command line would.
    const ordered = Object.fromEntries(verb.flags.filter((f) => f.field in body).map((f) => [f.field, body[f.field]]));
    rows.push({
      line: record.line,
      body: { ...fieldsFrom(opts, ordered), ...checkedEscapes },
      ...(id ? { id } : {}),
      ok: rowErrors.length === 0,
    });
  }
  return { rows, errors };
}

export async function runImport(ctx: Context, verb: ImportVerb, opts: ImportOptions): Promise<number> {
  if (opts.update && !verb.update) {
    throw usageError(`--update: a ${verb.resultKey} cannot be changed by sending its row again`, 'change it with its own verb');
  }
  // Cancelling needs a person's yes or --yes, known before anything is read or sent.
  if (opts.prune && !opts.dryRun && !ctx.settings().yes && !ctx.canPrompt && !ctx.beforeWrite) {
    throw usageError(
      `--prune cancels ${verb.resultKey}s and needs confirmation`,
      'pass --yes to confirm without a terminal (a booked one is still kept)',
    );
  }
  if (opts.idempotencyKey !== undefined) {
    throw usageError(
      '--idempotency-key cannot be used with --from-file',
      'each row gets its own key, made from its content and its place among identical rows',
    );
  }
  const { bytes, source } = await readSource(ctx, opts.fromFile);
  const table = await readTable(bytes, source, opts.sheet);
  const columns = mapHeader(table.header, verb.flags, source, {
    currency: ctx.settings().currency ?? DEFAULT_CURRENCY,
    readOnly: verb.readOnly,
    idColumn: verb.update !== undefined,
  });
  const { rows: parsed, errors } = await parseRows(ctx, verb, table, columns, opts);
  errors.push(...(verb.checkRows?.(parsed.filter((row) => row.ok)) ?? []));
  const rows: ImportRow[] = parsed.map(({ ok: _, ...row }) => row);
  if (errors.length) {
    errors.sort((a, b) => a.line - b.line);
    for (const { line, message } of errors) ctx.io.err(`tripctl: ${source}: line ${line}: ${message}\n`);
    const lines = new Set(errors.map((e) => e.line)).size;
    throw new CliError(
      `${lines} of ${rows.length} rows of ${source} have errors; nothing was sent`,
      ExitCode.usage,
      'fix those lines and run the same command again',
      { rows: errors },
    );
  }
  if (rows.length === 0) {
    ctx.info(`${source} has no rows; nothing to send`);
    return 0;
  }
  if (verb.idempotent) {
    const occurrences = new Map<string, number>();
    for (const row of rows) {
      const content = canonicalJson(row.body);
      const occurrence = (occurrences.get(content) ?? 0) + 1;
      occurrences.set(content, occurrence);
      row.idempotencyKey = derivedIdempotencyKey('import', content, String(occurrence));
    }
  }
  const release = verb.exclusive && !opts.dryRun ? await importLock(ctx, verb) : undefined;
  try {
    return await sendRows(ctx, verb, opts, rows, source);
  } finally {
    release?.();
  }
}

/**
 * The lock of this verb's imports for the company behind the key (named by a hash of the base URL
 * and the key, never the key itself): a second run waits until the first has created its objects,
 * then finds them. It only covers runs on this machine (see the README).
 */
async function importLock(ctx: Context, verb: ImportVerb): Promise<() => void> {
  const { acquireLock } = await import('../config/lock.js');
  return acquireLock(
    join(ctx.config.dir, 'locks', `import-${verb.resultKey}-${companyTag(ctx)}.lock`),
    `the ${verb.resultKey} imports of this company`,
    {
      waitMs: 3_600_000,
      heartbeat: true,
      signal: ctx.signal,
      onWait: () => ctx.info(`waiting for another ${verb.method} ${verb.path} import of this company to finish…`),
    },
  );
}

/** JSON with keys sorted, so the same request always reads the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
