// The fare guard's rule, apart from where the fares come from: a fare more than five times above
// or below the company's usual fare for the route is held until the operator says it is meant
// (`--fare-ok`). The usual fare is the median of the reference fares, so one odd fare among them
// (a holiday special, an earlier mistake that got through) does not move it.

/** How far from the usual fare a fare may be, either way, before it is held. */
export const FARE_FACTOR = 5;

/** The flag that says a held fare is meant; its help. */
export const FARE_OK = '--fare-ok';
export const FARE_OK_HELP = `send a fare even when it is more than ${FARE_FACTOR} times above or below the route's usual fare`;

/** The middle of the fares (the lower middle of an even count: a fare that was really charged). */
export function usualFare(fares: readonly number[]): number | undefined {
  const sorted = fares.filter((fare) => Number.isFinite(fare) && fare > 0).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

export interface UnusualFare {
  usual: number;
  /** Whether the fare is above the usual fare (else below). */
  above: boolean;
}

/** The fare's verdict against the reference fares: undefined when it passes (or there is nothing to compare with). */
export function unusualFare(fare: number, fares: readonly number[]): UnusualFare | undefined {
  const usual = usualFare(fares);
  if (usual === undefined) return undefined;
  if (fare > usual * FARE_FACTOR) return { usual, above: true };
  if (fare * FARE_FACTOR < usual) return { usual, above: false };
  return undefined;
}
