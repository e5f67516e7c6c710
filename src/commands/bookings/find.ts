// `bookings find QUERY`: a passenger's bookings across trips, newest first, by what a person has in
// hand — a name (folded as cities are: `ساره` finds `سارة`), a phone as people write it
// (`0944 791 234`, read in the profile's country), or the code printed under a ticket's QR
// (`QX-1D46571F`, any case, spaces or dashes anywhere). A booking list carries no passenger, so
// the newest bookings are fetched singly (four at a time, cmdkit/booking-details.ts) up to a bound,
// and the answer says when older ones were not searched. A code is matched against the tickets
// the service issued (trips/boarding-tickets.ts), a booking whose id begins with the code's hex
// digits asked first.
import { bookingDetails, inBatches } from '../../cmdkit/booking-details.js';
import type { ActionFn } from '../../cmdkit/define.js';
import type { Context } from '../../context.js';
import { usageError } from '../../errors.js';
import { westernDigits } from '../../input/digits.js';
import { normalizeName } from '../../input/names.js';
import { DEFAULT_COUNTRY, parsePhone, toE164 } from '../../input/phone.js';
import { paginate } from '../../client/paginate.js';
import { specs } from '../../output/specs.js';
import { codeKey, looksLikeCode } from '../../input/ticket-code.js';
import { ApiError } from '../../errors.js';

/** The newest bookings searched by name or phone (each one is a request). */
export const SEARCHED = 400;

type Query = { kind: 'code'; key: string } | { kind: 'phone'; e164: string } | { kind: 'name'; folded: string };

/** What the query is: a code, a phone or a name; a usage error when it is none of them. */
export async function readQuery(ctx: Context, text: string): Promise<Query> {
  const trimmed = westernDigits(text).trim();
  if (trimmed === '') throw usageError('bookings find: say what to look for: a name, a phone or a ticket code (QX-…)');
  if (/^[\s+\d().-]+$/.test(trimmed)) {
    const country = ctx.settings().country ?? DEFAULT_COUNTRY;
    return { kind: 'phone', e164: await parsePhone('bookings find', trimmed, country) };
  }
  if (looksLikeCode(trimmed) && /\d/.test(trimmed)) return { kind: 'code', key: codeKey(trimmed) };
  const folded = normalizeName(trimmed);
  if (folded.length < 2) throw usageError(`bookings find: '${text}' is too short to look for: give two letters or more of a name`);
  return { kind: 'name', folded };
}

export const find: ActionFn = async (ctx, { args }) => {
  const query = await readQuery(ctx, args[0] ?? '');
  const client = await ctx.client();
  const ids: string[] = [];
  let total = 0;
  for await (const page of paginate(client, '/bookings', 'bookings', {}, { all: true }, (message) => ctx.warn(message))) {
    total = Math.max(total, page.meta.total ?? 0, ids.length + page.items.length);
    for (const item of page.items) {
      const id = (item as { id?: unknown }).id;
      if (typeof id === 'string') ids.push(id);
    }
    if (query.kind !== 'code' && ids.length >= SEARCHED) break;
  }
  const found =
    query.kind === 'code' ? await byCode(client, ids, query.key) : await byPassenger(ctx, client, ids.slice(0, SEARCHED), query);
  if (query.kind !== 'code' && total > SEARCHED)
    ctx.warn(`searched the newest ${SEARCHED} of ${total} bookings: an older booking is found by its ticket code`);
  await ctx.renderer().list([found], specs.booking);
  return 0;
};

async function byPassenger(
  ctx: Context,
  client: Awaited<ReturnType<Context['client']>>,
  ids: string[],
  query: Exclude<Query, { kind: 'code' }>,
): Promise<unknown[]> {
  const country = ctx.settings().country ?? DEFAULT_COUNTRY;
  const bookings = await bookingDetails(client, ids, true);
  const matches: unknown[] = [];
  for (const booking of bookings) {
    const passenger = (booking.passenger ?? {}) as { fullName?: unknown; phone?: unknown };
    if (query.kind === 'name') {
      if (typeof passenger.fullName === 'string' && normalizeName(passenger.fullName).includes(query.folded)) matches.push(booking);
    } else if (typeof passenger.phone === 'string' && (await toE164(passenger.phone, country)) === query.e164) matches.push(booking);
  }
  return matches;
}

/** The booking whose ticket bears this code: those whose id begins with its hex digits first, then every one. */
async function byCode(client: Awaited<ReturnType<Context['client']>>, ids: string[], key: string): Promise<unknown[]> {
  const hex = /[0-9A-F]{6,}$/.exec(key)?.[0]?.toLowerCase();
  const likely = hex ? ids.filter((id) => id.replace(/-/g, '').startsWith(hex)) : [];
  for (const candidates of [likely, ids.filter((id) => !likely.includes(id))]) {
    const hits: string[] = [];
    await inBatches(
      candidates,
      async (id) => {
        if (hits.length) return;
        const code = await ticketCode(client, id);
        if (code && codeKey(code) === key) hits.push(id);
      },
      true,
    );
    if (hits.length) return bookingDetails(client, hits, false);
  }
  return [];
}

/** The code the service printed on a booking's ticket; undefined when it issued none (404). */
async function ticketCode(client: Awaited<ReturnType<Context['client']>>, id: string): Promise<string | undefined> {
  try {
    const { data } = await client.request({ method: 'GET', path: `/bookings/${encodeURIComponent(id)}/ticket`, retrySafe: true });
    const ticket = ((data as { ticket?: unknown } | null)?.ticket ?? data) as { code?: unknown } | null;
    return typeof ticket?.code === 'string' ? ticket.code : undefined;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}
