// The engine of `trips board`: the trip's manifest, a line turned into a booking and a verdict,
// boardings sent at once or queued in the journal while the service cannot be reached, and the
// queue synced. It returns verdicts; board.ts prints them. Work is serialised (one line or one
// sync at a time), so the journal and the manifest are never changed by two things at once.
import type { ApiClient } from '../../client/http.js';
import type { Context } from '../../context.js';
import { ApiError, CliError, ExitCode, InterruptedError, NetworkError } from '../../errors.js';
import { toolsFor, unwrap } from '../../cmdkit/run-operation.js';
import type { BoardingJournal, ManifestPassenger, PendingBoarding } from './boarding-journal.js';

export type Verdict =
  | { kind: 'boarded'; passenger: ManifestPassenger }
  | { kind: 'queued'; passenger?: ManifestPassenger; bookingId: string; verified: boolean }
  | { kind: 'already-boarded'; passenger: ManifestPassenger; queued: boolean }
  | { kind: 'not-approved'; bookingId: string; status: string }
  | { kind: 'other-trip'; bookingId: string; tripId: string }
  | { kind: 'unknown'; bookingId: string }
  | { kind: 'refused'; bookingId: string; passenger?: ManifestPassenger; message: string; exitCode: number }
  | { kind: 'no-id'; text: string };

/** Exit code each verdict stands for when a script feeds the station. */
export const VERDICT_EXIT: Record<Verdict['kind'], number> = {
  boarded: 0,
  queued: 0,
  'already-boarded': ExitCode.rejected,
  'not-approved': ExitCode.rejected,
  'other-trip': ExitCode.rejected,
  unknown: ExitCode.notFound,
  refused: ExitCode.rejected,
  'no-id': ExitCode.usage,
};

export type SyncEvent =
  | { kind: 'synced'; entry: PendingBoarding; passenger?: ManifestPassenger }
  | { kind: 'dropped'; entry: PendingBoarding; verdict: Verdict };

const UUIDS = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Longest a request of the station waits: at a coach door a scan must not hang for long. */
export const REQUEST_DEADLINE_MS = 10_000;

/** The network or the service is down (as opposed to the service saying no). */
function transient(error: unknown): boolean {
  return error instanceof NetworkError || (error instanceof ApiError && error.status >= 500);
}

export class BoardingStation {
  passengers: ManifestPassenger[] = [];
  offline = false;
  /** Why the station went offline, for the queued line. */
  offlineReason = '';
  private chain: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly ctx: Context,
    readonly tripId: string,
    readonly journal: BoardingJournal,
  ) {
    this.passengers = journal.data.manifest?.passengers ?? [];
  }

  /** One request on a client of its own, bounded by REQUEST_DEADLINE_MS, never retried: the queue is the retry. */
  async call<T>(run: (client: ApiClient) => Promise<T>): Promise<T> {
    const deadline = Math.min(this.ctx.settings().timeoutMs, REQUEST_DEADLINE_MS);
    const client = await this.ctx.sideClient(deadline, { retries: 0, interruptible: true });
    try {
      return await run(client);
    } finally {
      await client.close();
    }
  }

  /** Runs one piece of work after the ones before it. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }

  /** Loads the trip and its manifest and keeps them in the journal; offline, the saved ones serve. */
  async load(): Promise<'fresh' | 'saved'> {
    try {
      const [trip, manifest, cities] = await this.call((client) =>
        Promise.all([
          client.request({ method: 'GET', path: `/trips/${this.tripId}`, expect: { kind: 'object', key: 'trip' } }),
          client.request({ method: 'GET', path: `/trips/${this.tripId}/manifest`, expect: { kind: 'list', key: 'passengers' } }),
          toolsFor(this.ctx)
            .resolver.listCities()
            .catch(() => []),
        ]),
      );
      const t = unwrap(trip.data, 'trip') as { fromCityId?: string; toCityId?: string; departureAt?: string; status?: string };
      const name = (id: string | undefined) => cities.find((c) => c.id === id)?.name ?? id ?? '?';
      this.passengers = ((manifest.data as { passengers: ManifestPassenger[] }).passengers ?? []).filter(
        (p) => typeof p.bookingId === 'string',
      );
      this.journal.data.trip = { route: `${name(t.fromCityId)} → ${name(t.toCityId)}`, departureAt: t.departureAt, status: t.status };
      this.journal.data.manifest = { loadedAt: this.ctx.now().toISOString(), passengers: this.passengers };
      this.journal.save();
      return 'fresh';
    } catch (error) {
      if (!transient(error) || !this.journal.data.manifest) throw error;
      this.goOffline(error);
      return 'saved';
    }
  }

  get counts(): { boarded: number; total: number; queued: number } {
    let boarded = 0;
    let total = 0;
    for (const p of this.passengers) {
      total += p.seats;
      if (p.status === 'boarded' || this.journal.isPending(p.bookingId)) boarded += p.seats;
    }
    return { boarded, total, queued: this.journal.data.pending.length };
  }

  /** Approved passengers neither boarded nor queued. */
  notBoarded(): ManifestPassenger[] {
    return this.passengers.filter((p) => p.status === 'approved' && !this.journal.isPending(p.bookingId));
  }

  /** What a scanned or typed line is, and what was done about it. */
  scan(line: string): Promise<Verdict> {
    return this.serial(() => this.handle(line));
  }

  private find(id: string): ManifestPassenger | undefined {
    return this.passengers.find((p) => p.bookingId.toLowerCase() === id.toLowerCase());
  }

  private async handle(line: string): Promise<Verdict> {
    const ids = [...line.matchAll(UUIDS)].map((m) => m[0].toLowerCase()).filter((id) => id !== this.tripId);
    // Typed by hand from a ticket: enough leading hex digits of one booking on this trip.
    const prefix = ids.length ? undefined : /\b[0-9a-f]{8,32}\b/i.exec(line.replace(/-/g, ''))?.[0]?.toLowerCase();
    const byPrefix = prefix ? this.passengers.filter((p) => p.bookingId.replace(/-/g, '').startsWith(prefix)) : [];
    const known = ids.map((id) => this.find(id)).find(Boolean) ?? (byPrefix.length === 1 ? byPrefix[0] : undefined);
    if (known) return this.board(known);
    const id = ids[0];
    if (!id) return { kind: 'no-id', text: line.trim() };
    // Not on the manifest as loaded: approved since, or not for this trip at all. Ask.
    try {
      const { data } = await this.call((client) =>
        client.request({ method: 'GET', path: `/bookings/${id}`, expect: { kind: 'object', key: 'booking' } }),
      );
      return this.verdictFor(id, unwrap(data, 'booking') as Booking, false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { kind: 'unknown', bookingId: id };
      if (!transient(error)) throw error;
      this.goOffline(error);
      // Offline, the scan is kept and checked when the service is back (sync asks first).
      this.journal.queue({ bookingId: id, scannedAt: this.ctx.now().toISOString(), verified: false });
      return { kind: 'queued', bookingId: id, verified: false };
    }
  }

  /** A booking fetched from the service: board it if it is an approved one of this trip. */
  private async verdictFor(id: string, booking: Booking, queued: boolean): Promise<Verdict> {
    if (booking.tripId !== undefined && booking.tripId.toLowerCase() !== this.tripId)
      return { kind: 'other-trip', bookingId: id, tripId: booking.tripId };
    const passenger: ManifestPassenger = {
      bookingId: id,
      seats: booking.seats ?? 1,
      status: booking.status ?? 'unknown',
      boardedAt: booking.boardedAt,
      fullName: booking.passenger?.fullName,
      phone: booking.passenger?.phone,
    };
    if (booking.status === 'boarded') {
      if (!this.find(id)) this.passengers.push(passenger);
      return { kind: 'already-boarded', passenger, queued };
    }
    if (booking.status !== 'approved') return { kind: 'not-approved', bookingId: id, status: booking.status ?? 'unknown' };
    if (!this.find(id)) this.passengers.push(passenger);
    return this.board(this.find(id)!);
  }

  private async board(passenger: ManifestPassenger): Promise<Verdict> {
    if (passenger.status === 'boarded' || this.journal.isPending(passenger.bookingId)) {
      return { kind: 'already-boarded', passenger, queued: this.journal.isPending(passenger.bookingId) };
    }
    // Written before it is sent: from here on, the scan survives anything.
    this.journal.queue({ bookingId: passenger.bookingId, scannedAt: this.ctx.now().toISOString(), verified: true });
    if (this.offline) return { kind: 'queued', passenger, bookingId: passenger.bookingId, verified: true };
    return this.send(passenger);
  }

  private async send(passenger: ManifestPassenger): Promise<Verdict> {
    try {
      const { data } = await this.call((client) =>
        client.request({
          method: 'POST',
          path: `/bookings/${passenger.bookingId}/boarded`,
          retrySafe: true,
          expect: { kind: 'object', key: 'booking' },
        }),
      );
      const booking = unwrap(data, 'booking') as Booking;
      passenger.status = 'boarded';
      passenger.boardedAt = booking.boardedAt ?? this.ctx.now().toISOString();
      this.journal.settle(passenger.bookingId);
      return { kind: 'boarded', passenger };
    } catch (error) {
      if (transient(error)) {
        this.goOffline(error);
        return { kind: 'queued', passenger, bookingId: passenger.bookingId, verified: true };
      }
      if (error instanceof InterruptedError || !(error instanceof CliError)) throw error;
      this.journal.settle(passenger.bookingId);
      return { kind: 'refused', bookingId: passenger.bookingId, passenger, message: error.message, exitCode: error.exitCode };
    }
  }

  private goOffline(error: unknown): void {
    this.offline = true;
    this.offlineReason = error instanceof Error ? error.message : String(error);
  }

  /**
   * Sends the queued boardings, oldest first, until one cannot be sent. Returns what happened to
   * each; the station is online again when the queue is empty.
   */
  sync(): Promise<SyncEvent[]> {
    return this.serial(async () => {
      const events: SyncEvent[] = [];
      for (const entry of [...this.journal.data.pending]) {
        try {
          const verdict = await this.syncOne(entry);
          if (verdict.kind === 'boarded') events.push({ kind: 'synced', entry, passenger: verdict.passenger });
          else if (verdict.kind === 'queued') return events;
          else {
            this.journal.settle(entry.bookingId);
            events.push({ kind: 'dropped', entry, verdict });
          }
        } catch (error) {
          if (!transient(error)) throw error;
          this.goOffline(error);
          return events;
        }
      }
      this.offline = false;
      return events;
    });
  }

  private async syncOne(entry: PendingBoarding): Promise<Verdict> {
    const known = entry.verified ? this.find(entry.bookingId) : undefined;
    if (known) return this.send(known);
    // An unchecked scan is looked at first: it must be an approved booking of this trip.
    try {
      const { data } = await this.call((client) =>
        client.request({ method: 'GET', path: `/bookings/${entry.bookingId}`, expect: { kind: 'object', key: 'booking' } }),
      );
      const booking = unwrap(data, 'booking') as Booking;
      if (booking.status === 'approved' && booking.tripId?.toLowerCase() === this.tripId) {
        const passenger = this.find(entry.bookingId) ?? {
          bookingId: entry.bookingId,
          seats: booking.seats ?? 1,
          status: 'approved',
          fullName: booking.passenger?.fullName,
          phone: booking.passenger?.phone,
        };
        if (!this.find(entry.bookingId)) this.passengers.push(passenger);
        return this.send(passenger);
      }
      return this.verdictFor(entry.bookingId, booking, true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { kind: 'unknown', bookingId: entry.bookingId };
      throw error;
    }
  }
}

interface Booking {
  tripId?: string;
  status?: string;
  seats?: number;
  boardedAt?: string | null;
  passenger?: { fullName?: string | null; phone?: string | null };
}
