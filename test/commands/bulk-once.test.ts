// One command, one write per object: ids in bulk are resolved first (a start, a ticket's printed
// code, a whole id in any case), then each booking is sent once, and the repeats said once on
// stderr. A start of no id is that id's own failure (its line, the rest sent, exit 5), as a whole
// id the service does not know is; a start two ids share is a usage error, nothing sent.
import { rmSync } from 'node:fs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess, testContext, type TestContextOptions } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { newTrip, sandboxApi, startCheckedSandbox, type Sandbox } from '../support/sandbox.js';
import { type ScriptedServer, startScriptedServer } from '../support/scripted-server.js';
import { protectedConfig } from './protected-support.js';

describe('bulk ids against the sandbox', () => {
  let sandbox: Sandbox;
  let configDir: string;
  let tripId: string;
  let phone = 4_130_000;
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0 });
    configDir = protectedConfig(sandbox.baseUrl, sandbox.keys.full);
    tripId = (await newTrip(sandbox, { toCityId: 'aleppo', departureAt: '2027-08-01T05:00:00Z' })).id;
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(configDir, { recursive: true, force: true });
  });

  async function booking(status?: 'approved'): Promise<string> {
    const api = sandboxApi(sandbox);
    const { booking } = await api('POST', '/bookings', { tripId, seats: 1, phone: `+96394${phone++}` });
    if (status) await api('PATCH', `/bookings/${booking.id}`, { status });
    return booking.id;
  }

  async function run(argv: string[], opts: TestContextOptions = {}) {
    const t = testContext({ configDir, ...opts, env: { NO_COLOR: '1', ...opts.env } });
    const mark = sandbox.requests.length;
    try {
      const code = await t.run(['--profile', 'staging', ...argv]);
      const writes = sandbox.requests.slice(mark).filter((r) => r.method !== 'GET');
      return { code, out: t.out(), err: t.err(), writes: writes.map((r) => `${r.method} ${r.path}`) };
    } finally {
      t.cleanup();
    }
  }

  it('the same booking by its start, its ticket code and its whole id: one write, one line, said once', async () => {
    const id = await booking('approved');
    const start = id.slice(0, 8);
    const code = `QX-${start.toUpperCase()}`;
    const result = await run(['bookings', 'cancel', start, code, id.toUpperCase(), '--yes']);
    expect(result.code, result.err).toBe(0);
    expect(result.writes).toEqual([`PATCH /bookings/${id}`]);
    expect(result.out).toBe(`${id}\tcancelled\n`);
    expect(result.err).toBe(
      `named more than once, sent once: ${id} (given 3 times: ${start}, ${code}, ${id.toUpperCase()})\ncancelled 1 of 1\n`,
    );
  });

  it('a whole id given twice is sent once, and a protected profile asks about one booking', async () => {
    const [a, b] = [await booking(), await booking()];
    const prompter = new ScriptedPrompter([[/approve/, () => true]]);
    const t = testContext({ configDir, stdinIsTTY: true, stderrIsTTY: true, prompter, env: { NO_COLOR: '1' } });
    try {
      const mark = sandbox.requests.length;
      expect(await t.run(['bookings', 'approve', a!, b!, a!]), t.err()).toBe(0);
      expect(prompter.asked.map((q) => q.message)).toEqual(['LIVE · Qasioun Express — approve 2 bookings?']);
      const writes = sandbox.requests.slice(mark).filter((r) => r.method === 'PATCH');
      expect(writes.map((r) => r.path)).toEqual([`/bookings/${a}`, `/bookings/${b}`]);
      expect(t.out()).toBe(`${a}\tapproved\n${b}\tapproved\n`);
      expect(t.err()).toContain(`named more than once, sent once: ${a} (given 2 times)\n`);
      expect(t.err()).toContain('approved 2 of 2\n');
    } finally {
      t.cleanup();
    }
  });

  it('a start of no id is its own line, as an unknown whole id is: the rest sent, exit 5', async () => {
    for (const unknown of ['00000000', '00000000-0000-4000-8000-000000000000']) {
      const id = await booking();
      const result = await run(['bookings', 'approve', id, unknown]);
      expect(result.code, result.err).toBe(5);
      expect(result.writes).toContain(`PATCH /bookings/${id}`);
      const lines = result.out.trim().split('\n');
      expect(lines[0]).toBe(`${id}\tapproved`);
      expect(lines[1]).toMatch(new RegExp(`^${unknown}\terror\t.+`));
      expect(result.err).toContain(`tripctl: ${unknown}: `);
      expect(result.err.trim().split('\n').at(-1)).toBe('approved 1 of 2; 1 failed');
    }
    // Its own line in input order, first too; never a request for it.
    const id = await booking();
    const result = await run(['bookings', 'approve', '00000000', id, '-o', 'json']);
    expect(result.code, result.err).toBe(5);
    expect(result.writes).toEqual([`PATCH /bookings/${id}`]);
    const [first, second] = JSON.parse(result.out);
    expect(first).toEqual({ id: '00000000', outcome: 'error', ok: false, exitCode: 5, error: 'no booking id starts with 00000000' });
    expect(second).toMatchObject({ id, ok: true });
  });
});

describe('a start two bookings share, among other ids', () => {
  let server: ScriptedServer;
  afterEach(async () => {
    await server.close();
  });

  it('is exit 2 naming the candidates, and nothing is sent', async () => {
    server = await startScriptedServer();
    const a = '6ea9ad0c-336f-4a71-9db6-0725e6042134';
    const b = '6ea9ad0c-99aa-4bbb-8ccc-0123456789ab';
    const other = '11111111-2222-4333-8444-555555555555';
    server.on('GET /bookings', {
      body: { bookings: [{ id: a }, { id: b }, { id: other }], meta: { page: 1, perPage: 100, total: 3, lastPage: 1 } },
    });
    const { code, stderr } = await runInProcess(['bookings', 'approve', other, '00000000', '6ea9ad0c'], {
      env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_ids_000000000000' },
    });
    expect(code).toBe(2);
    expect(stderr).toContain(`bookingId '6ea9ad0c' is the start of 2 booking ids: ${a}, ${b}`);
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});
