// Pieces the route modules share: the page parameters, response shapes of a list or one object
// under a key, and the UUID path parameters.
import { arr, decided, int, shape, str, type Schema } from '../openapi/json-schema.js';
import type { Param } from './route.js';

export const pageParams: Param[] = [
  {
    name: 'page',
    schema: int({ default: 1, description: 'from 1; below 1 (0, negative) is read as 1; past the last page gives an empty list' }),
  },
  {
    name: 'perPage',
    schema: decided(
      "Above 100 is read as 100: the sandbox's (partner-api.md: behaviour of perPage above 100 not shown).",
      int({ default: 25, description: 'default 25, maximum 100 (more is read as 100); below 1 is read as 25' }),
    ),
  },
];

export const list = (key: string, item: Schema, extra: Record<string, Schema> = {}): Schema => shape({ [key]: arr(item), ...extra });
export const one = (key: string, item: Schema): Schema => shape({ [key]: item });

export const tripIdParam = { tripId: { name: 'tripId', schema: str({ format: 'uuid' }) } };
export const bookingIdParam = { bookingId: { name: 'bookingId', schema: str({ format: 'uuid' }) } };
export const scheduleIdParam = { scheduleId: { name: 'scheduleId', schema: str({ format: 'uuid' }) } };
