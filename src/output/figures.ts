// `dashboard` and `reports show` on a terminal: figures in sections (trips, bookings, money,
// fleet, team, reviews, routes), each a labelled line of `label value` pairs wrapped to the width,
// money with its currency and separators. Piped output and machine formats keep the service's
// keys and raw values; figures the service adds that no section names still show, under Other.
import { formatMoney } from '../input/money.js';
import { valueAt, type FiguresLayout } from './columns.js';
import { displayWidth } from './layout.js';
import { sanitizeCell } from './sanitize.js';
import { currencyOf, type HandleMaps, type TerminalOptions } from './terminal.js';

/** Below this many columns beside the titles, figures go one a line under their section's title. */
const NARROW = 40;

/** Labels where the key alone reads badly. */
const LABELS: Record<string, string> = {
  seatsSoldUpcoming: 'seats sold, upcoming trips',
  departedNotCompleted: 'departed, not completed',
  averageRating: 'average rating',
  no_show: 'no-show',
  noShow: 'no-show',
};

/** `departedNotCompleted` → `departed not completed`, `no_show` → `no-show`. */
function words(key: string): string {
  return (
    LABELS[key] ??
    key
      .replace(/_/g, '-')
      .replace(/([a-z])([A-Z])/g, '$1 $2')
      .toLowerCase()
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export interface FiguresOptions extends Pick<TerminalOptions, 'width' | 'currency' | 'paintHead' | 'handles'> {
  /** Formats a time the way tables do (local, with the zone named). */
  time: (iso: string) => string;
}

/** The lines of the figures. */
export async function figureLines(payload: Record<string, unknown>, layout: FiguresLayout, opts: FiguresOptions): Promise<string[]> {
  const currency = currencyOf([payload.currency, valueAt(payload, 'revenue.currency')], opts.currency);
  const number = (value: unknown, money: boolean) =>
    typeof value === 'number'
      ? money
        ? formatMoney(value, currency)
        : value.toLocaleString('en-US')
      : value === null
        ? '-'
        : sanitizeCell(String(value));

  const sections: Array<{ title: string; pairs: string[][] }> = [];
  const claimed = new Set([...layout.meta, ...layout.sections.flatMap((section) => section.keys)]);
  const others = Object.keys(payload).filter((key) => !claimed.has(key));
  const all = [...layout.sections, ...(others.length ? [{ title: 'Other', keys: others }] : [])];
  for (const section of all) {
    const pairs: string[][] = [];
    for (const [position, key] of section.keys.entries()) {
      const value = payload[key];
      const money = section.money?.includes(key) === true;
      if (Array.isArray(value)) {
        pairs.push(...(await rowsOf(value, money, number, opts)));
        continue;
      }
      if (!isRecord(value)) {
        if (value !== undefined) pairs.push([`${words(key)} ${number(value, money)}`]);
        continue;
      }
      const line: string[] = [];
      for (const [leaf, figure] of Object.entries(value)) {
        if (leaf === 'currency' || isRecord(figure) || Array.isArray(figure)) continue;
        line.push(`${position === 0 ? words(leaf) : `${words(key)} ${words(leaf)}`} ${number(figure, money)}`);
      }
      if (line.length) pairs.push(line);
    }
    if (pairs.length) sections.push({ title: section.title, pairs });
  }

  const lines: string[] = [];
  const titleWidth = Math.max(...sections.map((section) => displayWidth(section.title)), 6);
  const period = layout.meta.includes('from')
    ? `${typeof payload.from === 'string' ? payload.from : 'the start'} to ${typeof payload.to === 'string' ? payload.to : 'now'}`
    : undefined;
  if (period) lines.push(`${opts.paintHead('Period'.padEnd(titleWidth))}  ${period}`);
  if (typeof payload.generatedAt === 'string')
    lines.push(`${opts.paintHead('As of'.padEnd(titleWidth))}  ${opts.time(payload.generatedAt)}`);
  if (lines.length) lines.push('');
  // Too narrow for a column of titles beside the figures: each title on a line, a figure a line under it.
  if (opts.width - titleWidth - 2 < NARROW) {
    for (const section of sections) lines.push(opts.paintHead(section.title), ...section.pairs.flat().map((pair) => `  ${pair}`));
    return lines;
  }
  for (const section of sections) {
    section.pairs.forEach((line, index) => {
      const title = index === 0 ? section.title : '';
      lines.push(
        ...wrap(line, titleWidth, opts.width).map((text, n) =>
          `${opts.paintHead((n === 0 ? title : '').padEnd(titleWidth))}  ${text}`.trimEnd(),
        ),
      );
    });
  }
  return lines;
}

/** A route report's rows: `Damascus → Aleppo  trips 3  bookings 12  …`, cities by name. */
async function rowsOf(
  rows: unknown[],
  money: boolean,
  number: (value: unknown, money: boolean) => string,
  opts: FiguresOptions,
): Promise<string[][]> {
  const records = rows.filter(isRecord);
  const cities = opts.handles
    ? ((await opts.handles(new Set(['city']), records).catch((): HandleMaps => ({}))).city ?? new Map())
    : new Map();
  return records.map((row) => {
    const { fromCityId, toCityId, ...figures } = row;
    const name = (id: unknown) => sanitizeCell(cities.get(String(id)) ?? String(id));
    const route = fromCityId !== undefined && toCityId !== undefined ? [`${name(fromCityId)} → ${name(toCityId)}`] : [];
    return [
      ...route,
      ...Object.entries(figures)
        .filter(([, v]) => !isRecord(v) && !Array.isArray(v))
        .map(([key, v]) => `${words(key)} ${number(v, money && key === 'revenue')}`),
    ];
  });
}

/** Pairs joined by three spaces, wrapped (never inside a pair) to what is left of the width after the title. */
function wrap(pairs: string[], titleWidth: number, width: number): string[] {
  const room = width - titleWidth - 2;
  const lines: string[] = [];
  let current = '';
  for (const pair of pairs) {
    const next = current ? `${current}   ${pair}` : pair;
    if (current && displayWidth(next) > room) {
      lines.push(current);
      current = pair;
    } else current = next;
  }
  if (current) lines.push(current);
  return lines;
}
