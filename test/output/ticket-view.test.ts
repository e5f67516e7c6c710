// The ticket's terminal view: known fields under labels, only those the ticket has, and any field
// the service adds under a label made from its name, never a raw dotted key.
import { expect, test } from 'vitest';
import { ticketView } from '../../src/output/ticket.js';

test('known fields labelled, the passenger as one line, unknown fields labelled from their names', () => {
  const { view, spec } = ticketView({
    bookingId: 'b-1',
    code: 'QX-1',
    passenger: { fullName: 'Rami Saleh', phone: '+963944000005' },
    trip: { id: 't-1', fromCityId: 'damascus', toCityId: 'aleppo', departureAt: '2026-12-09T04:30:00Z', plate: null },
    boarding: { boardedAt: null, noShow: false, gateNumber: 4 },
  });
  expect(spec.columns.map((column) => column.header)).toEqual([
    'Code',
    'Passenger',
    'Trip',
    'Departure',
    'No-show',
    'Booking',
    'Boarding gate number',
  ]);
  const values = spec.columns.map((column) => view[column.path]);
  expect(values).toEqual(['QX-1', 'Rami Saleh +963944000005', 't-1', '2026-12-09T04:30:00Z', false, 'b-1', 4]);
});
