// `tripctl sandbox trigger` through main(argv, ctx): the events it prints are the changes it made,
// and a change the object's state does not allow is refused with the API's reason.
import { expect, it } from 'vitest';

import { fileSession } from '../support/sandbox.js';

const file = fileSession();

it('prints the events of the change, whose data is the booking as `bookings get` shows it; refuses an impossible move', async () => {
  const { session } = file;
  const events = await session.json<Array<{ event: string; data: { id: string; status: string } }>>([
    'sandbox',
    'trigger',
    'booking.approved',
  ]);
  expect(events.map((e) => e.event)).toEqual(['booking.created', 'booking.approved']);
  const approved = events[1]!.data;
  const booking = await session.json<{ id: string; status: string }>(['bookings', 'get', approved.id]);
  expect(booking.status).toBe('approved');
  expect(approved.status).toBe(booking.status);

  const refused = await session.run(['sandbox', 'trigger', 'booking.rejected', '--id', approved.id]);
  expect(refused.code).not.toBe(0);
  expect(refused.stderr).toContain(`booking ${approved.id} is approved; it can become rejected only from requested`);
  expect(refused.stderr.trim().split('\n')).toHaveLength(1);
});
