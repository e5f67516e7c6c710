// Longer than most files, on purpose: one object owns the journal and the manifest so that work on them is
// serialised; its verdicts (verdicts.ts), the link to the service (link.ts), the
// issued tickets (tickets.ts) and the look-ups of typed lines (identify.ts) are apart.
// The engine of `trips board`: the trip's manifest, a line turned into a booking and a verdict,
// boardings sent at once or queued in the journal while the service cannot be reached, and the
// queue synced. It returns verdicts; board.ts prints them. Work is serialised (one line or one
// sync at a time), so the journal and the manifest are never changed by two things at once.
import type { Context } from '../../../context.js';
import { ApiError } from '../../../errors.js';
import { toolsFor, unwrap } from '../../../cmdkit/run-operation.js';
import { type BoardingJournal, checkedPassengers, type ManifestPassenger, type PendingBoarding } from './journal.js';
import { type Booking, StationLink } from './link.js';
import { westernDigits } from '../../../input/digits.js';
import { idPrefix } from '../../../input/validate.js';
import { bookingIdsIn, byIdPrefix, byPhone, otherTripVerdict, routeName } from './identify.js';
import { bookingByCode, fetchTicket, looksLikeCode, saveTickets, type ServiceTicket } from './tickets.js';
import { aboutThePassenger, keptForLater, type SyncEvent, VERDICT_EXIT, type Verdict } from './verdicts.js';

export { VERDICT_EXIT, type SyncEvent, type Verdict } from './verdicts.js';

export class BoardingStation {
  passengers: ManifestPassenger[] = [];
  readonly link: StationLink;
  /** The exit code of each queued scan the service refused once back (unknown, not approved…). */
  readonly droppedCodes: number[] = [];
  /** The service's cities, to name another trip by its route; ids alone when offline. */
  private cities: Array<{ id: string; name?: string }> = [];

  constructor(
    private readonly ctx: Context,
    readonly tripId: string,
    readonly journal: BoardingJournal,
  ) {
    this.passengers = journal.data.manifest?.passengers ?? [];
    this.link = new StationLink(ctx);
  }

  /**
   * Loads the trip and its manifest and keeps them in the journal; offline, the saved ones serve,
   * and without them the station still takes scans (queued unchecked, checked once back online).
   */
  async load(): Promise<'fresh' | 'saved' | 'none'> {
    try {
      const [trip, manifest, cities] = await this.link.call((client) =>
        Promise.all([
          client.request({ method: 'GET', path: `/trips/${this.tripId}`, expect: { kind: 'object', key: 'trip' } }),
          client.request({ method: 'GET', path: `/trips/${this.tripId}/manifest`, expect: { kind: 'list', key: 'passengers' } }),
          toolsFor(this.ctx)
            .resolver.listCities()
            .catch(() => []),
        ]),
      );
      const t = unwrap(trip.data, 'trip') as { fromCityId?: string; toCityId?: string; departureAt?: string; status?: string };
      this.cities = cities;
      this.passengers = checkedPassengers(this.ctx, (manifest.data as { passengers?: unknown }).passengers);
      const summary = { route: routeName(cities, t.fromCityId, t.toCityId), departureAt: t.departureAt, status: t.status };
      const saved = { loadedAt: this.ctx.now().toISOString(), passengers: this.passengers };
      await this.journal.update((data) => {
        data.trip = summary;
        data.manifest = saved;
      });
      // The passengers' tickets are saved with the manifest, so scans are checked offline too;
      // without them a scan is checked against the service when it is made.
      await saveTickets(
        this.link,
        this.journal,
        this.passengers.map((p) => p.bookingId),
      ).catch((error: unknown) => {
        if (!keptForLater(error)) throw error;
        this.ctx.warn(`tickets not saved for checking offline: ${(error as Error).message}`);
      });
      this.passengers = this.journal.data.manifest?.passengers ?? this.passengers;
      return 'fresh';
    } catch (error) {
      if (!keptForLater(error)) throw error;
      this.link.goOffline(error);
      return this.journal.data.manifest ? 'saved' : 'none';
    }
  }

  /**
   * Takes in what other stations on this machine did: their queued boardings (shown as queued,
   * never offered for no-show) and the passengers they saw boarded.
   */
  private takeInOtherStations(): void {
    this.journal.refresh();
    for (const saved of this.journal.data.manifest?.passengers ?? []) {
      const mine = this.find(saved.bookingId);
      if (mine && saved.status === 'boarded' && mine.status !== 'boarded')
        Object.assign(mine, { status: 'boarded', boardedAt: saved.boardedAt });
    }
  }

  /** The manifest as the service has it now (who boarded at another door); false when it cannot be had. */
  async reloadManifest(): Promise<boolean> {
    try {
      const { data } = await this.link.call((client) =>
        client.request({ method: 'GET', path: `/trips/${this.tripId}/manifest`, expect: { kind: 'list', key: 'passengers' } }),
      );
      for (const fresh of checkedPassengers(this.ctx, (data as { passengers?: unknown }).passengers)) {
        const mine = this.find(fresh.bookingId);
        if (mine) Object.assign(mine, fresh);
        else this.passengers.push(fresh);
      }
      return true;
    } catch (error) {
      if (!keptForLater(error)) throw error;
      this.link.goOffline(error);
      return false;
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

  /** Approved passengers neither boarded nor queued (by this station or another). */
  notBoarded(): ManifestPassenger[] {
    this.takeInOtherStations();
    return this.passengers.filter((p) => p.status === 'approved' && !p.boardedAt && !this.journal.isPending(p.bookingId));
  }

  /** What a scanned or typed line is, and what was done about it. */
  scan(line: string): Promise<Verdict> {
    return this.link.serial(() => {
      this.takeInOtherStations();
      return this.handle(line);
    });
  }

  private find(id: string): ManifestPassenger | undefined {
    return this.passengers.find((p) => p.bookingId.toLowerCase() === id.toLowerCase());
  }

  private async handle(line: string): Promise<Verdict> {
    const scannedText = line.trim();
    const scannedIds = bookingIdsIn(scannedText, this.tripId);
    // More than a booking id: a scanned ticket, checked whole against the one the service issued.
    if (scannedIds.length && scannedText.toLowerCase() !== scannedIds[0]) return this.scanned(scannedText, scannedIds[0]!);
    // Typed by hand from here on (a code, an id, a phone): digits in any script are the same
    // digits, as at every door (input/digits.ts) — `QX-F٣٤E٨FC٨` is `QX-F34E8FC8`.
    const text = westernDigits(scannedText);
    const ids = scannedIds.length ? scannedIds : bookingIdsIn(text, this.tripId).filter((id) => text.toLowerCase() === id);
    // The code printed under the QR, typed by hand.
    const byCode = ids.length === 0 && looksLikeCode(text) ? await this.byCode(text) : undefined;
    if (byCode) return this.board(byCode);
    const known = ids.length ? this.find(ids[0]!) : (byIdPrefix(this.passengers, text) ?? (await byPhone(this.ctx, this.passengers, text)));
    if (known) return this.board(known);
    const id = ids[0];
    // A code or an id's first characters that no passenger of this trip has: a booking, named as
    // people name one, that is not on this coach (another trip's, or none) — not text without an id.
    if (!id) return looksLikeCode(text) || idPrefix(text) ? { kind: 'unknown', bookingId: text } : { kind: 'no-id', text };
    return this.lookUp(id);
  }

  /** A booking not on the manifest as loaded: approved since, or not for this trip at all. Asked. */
  private async lookUp(id: string, qr?: string): Promise<Verdict> {
    // Offline, asking would only wait out the time-out at the door: kept, and checked once back.
    if (this.link.offline) return this.queueUnchecked(id, qr);
    try {
      return await this.verdictFor(id, await this.link.booking(id), false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return { kind: 'unknown', bookingId: id };
      if (!keptForLater(error)) throw error;
      this.link.goOffline(error);
      return this.queueUnchecked(id, qr);
    }
  }

  /**
   * A scanned QR: it must be, whole, the ticket the service issued for the booking it names (saved
   * with the manifest, else asked for). Offline and unsaved, it is boarded from the manifest or
   * queued with its text, which is checked once the service answers.
   */
  private async scanned(qr: string, id: string): Promise<Verdict> {
    let issued: { qr: string; trip?: ServiceTicket['trip'] } | undefined = this.journal.data.tickets?.[id];
    // A saved ticket that differs is asked for again while online: the service may have issued anew.
    if ((!issued || issued.qr !== qr) && !this.link.offline) {
      try {
        issued = await this.link.call((client) => fetchTicket(client, id));
        if (!issued) return { kind: 'unknown', bookingId: id };
      } catch (error) {
        if (!keptForLater(error)) throw error;
        this.link.goOffline(error);
      }
    }
    if (issued && issued.qr !== qr) return { kind: 'forged', bookingId: id, passenger: this.find(id) };
    const tripId = issued?.trip?.id?.toLowerCase();
    if (tripId && tripId !== this.tripId) return otherTripVerdict(this.ctx, this.cities, id, tripId, issued?.trip);
    const known = this.find(id);
    if (known) return this.board(known);
    return this.lookUp(id, issued ? undefined : qr);
  }

  /** A passenger by the code printed on their ticket; tickets issued since the manifest was loaded are fetched once. */
  private async byCode(text: string): Promise<ManifestPassenger | undefined> {
    let id = bookingByCode(this.journal.data.tickets, text);
    if (!id && !this.link.offline && (await this.reloadManifest())) {
      try {
        await saveTickets(
          this.link,
          this.journal,
          this.passengers.map((p) => p.bookingId),
        );
      } catch (error) {
        if (!keptForLater(error)) throw error;
        this.link.goOffline(error);
      }
      id = bookingByCode(this.journal.data.tickets, text);
    }
    return id ? this.find(id) : undefined;
  }

  /** Offline, a scan not on the manifest is kept and checked when the service is back (sync asks first). */
  private async queueUnchecked(id: string, qr?: string): Promise<Verdict> {
    await this.journal.queue({ bookingId: id, scannedAt: this.ctx.now().toISOString(), verified: false, ...(qr ? { qr } : {}) });
    return { kind: 'queued', bookingId: id, verified: false };
  }

  /** A booking fetched from the service: board it if it is an approved one of this trip. */
  private async verdictFor(id: string, booking: Booking, queued: boolean): Promise<Verdict> {
    if (booking.tripId !== undefined && booking.tripId.toLowerCase() !== this.tripId)
      return otherTripVerdict(this.ctx, this.cities, id, booking.tripId, booking.trip);
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
    await this.journal.queue({ bookingId: passenger.bookingId, scannedAt: this.ctx.now().toISOString(), verified: true });
    if (this.link.offline) return { kind: 'queued', passenger, bookingId: passenger.bookingId, verified: true };
    return this.send(passenger);
  }

  private async send(passenger: ManifestPassenger): Promise<Verdict> {
    try {
      const { data } = await this.link.call((client) =>
        client.request({
          method: 'POST',
          path: `/bookings/${passenger.bookingId}/boarded`,
          retrySafe: true,
          expect: { kind: 'object', key: 'booking' },
        }),
      );
      const booking = unwrap(data, 'booking') as Booking;
      await this.markBoarded(passenger, booking.boardedAt);
      return { kind: 'boarded', passenger };
    } catch (error) {
      if (keptForLater(error)) {
        this.link.goOffline(error);
        return { kind: 'queued', passenger, bookingId: passenger.bookingId, verified: true };
      }
      if (!aboutThePassenger(error)) throw error;
      // 409: most often they are boarded already — an earlier try landed and its answer was lost,
      // or another station boarded them. The booking says which; boarded is boarded.
      if (error.status === 409 && (await this.boardedMeanwhile(passenger))) return { kind: 'already-boarded', passenger, queued: false };
      await this.journal.settle(passenger.bookingId);
      return { kind: 'refused', bookingId: passenger.bookingId, passenger, message: error.message, exitCode: error.exitCode };
    }
  }

  private async markBoarded(passenger: ManifestPassenger, boardedAt: string | null | undefined): Promise<void> {
    passenger.status = 'boarded';
    passenger.boardedAt = boardedAt ?? this.ctx.now().toISOString();
    await this.journal.settle(passenger.bookingId, passenger.boardedAt);
  }

  /** After a 409: whether the service has the passenger boarded (then settled as such). Offline, the boarding stays queued. */
  private async boardedMeanwhile(passenger: ManifestPassenger): Promise<boolean> {
    let booking: Booking;
    try {
      booking = await this.link.booking(passenger.bookingId);
    } catch (error) {
      if (!keptForLater(error)) return false;
      this.link.goOffline(error);
      throw error;
    }
    if (booking.status !== 'boarded' && !booking.boardedAt) return false;
    await this.markBoarded(passenger, booking.boardedAt);
    return true;
  }

  /**
   * Sends the queued boardings, oldest first, until one cannot be sent. Returns what happened to
   * each; the station is online again when the queue is empty.
   */
  sync(): Promise<SyncEvent[]> {
    return this.link.serial(async () => {
      const events: SyncEvent[] = [];
      this.takeInOtherStations();
      for (const entry of [...this.journal.data.pending]) {
        // Another station on this machine may have sent it meanwhile: theirs to report.
        this.takeInOtherStations();
        if (!this.journal.isPending(entry.bookingId)) continue;
        try {
          const verdict = await this.syncOne(entry);
          if (verdict.kind === 'boarded') events.push({ kind: 'synced', entry, passenger: verdict.passenger });
          else if (verdict.kind === 'already-boarded') {
            // Queued here, boarded there (or here, unanswered): on board either way, and counted.
            await this.journal.settle(entry.bookingId, verdict.passenger.boardedAt ?? undefined);
            events.push({ kind: 'synced', entry, passenger: verdict.passenger, already: true });
          } else if (verdict.kind === 'queued') return events;
          else {
            await this.journal.settle(entry.bookingId);
            events.push({ kind: 'dropped', entry, verdict });
            this.droppedCodes.push(VERDICT_EXIT[verdict.kind]);
          }
        } catch (error) {
          if (!keptForLater(error)) throw error;
          this.link.goOffline(error);
          return events;
        }
      }
      this.link.offline = false;
      return events;
    });
  }

  private async syncOne(entry: PendingBoarding): Promise<Verdict> {
    const known = entry.verified ? this.find(entry.bookingId) : undefined;
    if (known) return this.send(known);
    // An unchecked scan is looked at first: the ticket the service issued, when its QR was
    // scanned; then it must be an approved booking of this trip.
    try {
      if (entry.qr !== undefined) {
        const issued = await this.link.call((client) => fetchTicket(client, entry.bookingId));
        if (!issued) return { kind: 'unknown', bookingId: entry.bookingId };
        if (issued.qr !== entry.qr) return { kind: 'forged', bookingId: entry.bookingId };
      }
      const booking = await this.link.booking(entry.bookingId);
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
