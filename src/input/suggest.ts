// "Did you mean": the nearest known values to a typo, by edit distance, for every door that takes a
// value from a list (enumerations, cities, settings), so a near miss is named the same way
// everywhere and never costs a request.

/** Edits (insert, delete, replace, swap two neighbours) that turn `a` into `b`. */
export function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The candidates nearest to `typed` (ties kept, up to `limit`): within a third of the longer word's length in
 * edits (at least one), or starting with what was typed. `keysOf` gives the spellings a candidate
 * is known by (already normalised the same way as `typed`).
 */
export function nearest<T>(typed: string, candidates: readonly T[], keysOf: (candidate: T) => readonly string[], limit = 3): T[] {
  if (typed === '') return [];
  const scored: Array<{ candidate: T; score: number }> = [];
  for (const candidate of candidates) {
    let score = Number.POSITIVE_INFINITY;
    for (const key of keysOf(candidate)) {
      if (key === '') continue;
      const allowed = Math.max(1, Math.floor(Math.max(key.length, typed.length) / 3));
      const distance = editDistance(typed, key);
      if (distance <= allowed) score = Math.min(score, distance);
      else if (typed.length >= 2 && key.startsWith(typed)) score = Math.min(score, allowed + 1);
    }
    if (Number.isFinite(score)) scored.push({ candidate, score });
  }
  // Only the nearest: `booking.aproved` suggests booking.approved, not every booking event.
  const best = Math.min(...scored.map((entry) => entry.score));
  return scored
    .filter((entry) => entry.score === best)
    .slice(0, limit)
    .map((entry) => entry.candidate);
}

/** `did you mean 'published'?` or `did you mean 'hama' or 'homs'?`; empty when nothing is near. */
export function didYouMean(names: readonly string[]): string {
  if (names.length === 0) return '';
  const quoted = names.map((name) => `'${name}'`);
  return `did you mean ${quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}`}?`;
}
