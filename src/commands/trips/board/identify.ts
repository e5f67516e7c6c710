// How the boarding station reads a line that is not a whole scanned ticket — a booking id, its
// first hex digits, a phone typed at the door — and how it names another trip. Pure look-ups over
// the manifest the station holds; the station (station.ts) decides what to do.
import type { Context } from '../../../context.js';
import { localDateTime } from '../../../cmdkit/handles.js';
import { westernDigits } from '../../../input/digits.js';
import { DEFAULT_COUNTRY, toE164 } from '../../../input/phone.js';
import type { ManifestPassenger } from './journal.js';
import type { Verdict } from './verdicts.js';

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** The booking ids in a line (lower case), the trip's own left out. */
export function bookingIdsIn(text: string, tripId: string): string[] {
  return [...text.matchAll(UUIDS)].map((m) => m[0].toLowerCase()).filter((id) => id !== tripId);
}

/** Typed by hand from a ticket or the manifest: enough leading hex digits of one booking on this trip. */
export function byIdPrefix(passengers: ManifestPassenger[], text: string): ManifestPassenger | undefined {
  const prefix = /\b[0-9a-f]{8,32}\b/i.exec(text.replace(/-/g, ''))?.[0]?.toLowerCase();
  const matches = prefix ? passengers.filter((p) => p.bookingId.replace(/-/g, '').startsWith(prefix)) : [];
  return matches.length === 1 ? matches[0] : undefined;
}

/**
 * A passenger found by the phone typed at the door, as people write it (`0944 123 456`, read in
 * the profile's country, or +963…): the one passenger of the manifest with that number.
 */
export async function byPhone(ctx: Context, passengers: ManifestPassenger[], text: string): Promise<ManifestPassenger | undefined> {
  if (!/^[\s+\d().-]{7,}$/.test(westernDigits(text).trim())) return undefined;
  const country = ctx.settings().country ?? DEFAULT_COUNTRY;
  const wanted = await toE164(text, country);
  if (wanted === undefined) return undefined;
  const matches: ManifestPassenger[] = [];
  for (const p of passengers) if (p.phone && (await toE164(p.phone, country)) === wanted) matches.push(p);
  return matches.length === 1 ? matches[0] : undefined;
}

/** `Damascus → Homs`: a route as people name it, by the cities loaded (their ids offline). */
export function routeName(cities: Array<{ id: string; name?: string }>, fromCityId?: string, toCityId?: string): string {
  const name = (id: string | undefined) => cities.find((c) => c.id === id)?.name ?? id ?? '?';
  return `${name(fromCityId)} → ${name(toCityId)}`;
}

/** A booking of another trip, that trip named by route and local departure where known. */
export function otherTripVerdict(
  ctx: Context,
  cities: Array<{ id: string; name?: string }>,
  bookingId: string,
  tripId: string,
  trip?: { fromCityId?: string; toCityId?: string; departureAt?: string },
): Verdict {
  const when = trip?.departureAt ? `, ${localDateTime(trip.departureAt, ctx.timeZone())}` : '';
  const route = trip?.fromCityId || trip?.toCityId ? `${routeName(cities, trip.fromCityId, trip.toCityId)}${when}` : undefined;
  return { kind: 'other-trip', bookingId, tripId, ...(route ? { route } : {}) };
}
