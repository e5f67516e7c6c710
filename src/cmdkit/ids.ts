// An id as people have it: whole, or its first eight characters as tables show them (`6ea9ad0c`),
// or — for a booking — the code printed on its ticket (`QX-6EA9AD0C`). A start is resolved by
// listing what the id can be, when it is the start of exactly one; several are a usage error
// naming them, none is "not found". One mechanism for every door that takes an id: path arguments
// (the operation runner), ids in bulk, and the verbs that read an id themselves.
import type { ApiClient } from '../client/http.js';
import { listFrom, paginate } from '../client/paginate.js';
import type { Context } from '../context.js';
import { CliError, ExitCode, usageError } from '../errors.js';
import { codeKey } from '../input/ticket-code.js';
import { idPrefix, idStartedBy, idsStartingWith, uuidOf } from '../input/validate.js';

/**
 * Where each kind of id can be listed, by the name of the path parameter that takes it. A path
 * with a placeholder lists within what an earlier argument named: a schedule's exceptions are
 * listed by reading the schedule (partner-api.md: GET /schedules/{scheduleId} carries them).
 */
const COLLECTIONS: Record<string, { path: string; key: string; inside?: string; paged: boolean; noun: string; list: string }> = {
  bookingId: { path: '/bookings', key: 'bookings', paged: true, noun: 'booking', list: 'bookings list' },
  tripId: { path: '/trips', key: 'trips', paged: true, noun: 'trip', list: 'trips list' },
  paymentId: { path: '/payments', key: 'payments', paged: true, noun: 'payment', list: 'payments list' },
  scheduleId: { path: '/schedules', key: 'schedules', paged: false, noun: 'schedule', list: 'schedules list' },
  exceptionId: {
    path: '/schedules/{scheduleId}',
    key: 'exceptions',
    inside: 'schedule',
    paged: false,
    noun: 'exception',
    list: 'schedules get {scheduleId}',
  },
  vehicleId: { path: '/vehicles', key: 'vehicles', paged: false, noun: 'vehicle', list: 'vehicles list' },
  memberId: { path: '/members', key: 'members', paged: false, noun: 'member', list: 'members list' },
  endpointId: { path: '/webhooks', key: 'endpoints', paged: false, noun: 'webhook endpoint', list: 'webhooks list' },
};

/** Whether ids of this parameter can be given by their start (its collection can be listed). */
export function takesIdStart(name: string): boolean {
  return name in COLLECTIONS;
}

/** Whether `text` can stand for an id of `name` (checked before any request; idOf resolves it). */
export function looksLikeId(name: string, text: string): boolean {
  if (uuidOf(text) !== undefined) return true;
  if (!takesIdStart(name)) return false;
  return idPrefix(text) !== undefined || (name === 'bookingId' && ticketCode(text) !== undefined);
}

/** Refuses, before any request, text that cannot stand for an id of `name` (idOf resolves the rest). */
export function checkId(name: string, text: string, flag = name): void {
  if (!looksLikeId(name, text)) throw notAnId(name, text, flag);
}

function notAnId(name: string, text: string, flag: string): CliError {
  return usageError(
    `${flag} must be a UUID, not '${text}'`,
    takesIdStart(name)
      ? `or its first 8 characters as tables show them${name === 'bookingId' ? ", or the code printed on the booking's ticket (QX-…)" : ''}`
      : undefined,
  );
}

/**
 * The id `text` stands for: a UUID as it is (lower case, digits in any script); the start of one,
 * found by listing; for a booking, also its ticket's printed code. `name` is the path parameter
 * (`bookingId`), `flag` how the message names it (`--trip`), `within` the ids already resolved
 * that a listing needs (an exception's schedule). Anything else is a usage error, before any
 * request; a start of no id is "not found".
 */
export async function idOf(ctx: Context, name: string, text: string, flag = name, within: Record<string, string> = {}): Promise<string> {
  const whole = uuidOf(text);
  if (whole !== undefined) return whole;
  const collection = COLLECTIONS[name];
  const prefix = idPrefix(text);
  const code = name === 'bookingId' && prefix === undefined ? ticketCode(text) : undefined;
  if (!collection || (prefix === undefined && code === undefined)) throw notAnId(name, text, flag);
  if (code !== undefined) return bookingByTicketCode(ctx, text);
  const found = await idFromStart(ctx, name, text, flag, within);
  if (found !== undefined) return found;
  throw new CliError(
    `no ${collection.noun} id starts with ${prefix}`,
    ExitCode.notFound,
    `list them: tripctl ${filled(collection.list, within)}`,
  );
}

/**
 * The id of `name` that `text` is the start of, undefined when it starts none (or is no start):
 * for a door where such text may still be something else, a plate or a name (a start is tried as
 * an id first). A start several ids share is a usage error naming them.
 */
export async function idFromStart(
  ctx: Context,
  name: string,
  text: string,
  flag = name,
  within: Record<string, string> = {},
): Promise<string | undefined> {
  const collection = COLLECTIONS[name];
  if (!collection || idPrefix(text) === undefined) return undefined;
  return idStartedBy(await listedIds(ctx, name, filled(collection.path, within)), text, flag, collection.noun);
}

/** `/schedules/{scheduleId}` with the resolved ids put in. */
function filled(template: string, within: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => within[key] ?? whole);
}

const listings = new WeakMap<Context, Map<string, Promise<string[]>>>();

/** Every id of a collection, listed once per command (ids in bulk share one listing). */
function listedIds(ctx: Context, name: string, path: string): Promise<string[]> {
  let byPath = listings.get(ctx);
  if (!byPath) listings.set(ctx, (byPath = new Map()));
  let ids = byPath.get(path);
  if (!ids) {
    ids = listAll(ctx, { ...COLLECTIONS[name]!, path });
    byPath.set(path, ids);
  }
  return ids;
}

async function listAll(ctx: Context, collection: (typeof COLLECTIONS)[string]): Promise<string[]> {
  const client = await ctx.client();
  const items: unknown[] = [];
  if (collection.paged) {
    for await (const page of paginate(client, collection.path, collection.key, {}, { all: true }, (m) => ctx.warn(m)))
      items.push(...page.items);
  } else {
    const { inside, key } = collection;
    const expect = inside ? ({ kind: 'object', key: inside } as const) : ({ kind: 'list', key } as const);
    const { data } = await client.request({ method: 'GET', path: collection.path, expect });
    if (!inside) items.push(...listFrom(data, key));
    else {
      const record = data as Record<string, unknown>;
      const list = ((inside in record ? record[inside] : record) as Record<string, unknown>)[key];
      if (Array.isArray(list)) items.push(...list);
    }
  }
  return items.flatMap((item) => {
    const id = (item as { id?: unknown } | null)?.id;
    return typeof id === 'string' ? [id] : [];
  });
}

/** `QX-6EA9AD0C` as typed (`qx 6ea9 ad0c`): the letters and the hex digits after them; else undefined. */
function ticketCode(text: string): { key: string; hex: string } | undefined {
  const key = codeKey(text);
  const match = /^[A-Z]{1,4}([0-9A-F]{8,31})$/.exec(key);
  return match ? { key, hex: match[1]!.toLowerCase() } : undefined;
}

/**
 * The booking whose ticket carries this printed code (`QX-6EA9AD0C`), as `bookings get QX-…` and
 * a search by code find it. The service makes the code from the booking's id (its first hex
 * digits, as the boarding station reads it), so the bookings whose id starts so are the
 * candidates, and the one whose ticket shows this very code is the booking. Exit 5 when none
 * does; exit 2 for text that is no printed code.
 */
export async function bookingByTicketCode(ctx: Context, text: string): Promise<string> {
  const code = ticketCode(text);
  if (!code) throw usageError(`'${text}' is not a ticket's printed code (letters, a dash, then 8 characters: QX-6EA9AD0C)`);
  const candidates = idsStartingWith(await listedIds(ctx, 'bookingId', '/bookings'), code.hex);
  const client = await ctx.client();
  const matching: string[] = [];
  for (const id of candidates) if ((await ticketCodeOf(client, id)) === code.key) matching.push(id);
  if (matching.length === 1) return matching[0]!;
  if (matching.length === 0)
    throw new CliError(
      `no booking has a ticket with the code ${text.trim()}`,
      ExitCode.notFound,
      'a ticket is issued for an approved booking',
    );
  throw usageError(`the code ${text.trim()} is printed on ${matching.length} tickets: ${matching.join(', ')}`, 'give the booking id');
}

/** The printed code of a booking's ticket, as a key; undefined where the service issues none (not approved). */
async function ticketCodeOf(client: ApiClient, id: string): Promise<string | undefined> {
  try {
    const { data } = await client.request({ method: 'GET', path: `/bookings/${id}/ticket` });
    const ticket = ((data as { ticket?: unknown } | null)?.ticket ?? data) as { code?: unknown } | null;
    return typeof ticket?.code === 'string' ? codeKey(ticket.code) : undefined;
  } catch (error) {
    if (error instanceof CliError && (error.exitCode === ExitCode.notFound || error.exitCode === ExitCode.rejected)) return undefined;
    throw error;
  }
}
