// The boarding station's journal: `<config dir>/boarding/<trip id>.json`, mode 0600, written
// whole (temporary file, renamed) on every change. It holds the boardings not yet confirmed by
// the service, written before each is sent, so a scan survives a dropped network, a crash or a
// closed laptop; and the last manifest loaded, so a station that starts offline still knows who
// is on the trip. One station per trip per machine: two would overwrite each other's file.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writePrivateFileSync } from '../../config/private-file.js';
import { CliError, ExitCode } from '../../errors.js';

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
}

export interface JournalData {
  version: 1;
  tripId: string;
  /** The service the boardings belong to: a journal is never synced to another. */
  baseUrl: string;
  trip?: TripSummary;
  manifest?: { loadedAt: string; passengers: ManifestPassenger[] };
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
    let text: string | undefined;
    try {
      text = readFileSync(path, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT')
        throw new CliError(`cannot read the boarding journal ${path}: ${(error as NodeJS.ErrnoException).code}`, ExitCode.failure);
    }
    if (text === undefined) return new BoardingJournal(path, { version: 1, tripId, baseUrl, pending: [] });
    let data: JournalData;
    try {
      data = JSON.parse(text) as JournalData;
      if (data.version !== 1 || data.tripId !== tripId || !Array.isArray(data.pending)) throw new Error('not a journal');
    } catch {
      throw new CliError(
        `the boarding journal ${path} is damaged`,
        ExitCode.failure,
        'move it away to start afresh (its queued boardings are then not sent)',
      );
    }
    if (data.baseUrl !== baseUrl && data.pending.length > 0) {
      throw new CliError(
        `the boarding journal of trip ${tripId} holds ${data.pending.length} boarding(s) for ${data.baseUrl}, not ${baseUrl}`,
        ExitCode.usage,
        'run with the profile of that service (--profile) to sync them',
      );
    }
    data.baseUrl = baseUrl;
    return new BoardingJournal(path, data);
  }

  /** Writes the journal; a station that cannot keep its journal must not take scans. */
  save(): void {
    if (!writePrivateFileSync(this.path, `${JSON.stringify(this.data, null, 1)}\n`)) {
      throw new CliError(
        `cannot write the boarding journal ${this.path}`,
        ExitCode.failure,
        'check that the config dir is writable (TRIPCTL_CONFIG_DIR)',
      );
    }
  }

  queue(entry: PendingBoarding): void {
    if (!this.data.pending.some((p) => p.bookingId === entry.bookingId)) this.data.pending.push(entry);
    this.save();
  }

  settle(bookingId: string): void {
    this.data.pending = this.data.pending.filter((p) => p.bookingId !== bookingId);
    this.save();
  }

  isPending(bookingId: string): boolean {
    return this.data.pending.some((p) => p.bookingId === bookingId);
  }
}
