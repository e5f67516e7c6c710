// `tripctl bookings inbox [--trip ID]`: the requested bookings, oldest first, with what an
// operator needs to decide (route and departure in local time, seats asked and still free,
// passenger, note, group, how long it has waited), decided one key at a time. A decision is sent
// the moment the key is pressed (PATCH, as `bookings approve|reject` send it) and its answer is
// shown on the row. New requests are found by polling GET /bookings every --poll seconds
// (default 15): it needs nothing running beside the inbox and no public URL, which listening for
// webhook events would; a request waits minutes for a person anyway.
import { Writable } from 'node:stream';
import type { ApiClient } from '../../../client/http.js';
import { paginate } from '../../../client/paginate.js';
import type { ActionFn } from '../../../cmdkit/define.js';
import { toolsFor, unwrap } from '../../../cmdkit/run-operation.js';
import type { Context } from '../../../context.js';
import { CliError, httpSuffix, InterruptedError, usageError } from '../../../errors.js';
import { sanitizeLine } from '../../../output/sanitize.js';
import type { Decision, InboxRow } from './view.js';
import { idOf } from '../../../cmdkit/ids.js';

interface InboxOptions {
  trip?: string;
  poll: number;
}

interface Booking {
  id: string;
  tripId: string;
  status?: string;
  seats?: number;
  createdAt?: string;
  passengerNote?: string | null;
  groupName?: string | null;
  source?: string;
  passenger?: { fullName?: string | null; phone?: string | null } | null;
  trip?: Trip | null;
}

interface Trip {
  id: string;
  fromCityId?: string;
  toCityId?: string;
  departureAt?: string;
  totalSeats?: number;
}

/** Runs `work` over the items, at most `limit` at once, keeping their order. */
async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index]!);
      }
    }),
  );
  return results;
}

/** What the inbox knows of the service: requests, their details, trips and their free seats. */
class InboxSource {
  private readonly trips = new Map<string, Promise<Trip>>();
  /** Seats free on each trip: its seats less those of its approved and boarded passengers. */
  readonly free = new Map<string, number>();
  private cityNames: Map<string, string> | undefined;

  constructor(
    private readonly ctx: Context,
    private readonly client: ApiClient,
    private readonly tripFilter: string | undefined,
  ) {}

  /** Ids of the requested bookings, oldest first (the service lists newest first). */
  async requestedIds(): Promise<Booking[]> {
    const all: Booking[] = [];
    const query = { status: 'requested', ...(this.tripFilter ? { tripId: this.tripFilter } : {}) };
    for await (const page of paginate(this.client, '/bookings', 'bookings', query, { all: true }, (m) => this.ctx.warn(m)))
      all.push(...(page.items as Booking[]));
    return all.reverse();
  }

  async rows(bookings: Booking[]): Promise<InboxRow[]> {
    if (!this.cityNames) {
      const cities = await toolsFor(this.ctx)
        .resolver.listCities()
        .catch(() => []);
      this.cityNames = new Map(cities.map((c) => [c.id, c.name ?? c.id]));
    }
    return mapLimit(bookings, 6, (b) => this.row(b));
  }

  private async row(listed: Booking): Promise<InboxRow> {
    const { data } = await this.client.request({
      method: 'GET',
      path: `/bookings/${listed.id}`,
      expect: { kind: 'object', key: 'booking' },
    });
    const booking = { ...listed, ...(unwrap(data, 'booking') as Booking) };
    const trip = booking.trip ?? (await this.trip(booking.tripId));
    if (!this.free.has(booking.tripId)) await this.refreshFree(trip);
    const zone = this.ctx.settings().timeZone;
    const text = (value: unknown) => sanitizeLine(typeof value === 'string' ? value : '');
    const city = (id?: string) => text(this.cityNames?.get(id ?? '') ?? id ?? '?');
    const local = (iso: string, options: Intl.DateTimeFormatOptions) =>
      new Date(iso).toLocaleString('en-GB', { timeZone: zone, ...options });
    const createdAt = booking.createdAt ?? this.ctx.now().toISOString();
    return {
      id: booking.id,
      tripId: booking.tripId,
      createdAt,
      requested: local(createdAt, { dateStyle: 'medium', timeStyle: 'short' }),
      seats: booking.seats ?? 1,
      route: `${city(trip.fromCityId)} → ${city(trip.toCityId)}`,
      departure: trip.departureAt
        ? local(trip.departureAt, { weekday: 'short', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' })
        : '?',
      passenger: text(booking.passenger?.fullName) || '(no name)',
      phone: text(booking.passenger?.phone),
      note: text(booking.passengerNote) || undefined,
      group: text(booking.groupName) || undefined,
      source: text(booking.source) || undefined,
      state: 'pending',
    };
  }

  private trip(id: string): Promise<Trip> {
    let trip = this.trips.get(id);
    if (!trip) {
      trip = this.client
        .request({ method: 'GET', path: `/trips/${id}`, expect: { kind: 'object', key: 'trip' } })
        .then(({ data }) => unwrap(data, 'trip') as Trip);
      this.trips.set(id, trip);
    }
    return trip;
  }

  /** Free seats from the manifest (partner-api.md: approved and boarded passengers). */
  private async refreshFree(trip: Trip): Promise<void> {
    if (typeof trip.totalSeats !== 'number') return;
    const { data } = await this.client.request({
      method: 'GET',
      path: `/trips/${trip.id}/manifest`,
      expect: { kind: 'list', key: 'passengers' },
    });
    const taken = ((data as { passengers?: Array<{ seats?: number }> }).passengers ?? []).reduce((sum, p) => sum + (p.seats ?? 0), 0);
    this.free.set(trip.id, trip.totalSeats - taken);
  }

  async decide(row: InboxRow, decision: Decision): Promise<void> {
    try {
      await this.client.request({
        method: 'PATCH',
        path: `/bookings/${row.id}`,
        body: { status: decision },
        retrySafe: true,
        expect: { kind: 'object', key: 'booking' },
      });
    } catch (error) {
      if (error instanceof CliError && !(error instanceof InterruptedError)) throw new Error(`${error.message}${httpSuffix(error)}`);
      throw error;
    }
    const free = this.free.get(row.tripId);
    if (decision === 'approved' && free !== undefined) this.free.set(row.tripId, free - row.seats);
  }
}

/**
 * Where the screen is drawn: stderr, through a stream of its own, because the prompt engine ends
 * the stream it draws on when it finishes, and stderr must stay open for the summary.
 */
function screenOn(ctx: Context): Writable {
  const screen = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      ctx.io.err(chunk.toString());
      done();
    },
  });
  return Object.assign(screen, { columns: ctx.io.columns, isTTY: true });
}

export const inbox: ActionFn<InboxOptions> = async (ctx, { opts }) => {
  if (!ctx.canPrompt) {
    throw usageError(
      'bookings inbox needs a terminal (stdin and stderr), and no --no-input or CI',
      "in scripts: 'tripctl bookings list --status requested' to see them, 'tripctl bookings approve ID…' (or reject) to decide",
    );
  }
  const tripFilter = opts.trip === undefined ? undefined : await idOf(ctx, 'tripId', opts.trip, '--trip');
  const client = await ctx.client();
  const source = new InboxSource(ctx, client, tripFilter);
  const rows = await source.rows(await source.requestedIds());
  // A protected profile asks once, before the triage starts, not in the middle of it.
  if (rows.length) await ctx.beforeWrite?.(`approve or reject ${rows.length} requested booking${rows.length === 1 ? '' : 's'}`);
  const { inboxView } = await import('./view.js');
  const zone = ctx.timeZone();
  let summary: Awaited<ReturnType<typeof inboxView>>;
  try {
    summary = await inboxView(
      {
        rows,
        freeSeats: (tripId) => source.free.get(tripId),
        decide: (row, decision) => source.decide(row, decision),
        poll: async (known) => {
          const requested = await source.requestedIds();
          const still = new Set(requested.map((b) => b.id));
          return { added: await source.rows(requested.filter((b) => !known.has(b.id))), gone: [...known].filter((id) => !still.has(id)) };
        },
        pollMs: opts.poll * 1000,
        now: ctx.now,
        heading: `times in ${zone}${tripFilter ? ` · trip ${tripFilter}` : ''}`,
        pageSize: 12,
        width: ctx.io.columns,
        // The screen is drawn on stderr, so its colour follows stderr.
        color: ctx.colorOn('stderr'),
      },
      { input: ctx.io.stdin, output: screenOn(ctx), signal: ctx.signal, clearPromptOnDone: false },
    );
  } catch (error) {
    const name = (error as Error).name;
    if (name === 'ExitPromptError' || name === 'AbortPromptError') throw new InterruptedError();
    throw error;
  }
  ctx.info(
    `approved ${summary.approved}, rejected ${summary.rejected}, skipped ${summary.skipped}${summary.failed ? `, failed ${summary.failed}` : ''}; ${summary.waiting} still waiting`,
  );
  return summary.failed ? 6 : 0;
};
