// The boarding station's line to the service: each request bounded and never retried (the queue
// is the retry), whether the station is offline and why, and one piece of work at a time.
import type { ApiClient } from '../../../client/http.js';
import { unwrap } from '../../../cmdkit/run-operation.js';
import type { Context } from '../../../context.js';
import { InterruptedError, NetworkError } from '../../../errors.js';

/** Longest a request of the station waits: at a coach door a scan must not hang for long. */
export const REQUEST_DEADLINE_MS = 10_000;

/** A booking as the station reads it. */
export interface Booking {
  tripId?: string;
  status?: string;
  seats?: number;
  boardedAt?: string | null;
  passenger?: { fullName?: string | null; phone?: string | null };
  /** Included when a booking is fetched singly: names another trip by its route. */
  trip?: { fromCityId?: string; toCityId?: string; departureAt?: string };
}

export class StationLink {
  offline = false;
  /** Why the station went offline, for the queued line and the end. */
  offlineReason = '';
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly ctx: Context) {}

  /**
   * One request (or a few at once) on a client of its own, bounded by REQUEST_DEADLINE_MS (or
   * --timeout if shorter). The client's own deadline ends it as an interrupt would; only the
   * operator's interrupt is one (the cause of exit 130 at a hanging service), so the other is
   * no answer.
   */
  async call<T>(run: (client: ApiClient) => Promise<T>): Promise<T> {
    const deadline = Math.min(this.ctx.settings().timeoutMs, REQUEST_DEADLINE_MS);
    const client = await this.ctx.sideClient(deadline, { retries: 0, interruptible: true });
    try {
      return await run(client);
    } catch (error) {
      if (error instanceof InterruptedError && !this.ctx.signal.aborted) throw new NetworkError(`no answer within ${deadline / 1000} s`);
      throw error;
    } finally {
      await client.close();
    }
  }

  async booking(id: string): Promise<Booking> {
    const { data } = await this.call((client) =>
      client.request({ method: 'GET', path: `/bookings/${id}`, expect: { kind: 'object', key: 'booking' } }),
    );
    return unwrap(data, 'booking') as Booking;
  }

  goOffline(error: unknown): void {
    this.offline = true;
    this.offlineReason = error instanceof Error ? error.message : String(error);
  }

  /** Runs one piece of work after the ones before it. */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.chain.then(work, work);
    this.chain = next.catch(() => undefined);
    return next;
  }
}
