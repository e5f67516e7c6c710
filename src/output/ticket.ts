// `bookings ticket` for a person: the fields under labels (the trip by route and departure, the
// passenger by name and phone), then the QR code, in at most 35 rows. Machine formats keep the
// service's payload as it is; this is only the view.
import type { ResourceSpec } from './columns.js';
import { passengerLabel } from './terminal.js';

/** The fields a ticket shows, flattened so that each is one labelled line. */
export function ticketView(ticket: Record<string, unknown>): Record<string, unknown> {
  const record = (value: unknown) => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
  const trip = record(ticket.trip);
  const boarding = record(ticket.boarding);
  return {
    code: ticket.code,
    status: ticket.status,
    passenger: passengerLabel(ticket.passenger),
    seats: ticket.seats,
    tripId: trip.id,
    departureAt: trip.departureAt,
    plate: trip.plate,
    boardedAt: boarding.boardedAt,
    bookingId: ticket.bookingId,
  };
}

export const ticketSpec: ResourceSpec = {
  name: 'ticket',
  idField: 'bookingId',
  columns: [
    { header: 'Code', path: 'code' },
    { header: 'Status', path: 'status' },
    { header: 'Passenger', path: 'passenger', minWidth: 10 },
    { header: 'Seats', path: 'seats' },
    // On a terminal the trip's route and local departure (`Damascus → Aleppo · 12-09 07:30`).
    { header: 'Trip', path: 'tripId', handle: 'trip' },
    { header: 'Departure', path: 'departureAt', kind: 'time' },
    { header: 'Vehicle', path: 'plate' },
    { header: 'Boarded', path: 'boardedAt', kind: 'time' },
    { header: 'Booking', path: 'bookingId' },
  ],
};
