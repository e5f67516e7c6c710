// `bookings ticket ID --format png|pdf` and `--trip TRIP --all`: tickets saved as files an operator
// sends to passengers by phone messaging. Each is made from the service's ticket (its code and QR
// text, unchanged), with the company, the cities and the local departure read beside it. One
// ticket is saved as every made file is (cmdkit/save-download.ts); a trip's tickets are one PDF
// with a page each, or a folder of PNGs saved the whole set or nothing (save-download.ts saveMadeFolder).
import type { Context } from '../../../context.js';
import { localDateTime } from '../../../cmdkit/handles.js';
import { toolsFor, unwrap } from '../../../cmdkit/run-operation.js';
import { madeFolder, madeTarget, saveMade, saveMadeFolder } from '../../../cmdkit/save-download.js';
import { paginate } from '../../../client/paginate.js';
import { safeFileName } from '../../../client/download.js';
import { CliError, ExitCode, usageError } from '../../../errors.js';
import { SERVICE_TIME_ZONE, zoneAbbreviation } from '../../../input/zones.js';
import { sanitizeLine } from '../../../output/sanitize.js';
import type { TicketCard } from './card.js';
import { idOf } from '../../../cmdkit/ids.js';

export type TicketFormat = 'png' | 'pdf';

export interface TicketFileOptions {
  format: TicketFormat;
  file?: string;
  force?: boolean;
  trip?: string;
  all?: boolean;
}

/** The service's ticket, as far as a saved ticket uses it. */
export interface ServiceTicket {
  bookingId: string;
  code?: string;
  qr?: string;
  status?: string;
  seats?: number;
  passenger?: { fullName?: string | null; phone?: string };
  trip?: { id?: string; fromCityId?: string; toCityId?: string; departureAt?: string; plate?: string | null };
}

/** What a ticket is made for: a booking that may travel. */
const TRAVELLING = new Set(['approved', 'boarded']);

export async function saveTicketFiles(ctx: Context, id: string | undefined, opts: TicketFileOptions): Promise<void> {
  if (opts.all || opts.trip !== undefined) {
    if (id !== undefined) throw usageError('give a booking id, or --trip TRIP --all, not both');
    if (!opts.all || opts.trip === undefined)
      throw usageError('--trip and --all go together: --trip TRIP --all saves every approved booking');
    return saveTripTickets(ctx, await idOf(ctx, 'tripId', opts.trip, '--trip'), opts);
  }
  if (id === undefined) throw usageError('missing bookingId', 'or --trip TRIP --all for every approved booking of a trip');
  const bookingId = await idOf(ctx, 'bookingId', id);
  if (opts.file === '-' && ctx.io.stdoutIsTTY)
    throw usageError(`a ${opts.format.toUpperCase()} on a terminal is not readable`, 'redirect stdout to a file, or pass --file FILE');
  const save = { file: opts.file, force: opts.force, fallbackName: `ticket-${bookingId.slice(0, 8)}.${opts.format}`, label: 'ticket' };
  const target = madeTarget(ctx, save);
  const { card, status } = await loadCards(ctx, [bookingId]).then((cards) => cards[0]!);
  if (!TRAVELLING.has(status))
    throw new CliError(
      `booking ${bookingId} is ${sanitizeLine(status)}: a ticket is made only for an approved booking`,
      ExitCode.rejected,
      `approve it first: tripctl bookings approve ${bookingId}`,
    );
  await saveMade(ctx, target, await render(opts.format, [card]), save);
}

async function saveTripTickets(ctx: Context, tripId: string, opts: TicketFileOptions): Promise<void> {
  if (opts.file === '-') throw usageError('--all saves several tickets: --file names a file (pdf) or a folder (png), not stdout');
  const base = `tickets-${tripId.slice(0, 8)}`;
  // PNG: a folder of one image per booking; PDF: one file, a page per booking.
  const save = { file: opts.file, force: opts.force, fallbackName: opts.format === 'pdf' ? `${base}.pdf` : base, label: 'tickets' };
  const target = opts.format === 'pdf' ? madeTarget(ctx, save) : madeFolder(ctx, save);
  const client = await ctx.client();
  const ids: string[] = [];
  for await (const page of paginate(client, '/bookings', 'bookings', { tripId, status: 'approved' }, { all: true }, (m) => ctx.warn(m)))
    for (const booking of page.items as Array<{ id?: unknown; status?: unknown }>)
      if (typeof booking.id === 'string' && booking.status === 'approved') ids.push(booking.id);
  if (ids.length === 0) throw new CliError(`trip ${tripId} has no approved booking: no ticket was saved`, ExitCode.notFound);
  // On a terminal: the tickets fetched, then drawn, counted (a coach of 50 PNGs takes seconds).
  const progress = await ctx.progress(`Fetching tickets… 0 of ${ids.length}`);
  try {
    const cards = await loadCards(ctx, ids, (done) => progress.update(`Fetching tickets… ${done} of ${ids.length}`));
    const made = cards.map(({ card }) => card);
    if (opts.format === 'pdf') {
      progress.update(`Drawing ${ids.length} tickets…`);
      const bytes = await render('pdf', made);
      progress.stop();
      return await saveMade(ctx, target, bytes, save);
    }
    const files: Array<{ name: string; bytes: Uint8Array }> = [];
    for (const [index, card] of made.entries()) {
      progress.update(`Drawing tickets… ${index} of ${ids.length}`);
      files.push({ name: ticketFileName(card, ids[index]!, 'png'), bytes: await render('png', [card]) });
      // Drawing holds the thread: let the spinner (and Ctrl-C) have a turn between tickets.
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (ctx.signal.aborted) throw new CliError('interrupted; no ticket was saved', ExitCode.interrupted);
    }
    progress.stop();
    await saveMadeFolder(ctx, target, files, save);
  } finally {
    progress.stop();
  }
}

/** `ticket-QX-1D46571F.png`: the printed code names the file; the booking's id when it has none. */
function ticketFileName(card: TicketCard, bookingId: string, format: TicketFormat): string {
  return safeFileName(`ticket-${card.code || bookingId.slice(0, 8)}.${format}`) ?? `ticket-${bookingId.slice(0, 8)}.${format}`;
}

/** One booking's ticket as a PNG, and the name its file would have (an assistant's answer carries it). */
export async function ticketImage(ctx: Context, id: string): Promise<{ name: string; png: Buffer }> {
  const { card } = (await loadCards(ctx, [id]))[0]!;
  return { name: ticketFileName(card, id, 'png'), png: await render('png', [card]) };
}

/** The tickets of these bookings, four at a time, in the order given. */
async function loadCards(
  ctx: Context,
  ids: string[],
  onDone?: (done: number) => void,
): Promise<Array<{ card: TicketCard; status: string }>> {
  const client = await ctx.client();
  const { resolver } = toolsFor(ctx);
  const [companyData, cities] = await Promise.all([
    client.request({ method: 'GET', path: '/company', expect: { kind: 'object', key: 'company' } }).then((r) => r.data),
    resolver.listCities(),
  ]);
  const company = text((unwrap(companyData, 'company') as { name?: unknown }).name);
  // Four at a time: a coach of 50 is fetched in the time of 13 requests, without flooding the service.
  const tickets: ServiceTicket[] = new Array(ids.length);
  let next = 0;
  let done = 0;
  const worker = async () => {
    while (next < ids.length) {
      const index = next++;
      const { data } = await client.request({
        method: 'GET',
        path: `/bookings/${ids[index]}/ticket`,
        expect: { kind: 'object', key: 'ticket' },
      });
      tickets[index] = unwrap(data, 'ticket') as ServiceTicket;
      onDone?.(++done);
    }
  };
  await Promise.all(Array.from({ length: Math.min(4, ids.length) }, worker));
  return tickets.map((ticket) => {
    if (typeof ticket.qr !== 'string' || ticket.qr === '')
      throw new CliError(`the service's ticket of booking ${ticket.bookingId} has no QR text`, ExitCode.failure);
    const city = (cityId: unknown) => cities.find((c) => c.id === cityId);
    const from = city(ticket.trip?.fromCityId);
    const to = city(ticket.trip?.toCityId);
    const at = ticket.trip?.departureAt;
    return {
      status: typeof ticket.status === 'string' ? ticket.status : 'unknown',
      card: {
        company,
        // An en dash: the PDF's typeface has no arrow.
        route: `${text(from?.name) || text(ticket.trip?.fromCityId)} – ${text(to?.name) || text(ticket.trip?.toCityId)}`,
        routeArabic: from?.nameAr && to?.nameAr ? `من ${text(from.nameAr)} إلى ${text(to.nameAr)}` : '',
        departure:
          typeof at === 'string' && !Number.isNaN(Date.parse(at))
            ? `${localDateTime(at, SERVICE_TIME_ZONE)} (${zoneAbbreviation(SERVICE_TIME_ZONE, new Date(at))})`
            : '',
        passenger: text(ticket.passenger?.fullName) || text(ticket.passenger?.phone),
        seats: typeof ticket.seats === 'number' ? ticket.seats : 0,
        plate: text(ticket.trip?.plate),
        code: text(ticket.code),
        qr: ticket.qr,
      },
    };
  });
}

async function render(format: TicketFormat, cards: TicketCard[]): Promise<Buffer> {
  if (format === 'pdf') return (await import('./pdf.js')).ticketsPdf(cards);
  return (await import('./png.js')).ticketPng(cards[0]!);
}

/** Text from the service, one line, without controls or direction overrides that could disguise it. */
function text(value: unknown): string {
  return typeof value === 'string' ? sanitizeLine(value).trim() : '';
}
