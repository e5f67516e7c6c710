// The OpenAPI 3.1 document, generated from the route table: one operation per row, with its
// scope (x-scope), security, parameters, request body, success and error responses.
//
// Two forms of one document. The served form (GET /openapi.json) describes what a client may rely
// on: answers are open to fields it does not list (no additionalProperties: false), and the
// enumerations partner-api.md leaves open list their values as known (examples, x-known-values),
// not as all there can be. The strict form is what the sandbox itself answers, closed, and is
// what its contract tests check every exchange against. Both mark each sandbox decision with
// x-sandbox-decision (decisions.ts).
import { ErrorSchema } from './resources.js';
import { registry, resolve, type Schema } from './json-schema.js';
import { API_VERSION } from './resources.js';
import type { Route } from '../routes/route.js';
import { DELIVERY_RULES, webhooksSection } from './webhooks.js';
import { DECISION, markSchema, SEED_RESPONSES, STATUS_UNSHOWN_TAGS } from './decisions.js';
import { CITIES, PEOPLE, PLACES } from '../seed/seed.js';

const TAGS: Array<{ name: string; description: string }> = [
  { name: 'reference', description: 'Cities and places, and this document' },
  { name: 'company', description: "The key's company: public profile and logo" },
  { name: 'members', description: 'Owner, admins, staff and drivers; members are registered users found by phone' },
  { name: 'fleet', description: 'Vehicles' },
  { name: 'trips', description: 'Published trips: publish, change, cancel, complete, manifest' },
  { name: 'schedules', description: 'Recurring schedules that publish trips, with per-date exceptions' },
  { name: 'bookings', description: 'Seat requests and their moves: approve, reject, cancel, board, no-show, ticket' },
  { name: 'payments', description: 'Payments (read-only), invoices and payouts' },
  { name: 'reports', description: 'Dashboard, aggregated figures, file exports and reviews' },
  { name: 'webhooks', description: 'Endpoints that receive signed event deliveries, and their delivery log' },
  { name: 'events', description: 'What the sandbox POSTs to webhook endpoints (the webhooks section)' },
  { name: 'sandbox', description: 'Sandbox-only administration under /__sandbox/, no key' },
];

const person = (p: { fullName: string; phone: string }) => `${p.fullName} ${p.phone}`;

/** The demo data every start (and every reset) seeds, as the document tells it. */
export const DEMO_DATA = [
  'Demo data (the same on every start and after POST /__sandbox/reset; times relative to the clock):',
  `- Company A, Qasioun Express (the printed keys' company): owner ${person(PEOPLE.ownerA)}, admin ${person(PEOPLE.adminA)}, staff ${person(PEOPLE.staffA)}, drivers ${PEOPLE.driversA.map(person).join(', ')}; five vehicles (plates DAM-123456, DAM-204518, DAM-330127, DAM-418803, and DAM-502291 on no trip); past, running and upcoming trips on eight routes, schedules, bookings in every status, payments, payouts and reviews (some in Arabic).`,
  `- Company B, Orontes Lines (the other-company key): owner ${person(PEOPLE.ownerB)}, staff ${person(PEOPLE.staffB)}, driver ${person(PEOPLE.driverB)}; its own vehicles and trips, invisible to company A's keys.`,
  `- Registered users in no company, which POST /members finds by phone: ${PEOPLE.unaffiliated.map(person).join(', ')}. Members of the other company are registered users too; any other phone answers 422 user_not_found.`,
  `- ${CITIES.length} cities (${CITIES.map((c) => c.id).join(', ')}) and ${PLACES.length} places (P-codes SY0100…).`,
].join('\n');

const ERROR_TEXT: Record<number, string> = {
  400: 'Bad request: malformed JSON (invalid_json), a path id that is not a UUID (invalid_id)',
  401: 'Missing or invalid key (unauthorized)',
  403: 'The key lacks the scope of the operation (missing_scope)',
  404: 'Unknown id, or an id of another company (not_found): existence is never revealed',
  409: 'The state of the resource does not allow the call',
  413: 'Request body over 2 MiB (payload_too_large)',
  422: 'Validation failed: the error names the field',
};

/**
 * Answers a request can get before it reaches an operation (so no operation lists them), each an
 * Error {error, code}: the document's top-level x-request-errors.
 */
export const REQUEST_ERRORS: Record<string, { codes: string[]; description: string }> = {
  '400': {
    codes: ['malformed_url', 'bad_request'],
    description:
      'malformed_url: the path or query is not valid URL encoding (a character outside ASCII not percent-encoded, a % not followed by two hex digits, escapes that do not spell UTF-8); bad_request: not valid HTTP',
  },
  '404': {
    codes: ['not_found'],
    description: 'No operation at this path, under the base path, /__sandbox/ or anywhere else on the origin',
  },
  '405': { codes: ['method_not_allowed'], description: 'The path has operations, none with this method; the Allow header lists theirs' },
  '408': { codes: ['request_timeout'], description: 'The request did not arrive in time' },
  '431': { codes: ['headers_too_large'], description: 'The request headers are too large' },
};

/** The error codes an operation can answer, by status: the automatic ones plus the row's own. */
export function errorCodes(route: Route): Record<number, string[]> {
  const out: Record<number, Set<string>> = {};
  const add = (status: number, ...codes: string[]) => {
    out[status] ??= new Set();
    for (const c of codes) out[status]!.add(c);
  };
  const pathParams = [...route.path.matchAll(/\{(\w+)\}/g)];
  if (route.scope !== 'none') {
    add(401, 'unauthorized');
    add(403, 'missing_scope');
  }
  if (pathParams.length > 0) {
    add(400, 'invalid_id');
    add(404, 'not_found');
  }
  if (route.body) {
    add(400, 'invalid_json');
    add(413, 'payload_too_large');
    add(422, 'validation_failed');
  }
  if (route.query?.length) add(422, 'validation_failed');
  for (const [status, codes] of Object.entries(route.errors ?? {})) add(Number(status), ...(codes ?? []));
  return Object.fromEntries(Object.entries(out).map(([s, codes]) => [s, [...codes]]));
}

/** The schema as the document has it (x-pattern-message is an internal hint; x-open-enum goes when the form is chosen). */
function clean(schema: Schema): Schema {
  return JSON.parse(JSON.stringify(schema, (key, value: unknown) => (key === 'x-pattern-message' ? undefined : value))) as Schema;
}

/** The strict form: every enumeration closed, as the sandbox answers. */
function closed(document: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(document, (key, value: unknown) => (key === 'x-open-enum' ? undefined : value))) as Record<
    string,
    unknown
  >;
}

/**
 * The strict document made into the served one: no schema forbids additional properties, and an
 * open enumeration (x-open-enum) lists its values as known ones. Only schemas change.
 */
function opened(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(opened);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'additionalProperties' && value === false) continue;
    out[key] = opened(value);
  }
  if (out['x-open-enum'] === true) {
    const values = ((out.enum as unknown[] | undefined) ?? []).filter((v) => v !== null);
    delete out.enum;
    delete out['x-open-enum'];
    out.examples = values;
    out['x-known-values'] = values;
    const note = `Open: ${values.join(', ')} are the values known today; a client should accept others.`;
    out.description = typeof out.description === 'string' ? `${out.description}. ${note}` : note;
  }
  return out;
}

export type DocumentForm = 'served' | 'strict';

/** The operation's own decision, and that its success status is the sandbox's where partner-api.md shows none. */
function operationDecision(route: Route): string | undefined {
  const parts = [route.decision];
  if (STATUS_UNSHOWN_TAGS.has(route.tag))
    parts.push(`The success status (${route.status}) is the sandbox's: partner-api.md does not show it.`);
  const text = parts.filter(Boolean).join(' ');
  return text === '' ? undefined : text;
}

export function pathParamsOf(route: Route): string[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
}

export function buildOpenApi(routes: Route[], origin: string, baseUrl: string, form: DocumentForm = 'served'): Record<string, unknown> {
  const document = strictOpenApi(routes, origin, baseUrl);
  return form === 'strict' ? closed(document) : (opened(document) as Record<string, unknown>);
}

function strictOpenApi(routes: Route[], origin: string, baseUrl: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const parameters: unknown[] = [];
    for (const name of pathParamsOf(route)) {
      const p = route.pathParams?.[name];
      parameters.push({
        name,
        in: 'path',
        required: true,
        description: p?.description,
        schema: clean(p?.schema ?? { type: 'string', format: 'uuid' }),
      });
    }
    for (const p of route.query ?? []) {
      parameters.push({
        name: p.name,
        in: 'query',
        required: p.required ?? false,
        description: p.description ?? p.schema.description,
        schema: clean(p.schema),
      });
    }
    for (const p of route.headers ?? []) {
      parameters.push({ name: p.name, in: 'header', required: p.required ?? false, description: p.description, schema: clean(p.schema) });
    }
    const responses: Record<string, unknown> = {};
    if (route.files) {
      responses[String(route.status)] = {
        description: 'A file download (Content-Disposition: attachment)',
        headers: { 'Content-Disposition': { schema: { type: 'string' }, description: 'attachment; filename="…"' } },
        content: Object.fromEntries(
          route.files.map((type) => [type, { schema: { type: 'string', contentMediaType: type.split(';')[0] } }]),
        ),
      };
    } else if (route.response) {
      responses[String(route.status)] = {
        description: route.status === 201 ? 'Created' : route.status === 202 ? 'Accepted' : 'OK',
        ...(route.operationId === 'createBooking'
          ? {
              headers: {
                'Idempotent-Replayed': { schema: { type: 'string', const: 'true' }, description: 'present when the answer is a replay' },
              },
            }
          : {}),
        content: { 'application/json': { schema: clean(route.response) } },
        ...(route.admin || SEED_RESPONSES.has(route.operationId)
          ? {}
          : { [DECISION]: "The body of this answer is not shown in partner-api.md: the sandbox's." }),
      };
    } else {
      responses[String(route.status)] = { description: 'No content' };
    }
    for (const [status, codes] of Object.entries(errorCodes(route))) {
      responses[status] = {
        description: `${ERROR_TEXT[Number(status)] ?? 'Error'}. Codes: ${codes.join(', ')}`,
        'x-codes': codes,
        content: { 'application/json': { schema: ErrorSchema } },
      };
    }
    if (!Object.keys(responses).some((status) => status.startsWith('4'))) {
      // Nothing the caller sends can make these fail; the range is declared so a client knows the shape regardless.
      responses['4XX'] = {
        description: 'No client error is expected from this operation; any would have the Error shape',
        content: { 'application/json': { schema: ErrorSchema } },
      };
    }
    const operation: Record<string, unknown> = {
      operationId: route.operationId,
      summary: route.summary,
      ...(route.description ? { description: route.description } : {}),
      tags: [route.tag],
      'x-scope': route.scope,
      ...(operationDecision(route) ? { [DECISION]: operationDecision(route) } : {}),
      security: route.scope === 'none' ? [] : [{ bearerAuth: [route.scope] }],
      ...(parameters.length ? { parameters } : {}),
      ...(route.body
        ? {
            requestBody: {
              required: (resolve(route.body).required?.length ?? 0) > 0,
              content: { 'application/json': { schema: clean(route.body) } },
            },
          }
        : {}),
      responses,
    };
    const item = (paths[route.path] ??= {});
    if (route.admin) item.servers = [{ url: origin, description: 'sandbox admin routes live at the origin, not under the base path' }];
    item[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Partner Trip-Booking Service (tripctl sandbox)',
      version: API_VERSION,
      description: [
        "The partner interface as the tripctl sandbox serves it. Where partner-api.md leaves a shape unshown, this document records the sandbox's decision.",
        "Errors are {error, code} (422 adds field), whatever broke: besides each operation's own, x-request-errors lists the answers a request gets before it reaches one (400 malformed_url, 404 not_found for an unknown path, 405 method_not_allowed).",
        'Lists of trips, bookings and payments are paged: page from 1 (below 1 → 1), perPage default 25, below 1 → 25, above 100 → 100; meta {page, perPage, total, lastPage}. Other lists are whole.',
        'Unknown body fields are ignored. Ids of another company answer 404 like unknown ids. Times are ISO 8601 UTC; schedule times and dates are local to Syria (UTC+03:00).',
        'Success is 201 for POST /members, /vehicles, /trips, /schedules, /bookings and /webhooks, 202 for POST /webhooks/{endpointId}/test (queued) and for POST /__sandbox/events, and 200 for everything else — DELETE included: it answers the object as it was removed, or as it now is (a cancelled trip, the company without logo).',
        'Operations tagged sandbox exist only in the sandbox and take no key.',
        'Rate limits: none. The sandbox never answers 429 and sends no rate-limit headers (x-rate-limits).',
        `Webhook deliveries (the webhooks section, x-delivery): time-out ${DELIVERY_RULES.timeoutSeconds} s, at most ${DELIVERY_RULES.maxAttempts} attempts, waits ${DELIVERY_RULES.retryWaitsSeconds.join(', ')} s; success is any 2xx.`,
        DEMO_DATA,
      ].join('\n\n'),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    'x-rate-limits': 'none',
    [DECISION]: [
      'Decided for the whole interface where partner-api.md is silent: no rate limits (never 429); request bodies of at most 2 MiB (413 payload_too_large); unknown body fields ignored; DELETE answers 200 with the object as it was removed or now is; webhook URLs may be plain http:// to loopback hosts.',
      'Each decision of a part of the document is marked where it is, with x-sandbox-decision.',
    ].join(' '),
    'x-request-errors': Object.fromEntries(
      Object.entries(REQUEST_ERRORS).map(([status, e]) => [status, { ...e, schema: { $ref: '#/components/schemas/Error' } }]),
    ),
    'x-delivery': DELIVERY_RULES,
    servers: [{ url: baseUrl }],
    tags: TAGS,
    paths,
    webhooks: webhooksSection(),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'Authorization: Bearer sk_test_… (the sandbox prints its keys on start)',
        },
        webhookSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Service-Signature',
          description:
            'Deliveries are signed, not keyed: sha256= and the hex HMAC-SHA256 of the raw body, keyed with the endpoint secret returned once by POST /webhooks. Hash the bytes as received and compare in constant time.',
        },
      },
      schemas: Object.fromEntries([...registry.entries()].map(([name, schema]) => [name, clean(markSchema(name, schema))])),
    },
  };
}
