// How one value is written in a cell: piped rows and CSV keep the service's value (ISO times,
// true/false), a terminal reads local times and yes/no; CSV rows by columns (headings by field
// name), written by the one CSV writer (csv.ts).
import { columnName } from './choose-columns.js';
import { valueAt, type Column } from './columns.js';
import { csvLine } from './csv.js';
import { sanitizeField } from './sanitize.js';

export function formatValue(value: unknown, column: Column, opts: { tty: boolean; timeZone?: string }): string {
  if (value === undefined || value === null) return opts.tty ? '-' : '';
  switch (column.kind) {
    case 'time':
      return opts.tty && typeof value === 'string' ? localTime(value, opts.timeZone) : String(value);
    case 'bool':
      return opts.tty ? (value ? 'yes' : 'no') : String(value);
    case 'list':
    case 'weekdays':
      return Array.isArray(value) ? value.map(String).join(',') : String(value);
    default:
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/** `2026-11-24T06:30:00Z` → `2026-11-24 08:30` in the operator's time zone. */
export function localTime(iso: string, timeZone: string | undefined): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const key = timeZone ?? '';
  let format = timeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

/**
 * A CSV heading names the field as `--columns` takes it and imports read it (`no-show`, not
 * `NO-SHOW`); a column chosen by its path (`trip.departureAt`) is headed by that path. A money
 * column is headed by the service's field (`pricePerSeat`), because its cells are the service's
 * minor units: under `price` an import reads the currency's units, and an export read back would
 * be a hundred times the fare.
 */
function fieldName(column: Column): string {
  return column.header === column.path || column.kind === 'money' ? column.path : columnName(column);
}

/**
 * Items as CSV records (see csv.ts: RFC 4180, formulas neutralised), with no byte-order mark: a
 * file saved by a command gets one where it is saved (cmdkit/save-download.ts), stdout never.
 */
export function toCsv(columns: Column[], items: unknown[], header = true): string {
  const rows = items.map((item) =>
    csvLine(columns.map((column) => sanitizeField(formatValue(valueAt(item, column.path), column, { tty: false })))),
  );
  return (header ? csvLine(columns.map(fieldName)) : '') + rows.join('');
}
