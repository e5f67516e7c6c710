// What the boarding station can say about a scan (a verdict, and the exit code it stands for when
// a script feeds the station), what the background sync reports, and which failures keep a
// boarding for later rather than lose it.
import { ApiError, CliError, ExitCode, InterruptedError } from '../../../errors.js';
import type { ManifestPassenger, PendingBoarding } from './journal.js';

export type Verdict =
  | { kind: 'boarded'; passenger: ManifestPassenger }
  | { kind: 'queued'; passenger?: ManifestPassenger; bookingId: string; verified: boolean }
  | { kind: 'already-boarded'; passenger: ManifestPassenger; queued: boolean }
  | { kind: 'not-approved'; bookingId: string; status: string }
  /** `route`: the other trip as people name it (`Damascus → Homs, 2026-12-09 07:30 Asia/Damascus`), when known. */
  | { kind: 'other-trip'; bookingId: string; tripId: string; route?: string }
  /** A scanned QR that is not the one the service issued for the booking it names: forged or altered. */
  | { kind: 'forged'; bookingId: string; passenger?: ManifestPassenger }
  | { kind: 'unknown'; bookingId: string }
  | { kind: 'refused'; bookingId: string; passenger?: ManifestPassenger; message: string; exitCode: number }
  | { kind: 'no-id'; text: string };

/** Exit code each verdict stands for when a script feeds the station. */
export const VERDICT_EXIT: Record<Verdict['kind'], number> = {
  boarded: 0,
  queued: 0,
  // On board either way (the README: "counts as boarded"); the terminal still shows it loudly.
  'already-boarded': 0,
  'not-approved': ExitCode.rejected,
  'other-trip': ExitCode.rejected,
  forged: ExitCode.rejected,
  unknown: ExitCode.notFound,
  refused: ExitCode.rejected,
  'no-id': ExitCode.usage,
};

export type SyncEvent =
  /** `already`: the service had them boarded (an earlier try landed unanswered, or another station). */
  | { kind: 'synced'; entry: PendingBoarding; passenger?: ManifestPassenger; already?: boolean }
  | { kind: 'dropped'; entry: PendingBoarding; verdict: Verdict };

/**
 * The service's answer about this passenger (unknown, not allowed, already done): a 4xx other
 * than those about the station itself (its key, its rate) or about time.
 */
export function aboutThePassenger(error: unknown): error is ApiError {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 403, 408, 429].includes(error.status);
}

/**
 * Whatever else keeps a boarding from the service is a reason to keep it for later, never to lose
 * it or to end the station: no answer, a refused connection, a 5xx, an answer that is not the
 * service's (a captive portal), a key refused. Only the operator's own interrupt ends a station.
 */
export function keptForLater(error: unknown): boolean {
  return error instanceof CliError && !(error instanceof InterruptedError) && !aboutThePassenger(error);
}
