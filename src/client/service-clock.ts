// The service's clock, as the Date header of its answers tells it: "today" for a trip list, a
// station's "within a day" and the like are the service's, not this machine's — a machine whose
// clock is wrong, or a sandbox moved on by `sandbox advance-clock`, would otherwise pick another day.

/**
 * Differences below this are the header's one-second grain and the time on the wire, not two
 * clocks that disagree: this machine's clock is used then.
 */
const NOISE_MS = 5_000;

export class ServiceClock {
  private offsetMs: number | undefined;

  /** Records the offset a Date header shows against this machine's clock when it arrived. */
  note(header: string | string[] | undefined, arrivedAt = Date.now()): void {
    const at = Date.parse(String(Array.isArray(header) ? header[0] : (header ?? '')));
    if (!Number.isNaN(at)) this.offsetMs = at - arrivedAt;
  }

  /** `local` (this machine's now) moved by the offset the service's last answer showed, if any. */
  now(local: Date): Date {
    return this.offsetMs !== undefined && Math.abs(this.offsetMs) >= NOISE_MS ? new Date(local.getTime() + this.offsetMs) : local;
  }

  /** Whether an answer has told the service's time yet. */
  get known(): boolean {
    return this.offsetMs !== undefined;
  }
}
