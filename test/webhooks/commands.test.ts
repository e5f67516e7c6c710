// The webhook verbs in-process against a scripted service: validation before any request, the
// secret kept in the profile (0600) and forgotten on delete. The listener's command is in
// listen-command.test.ts.
import { stat } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ScriptedServer } from '../support/scripted-server.js';
import { testContext, type TestContext } from '../support/context.js';

const ID = '6c0c0c0c-1111-4222-8333-444444444444';
const SECRET = 'whsec_created_secret_abcdefghijklmnop';

let server: ScriptedServer;
let contexts: TestContext[];

beforeEach(async () => {
  server = await new ScriptedServer().start();
  contexts = [];
});

afterEach(async () => {
  await server.close();
  for (const t of contexts) t.cleanup();
});

function context(opts: { signal?: AbortSignal; configDir?: string; env?: Record<string, string> } = {}): TestContext {
  const t = testContext({
    env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_commandtestkey', ...opts.env },
    signal: opts.signal,
    configDir: opts.configDir,
  });
  contexts.push(t);
  return t;
}

function configOf(t: TestContext): { profiles: Record<string, { webhookSecrets?: Record<string, string> }> } {
  return JSON.parse(readFileSync(join(t.configDir, 'config.json'), 'utf8'));
}

describe('webhooks create', () => {
  it('refuses a bad URL or event list before sending anything', async () => {
    const cases: Array<[string[], RegExp]> = [
      [['--url', 'http://hooks.example.com/x', '--events', 'booking.*'], /must use https/],
      [['--url', `https://hooks.example.com/${'a'.repeat(2048)}`, '--events', 'booking.*'], /at most 2048/],
      [['--url', 'not a url', '--events', 'booking.*'], /not a URL/],
      [['--url', 'https://hooks.example.com/x', '--events', 'booking.*,webhook.test'], /webhook\.test cannot be subscribed/],
      [['--url', 'https://hooks.example.com/x', '--events', 'booking.approve'], /unknown event 'booking.approve'/],
      [['--url', 'https://hooks.example.com/x', '--events', 'invoice.*'], /unknown event 'invoice.\*'/],
    ];
    for (const [args, message] of cases) {
      const t = context();
      expect(await t.run(['webhooks', 'create', ...args])).toBe(2);
      expect(t.err()).toMatch(message);
    }
    expect(server.requests).toHaveLength(0);
  });

  it('sends the events as written, prints the secret once and keeps it in the profile file (0600)', async () => {
    server.on('POST /webhooks', {
      status: 201,
      body: { endpoint: { id: ID, url: 'https://hooks.example.com/x', events: ['booking.approved'], active: true }, secret: SECRET },
    });
    const t = context();
    expect(
      await t.run(['webhooks', 'create', '--url', 'https://hooks.example.com/x', '--events', 'booking.*', '--events', 'trip.cancelled']),
    ).toBe(0);
    server.assertAllUsed();
    expect(JSON.parse(server.requests[0]!.body)).toEqual({
      url: 'https://hooks.example.com/x',
      events: ['booking.*', 'trip.cancelled'],
    });
    expect(t.out()).toContain(`SECRET\t${SECRET}`);
    expect(t.err()).not.toContain(SECRET);
    expect(t.err()).toContain(`tripctl webhooks secret ${ID}`);
    expect(configOf(t).profiles.default!.webhookSecrets).toEqual({ [ID]: SECRET });
    expect((await stat(join(t.configDir, 'config.json'))).mode & 0o777).toBe(0o600);

    const again = context({ configDir: t.configDir });
    expect(await again.run(['webhooks', 'secret', ID])).toBe(0);
    expect(again.out()).toBe(`${SECRET}\n`);
  });

  it('allows plain http:// for loopback hosts (the sandbox)', async () => {
    server.on('POST /webhooks', {
      status: 201,
      body: { endpoint: { id: ID, url: 'http://127.0.0.1:9/x', events: ['trip.created'], active: true }, secret: SECRET },
    });
    const t = context();
    expect(await t.run(['webhooks', 'create', '--url', 'http://127.0.0.1:9/x', '--events', 'trip.created', '-o', 'json'])).toBe(0);
    expect(JSON.parse(t.out())).toMatchObject({ secret: SECRET, endpoint: { id: ID } });
  });
});

describe('webhooks update, delete, secret, deliveries, events', () => {
  it('update --pause sends active false; --pause with --resume, or nothing, is a usage error', async () => {
    server.on(`PATCH /webhooks/${ID}`, {
      body: { endpoint: { id: ID, url: 'https://h.example/x', events: ['trip.created'], active: false } },
    });
    const t = context();
    expect(await t.run(['webhooks', 'update', ID, '--pause', '--events', 'trip.created'])).toBe(0);
    expect(JSON.parse(server.requests[0]!.body)).toEqual({ events: ['trip.created'], active: false });
    expect(t.out()).toContain('ACTIVE\tfalse');
    const both = context();
    expect(await both.run(['webhooks', 'update', ID, '--pause', '--resume'])).toBe(2);
    const none = context();
    expect(await none.run(['webhooks', 'update', ID])).toBe(2);
    expect(server.requests).toHaveLength(1);
  });

  it('delete needs --yes without a terminal, then deletes and forgets the kept secret', async () => {
    server.on('POST /webhooks', {
      status: 201,
      body: { endpoint: { id: ID, url: 'https://h.example/x', events: ['trip.created'] }, secret: SECRET },
    });
    server.on(`DELETE /webhooks/${ID}`, { status: 204 });
    const t = context();
    expect(await t.run(['webhooks', 'create', '--url', 'https://h.example/x', '--events', 'trip.created'])).toBe(0);
    const refused = context({ configDir: t.configDir });
    expect(await refused.run(['webhooks', 'delete', ID])).toBe(2);
    expect(refused.err()).toMatch(/--yes/);
    expect(server.requestsTo(`DELETE /webhooks/${ID}`)).toHaveLength(0);
    const yes = context({ configDir: t.configDir });
    expect(await yes.run(['webhooks', 'delete', ID, '--yes'])).toBe(0);
    expect(yes.err()).toMatch(/forgot its kept secret/);
    expect(configOf(t).profiles.default!.webhookSecrets).toEqual({});
    const gone = context({ configDir: t.configDir });
    expect(await gone.run(['webhooks', 'secret', ID])).toBe(5);
    server.assertAllUsed();
  });

  it("deliveries print attempt, its status and the delivery's, response, latency, time and the next attempt", async () => {
    server.on(`GET /webhooks/${ID}/deliveries`, {
      body: {
        deliveries: [
          {
            id: 'dlv_2',
            endpointId: ID,
            eventId: 'evt_1',
            event: 'booking.approved',
            attempt: 2,
            status: 'succeeded',
            deliveryStatus: 'succeeded',
            nextAttemptAt: null,
            responseStatus: 200,
            durationMs: 14,
            attemptedAt: '2026-08-21T10:00:10.000Z',
            error: null,
          },
          {
            id: 'dlv_1',
            endpointId: ID,
            eventId: 'evt_1',
            event: 'booking.approved',
            attempt: 1,
            status: 'failed',
            deliveryStatus: 'succeeded',
            nextAttemptAt: null,
            responseStatus: 500,
            durationMs: 9,
            attemptedAt: '2026-08-21T10:00:00.000Z',
            error: 'HTTP 500',
          },
        ],
      },
    });
    const t = context();
    expect(await t.run(['webhooks', 'deliveries', ID])).toBe(0);
    expect(t.out().split('\n').filter(Boolean)).toEqual([
      'evt_1\tbooking.approved\t2\tsucceeded\tsucceeded\t200\t14\t2026-08-21T10:00:10.000Z\t\t',
      'evt_1\tbooking.approved\t1\tfailed\tsucceeded\t500\t9\t2026-08-21T10:00:00.000Z\t\tHTTP 500',
    ]);
  });

  it('events lists every name locally, webhook.test not subscribable', async () => {
    const t = context();
    expect(await t.run(['webhooks', 'events'])).toBe(0);
    const lines = t.out().split('\n').filter(Boolean);
    expect(lines).toHaveLength(16);
    expect(lines).toContain('webhook.test\tfalse\ttest ping (`webhooks test ID`); sent on request, cannot be subscribed to');
    expect(lines[0]).toMatch(/^booking\.created\ttrue\t/);
    expect(server.requests).toHaveLength(0);
  });
});
