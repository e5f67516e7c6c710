// What an assistant is answered with (`tripctl mcp`): the view a person reads, as compact JSON
// records. The same column specs and formatters as a terminal table, so a model reads what the
// operator reads: money in the currency's units with the currency (`18,000.00 SYP`, never the
// service's minor units under a key that does not say so), times in the operator's zone with the
// zone named once beside them, cities by name in English and Arabic, a trip by its route and local
// departure, a passenger by name and phone. Ids stay beside their names: the next call needs them.
import { formatMoney } from '../input/money.js';
import { SERVICE_TIME_ZONE, zoneName } from '../input/zones.js';
import { localTime } from './cells.js';
import { inferSpec, valueAt, type Column, type FiguresLayout, type HandleKind, type ResourceSpec } from './columns.js';
import { currencyOf, passengerLabel, terminalColumns, type HandleLookup, type HandleMaps } from './terminal.js';

/** An assistant's list answer stays under this many bytes (about 4,000 tokens); the rest is counted. */
export const RECORDS_BUDGET_BYTES = 14_000;

export interface RecordOptions {
  timeZone: string | undefined;
  /** The profile's currency, for money whose answer names none. */
  currency: string | undefined;
  handles?: HandleLookup;
  /** `trip` → `trips`: the key of a list answer. */
  plural: (name: string) => string;
}

/** One object as an assistant reads it: `{trip: {...}, timeZone}`, figures with money formatted. */
export async function objectAnswer(value: unknown, spec: ResourceSpec | undefined, opts: RecordOptions): Promise<unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || !spec) return value;
  const record = spec.figures
    ? await figureRecord(value as Record<string, unknown>, spec.figures, opts)
    : (await toRecords([value], spec.columns.length ? spec : inferSpec([value]), opts))[0];
  return { [spec.name.replace(/ /g, '')]: record, ...(hasTimes(spec) ? { timeZone: zoneName(opts.timeZone) } : {}) };
}

/**
 * A list as an assistant reads it: `{trips: [...], timeZone}`, at most RECORDS_BUDGET_BYTES,
 * saying when it is partial (a first page of a longer list, or cut to the budget) and how to get
 * the rest. `total`: the size of the whole list when `items` is only its first page.
 */
export async function listAnswer(items: unknown[], spec: ResourceSpec, total: number | undefined, opts: RecordOptions): Promise<unknown> {
  const all = await toRecords(items, spec, opts);
  const kept: unknown[] = [];
  let size = 0;
  for (const record of all) {
    size += JSON.stringify(record).length + 1;
    if (size > RECORDS_BUDGET_BYTES) break;
    kept.push(record);
  }
  const whole = Math.max(total ?? items.length, items.length);
  const answer: Record<string, unknown> = { [opts.plural(spec.name).replace(/ /g, '')]: kept };
  if (hasTimes(spec)) answer.timeZone = zoneName(opts.timeZone);
  // The true total, always: an assistant says "12 of 40" without asking again.
  answer.total = whole;
  if (kept.length < whole) {
    answer.shown = kept.length;
    answer.more =
      kept.length < items.length
        ? 'cut to stay small: call again with cursor (nextCursor) for the rest, or narrow the list with its filters'
        : 'the first part: call again with cursor (nextCursor) for the next, or narrow the list';
  }
  return answer;
}

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/**
 * `PRICE` → `price`, `NO-SHOW` → `noShow`, `DEPARTURE AT` → `departureAt`; an id shown as itself
 * keeps its field's name (`bookingId`), so no key reads as a name where it holds an id.
 */
export function recordKey(column: Column): string {
  const field = column.path.split('.').pop()!;
  if (!column.handle && /[a-z]Id$/.test(field)) return field;
  const words = column.header
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/** The keys of a spec's records, in order, as a tool's description lists them. */
export function recordKeys(spec: ResourceSpec): string[] {
  if (spec.figures) return spec.figures.sections.flatMap((section) => section.keys);
  return terminalColumns(spec).flatMap((column) => {
    const key = recordKey(column);
    return column.handle && column.handle !== 'city' ? [key, idKey(column)] : [key];
  });
}

/** Whether the records of a spec carry local times (their zone is named beside them). */
export function hasTimes(spec: ResourceSpec): boolean {
  return terminalColumns(spec).some((column) => column.kind === 'time' || column.handle === 'trip') || spec.figures !== undefined;
}

/** `tripId` beside `trip`, `vehicleId` beside `vehicle`: the column's own path when it is an id. */
function idKey(column: Column): string {
  const last = column.path.split('.').pop()!;
  return /Id$/.test(last) ? last : `${recordKey(column)}Id`;
}

/** The records of a list (or one item), with every handle they need looked up once. */
export async function toRecords(items: unknown[], spec: ResourceSpec, opts: RecordOptions): Promise<Array<Record<string, unknown>>> {
  const columns = terminalColumns(spec);
  const kinds = new Set<HandleKind>(columns.flatMap((column) => (column.handle ? [column.handle] : [])));
  if (kinds.has('city')) kinds.add('cityAr');
  const maps: HandleMaps = kinds.size && opts.handles ? await opts.handles(kinds, items).catch(() => ({})) : {};
  return items.map((item) => {
    const record: Record<string, unknown> = {};
    for (const column of columns) {
      const value = valueAt(item, column.path);
      if (value === undefined || value === null || value === '') continue;
      const shown = cellValue(item, value, column, maps, opts);
      if (shown !== undefined) record[recordKey(column)] = shown;
      if (column.handle && column.handle !== 'city') record[idKey(column)] = value;
    }
    return record;
  });
}

function cellValue(item: unknown, value: unknown, column: Column, maps: HandleMaps, opts: RecordOptions): unknown {
  if (column.handle) {
    const id = String(value);
    if (column.handle === 'city') {
      const names = [maps.city?.get(id), maps.cityAr?.get(id)].filter((name): name is string => Boolean(name));
      return names.length ? [...new Set(names)].join(' / ') : id;
    }
    if (column.handle === 'passenger') return passengerLabel(valueAt(item, 'passenger')) ?? maps.passenger?.get(id);
    return maps[column.handle]?.get(id);
  }
  switch (column.kind) {
    case 'money':
      return typeof value === 'number'
        ? formatMoney(value, currencyOf([column.currencyPath ? valueAt(item, column.currencyPath) : undefined], opts.currency))
        : value;
    case 'time':
      return typeof value === 'string' ? localTime(value, opts.timeZone) : value;
    case 'clock':
      // A schedule's time is the service's local time; named when the operator's zone differs.
      return zoneName(opts.timeZone) === SERVICE_TIME_ZONE ? value : `${String(value)} ${SERVICE_TIME_ZONE}`;
    case 'weekdays':
      return Array.isArray(value) ? value.map((day) => WEEKDAYS[Number(day)] ?? String(day)) : value;
    default:
      return value;
  }
}

/**
 * Dashboard and report figures as an assistant reads them: the answer's own keys, with every
 * amount of money formatted in its currency, a route's cities by name and times in the zone.
 */
export async function figureRecord(
  payload: Record<string, unknown>,
  layout: FiguresLayout,
  opts: RecordOptions,
): Promise<Record<string, unknown>> {
  const currency = currencyOf([payload.currency, valueAt(payload, 'revenue.currency')], opts.currency);
  const money = new Set(layout.sections.flatMap((section) => section.money ?? []));
  const rows = Object.values(payload).filter(Array.isArray).flat();
  const cities = rows.length && opts.handles ? await opts.handles(new Set<HandleKind>(['city']), rows).catch((): HandleMaps => ({})) : {};
  const amount = (value: unknown) => (typeof value === 'number' ? formatMoney(value, currency) : value);
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(payload)) {
    if (key === 'currency') continue;
    if (key === 'generatedAt' && typeof value === 'string') out[key] = localTime(value, opts.timeZone);
    else if (!money.has(key)) out[key] = value;
    else if (Array.isArray(value))
      out[key] = value.map((row) => {
        if (typeof row !== 'object' || row === null) return row;
        const { fromCityId, toCityId, revenue, ...rest } = row as Record<string, unknown>;
        const name = (id: unknown) => cities.city?.get(String(id)) ?? String(id);
        return {
          ...(fromCityId !== undefined ? { route: `${name(fromCityId)} → ${name(toCityId)}` } : {}),
          ...rest,
          ...(revenue !== undefined ? { revenue: amount(revenue) } : {}),
        };
      });
    else if (typeof value === 'object' && value !== null)
      out[key] = Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([leaf]) => leaf !== 'currency')
          .map(([leaf, figure]) => [leaf, amount(figure)]),
      );
    else out[key] = amount(value);
  }
  return out;
}
