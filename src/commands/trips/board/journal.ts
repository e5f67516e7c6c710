// The boarding station's journal: `<config dir>/boarding/<trip id>.json`, mode 0600, written
// whole (temporary file, renamed). It holds the boardings not yet confirmed by the service,
// written before each is sent, so a scan survives a dropped network, a crash or a closed laptop;
// and the last manifest loaded, so a station that starts offline still knows who is on the trip.
//
// Any number of stations on one machine share it: every change is made under a lock
// (`<journal>.lock`, the config file's kind: taken over at once when its owner is gone) to the
// journal as it is on disk, never to what this station read earlier, so two stations queueing at
// once both keep their scans. What is read is checked before anything is sent: ids are UUIDs,
// seats whole numbers; a damaged journal is named with the way out.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { writePrivateFileSync } from '../../../config/private-file.js';
import { acquireLock } from '../../../config/lock.js';
import type { Context } from '../../../context.js';
import { CliError, ExitCode } from '../../../errors.js';
import { isUuid } from '../../../input/validate.js';
import { sanitizeLine } from '../../../output/sanitize.js';

export interface ManifestPassenger {
  bookingId: string;
  fullName?: string | null;
  phone?: string | null;
  seats: number;
  status: string;
  boardedAt?: string | null;
}

export interface TripSummary {
  /** `Damascus → Tartus`, as the station showed it. */
  route: string;
  departureAt?: string;
  status?: string;
}

export interface PendingBoarding {
  bookingId: string;
  scannedAt: string;
  /** False when the scan could not be checked against the service (not on the saved manifest). */
  verified: boolean;
  /** The scanned QR text, when it could not be checked against the issued ticket: checked at sync. */
  qr?: string;
}

/** What the service issued for a booking: the QR a scan must equal, and the code printed under it. */
export interface IssuedTicket {
  code: string;
  qr: string;
}

export interface JournalData {
  version: 1;
  tripId: string;
  /** The service the boardings belong to: a journal is never synced to another. */
  baseUrl: string;
  trip?: TripSummary;
  manifest?: { loadedAt: string; passengers: ManifestPassenger[] };
  /** The tickets of the manifest's passengers by booking id, saved with it: checked offline. */
  tickets?: Record<string, IssuedTicket>;
  pending: PendingBoarding[];
}

export class BoardingJournal {
  readonly path: string;
  data: JournalData;

  private constructor(path: string, data: JournalData) {
    this.path = path;
    this.data = data;
  }

  /** The trip's journal, or a new empty one; one kept for another service is refused. */
  static open(configDir: string, tripId: string, baseUrl: string): BoardingJournal {
    const path = join(configDir, 'boarding', `${tripId}.json`);
    const data = readJournal(path, tripId) ?? { version: 1, tripId, baseUrl, pending: [] };
    if (data.baseUrl !== baseUrl && data.pending.length > 0) {
      throw new CliError(
        `the boarding journal of trip ${tripId} holds ${data.pending.length} boarding(s) for ${sanitizeLine(data.baseUrl)}, not ${baseUrl}`,
        ExitCode.usage,
        'run with the profile of that service (--profile) to sync them',
      );
    }
    data.baseUrl = baseUrl;
    return new BoardingJournal(path, data);
  }

  /** Takes in what other stations changed since (their queued and settled boardings, their manifest). */
  refresh(): void {
    const disk = readJournal(this.path, this.data.tripId);
    if (disk) this.data = { ...disk, baseUrl: this.data.baseUrl };
  }

  /**
   * Applies a change to the journal as it is on disk, under the lock, and writes it; a station
   * that cannot keep its journal must not take scans.
   */
  async update(change: (data: JournalData) => void): Promise<void> {
    mkdirSync(dirname(this.path), { recursive: true, mode: 0o700 });
    const release = await acquireLock(`${this.path}.lock`, 'the boarding journal');
    try {
      this.refresh();
      change(this.data);
      if (!writePrivateFileSync(this.path, `${JSON.stringify(this.data, null, 1)}\n`)) {
        throw new CliError(
          `cannot write the boarding journal ${this.path}`,
          ExitCode.failure,
          'check that the config dir is writable (TRIPCTL_CONFIG_DIR)',
        );
      }
    } finally {
      release();
    }
  }

  queue(entry: PendingBoarding): Promise<void> {
    return this.update((data) => {
      if (!data.pending.some((p) => p.bookingId === entry.bookingId)) data.pending.push(entry);
    });
  }

  /** Removes a boarding from the queue; `boardedAt` when the service has it boarded (kept in the saved manifest). */
  settle(bookingId: string, boardedAt?: string): Promise<void> {
    return this.update((data) => {
      data.pending = data.pending.filter((p) => p.bookingId !== bookingId);
      const saved = data.manifest?.passengers.find((p) => p.bookingId === bookingId);
      if (saved && boardedAt !== undefined) Object.assign(saved, { status: 'boarded', boardedAt });
    });
  }

  isPending(bookingId: string): boolean {
    return this.data.pending.some((p) => p.bookingId === bookingId);
  }
}

/** The journal on disk, checked; undefined when there is none yet. */
function readJournal(path: string, tripId: string): JournalData | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new CliError(`cannot read the boarding journal ${path}: ${code}`, ExitCode.failure);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw damaged(path, 'it is not JSON');
  }
  const problem = journalProblem(parsed, tripId);
  if (problem) throw damaged(path, problem);
  return parsed as JournalData;
}

function damaged(path: string, problem: string): CliError {
  return new CliError(
    `the boarding journal ${path} is damaged: ${sanitizeLine(problem)}; nothing was sent`,
    ExitCode.failure,
    `move it away to start afresh: mv '${path}' '${path}.damaged' (boardings queued in it are then not sent; scan them again)`,
  );
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const show = (value: unknown) => (JSON.stringify(value) ?? String(value)).slice(0, 60);
const optionalText = (value: unknown) => value === undefined || value === null || typeof value === 'string';

/** What is wrong with a journal read from disk, or undefined. */
function journalProblem(data: unknown, tripId: string): string | undefined {
  if (!isRecord(data)) return 'it is not an object';
  if (data.version !== 1) return `version is ${show(data.version)}, not 1`;
  if (typeof data.tripId !== 'string' || data.tripId.toLowerCase() !== tripId) return `it is for trip ${show(data.tripId)}, not ${tripId}`;
  if (typeof data.baseUrl !== 'string') return `baseUrl is ${show(data.baseUrl)}, not a URL`;
  if (!Array.isArray(data.pending)) return `pending is ${show(data.pending)}, not a list`;
  for (const [index, entry] of data.pending.entries()) {
    const where = `pending[${index}]`;
    if (!isRecord(entry)) return `${where} is ${show(entry)}, not a boarding`;
    if (typeof entry.bookingId !== 'string' || !isUuid(entry.bookingId)) return `${where}.bookingId ${show(entry.bookingId)} is not a UUID`;
    if (typeof entry.scannedAt !== 'string' || Number.isNaN(Date.parse(entry.scannedAt)))
      return `${where}.scannedAt ${show(entry.scannedAt)} is not a time`;
    if (typeof entry.verified !== 'boolean') return `${where}.verified ${show(entry.verified)} is not true or false`;
    if (entry.qr !== undefined && typeof entry.qr !== 'string') return `${where}.qr ${show(entry.qr)} is not text`;
  }
  if (data.tickets !== undefined) {
    if (!isRecord(data.tickets)) return 'tickets is not a record of tickets';
    for (const [id, ticket] of Object.entries(data.tickets))
      if (!isUuid(id) || !isRecord(ticket) || typeof ticket.code !== 'string' || typeof ticket.qr !== 'string')
        return `tickets.${show(id)} is not a saved ticket`;
  }
  if (data.trip !== undefined && (!isRecord(data.trip) || typeof data.trip.route !== 'string')) return 'trip is not a trip summary';
  if (data.manifest !== undefined) {
    if (!isRecord(data.manifest) || !Array.isArray(data.manifest.passengers) || typeof data.manifest.loadedAt !== 'string')
      return 'manifest is not a saved manifest';
    for (const [index, passenger] of data.manifest.passengers.entries()) {
      const problem = passengerProblem(passenger);
      if (problem) return `manifest.passengers[${index}]${problem}`;
    }
  }
  return undefined;
}

/** The service's manifest, less any passenger that is not one (never sent anything, named once). */
export function checkedPassengers(ctx: Context, passengers: unknown): ManifestPassenger[] {
  const list = Array.isArray(passengers) ? passengers : [];
  const bad = list.map((p, index) => [index, passengerProblem(p)] as const).filter(([, problem]) => problem);
  for (const [index, problem] of bad.slice(0, 3)) ctx.warn(`the manifest's passengers[${index}]${problem}; left out`);
  if (bad.length > 3) ctx.warn(`${bad.length - 3} more passengers of the manifest left out`);
  return list.filter((p) => passengerProblem(p) === undefined) as ManifestPassenger[];
}

/** What is wrong with one passenger of a manifest (saved, or as the service sent it), or undefined. */
function passengerProblem(passenger: unknown): string | undefined {
  if (!isRecord(passenger)) return ` is ${show(passenger)}, not a passenger`;
  if (typeof passenger.bookingId !== 'string' || !isUuid(passenger.bookingId))
    return `.bookingId ${show(passenger.bookingId)} is not a UUID`;
  if (!Number.isSafeInteger(passenger.seats) || (passenger.seats as number) < 1)
    return `.seats ${show(passenger.seats)} is not a whole number of seats`;
  if (typeof passenger.status !== 'string') return `.status ${show(passenger.status)} is not a status`;
  for (const field of ['fullName', 'phone', 'boardedAt'] as const)
    if (!optionalText(passenger[field])) return `.${field} ${show(passenger[field])} is not text`;
  return undefined;
}
