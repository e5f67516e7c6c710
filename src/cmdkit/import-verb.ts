// What an import of a verb is (`trips publish --from-file`, `bookings create --from-file`): the
// verb's request, its flags as columns, how re-runs find, compare and change what rows created.
import type { Method } from '../client/http.js';
import type { Context } from '../context.js';
import type { Found } from './import-plan.js';
import type { FieldFlag } from './operation-spec.js';

export interface ImportRow {
  line: number;
  body: Record<string, unknown>;
  idempotencyKey?: string;
  /**
   * The object the row names explicitly (an `id` column, as `trips list -o csv` writes it): it is
   * that object, whatever else changed. A reader may also leave it in `body.id`; sendRows moves it here.
   */
  id?: string;
}

export interface ImportVerb {
  method: Method;
  path: string;
  /** The envelope key of the created object (`booking`, `trip`). */
  resultKey: string;
  /** The verb's flags: each is a column, named like the flag (`--seats` → `seats`) or its field. */
  flags: FieldFlag[];
  /** Rows carry an Idempotency-Key derived from their content and occurrence. */
  idempotent?: boolean;
  /**
   * Columns of the verb's own export (`trips list -o csv`) that a row does not send: read past, so
   * an export reads back as it was written (`status`, `booked`).
   */
  readOnly?: readonly string[];
  /** A check across rows (two rows for the same vehicle and departure); returns row errors. */
  checkRows?: (rows: ImportRow[]) => Array<{ line: number; message: string }>;
  /**
   * One import of this verb at a time per company (a lock in the config dir): `existing` is only
   * true until another run creates the same object, so overlapping runs (cron jobs) wait.
   */
  exclusive?: boolean;
  /**
   * What the service already holds: the object each row matches (by row index), compared field by
   * field where its `current` fields are given, and the objects of the file's scope it no longer
   * lists. Rows that match are never created again. `managed`: the ids the file's rows stood for at
   * the end of its last run here (import-managed.ts), each in scope wherever it now is.
   */
  existing?: (ctx: Context, rows: ImportRow[], managed: ReadonlySet<string>) => Promise<Found>;
  /** The fields that say which object a row is (vehicle and departure): equal by the match, never compared. */
  identity?: string[];
  /**
   * How a row that differs is changed (`PATCH /trips/{id}`); sent only with --update. `idName`
   * is the parameter its id column is resolved as (`tripId`: a start of one is found by listing).
   */
  update?: { path: (id: string) => string; idName: string };
  /** Without `update`: what the operator does instead with a row that differs (the service has no such change). */
  noUpdate?: string;
  /** Rows carry fares (`pricePerSeat`), held by the fare guard when far from the route's usual one. */
  fareGuard?: boolean;
  /**
   * Objects with passengers (trips): a change of a `fixed` field under bookings is refused (`why`
   * says what to do instead), a change of a `tell` field names the passengers to tell.
   */
  booked?: { fixed: string[]; why: string; tell: string[] };
  /** How an object no row stands for any more is cancelled with --prune (`DELETE /trips/{id}`). */
  prune?: { path: (id: string) => string };
}

export interface ImportOptions {
  fromFile: string;
  /** The sheet of an Excel workbook (default: the first). */
  sheet?: string;
  dryRun?: boolean;
  /** Send the changes of rows that differ from what they match. */
  update?: boolean;
  /** Cancel the objects of the file's scope that no row stands for any more. */
  prune?: boolean;
  /** List every row, unchanged ones too (by default they are counted on one line). */
  verbose?: boolean;
  fareOk?: boolean;
  concurrency?: number;
  idempotencyKey?: string;
  field?: string[];
  rawField?: string[];
  [flag: string]: unknown;
}
