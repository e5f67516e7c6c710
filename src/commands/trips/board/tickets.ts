// What the boarding station knows of the tickets the service issued: each passenger's QR text (a
// scan must equal it whole: a changed check part is a forged or altered ticket) and the code
// printed under it (typed by hand when a phone's screen is cracked). Fetched with the manifest and
// saved beside it in the journal, so an offline station checks scans too.
import type { ApiClient } from '../../../client/http.js';
import { unwrap } from '../../../cmdkit/run-operation.js';
import { codeKey } from '../../../input/ticket-code.js';
import type { BoardingJournal, IssuedTicket } from './journal.js';
import type { StationLink } from './link.js';
import { aboutThePassenger } from './verdicts.js';

/** The service's ticket, as far as the station reads it. */
export interface ServiceTicket {
  bookingId?: string;
  code?: string;
  qr?: string;
  trip?: { id?: string; fromCityId?: string; toCityId?: string; departureAt?: string };
}

// Read in input/ticket-code.ts, which `bookings find` reads them with too.
export { codeKey, looksLikeCode } from '../../../input/ticket-code.js';

/** One ticket as the service issues it; undefined for a booking the service does not know (404, or no QR). */
export async function fetchTicket(client: ApiClient, id: string): Promise<(ServiceTicket & { qr: string }) | undefined> {
  try {
    const { data } = await client.request({ method: 'GET', path: `/bookings/${id}/ticket`, expect: { kind: 'object', key: 'ticket' } });
    const ticket = unwrap(data, 'ticket') as ServiceTicket;
    return typeof ticket.qr === 'string' && ticket.qr !== '' ? { ...ticket, qr: ticket.qr } : undefined;
  } catch (error) {
    if (aboutThePassenger(error) && error.status === 404) return undefined;
    throw error;
  }
}

/**
 * The tickets of these bookings, four requests at a time on one client. A booking the service
 * refuses a ticket for is left out; no answer fails the whole (the station is then offline).
 */
export function fetchTickets(link: StationLink, ids: string[]): Promise<Record<string, IssuedTicket>> {
  if (ids.length === 0) return Promise.resolve({});
  return link.call(async (client) => {
    const found: Record<string, IssuedTicket> = {};
    let next = 0;
    const worker = async () => {
      while (next < ids.length) {
        const id = ids[next++]!;
        try {
          const ticket = await fetchTicket(client, id);
          if (ticket) found[id] = { code: typeof ticket.code === 'string' ? ticket.code : '', qr: ticket.qr };
        } catch (error) {
          if (!aboutThePassenger(error)) throw error;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker));
    return found;
  });
}

/** The booking whose printed code this is, among the saved tickets. */
export function bookingByCode(tickets: Record<string, IssuedTicket> | undefined, text: string): string | undefined {
  const wanted = codeKey(text);
  if (wanted === '') return undefined;
  const matches = Object.entries(tickets ?? {}).filter(([, t]) => t.code !== '' && codeKey(t.code) === wanted);
  return matches.length === 1 ? matches[0]![0] : undefined;
}

/** Fetches the tickets of these bookings that are not saved yet, and saves them in the journal. */
export async function saveTickets(link: StationLink, journal: BoardingJournal, ids: string[]): Promise<void> {
  const have = journal.data.tickets ?? {};
  const tickets = await fetchTickets(
    link,
    ids.filter((id) => !have[id]),
  );
  if (Object.keys(tickets).length === 0) return;
  await journal.update((data) => {
    data.tickets = { ...data.tickets, ...tickets };
  });
}
