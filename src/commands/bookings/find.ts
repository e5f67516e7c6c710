// `bookings find QUERY`: a passenger's bookings across trips, newest first, by what a person has in
// hand — a name (folded as cities are: `ساره` finds `سارة`), a phone as people write it
// (`0944 791 234`, read in the profile's country), or the code printed under a ticket's QR
// (`QX-1D46571F`, any case, spaces or dashes anywhere). A booking list carries no passenger, so
// the newest bookings are fetched singly (four at a time, cmdkit/booking-details.ts) up to a bound,
// and the answer says when older ones were not searched. A code is found as `bookings get QX-…`
// finds it (cmdkit/ids.ts): the ticket of each booking whose id begins with the code's hex digits.
import { bookingDetails } from '../../cmdkit/booking-details.js';
import { bookingByTicketCode } from '../../cmdkit/ids.js';
import type { ActionFn } from '../../cmdkit/define.js';
import type { Context } from '../../context.js';
import { CliError, ExitCode, usageError } from '../../errors.js';
import { westernDigits } from '../../input/digits.js';
import { normalizeName } from '../../input/names.js';
import { DEFAULT_COUNTRY, parsePhone, toE164 } from '../../input/phone.js';
import { paginate } from '../../client/paginate.js';
import { specs } from '../../output/specs.js';
import { codeKey, looksLikeCode } from '../../input/ticket-code.js';

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
  if (query.kind === 'code') {
    await ctx.renderer().list([await byCode(ctx, args[0] ?? '')], specs.booking);
    return 0;
  }
  const ids: string[] = [];
  let total = 0;
  for await (const page of paginate(client, '/bookings', 'bookings', {}, { all: true }, (message) => ctx.warn(message))) {
    total = Math.max(total, page.meta.total ?? 0, ids.length + page.items.length);
    for (const item of page.items) {
      const id = (item as { id?: unknown }).id;
      if (typeof id === 'string') ids.push(id);
    }
    if (ids.length >= SEARCHED) break;
  }
  const found = await byPassenger(ctx, client, ids.slice(0, SEARCHED), query);
  if (total > SEARCHED) ctx.warn(`searched the newest ${SEARCHED} of ${total} bookings: an older booking is found by its ticket code`);
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

/** The booking whose ticket bears this code, as `bookings get QX-…` finds it (cmdkit/ids.ts); none is an empty list. */
async function byCode(ctx: Context, text: string): Promise<unknown[]> {
  try {
    return bookingDetails(await ctx.client(), [await bookingByTicketCode(ctx, text)], false);
  } catch (error) {
    if (error instanceof CliError && error.exitCode === ExitCode.notFound) return [];
    throw error;
  }
}
