// Named schemas of the dashboard and the aggregated report, served in components.schemas.
import { arr, int, named, nullable, shape, str, type Schema } from './json-schema.js';
import { currency, dateTime } from './resources.js';
import { BOOKING_STATUSES, ROLES, TRIP_STATUSES } from '../domain/state.js';

const counts = (keys: readonly string[]): Schema => shape(Object.fromEntries(keys.map((k) => [k, int({ minimum: 0 })])));
const money = shape({ currency: currency(), paid: int(), pending: int(), refunded: int() });

export const Dashboard = named(
  'Dashboard',
  shape({
    generatedAt: dateTime(),
    trips: shape({ upcoming: int(), departedNotCompleted: int(), completed: int(), cancelled: int() }),
    bookings: counts([...BOOKING_STATUSES, 'total']),
    seatsSoldUpcoming: int({ description: 'seats held on upcoming published trips' }),
    revenue: money,
    payouts: shape({ paid: int(), pending: int() }),
    fleet: shape({ vehicles: int(), seats: int() }),
    members: counts(ROLES),
    reviews: shape({ count: int(), averageRating: nullable({ type: 'number' }) }),
  }),
);

export const Report = named(
  'Report',
  shape(
    {
      from: nullable(str({ format: 'date' })),
      to: nullable(str({ format: 'date' })),
      currency: currency(),
      trips: counts([...TRIP_STATUSES, 'total']),
      bookings: counts([...BOOKING_STATUSES, 'total']),
      seats: shape({ sold: int({ description: 'approved, boarded and no-show seats' }), boarded: int(), noShow: int() }),
      revenue: shape({ gross: int({ description: 'paid and refunded payments' }), refunded: int(), net: int(), pending: int() }),
      routes: arr(shape({ fromCityId: str(), toCityId: str(), trips: int(), bookings: int(), seats: int(), revenue: int() })),
    },
    {
      description:
        'Figures over trips departing in [from, to] (local dates, both optional); bookings and payments count through their trip.',
    },
  ),
);
