// Tables for a person at a terminal (the TTY branch of the renderer; piped rows, CSV, JSON and
// ids never come here and keep the service's raw values). Each cell shows what a person reads:
// a city's name and a vehicle's plate for their ids, a passenger's name and phone, money in major
// units with its currency, times in the operator's zone with the zone in the heading; the table
// fits the terminal's width (see layout.ts).
import { DEFAULT_CURRENCY, formatMoney } from '../input/money.js';
import { SERVICE_TIME_ZONE, zoneAbbreviation } from '../input/zones.js';
import { valueAt, type Column, type HandleKind, type ResourceSpec } from './columns.js';
import { displayWidth, layoutTable, truncate } from './layout.js';
import { sanitizeCell } from './sanitize.js';

/** Labels by id, per kind of handle; a missing id shows as itself. */
export type HandleMaps = Partial<Record<HandleKind, ReadonlyMap<string, string>>>;

/** Looks up the handles the given rows need; at most one request per kind (see table-handles.ts). */
export type HandleLookup = (kinds: ReadonlySet<HandleKind>, items: unknown[]) => Promise<HandleMaps>;

export interface TerminalOptions {
  /** The terminal's width in columns. */
  width: number;
  timeZone: string | undefined;
  /** For money whose item names no currency: the profile's `currency`. */
  currency: string | undefined;
  now: Date;
  handles?: HandleLookup;
  /** Formats a value the way every table does (yes/no, lists, local times). */
  format: (value: unknown, column: Column) => string;
  paintHead: (text: string) => string;
}

/** The spec's columns as a terminal shows them: less those another column shows, plus the extras. */
export function terminalColumns(spec: ResourceSpec): Column[] {
  const columns = spec.columns.filter((column) => column.terminal !== false);
  for (const { after, column } of spec.terminalExtras ?? []) {
    const at = columns.findIndex((c) => c.header === after);
    columns.splice(at >= 0 ? at + 1 : columns.length, 0, column);
  }
  return columns;
}

/**
 * The currency of an amount on a terminal: the first the answer names (of `named`), else the
 * profile's `currency` setting, else the service's own (SYP).
 */
export function currencyOf(named: unknown[], setting: string | undefined): string {
  const found = named.find((code): code is string => typeof code === 'string' && /^[A-Za-z]{3}$/.test(code));
  return found ?? setting ?? DEFAULT_CURRENCY;
}

const WEEKDAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function heading(column: Column, opts: TerminalOptions): string {
  // A trip is shown with its local departure (`Damascus → Aleppo · 12-09 07:30`): its heading names the zone too.
  if (column.kind === 'time' || column.handle === 'trip') return `${column.header} ${zoneAbbreviation(opts.timeZone, opts.now)}`;
  if (column.kind === 'clock') return `${column.header} ${zoneAbbreviation(SERVICE_TIME_ZONE, opts.now)}`;
  return column.header;
}

function cell(item: unknown, column: Column, maps: HandleMaps, opts: TerminalOptions): string {
  const value = valueAt(item, column.path);
  if (value !== undefined && value !== null) {
    if (column.handle) {
      const label = handleOf(item, column, value, maps);
      if (label !== undefined) return sanitizeCell(label);
      // A passenger id alone tells a person nothing (and cut to fit, less): `-` until it is known.
      if (column.handle === 'passenger') return '-';
    }
    if (column.kind === 'money' && typeof value === 'number')
      return formatMoney(value, currencyOf([column.currencyPath ? valueAt(item, column.currencyPath) : undefined], opts.currency));
    if (column.kind === 'weekdays' && Array.isArray(value))
      return value.map((day) => WEEKDAY_NAMES[day as number] ?? String(day)).join(',');
  }
  return sanitizeCell(opts.format(value, column));
}

function handleOf(item: unknown, column: Column, value: unknown, maps: HandleMaps): string | undefined {
  // A passenger the answer carries (a booking fetched singly, a service that embeds it) needs no look-up.
  if (column.handle === 'passenger') {
    const embedded = valueAt(item, 'passenger');
    const label = passengerLabel(embedded);
    if (label) return label;
  }
  return maps[column.handle!]?.get(String(value));
}

/** `Rami Saleh +963944000005` from `{fullName, phone}`. */
export function passengerLabel(passenger: unknown): string | undefined {
  if (typeof passenger !== 'object' || passenger === null) return undefined;
  const { fullName, phone } = passenger as { fullName?: unknown; phone?: unknown };
  const parts = [fullName, phone].filter((part): part is string => typeof part === 'string' && part !== '');
  return parts.length ? parts.join(' ') : undefined;
}

async function lookUp(columns: Column[], items: unknown[], opts: TerminalOptions): Promise<HandleMaps> {
  const kinds = new Set(columns.flatMap((column) => (column.handle ? [column.handle] : [])));
  if (kinds.size === 0 || !opts.handles) return {};
  // A handle is a courtesy: when it cannot be had, the id is shown, and the command still succeeds.
  return opts.handles(kinds, items).catch(() => ({}));
}

/**
 * The lines of a list as a terminal table, and the headers left out for want of room. Below the
 * narrowest table (ids are never cut) each item is a block of `HEADER: value` lines instead, every
 * value whole (the terminal wraps a long one), the items apart by a blank line.
 */
export async function terminalTable(
  items: unknown[],
  spec: ResourceSpec,
  opts: TerminalOptions,
): Promise<{ lines: string[]; hidden: string[] }> {
  const columns = terminalColumns(spec);
  const maps = await lookUp(columns, items, opts);
  const rows = items.map((item) => columns.map((column) => cell(item, column, maps, opts)));
  const headings = columns.map((column) => heading(column, opts));
  const layout = columns.map((column, index) => ({
    header: headings[index]!,
    priority: column.priority,
    minWidth: column.minWidth,
    align: column.kind === 'money' ? ('right' as const) : undefined,
  }));
  const table = layoutTable(layout, rows, opts.width, opts.paintHead);
  if (table) return table;
  const blocks = rows.map((row) => row.map((text, index) => `${opts.paintHead(`${headings[index]}:`)} ${text}`));
  return { lines: blocks.flatMap((block, index) => (index === 0 ? block : ['', ...block])), hidden: [] };
}

/**
 * One object as `FIELD  value` lines. A value that may be cut (a column with a minimum width) is
 * cut to the terminal's width; any other (ids) is whole, wrapped by the terminal if it must be.
 */
export async function terminalRecord(value: object, spec: ResourceSpec, opts: TerminalOptions): Promise<string[]> {
  const columns = terminalColumns(spec);
  const maps = await lookUp(columns, [value], opts);
  const rows = columns.map((column) => [heading(column, opts), cell(value, column, maps, opts), column.minWidth] as const);
  const keyWidth = Math.max(...rows.map(([key]) => displayWidth(key)));
  const room = Math.max(8, opts.width - keyWidth - 2);
  return rows.map(([key, text, minWidth]) =>
    `${opts.paintHead(key)}${' '.repeat(keyWidth - displayWidth(key) + 2)}${minWidth === undefined ? text : truncate(text, room)}`.trimEnd(),
  );
}
