// The event names of partner-api.md's "Event names" table, with what each means, and the checks
// `webhooks create|update` and `webhooks listen --events` run before anything is sent.
import { usageError } from '../errors.js';
import { didYouMean, nearest } from '../input/suggest.js';

export interface EventInfo {
  name: string;
  description: string;
  /** webhook.test is sent to an endpoint on request and cannot be subscribed to. */
  subscribable: boolean;
}

export const EVENTS: readonly EventInfo[] = [
  { name: 'booking.created', description: 'a new seat request is made (app or this interface)', subscribable: true },
  { name: 'booking.updated', description: 'booking fields change, including administrator edits', subscribable: true },
  { name: 'booking.approved', description: 'status becomes approved', subscribable: true },
  { name: 'booking.rejected', description: 'status becomes rejected', subscribable: true },
  { name: 'booking.cancelled', description: 'status becomes cancelled', subscribable: true },
  { name: 'booking.boarded', description: 'passenger boarded', subscribable: true },
  { name: 'booking.no_show', description: 'passenger marked no-show', subscribable: true },
  { name: 'trip.created', description: 'trip published', subscribable: true },
  { name: 'trip.updated', description: 'trip changed', subscribable: true },
  { name: 'trip.cancelled', description: 'trip cancelled', subscribable: true },
  { name: 'trip.completed', description: 'trip completed', subscribable: true },
  { name: 'schedule.created', description: 'schedule created', subscribable: true },
  { name: 'schedule.updated', description: 'schedule changed', subscribable: true },
  { name: 'schedule.deleted', description: 'schedule deleted', subscribable: true },
  { name: 'payment.updated', description: 'a payment on a company booking changed', subscribable: true },
  { name: 'webhook.test', description: 'test ping (`webhooks test ID`); sent on request, cannot be subscribed to', subscribable: false },
];

export const SUBSCRIBABLE_EVENTS: readonly string[] = EVENTS.filter((e) => e.subscribable).map((e) => e.name);
const KNOWN = new Set(EVENTS.map((e) => e.name));

/** `booking`, `trip`, `schedule`, `payment`: the prefixes a `prefix.*` group may name. */
export const EVENT_GROUPS: readonly string[] = [...new Set(SUBSCRIBABLE_EVENTS.map((name) => name.split('.')[0]!))];

/** What `*` stands for: every group, so events added to a group later are included too. */
export const ALL_GROUPS: readonly string[] = EVENT_GROUPS.map((group) => `${group}.*`);

/**
 * Checks `--events` text (comma- or space-separated, repeatable) and returns the list to send, as
 * written: names and `booking.*`-style groups, which the service keeps and matches at delivery
 * (so a group also covers events added to it later). Lower-cased, de-duplicated; `*` stands for
 * every group. Unknown names or groups and webhook.test are usage errors, so nothing is sent that
 * the service would refuse.
 */
export function eventList(flag: string, values: string | readonly string[]): string[] {
  const items = (typeof values === 'string' ? [values] : values)
    .flatMap((value) => value.split(/[\s,]+/))
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw usageError(`${flag} needs at least one event`, 'see `tripctl webhooks events`');
  const chosen = new Set<string>();
  const unknown: string[] = [];
  for (const item of items) {
    const name = item.toLowerCase();
    if (name === 'webhook.test') {
      throw usageError(`${flag}: webhook.test cannot be subscribed to`, 'it is sent on request: `tripctl webhooks test ID`');
    }
    if (name === '*') for (const group of ALL_GROUPS) chosen.add(group);
    else if (ALL_GROUPS.includes(name) || (KNOWN.has(name) && name !== 'webhook.test')) chosen.add(name);
    else unknown.push(item);
  }
  if (unknown.length) {
    const known = [...SUBSCRIBABLE_EVENTS, ...ALL_GROUPS];
    const suggestion = didYouMean(nearest(unknown[0]!.toLowerCase(), known, (name) => [name]));
    throw usageError(
      `${flag}: unknown event${unknown.length > 1 ? 's' : ''} ${unknown.map((u) => `'${u}'`).join(', ')}${suggestion ? `; ${suggestion}` : ''}`,
      `known: ${ALL_GROUPS.join(', ')}, * or a name from \`tripctl webhooks events\``,
    );
  }
  return [...chosen];
}

/** The event names a checked list covers, groups expanded, in the table's order. */
export function eventNames(list: readonly string[]): string[] {
  return SUBSCRIBABLE_EVENTS.filter((event) =>
    list.some((item) => item === event || (item.endsWith('.*') && event.startsWith(item.slice(0, -1)))),
  );
}

/** Both at once: checked, then expanded to names. */
export function expandEvents(flag: string, values: string | readonly string[]): string[] {
  return eventNames(eventList(flag, values));
}
