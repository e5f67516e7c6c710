// Every enumerated value the service knows, in one place: the flags that take one, the checks
// before a request, completion and `tripctl mcp` all read these lists, so a value cannot be
// accepted by one door and refused by another.
export const TRIP_STATUSES = ['published', 'cancelled', 'completed'] as const;
export const BOOKING_STATUSES = ['requested', 'approved', 'rejected', 'cancelled', 'boarded', 'no_show'] as const;
/** The roles `members add` and `members update` may give (the owner's role is not assignable). */
export const ASSIGNABLE_ROLES = ['admin', 'staff', 'driver'] as const;
export const RECURRENCES = ['daily', 'weekly', 'interval'] as const;
export const REPORT_TYPES = ['bookings', 'trips', 'revenue', 'drivers', 'routes', 'fleet', 'reviews'] as const;
export const REPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
/** `trips manifest --format`: the driver's sheet on paper, or its rows for a spreadsheet. */
export const MANIFEST_FORMATS = ['pdf', 'csv'] as const;
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
