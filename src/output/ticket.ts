// `bookings ticket` on a terminal: the fields under labels (the trip by route and departure, the
// passenger by name and phone), then the QR code, in at most 35 rows. Piped output and machine
// formats keep the service's payload and field names as they are; this is only the terminal view.
import { inferSpec, valueAt, type Column, type ResourceSpec } from './columns.js';
import { passengerLabel } from './terminal.js';

/** The fields the service's ticket is known to carry, each under its label, in reading order. */
const KNOWN: Array<{ column: Column; from: string[]; value?: (ticket: unknown) => unknown }> = [
  { column: { header: 'Code', path: 'code' }, from: ['code'] },
  { column: { header: 'Status', path: 'status' }, from: ['status'] },
  {
    column: { header: 'Passenger', path: 'passenger', minWidth: 10 },
    from: ['passenger'],
    value: (ticket) => {
      const passenger = valueAt(ticket, 'passenger');
      return typeof passenger === 'object' ? passengerLabel(passenger) : passenger;
    },
  },
  { column: { header: 'Seats', path: 'seats' }, from: ['seats'] },
  // The trip's route and local departure (`Damascus → Aleppo · 12-09 07:30`), by its id.
  {
    column: { header: 'Trip', path: 'tripId', handle: 'trip' },
    from: ['trip.id', 'trip.fromCityId', 'trip.toCityId'],
    value: (t) => valueAt(t, 'trip.id'),
  },
  {
    column: { header: 'Departure', path: 'departureAt', kind: 'time' },
    from: ['trip.departureAt'],
    value: (t) => valueAt(t, 'trip.departureAt'),
  },
  { column: { header: 'Vehicle', path: 'plate' }, from: ['trip.plate'], value: (t) => valueAt(t, 'trip.plate') },
  {
    column: { header: 'Boarded', path: 'boardedAt', kind: 'time' },
    from: ['boarding.boardedAt'],
    value: (t) => valueAt(t, 'boarding.boardedAt'),
  },
  { column: { header: 'No-show', path: 'noShow', kind: 'bool' }, from: ['boarding.noShow'], value: (t) => valueAt(t, 'boarding.noShow') },
  { column: { header: 'Booking', path: 'bookingId' }, from: ['bookingId'] },
];

/** `boarding.gate` → `Boarding gate`: a label for a field the service added that is not known here. */
function label(path: string): string {
  const words = path
    .replace(/\./g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The ticket (without its QR data) as one flat record and the labelled columns that show it: only the fields it has. */
export function ticketView(ticket: Record<string, unknown>): { view: Record<string, unknown>; spec: ResourceSpec } {
  const view: Record<string, unknown> = {};
  const columns: Column[] = [];
  const used = new Set<string>();
  for (const { column, from, value } of KNOWN) {
    const shown = value ? value(ticket) : valueAt(ticket, column.path);
    for (const path of from) used.add(path);
    if (shown === undefined || shown === null) continue;
    view[column.path] = shown;
    columns.push(column);
  }
  // Whatever else the service sends is shown too, labelled from its name.
  for (const [index, column] of inferSpec([ticket]).columns.entries()) {
    if (used.has(column.path) || [...used].some((path) => column.path.startsWith(`${path}.`))) continue;
    const key = `extra${index}`;
    view[key] = valueAt(ticket, column.path);
    columns.push({ ...column, header: label(column.path), path: key });
  }
  return { view, spec: { name: 'ticket', idField: 'bookingId', columns } };
}
