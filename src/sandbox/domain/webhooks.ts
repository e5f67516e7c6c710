// Webhook endpoints: the URL rule (https, or http to a loopback host; the length limit on the URL
// as stored), the events list (names or groups; webhook.test refused), and matching at delivery.
import { randomBytes } from 'node:crypto';

import { isLoopbackHost } from '../../client/url.js';
import type { WebhookEndpointRecord } from '../contracts.js';
import { conflict, invalid } from './errors.js';
import { EVENT_GROUPS, SUBSCRIBABLE } from './event-names.js';
import type { Core } from './model.js';
import { has, own, stamp } from './rules.js';
import type { CompanyRec } from './state.js';

const MAX_URL_LENGTH = 2048;

export function checkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('invalid_url', `url is not a URL: ${value.slice(0, 80)}`, 'url');
  }
  // The limit applies to the URL as stored: normalising percent-encodes non-ASCII characters,
  // which can make a URL several times longer than the one sent.
  if (url.href.length > MAX_URL_LENGTH) {
    throw invalid(
      'url_too_long',
      `url is ${url.href.length} characters once normalised (non-ASCII characters percent-encoded); the limit is ${MAX_URL_LENGTH}`,
      'url',
    );
  }
  if (url.protocol === 'https:') return url.href;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url.href;
  if (url.protocol === 'http:')
    throw invalid(
      'invalid_url',
      `url must use https (plain http is allowed only to loopback hosts in the sandbox): ${value.slice(0, 80)}`,
      'url',
    );
  throw invalid('invalid_url', `url must be an https URL, not ${url.protocol}`, 'url');
}

export function checkEvents(events: string[]): string[] {
  for (const [i, event] of events.entries()) {
    if (event === 'webhook.test')
      throw invalid(
        'webhook_test_not_subscribable',
        `events[${i}]: webhook.test cannot be subscribed to; POST /webhooks/{endpointId}/test sends it`,
        `events[${i}]`,
      );
    if (!(SUBSCRIBABLE as readonly string[]).includes(event) && !(EVENT_GROUPS as readonly string[]).includes(event)) {
      throw invalid(
        'invalid_event',
        `events[${i}]: '${event}' is not an event name (${SUBSCRIBABLE.join(', ')}) or group (${EVENT_GROUPS.join(', ')})`,
        `events[${i}]`,
      );
    }
  }
  return [...new Set(events)];
}

/** Whether an endpoint's events list covers an event (names or groups such as booking.*). */
export function subscribes(events: string[], event: string): boolean {
  return events.some((e) => e === event || (e.endsWith('.*') && event.startsWith(e.slice(0, -1))));
}

export function createEndpoint(core: Core, company: CompanyRec, fields: Record<string, unknown>): WebhookEndpointRecord {
  const endpoint = {
    id: core.newId(),
    companyId: company.id,
    url: checkUrl(fields.url as string),
    events: checkEvents(fields.events as string[]),
    active: (fields.active as boolean | undefined) ?? true,
    secret: `whsec_${randomBytes(24).toString('base64url')}`,
    createdAt: stamp(core),
  };
  core.state.webhooks.push(endpoint);
  return endpoint;
}

export function changeEndpoint(
  core: Core,
  company: CompanyRec,
  endpointId: string,
  fields: Record<string, unknown>,
): WebhookEndpointRecord {
  const e = own(core.state.webhooks, endpointId, company, 'webhook endpoint');
  const url = has(fields, 'url') ? checkUrl(fields.url as string) : e.url;
  const events = has(fields, 'events') ? checkEvents(fields.events as string[]) : e.events;
  e.url = url;
  e.events = events;
  if (has(fields, 'active')) e.active = fields.active as boolean;
  return e;
}

/** An endpoint a test may go to: active (a paused one gets nothing). */
export function testableEndpoint(core: Core, company: CompanyRec, endpointId: string): WebhookEndpointRecord {
  const e = own(core.state.webhooks, endpointId, company, 'webhook endpoint');
  if (!e.active) throw conflict('endpoint_paused', `webhook endpoint ${e.id} is paused; resume it (active: true) before sending a test`);
  return e;
}
