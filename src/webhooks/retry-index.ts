// Which delivery ids the listener has accepted before, so a retry is marked `retry #n`. Bounded:
// a listener left running for days forgets the ids it has not seen for longest.

export class RetryIndex {
  private readonly seen = new Map<string, number>();

  constructor(private readonly limit = 50_000) {}

  /** Counts one more acceptance of `id`: 1 the first time, 2 for its first retry… */
  attempt(id: string): number {
    const before = this.seen.get(id);
    const attempt = before === undefined ? 1 : before + 1;
    // Deleted and set again, so the map's order is by last sight and the first key the stalest.
    if (before !== undefined) this.seen.delete(id);
    this.seen.set(id, attempt);
    if (this.seen.size > this.limit) this.seen.delete(this.seen.keys().next().value!);
    return attempt;
  }
}
