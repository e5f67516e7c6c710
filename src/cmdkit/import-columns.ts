// Which flag each column of an imported sheet fills: a column is named like the verb's flag
// (`vehicle`, `price`, in a person's units), like the service's field (`vehicleId`,
// `pricePerSeat`, in the service's units), or as offices head it (import-headers.ts: `Fare (SYP)`,
// `السائق`, `Date` and `Time`), in any case, with spaces, dashes or underscores.
import { usageError } from '../errors.js';
import { westernDigits } from '../input/digits.js';
import { normalizeName } from '../input/names.js';
import { idPrefix, uuidOf } from '../input/validate.js';
import { checkUnit, officeHeading, officeNamesFor, splitUnit } from './import-headers.js';
import { flagName, type FieldFlag } from './operation-spec.js';

/** `--vehicle <id|plate>` → `vehicle`. */
export function columnOf(flag: FieldFlag): string {
  return flagName(flag).replace(/^--/, '');
}

/**
 * What a column holds: a flag's value (under the service's field name, `pricePerSeat`, in its
 * units: `byField`), one half of the flag's value (`part`: the departure's date or time), or the
 * id of the object the row is (`id`, as `trips list -o csv` writes it).
 */
export interface Column {
  flag?: FieldFlag;
  byField: boolean;
  part?: 'date' | 'time';
  id?: boolean;
}

export interface HeaderOptions {
  /** The company's currency, which a unit in a heading's brackets must name. */
  currency: string;
  /** Columns an export writes that an import reads past (`status`, `booked`): not the verb's to send. */
  readOnly?: readonly string[];
  /** An `id` column names the object a row is. */
  idColumn?: boolean;
}

/** Header names compare folded, as names do: case, spaces, dashes, underscores, Arabic letter forms. */
const canonicalName = (name: string) => normalizeName(name);

/** Which flag each column fills; unknown and repeated columns are errors (undefined: a column read past). */
export function mapHeader(header: string[], flags: FieldFlag[], source: string, opts: HeaderOptions): Array<Column | undefined> {
  const byName = new Map<string, Column>();
  for (const flag of flags) {
    byName.set(canonicalName(flag.field), { flag, byField: true });
    // The flag's name wins where both are spelled alike (`notes`): it reads like the flag.
    byName.set(canonicalName(columnOf(flag)), { flag, byField: false });
  }
  const readOnly = new Set((opts.readOnly ?? []).map(canonicalName));
  const seen = new Map<FieldFlag | string, string>();
  const once = (key: FieldFlag | string, name: string) => {
    const earlier = seen.get(key);
    if (earlier !== undefined) throw usageError(`${source}: columns '${earlier}' and '${name}' are the same column`, 'keep one of them');
    seen.set(key, name);
  };
  const columns = header.map((name): Column | undefined => {
    if (name === '') return undefined;
    const { name: bare, unit } = splitUnit(name);
    if (opts.idColumn && canonicalName(name) === 'id') {
      once('id', name);
      return { byField: true, id: true };
    }
    if (readOnly.has(canonicalName(name))) return undefined;
    const office = officeHeading(bare);
    const column = byName.get(canonicalName(bare)) ?? (office ? byName.get(canonicalName(office.column)) : undefined);
    if (!column?.flag) {
      const names = flags.map(columnOf);
      throw usageError(
        `${source}: unknown column '${name}'`,
        `the columns are: ${names.join(', ')}; or as offices head them: ${officeNamesFor(names).join(', ')}`,
      );
    }
    if (unit !== undefined) checkUnit(name, unit, office?.money === true, opts.currency, source);
    if (office?.part) {
      once(office.part, name);
      return { ...column, part: office.part };
    }
    once(column.flag, name);
    return column;
  });
  const parts = columns.filter((c) => c?.part !== undefined);
  if (parts.length) {
    const flag = parts[0]!.flag!;
    if (seen.has(flag))
      throw usageError(`${source}: the departure is given twice: by '${seen.get(flag)}' and by Date and Time`, 'keep one');
    if (parts.length === 1) {
      const missing = parts[0]!.part === 'date' ? 'Time' : 'Date';
      throw usageError(
        `${source}: a '${missing}' column is needed beside '${seen.get(parts[0]!.part!)}'`,
        'the departure is its date and its time',
      );
    }
  }
  return columns;
}

/** A cell's text per flag, the row's id, and what is wrong with its cells before any flag reads them. */
export interface RowTexts {
  texts: Map<FieldFlag, { text: string; byField: boolean }>;
  /** The row's id as written: whole, or its start as tables show it (ids.ts resolves it). */
  id?: string;
  errors: string[];
}

/**
 * The texts a row gives its flags (cells already normalised, empty ones left out): a departure
 * given as `Date` and `Time` is the two joined (`2027-05-03 10:30`), each half checked first so
 * that a message names the cell the person wrote.
 */
export function rowTexts(cells: string[], columns: Array<Column | undefined>, headings: string[]): RowTexts {
  const texts: RowTexts['texts'] = new Map();
  const errors: string[] = [];
  const halves: Partial<Record<'date' | 'time', { text: string; heading: string; flag: FieldFlag }>> = {};
  let id: string | undefined;
  columns.forEach((column, i) => {
    const cell = cells[i] ?? '';
    if (!column || cell === '') return;
    if (column.id) {
      if (uuidOf(cell) !== undefined || idPrefix(cell) !== undefined) id = cell;
      else errors.push(`${headings[i]}: '${cell}' is not an id (a UUID as 'trips list -o csv' writes it, or its first 8 characters)`);
    } else if (column.part) halves[column.part] = { text: westernDigits(cell), heading: headings[i]!, flag: column.flag! };
    else if (column.flag) texts.set(column.flag, { text: cell, byField: column.byField });
  });
  const { date, time } = halves;
  if (date && !/^\d{4}-\d{2}-\d{2}$/.test(date.text))
    errors.push(`${date.heading}: '${date.text}' is not a date as YYYY-MM-DD (an Excel date cell is read as one)`);
  if (time && !/^\d{1,2}:\d{2}(?::\d{2})?$/.test(time.text))
    errors.push(`${time.heading}: '${time.text}' is not a time as HH:MM (an Excel time cell is read as one)`);
  if ((date === undefined) !== (time === undefined)) {
    const [given, other] = date ? [date, 'time'] : [time!, 'date'];
    errors.push(`${given.heading} is given, but the ${other} of the departure is empty`);
  }
  if (date && time && errors.length === 0) texts.set(date.flag, { text: `${date.text} ${time.text}`, byField: false });
  return { texts, id, errors };
}
