// `--columns id,status,seats,trip.departureAt`: which columns table and CSV output show. A name is
// one of the resource's columns (by its heading, `no-show`, or its field, `noShow`), a dotted
// path into the JSON (`trip.departureAt`), or `.field` for a top-level field the spec leaves out.
// Names are checked when the flag is parsed, before any request; the renderer then swaps the
// spec's columns for the chosen ones, and prints exactly as before.
import { usageError } from '../errors.js';
import type { Column, ResourceSpec } from './columns.js';

const SEGMENT = '[A-Za-z_$][\\w$-]*';
const DOTTED = new RegExp(`^${SEGMENT}(?:\\.${SEGMENT})+$`);
const TOP_LEVEL = new RegExp(`^\\.${SEGMENT}$`);

/** `NO-SHOW` → `no-show`, `LATENCY MS` → `latency-ms`: the name a column is chosen by. */
export function columnName(column: Column): string {
  return column.header.toLowerCase().replace(/\s+/g, '-');
}

function find(spec: ResourceSpec | undefined, name: string): Column[] | undefined {
  const wanted = name.toLowerCase();
  const column = spec?.columns.find((c) => columnName(c) === wanted || c.path.toLowerCase() === wanted);
  return column ? [column] : spec?.named?.[wanted];
}

/** Whether `--columns` (as given) names one of these columns of `spec`: a verb fetches them only then. */
export function namesAny(spec: ResourceSpec | undefined, chosen: string[] | undefined, names: string[]): boolean {
  return (chosen ?? []).some((name) => names.includes(name.toLowerCase()) && find(spec, name) !== undefined);
}

/** A spec with columns; figures (dashboard, reports) have none, and take any field name or path. */
function described(spec: ResourceSpec | undefined): ResourceSpec | undefined {
  return spec?.columns.length ? spec : undefined;
}

/** A column for a path outside the spec: headed by the name given, a time when it looks like one. */
function pathColumn(name: string): Column {
  const path = name.startsWith('.') ? name.slice(1) : name;
  return { header: name.startsWith('.') ? path : name, path, kind: /At$/.test(path) ? 'time' : 'text' };
}

/**
 * Splits and checks `--columns`; a name that is neither a column of `spec` nor a path is a usage
 * error listing the valid names. Without a spec (shapes nobody described) any path is accepted.
 */
export function parseColumns(value: string, declared: ResourceSpec | undefined, what: string): string[] {
  const spec = described(declared);
  const names = value.split(',').map((name) => name.trim());
  if (names.some((name) => name === ''))
    throw usageError(`--columns has an empty name: '${value}'`, `run '${what} --columns help' for the names`);
  const bad = names.filter(
    (name) => !find(spec, name) && !DOTTED.test(name) && !TOP_LEVEL.test(name) && !(spec === undefined && /^[A-Za-z_$][\w$-]*$/.test(name)),
  );
  if (bad.length) {
    const valid = spec ? [...spec.columns.map(columnName), ...Object.keys(spec.named ?? {})].join(', ') : 'field names or dotted paths';
    throw usageError(
      `unknown column${bad.length > 1 ? 's' : ''} ${bad.map((name) => `'${name}'`).join(', ')} for ${what}; valid: ${valid}`,
      'or a dotted path into the JSON (trip.departureAt), or .field for a top-level field; nothing was sent',
    );
  }
  return names;
}

/** The spec with only the chosen columns, in the order given. */
export function chooseColumns(spec: ResourceSpec | undefined, names: string[]): ResourceSpec {
  return {
    name: spec?.name ?? 'item',
    idField: spec?.idField,
    columns: names.flatMap((name) => find(spec, name) ?? [pathColumn(name)]),
  };
}

/** What `--columns help` prints: one column a line, its name, heading and field. */
export function describeColumns(declared: ResourceSpec | undefined, what: string): string {
  const spec = described(declared);
  const lines = [`Columns of '${what}' (--columns name,name,…):`];
  if (spec) {
    const width = Math.max(...spec.columns.map((column) => columnName(column).length));
    for (const column of spec.columns) lines.push(`  ${columnName(column).padEnd(width)}  ${column.path}`);
    for (const [name, columns] of Object.entries(spec.named ?? {}))
      lines.push(`  ${name.padEnd(width)}  ${columns.map((c) => c.path).join(', ')} (only when named)`);
  } else {
    lines.push('  (no fixed columns: the fields of the answer)');
  }
  lines.push('Also: a dotted path into the JSON (e.g. trip.departureAt), or .field for a top-level field not listed.');
  return `${lines.join('\n')}\n`;
}
