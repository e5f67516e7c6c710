// What a resource looks like in a table or CSV: which fields, under which headings, and how each
// value is shown. JSON output ignores these and passes the service's objects through whole.

/**
 * `time`: an instant, shown in the operator's zone on a terminal; `clock`: an HH:MM in the
 * service's own zone (a schedule's departure time); `money`: minor units; `weekdays`: 0-6.
 */
export type ColumnKind = 'text' | 'time' | 'clock' | 'bool' | 'money' | 'list' | 'weekdays';

/**
 * Ids a terminal table shows by a human handle: a city's name, a vehicle's plate, a passenger, a
 * trip by its route and local departure (`Damascus → Aleppo · 12-09 07:30`). `cityAr`: a city's
 * Arabic name, which an assistant's records carry beside the English one.
 */
export type HandleKind = 'city' | 'vehicle' | 'passenger' | 'trip' | 'cityAr';

export interface Column {
  header: string;
  /** Dot path into the object, e.g. `trip.fromCityId`. */
  path: string;
  kind?: ColumnKind;
  /**
   * How the terminal table fits the width (piped output, CSV and JSON ignore it): 1 is kept
   * longest, larger numbers are cut first and then left out (default 3). `minWidth`: the
   * narrowest the column may be cut to, with an ellipsis; without it the column is never cut
   * (ids, which must stay whole to be copied).
   */
  priority?: number;
  minWidth?: number;
  /** On a terminal, the id is shown by its handle (looked up once, cached). */
  handle?: HandleKind;
  /** For `money`: where the item names its currency (else the profile's `currency`). */
  currencyPath?: string;
  /** Left out of terminal tables, where another column already shows it (the currency beside an amount). */
  terminal?: false;
}

/** A section: its title and the top-level keys it shows; the first key's figures need no prefix. */
export interface FigureSection {
  title: string;
  keys: string[];
  /** Keys whose numbers are amounts of money in minor units. */
  money?: string[];
}

export interface FiguresLayout {
  sections: FigureSection[];
  /** Keys that are not figures: the currency, the period, when it was made. */
  meta: string[];
}

export interface ResourceSpec {
  /** Singular name for messages, e.g. `trip`. */
  name: string;
  /** Field printed by `-o ids`. */
  idField?: string;
  columns: Column[];
  /** Figures (dashboard, reports) on a terminal: sections of labelled figures instead of a record of keys. */
  figures?: FiguresLayout;
  /** Columns only terminal tables show, each after the column with that header (or last). */
  terminalExtras?: Array<{ after: string; column: Column }>;
  /**
   * Columns shown only when `--columns` names them, in every output: a name may stand for
   * several (`passenger`: the name and the phone). What the list answer does not carry, the
   * verb fetches when they are asked for (the operation's `details`).
   */
  named?: Record<string, Column[]>;
}

export function valueAt(object: unknown, path: string): unknown {
  let current: unknown = object;
  for (const key of path.split('.')) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

/**
 * Columns for objects nobody described (dashboard figures, tickets, shapes the description leaves
 * unshown): their scalar fields in the order of the first one, nested objects as `a.b` columns.
 */
export function inferSpec(items: unknown[], name = 'item'): ResourceSpec {
  const first = items.find((item) => typeof item === 'object' && item !== null) as Record<string, unknown> | undefined;
  const keys = first ? scalarPaths(first) : [];
  return {
    name,
    idField: keys.includes('id') ? 'id' : undefined,
    columns: keys.map((key) => ({ header: key, path: key, kind: /At$|^date$/.test(key) ? 'time' : 'text' })),
  };
}

function scalarPaths(record: Record<string, unknown>, prefix = '', depth = 0): string[] {
  const paths: string[] = [];
  for (const [key, value] of Object.entries(record)) {
    if (key.includes('.')) continue; // not addressable as a path
    if (isScalar(value)) paths.push(prefix + key);
    else if (depth < 3 && typeof value === 'object' && value !== null && !Array.isArray(value)) {
      paths.push(...scalarPaths(value as Record<string, unknown>, `${prefix}${key}.`, depth + 1));
    }
  }
  return paths;
}

function isScalar(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}
