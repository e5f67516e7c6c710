// Which delivery ids the listener has accepted before, so a retry is marked `retry #n`. Bounded:
// a listener left running for days forgets the ids it has not seen for longest.
//
// Two generations of maps rather than one map in least-recently-seen order: an id seen again is
// only counted (no delete and re-insert per delivery, which was the largest of the listener's own
// costs per delivery in its profile), an id of the older generation moves to the current one with
// its count, and when the current generation is full the older one is dropped whole. An id is remembered for at least `limit / 2`
// and at most `limit` later acceptances of other ids.

export class RetryIndex {
  private current = new Map<string, number>();
  private previous = new Map<string, number>();

  constructor(private readonly limit = 50_000) {}

  /** Counts one more acceptance of `id`: 1 the first time, 2 for its first retry… */
  attempt(id: string): number {
    // The count is the map's value itself, not an object per id: reading that object was a
    // cache miss more per delivery, and the second lookup of a set finds the entry still cached.
    const seen = this.current.get(id);
    if (seen !== undefined) {
      this.current.set(id, seen + 1);
      return seen + 1;
    }
    const count = (this.previous.get(id) ?? 0) + 1;
    this.current.set(id, count);
    if (this.current.size >= this.limit / 2) {
      this.previous = this.current;
      this.current = new Map();
    }
    return count;
  }
}
