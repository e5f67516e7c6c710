// Route rows of one resource: each operation's scope, status, parameters, bodies, response and a
// handler that reads the request, calls the domain layer (../domain/) and shapes the answer.
import { shape, str } from '../openapi/json-schema.js';
import { EVENT_GROUPS } from '../openapi/resources.js';
import { Delivery, WebhookEndpoint } from '../openapi/event-schemas.js';
import { bodies } from '../openapi/bodies.js';
import { endpointView } from '../domain/model.js';
import { newest, own } from '../domain/rules.js';
import { list, one } from './common.js';
import type { Route } from './route.js';
import { changeEndpoint, createEndpoint, testableEndpoint } from '../domain/webhooks.js';

export const WEBHOOK_ROUTES: Route[] = [
  {
    operationId: 'listWebhookEndpoints',
    method: 'GET',
    path: '/webhooks',
    scope: 'webhooks.read',
    tag: 'webhooks',
    status: 200,
    summary: 'Every endpoint, newest first, no pagination; secrets never included',
    response: list('endpoints', WebhookEndpoint),
    handler: ({ core, company }) => ({
      json: {
        endpoints: core.state.webhooks
          .filter((e) => e.companyId === company.id)
          .sort(newest)
          .map(endpointView),
      },
    }),
  },
  {
    operationId: 'createWebhookEndpoint',
    method: 'POST',
    path: '/webhooks',
    scope: 'webhooks.write',
    tag: 'webhooks',
    status: 201,
    summary: 'Create an endpoint; the signing secret is in this answer only',
    description: `url: https (plain http:// only to loopback hosts, sandbox only), at most 2048 characters. events: names or groups (${EVENT_GROUPS.join(', ')}), kept as written and matched at delivery; duplicates dropped; webhook.test is refused (422 webhook_test_not_subscribable). secret: whsec_ followed by 32 base64url characters.`,
    body: bodies.webhook(true),
    response: shape({ endpoint: WebhookEndpoint, secret: str({ pattern: '^whsec_[A-Za-z0-9_-]{32}$' }) }),
    errors: { 422: ['invalid_url', 'url_too_long', 'invalid_event', 'webhook_test_not_subscribable'] },
    handler: ({ core, company, body }) => {
      const endpoint = createEndpoint(core, company, body);
      return { status: 201, json: { endpoint: endpointView(endpoint), secret: endpoint.secret } };
    },
  },
  {
    operationId: 'updateWebhookEndpoint',
    method: 'PATCH',
    path: '/webhooks/{endpointId}',
    scope: 'webhooks.write',
    tag: 'webhooks',
    status: 200,
    summary: 'Change url, events (replaces the list) or active',
    body: bodies.webhook(false),
    response: one('endpoint', WebhookEndpoint),
    errors: { 422: ['invalid_url', 'url_too_long', 'invalid_event', 'webhook_test_not_subscribable'] },
    handler: ({ core, company, params, body }) => ({
      json: { endpoint: endpointView(changeEndpoint(core, company, params.endpointId!, body)) },
    }),
  },
  {
    operationId: 'deleteWebhookEndpoint',
    method: 'DELETE',
    path: '/webhooks/{endpointId}',
    scope: 'webhooks.write',
    tag: 'webhooks',
    status: 200,
    summary: 'Delete an endpoint: no further deliveries',
    description: 'Answers 200 with the endpoint as it was (no secret); afterwards it is gone (404).',
    response: one('endpoint', WebhookEndpoint),
    handler: ({ core, company, params }) => {
      const e = own(core.state.webhooks, params.endpointId!, company, 'webhook endpoint');
      core.state.webhooks.splice(core.state.webhooks.indexOf(e), 1);
      return { json: { endpoint: endpointView(e) } };
    },
  },
  {
    operationId: 'testWebhookEndpoint',
    method: 'POST',
    path: '/webhooks/{endpointId}/test',
    scope: 'webhooks.write',
    tag: 'webhooks',
    status: 202,
    summary: 'Queue a webhook.test delivery to an active endpoint',
    description:
      'Answers 202 {delivery: {status: queued, eventId, event}}; the attempts appear under …/deliveries. The endpoint need not subscribe to anything, but a paused one is refused (409 endpoint_paused). Retries follow the usual schedule and stop when the endpoint is paused or deleted.',
    decision:
      "Refusing a paused endpoint (409 endpoint_paused) and answering 202 with the queued delivery are the sandbox's: partner-api.md says only that the test queues a webhook.test delivery.",
    errors: { 409: ['endpoint_paused'] },
    response: shape({ delivery: shape({ status: str({ const: 'queued' }), eventId: str(), event: str({ const: 'webhook.test' }) }) }),
    handler: ({ core, company, params }) => {
      const envelope = core.dispatcher.test(testableEndpoint(core, company, params.endpointId!));
      return { status: 202, json: { delivery: { status: 'queued', eventId: envelope.id, event: envelope.event } } };
    },
  },
  {
    operationId: 'listWebhookDeliveries',
    method: 'GET',
    path: '/webhooks/{endpointId}/deliveries',
    scope: 'webhooks.read',
    tag: 'webhooks',
    status: 200,
    summary: 'Delivery attempts to the endpoint, newest first (kept in memory while the sandbox runs)',
    response: list('deliveries', Delivery),
    handler: ({ core, company, params }) => {
      const e = own(core.state.webhooks, params.endpointId!, company, 'webhook endpoint');
      return { json: { deliveries: core.dispatcher.deliveriesOf(e.id) } };
    },
  },
];
