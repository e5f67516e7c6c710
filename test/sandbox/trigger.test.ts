// `sandbox trigger` (POST /__sandbox/events) makes the change an event reports: every event type,
// triggered on a named object and on one the sandbox makes, then the event's data compared with a
// GET of the object; impossible changes refused as the API refuses them, with nothing sent.
// The sandbox clock is pinned to Tuesday 2026-09-01 09:00 in Syria (06:00 UTC).
import { describe, expect, it } from 'vitest';

import { EVENTS } from '../../src/sandbox/domain/event-names.js';
import { sandboxForFile } from './http.js';

const NOW = Date.parse('2026-09-01T06:00:00.000Z');
const held = sandboxForFile({ now: () => new Date(NOW) }, { reset: true });

const trigger = (event: string, id?: string) => held.client.admin('POST', '/events', id === undefined ? { event } : { event, id });

/** The object an event is about, as the API returns it now (null: gone). */
async function current(event: string, id: string): Promise<Record<string, unknown> | null> {
  const group = event.split('.')[0]!;
  const answer = await held.client.api('GET', `/${group}s/${id}`);
  if (answer.status === 404) return null;
  expect(answer.status).toBe(200);
  return answer.body[group];
}

/** The one event of this name among those the trigger sent, whose data matches a GET afterwards. */
async function expectTruthful(events: any[], event: string): Promise<any> {
  const sent = events.filter((e) => e.event === event);
  expect(sent, `${event} among ${events.map((e) => e.event).join(', ')}`).toHaveLength(1);
  const { data } = sent[0];
  const now = await current(event, data.id);
  if (event === 'schedule.deleted') {
    expect(now).toBeNull();
    return data;
  }
  expect(now).not.toBeNull();
  // booking.* data carries the fields partner-api.md lists; the rest carry the whole object.
  const fields = event.startsWith('booking.') ? Object.keys(data) : Object.keys(now!);
  expect(Object.keys(data).sort()).toEqual(fields.sort());
  expect(data).toEqual(Object.fromEntries(fields.map((k) => [k, now![k]])));
  return data;
}

const STATUS_AFTER: Record<string, string> = {
  'booking.created': 'requested',
  'booking.approved': 'approved',
  'booking.rejected': 'rejected',
  'booking.cancelled': 'cancelled',
  'booking.boarded': 'boarded',
  'booking.no_show': 'no_show',
  'trip.cancelled': 'cancelled',
  'trip.completed': 'completed',
};

async function requestedBooking(): Promise<any> {
  const { body } = await trigger('booking.created');
  return body.events.find((e: any) => e.event === 'booking.created').data;
}

describe('without an id, on an object the sandbox makes', () => {
  for (const event of EVENTS.filter((e) => e !== 'webhook.test' && e !== 'trip.completed')) {
    it(`${event}: the change is made and the data is the object as GET returns it`, async () => {
      const answer = await trigger(event);
      expect(answer.status).toBe(202);
      const data = await expectTruthful(answer.body.events, event);
      if (STATUS_AFTER[event]) expect(data.status).toBe(STATUS_AFTER[event]);
    });
  }

  it('trip.completed: completes the published trip that departed last, until none is left', async () => {
    // The seed leaves some published trips departed and not yet completed.
    const first = await trigger('trip.completed');
    expect(first.status).toBe(202);
    const completed = [await expectTruthful(first.body.events, 'trip.completed')];
    for (let answer = await trigger('trip.completed'); answer.status !== 409; answer = await trigger('trip.completed')) {
      const data = await expectTruthful(answer.body.events, 'trip.completed');
      // Latest departure first.
      expect(Date.parse(data.departureAt)).toBeLessThanOrEqual(Date.parse(completed[completed.length - 1].departureAt));
      completed.push(data);
      expect(completed.length).toBeLessThan(500);
    }
    const refused = await trigger('trip.completed');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'nothing_to_trigger' });
    expect(refused.body.error).toMatch(/advance the sandbox clock/);
    // Once the clock passes a departure, that trip can be completed.
    const booking = await requestedBooking();
    const trip = await current('trip.updated', booking.tripId);
    const ahead = Math.ceil((Date.parse(trip!.departureAt as string) - NOW) / 1000) + 60;
    expect((await held.client.admin('POST', '/clock', { advanceSeconds: ahead })).status).toBe(200);
    const answer = await trigger('trip.completed');
    expect(answer.status).toBe(202);
    expect((await expectTruthful(answer.body.events, 'trip.completed')).status).toBe('completed');
  });
});

describe('with an id, on that object', () => {
  it('booking moves: approved, then boarded; a requested one rejected, another cancelled, another a no-show', async () => {
    const first = await requestedBooking();
    expect((await expectTruthful((await trigger('booking.approved', first.id)).body.events, 'booking.approved')).status).toBe('approved');
    const boarded = await trigger('booking.boarded', first.id);
    expect((await expectTruthful(boarded.body.events, 'booking.boarded')).boardedAt).not.toBeNull();
    // Boarding settled the pending cash payment: that event was sent too, and is as true.
    await expectTruthful(boarded.body.events, 'payment.updated');
    await expectTruthful((await trigger('booking.updated', first.id)).body.events, 'booking.updated');
    const second = await requestedBooking();
    await expectTruthful((await trigger('booking.rejected', second.id)).body.events, 'booking.rejected');
    const third = await requestedBooking();
    await expectTruthful((await trigger('booking.cancelled', third.id)).body.events, 'booking.cancelled');
    const fourth = await requestedBooking();
    await trigger('booking.approved', fourth.id);
    expect((await expectTruthful((await trigger('booking.no_show', fourth.id)).body.events, 'booking.no_show')).noShow).toBe(true);
  });

  it('booking.created books one seat on the trip named', async () => {
    const booking = await requestedBooking();
    const answer = await trigger('booking.created', booking.tripId);
    const data = await expectTruthful(answer.body.events, 'booking.created');
    expect(data.tripId).toBe(booking.tripId);
    expect(data.id).not.toBe(booking.id);
  });

  it('trips: updated, cancelled (its bookings with it); schedules: paused, resumed, deleted; payments moved', async () => {
    const booking = await requestedBooking();
    await expectTruthful((await trigger('trip.updated', booking.tripId)).body.events, 'trip.updated');
    const cancelled = await trigger('trip.cancelled', booking.tripId);
    await expectTruthful(cancelled.body.events, 'trip.cancelled');
    expect((await expectTruthful(cancelled.body.events, 'booking.cancelled')).id).toBe(booking.id);

    const schedule = (await held.client.api('GET', '/schedules')).body.schedules[0];
    const paused = await expectTruthful((await trigger('schedule.updated', schedule.id)).body.events, 'schedule.updated');
    expect(paused.active).toBe(!schedule.active);
    const resumed = await expectTruthful((await trigger('schedule.updated', schedule.id)).body.events, 'schedule.updated');
    expect(resumed.active).toBe(schedule.active);
    const before = await current('schedule.updated', schedule.id);
    expect(await expectTruthful((await trigger('schedule.deleted', schedule.id)).body.events, 'schedule.deleted')).toEqual(before);

    const fresh = await requestedBooking();
    const payment = (await held.client.api('GET', `/bookings/${fresh.id}`)).body.booking.payments[0];
    expect(payment.status).toBe('pending');
    for (const status of ['paid', 'refunded']) {
      expect((await expectTruthful((await trigger('payment.updated', payment.id)).body.events, 'payment.updated')).status).toBe(status);
    }
  });
});

describe('impossible changes are refused like the API refuses them, and nothing is sent', () => {
  it('approve a boarded booking, cancel a cancelled trip, move a refunded payment, make a trip with an id', async () => {
    const booking = await requestedBooking();
    await trigger('booking.approved', booking.id);
    await trigger('booking.boarded', booking.id);
    const sentBefore = (await held.client.admin('GET', '/events')).body.events.length;
    const refused = await trigger('booking.approved', booking.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: `booking ${booking.id} is boarded; it can become approved only from requested`,
      code: 'invalid_transition',
    });
    // The API's own answer to the same move is the same.
    const api = await held.client.api('PATCH', `/bookings/${booking.id}`, { body: { status: 'approved' } });
    expect(api.status).toBe(409);
    expect(api.body).toEqual(refused.body);
    expect((await current('booking.updated', booking.id))!.status).toBe('boarded');

    const trip = booking.tripId;
    await trigger('trip.cancelled', trip);
    const again = await trigger('trip.cancelled', trip);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('invalid_transition');

    const payment = (await held.client.api('GET', `/bookings/${booking.id}`)).body.booking.payments[0];
    expect(payment.status).toBe('paid');
    await trigger('payment.updated', payment.id);
    const stuck = await trigger('payment.updated', payment.id);
    expect(stuck.status).toBe(409);
    expect(stuck.body.error).toMatch(/refunded payment does not move/);

    const withId = await trigger('trip.created', trip);
    expect(withId.status).toBe(422);
    expect(withId.body.code).toBe('validation_failed');
    expect((await trigger('booking.approved', '00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const events = (await held.client.admin('GET', '/events')).body.events;
    // Only the trip's cancellation and the payment's refund went out since: the refusals sent nothing.
    expect(events.slice(sentBefore).map((e: any) => e.event)).toEqual(['trip.cancelled', 'payment.updated']);
  });

  it('webhook.test stays a ping: it changes nothing', async () => {
    const hook = await held.client.api('POST', '/webhooks', { body: { url: 'http://127.0.0.1:9/hook', events: ['booking.*'] } });
    expect(hook.status).toBe(201);
    const trips = (await held.client.api('GET', '/trips?perPage=100')).body;
    const answer = await trigger('webhook.test', hook.body.endpoint.id);
    expect(answer.status).toBe(202);
    expect(answer.body.events.map((e: any) => e.event)).toEqual(['webhook.test']);
    expect((await held.client.api('GET', '/trips?perPage=100')).body).toEqual(trips);
  });
});
