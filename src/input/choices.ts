// Every enumerated value the service knows, in one place: the flags that take one, the checks
// before a request, completion and `tripctl mcp` all read these lists, so a value cannot be
// accepted by one door and refused by another. `choice` is the one check they all use.
import { usageError } from '../errors.js';
import { didYouMean, nearest } from './suggest.js';

/** The three partner-api.md names; others the service may add go through `--param status=…`. */
export const TRIP_STATUSES = ['published', 'cancelled', 'completed'] as const;
export const BOOKING_STATUSES = ['requested', 'approved', 'rejected', 'cancelled', 'boarded', 'no_show'] as const;
/** Payment statuses as the service's OpenAPI document gives them (partner-api.md leaves them out). */
export const PAYMENT_STATUSES = ['pending', 'paid', 'refunded', 'failed'] as const;
/** The roles `members add` and `members update` may give (the owner's role is not assignable). */
export const ASSIGNABLE_ROLES = ['admin', 'staff', 'driver'] as const;
export const RECURRENCES = ['daily', 'weekly', 'interval'] as const;
/** A vehicle's fuelType and transmission, as the service's OpenAPI document enumerates them. */
export const FUEL_TYPES = ['petrol', 'diesel', 'electric', 'hybrid', 'lpg'] as const;
export const TRANSMISSIONS = ['manual', 'automatic'] as const;
export const REPORT_TYPES = ['bookings', 'trips', 'revenue', 'drivers', 'routes', 'fleet', 'reviews'] as const;
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
/** `trips manifest --format`: the driver's sheet on paper, or its rows for a spreadsheet. */
export const MANIFEST_FORMATS = ['pdf', 'csv'] as const;
export const TICKET_FORMATS = ['png', 'pdf'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * `value` as one of `allowed` (any case; the list's own spelling is returned), or a usage error
 * naming the flag, the nearest values and the whole list — before anything is sent.
 */
export function choice<T extends string>(flag: string, value: string, allowed: readonly T[], what = 'value', exact = false): T {
  const typed = value.trim();
  // `exact`: a value read from a file (a profile) is the list's own spelling or refused, with the suggestion.
  const found = exact ? allowed.find((item) => item === value) : allowed.find((item) => item.toLowerCase() === typed.toLowerCase());
  if (found !== undefined) return found;
  const lower = (item: string) => [item.toLowerCase()];
  const near = nearest(typed.toLowerCase(), allowed, lower);
  const suggestion = didYouMean(near);
  throw usageError(`${flag}: '${value}' is not a known ${what}${suggestion ? `; ${suggestion}` : ''}`, `one of: ${allowed.join(', ')}`);
}
