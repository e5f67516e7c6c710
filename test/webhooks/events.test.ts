import { describe, expect, it } from 'vitest';
import { endpointUrl } from '../../src/webhooks/endpoint-url.js';
import { EVENTS, eventList, eventNames, expandEvents, SUBSCRIBABLE_EVENTS } from '../../src/webhooks/events.js';

describe('eventList', () => {
  it('keeps names and groups as written (lower-cased, once each); * is every group', () => {
    expect(eventList('--events', ['booking.*, trip.cancelled', 'BOOKING.*'])).toEqual(['booking.*', 'trip.cancelled']);
    expect(eventList('--events', '*')).toEqual(['booking.*', 'trip.*', 'schedule.*', 'payment.*']);
    expect(eventNames(eventList('--events', '*'))).toEqual(SUBSCRIBABLE_EVENTS);
  });
});

describe('expandEvents', () => {
  it('expands groups and *, keeps the table order, drops repeats', () => {
    expect(expandEvents('--events', 'trip.*')).toEqual(['trip.created', 'trip.updated', 'trip.cancelled', 'trip.completed']);
    expect(expandEvents('--events', ['payment.updated, booking.approved', 'booking.approved', 'PAYMENT.*'])).toEqual([
      'booking.approved',
      'payment.updated',
    ]);
    expect(expandEvents('--events', '*')).toEqual(SUBSCRIBABLE_EVENTS);
    expect(SUBSCRIBABLE_EVENTS).toHaveLength(15);
    expect(SUBSCRIBABLE_EVENTS).not.toContain('webhook.test');
    expect(EVENTS.map((e) => e.name)).toContain('webhook.test');
  });

  it('refuses webhook.test, unknown names, unknown groups and an empty list', () => {
    expect(() => expandEvents('--events', 'booking.*,webhook.test')).toThrow(/webhook\.test cannot be subscribed/);
    expect(() => expandEvents('--events', 'webhook.*')).toThrow(/unknown event 'webhook\.\*'/);
    expect(() => expandEvents('--events', 'booking.approve,trips.*')).toThrow(/unknown events 'booking\.approve', 'trips\.\*'/);
    expect(() => expandEvents('--events', ' , ')).toThrow(/at least one event/);
  });
});

describe('endpointUrl', () => {
  it('takes HTTPS up to 2048 characters, and http:// on loopback only', () => {
    expect(endpointUrl('--url', 'https://hooks.example.com/x')).toBe('https://hooks.example.com/x');
    const longest = `https://h.example/${'a'.repeat(2048 - 'https://h.example/'.length)}`;
    expect(endpointUrl('--url', longest)).toBe(longest);
    expect(() => endpointUrl('--url', `${longest}a`)).toThrow(/at most 2048/);
    expect(endpointUrl('--url', 'http://127.0.0.1:4242/')).toBe('http://127.0.0.1:4242/');
    expect(endpointUrl('--url', 'http://localhost:4242/')).toBe('http://localhost:4242/');
    expect(() => endpointUrl('--url', 'http://10.0.0.1/')).toThrow(/must use https/);
    expect(() => endpointUrl('--url', 'ftp://h.example/')).toThrow(/https/);
    expect(() => endpointUrl('--url', 'https://user:pw@h.example/')).toThrow(/user name or password/);
  });
});
