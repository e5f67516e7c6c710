// A write the service applied whose answer was lost (the connection reset after the service
// acted): the retry meets the state the first try made, and the command says it is done (exit 0),
// never "not found" (5) or "refused" (6). Where the retry's refusal cannot be told from a failure,
// exit 7 says the service may have applied it and how to check. A scripted server stands between
// tripctl and a real sandbox: it relays each request, and for the first try of the write it lets
// the sandbox apply it, then resets the connection instead of answering.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAST_BACKOFF, testContext } from '../support/context.js';
import { newTrip, type Sandbox, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';
import { type RecordedRequest, type ScriptedServer, type Step, startScriptedServer } from '../support/scripted-server.js';

let sandbox: Sandbox;
let api: ReturnType<typeof sandboxApi>;
let server: ScriptedServer;

beforeAll(async () => {
  sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001 });
  api = sandboxApi(sandbox);
});
afterAll(async () => {
  await sandbox?.close();
});
beforeEach(async () => {
  server = await startScriptedServer();
});
afterEach(async () => {
  await server.close();
});

/** The request sent on to the sandbox, and its answer handed back as it came. */
async function relay(req: RecordedRequest): Promise<Step> {
  const res = await fetch(`${sandbox.baseUrl}${req.url.slice(server.basePath.length)}`, {
    method: req.method,
    headers: { authorization: String(req.headers.authorization), 'content-type': 'application/json' },
    body: req.body === '' ? undefined : req.body,
  });
  const text = await res.text();
  return { status: res.status, headers: { 'content-type': 'application/json' }, body: text };
}

/** The first try reaches the sandbox, which applies it; its answer is lost to a reset. */
const appliedThenReset: Step = async (req) => {
  await relay(req);
  return { kind: 'reset' };
};

async function run(argv: string[]) {
  const t = testContext({
    env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: sandbox.keys.full },
    clientOverrides: FAST_BACKOFF,
  });
  const code = await t.run(argv);
  t.cleanup();
  return { code, out: t.out(), err: t.err() };
}

async function publishedTripId(): Promise<string> {
  return (await newTrip(sandbox)).id;
}

describe('a lost answer to an applied write: the retry finds it done, exit 0', () => {
  it('trips cancel: the retry is refused (already cancelled), the trip reads back cancelled', async () => {
    const id = await publishedTripId();
    server.on(`DELETE /trips/${id}`, appliedThenReset, relay).always(`GET /trips/${id}`, relay);
    const { code, err } = await run(['trips', 'cancel', id, '--yes']);
    expect(code, err).toBe(0);
    expect(err).toMatch(new RegExp(`the answer to DELETE /trips/${id} was lost and its retry found it done: the first try was applied`));
    expect(err).toContain(`Cancelled trip ${id}.`);
    expect(server.requestsTo(`DELETE /trips/${id}`)).toHaveLength(2);
    expect((await api('GET', `/trips/${id}`)).trip.status).toBe('cancelled');
  });

  it('schedules delete: the retry answered 404 is the schedule gone', async () => {
    const { schedules } = await api('GET', '/schedules');
    const id = schedules[0].id as string;
    server.on(`DELETE /schedules/${id}`, appliedThenReset, relay);
    const { code, err } = await run(['schedules', 'delete', id, '--yes']);
    expect(code, err).toBe(0);
    expect(err).toMatch(/its retry found it gone: the first try was applied/);
    expect(server.requestsTo(`DELETE /schedules/${id}`)).toHaveLength(2);
  });

  it('webhooks delete', async () => {
    const { endpoint } = await api('POST', '/webhooks', { url: 'https://hooks.example.com/x', events: ['trip.created'] });
    server.on(`DELETE /webhooks/${endpoint.id}`, appliedThenReset, relay);
    const { code, err } = await run(['webhooks', 'delete', endpoint.id, '--yes']);
    expect(code, err).toBe(0);
    expect(err).toMatch(/its retry found it gone/);
    expect(err).toContain(`Deleted webhook endpoint ${endpoint.id}`);
  });

  it('vehicles remove', async () => {
    const { vehicle } = await api('POST', '/vehicles', { make: 'Kia', model: 'Bongo', seats: 3 });
    server.on(`DELETE /vehicles/${vehicle.id}`, appliedThenReset, relay);
    const { code, err } = await run(['vehicles', 'remove', vehicle.id, '--yes']);
    expect(code, err).toBe(0);
    expect(err).toMatch(/its retry found it gone/);
  });

  it('bookings approve: the retried PATCH refused, the booking reads back approved', async () => {
    const tripId = await publishedTripId();
    const { booking } = await api('POST', '/bookings', { tripId, seats: 1, phone: '+963944770201' });
    server.on(`PATCH /bookings/${booking.id}`, appliedThenReset, relay).always(`GET /bookings/${booking.id}`, relay);
    const { code, err, out } = await run(['bookings', 'approve', booking.id]);
    expect(code, err).toBe(0);
    expect(out).toContain(booking.id);
    expect((await api('GET', `/bookings/${booking.id}`)).booking.status).toBe('approved');
  });
});

describe('a retry refused where the first try cannot be told apart: exit 7, how to check', () => {
  it('trips cancel whose retry is refused while the trip reads back published', async () => {
    const id = await publishedTripId();
    server
      .on(`DELETE /trips/${id}`, { kind: 'reset' }, { status: 409, body: { error: `trip ${id} is locked`, code: 'locked' } })
      .always(`GET /trips/${id}`, relay);
    const { code, err } = await run(['trips', 'cancel', id, '--yes']);
    expect(code).toBe(7);
    expect(err).toMatch(
      /its retry was refused \(trip .* is locked\), which the first try may have caused; the service may have applied DELETE/,
    );
    expect(err).toMatch(new RegExp(`check with tripctl trips get ${id}`));
  });

  it('a retried DELETE refused with a 422 on an object that still stands', async () => {
    const { vehicle } = await api('POST', '/vehicles', { make: 'Kia', model: 'Rio', seats: 4 });
    server
      .on(`DELETE /vehicles/${vehicle.id}`, { kind: 'reset' }, { status: 422, body: { error: 'vehicle busy', code: 'busy' } })
      .always(`GET /vehicles/${vehicle.id}`, { status: 200, body: { vehicle } });
    const { code, err } = await run(['vehicles', 'remove', vehicle.id, '--yes']);
    expect(code).toBe(7);
    expect(err).toMatch(/may have applied DELETE \/vehicles\//);
  });
});

describe('a first try refused (a re-run) is judged by the state the write reaches, not as a lost answer', () => {
  it('a first try refused is no lost answer: a re-run on a cancelled trip is "already", never "the first try was applied"', async () => {
    const id = await publishedTripId();
    await api('DELETE', `/trips/${id}`);
    server.on(`DELETE /trips/${id}`, relay).on(`GET /trips/${id}`, relay);
    const { code, err } = await run(['trips', 'cancel', id, '--yes']);
    expect(code, err).toBe(0);
    expect(err).toMatch(new RegExp(`^Cancelled trip ${id} already: the service refused DELETE /trips/${id} \\(HTTP 409\\)`));
    expect(err).not.toMatch(/was lost|first try was applied/);
  });

  it("a first try refused while the trip reads back in another state keeps the service's refusal (exit 6)", async () => {
    const id = await publishedTripId();
    server
      .on(`DELETE /trips/${id}`, { status: 409, body: { error: `trip ${id} is locked`, code: 'locked' } })
      .on(`GET /trips/${id}`, relay);
    const { code, err } = await run(['trips', 'cancel', id, '--yes']);
    expect(code).toBe(6);
    expect(err).toMatch(/is locked/);
    expect(err).not.toMatch(/already|may have applied/);
  });
});
