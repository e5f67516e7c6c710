// Protected profiles against the sandbox: reads untouched, writes refused without --yes off a
// terminal and asked about (once, naming the profile and the company) on one; protect, unprotect,
// imports, the boarding station and the inbox; the sandbox's own profile never protected; login
// caches the company's name. The whole-tree proof is protected-tree.test.ts.
import { join } from 'node:path';
import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { startSandbox } from '../../src/sandbox/index.js';
import { testContext, type TestContextOptions } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { protectedConfig, UUID } from './protected-support.js';
import { newTrip, sandboxApi, startCheckedSandbox } from '../support/sandbox.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

describe('protected profiles against the sandbox', () => {
  let sandbox: Sandbox;
  let configDir: string;
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0 });
    configDir = protectedConfig(sandbox.baseUrl, sandbox.keys.full);
  });
  afterAll(async () => {
    await sandbox?.close();
    rmSync(configDir, { recursive: true, force: true });
  });

  async function run(argv: string[], opts: TestContextOptions = {}) {
    const t = testContext({ configDir, ...opts, env: { NO_COLOR: '1', ...opts.env } });
    const mark = sandbox.requests.length;
    const code = await t.run(argv);
    return { code, out: t.out(), err: t.err(), requests: sandbox.requests.slice(mark) };
  }

  async function requestedIds(count: number): Promise<string[]> {
    const { out } = await run([
      '--profile',
      'staging',
      'bookings',
      'list',
      '--status',
      'requested',
      '-o',
      'ids',
      '--per-page',
      String(count),
    ]);
    const ids = out.trim().split('\n').filter(Boolean);
    expect(ids.length).toBe(count);
    return ids;
  }

  it('reads are unaffected: no question, no extra request', async () => {
    for (const argv of [
      ['trips', 'list'],
      ['bookings', 'list', '--status', 'requested'],
      ['company', 'get'],
      ['auth', 'status'],
    ]) {
      const prompter = new ScriptedPrompter([]);
      const guarded = await run(argv, { stdinIsTTY: true, stderrIsTTY: true, prompter });
      const plain = await run(['--profile', 'staging', ...argv]);
      expect(guarded.code, guarded.err).toBe(0);
      expect(prompter.asked).toEqual([]);
      expect(guarded.requests.map((r) => `${r.method} ${r.path}`)).toEqual(plain.requests.map((r) => `${r.method} ${r.path}`));
    }
  });

  it('profiles list and auth status show the protection', async () => {
    const list = await run(['profiles', 'list']);
    expect(list.out).toMatch(/^live\ttrue\t\S+\tsk_test_…\w{4}\ttrue$/m);
    expect(list.out).toMatch(/^staging\tfalse\t.*\tfalse$/m);
    const status = await run(['auth', 'status']);
    expect(status.out).toMatch(/^Protected\ttrue$/m);
  });

  it('without a terminal a write needs --yes; with it, the write goes through', async () => {
    const [id] = await requestedIds(1);
    const refused = await run(['bookings', 'approve', id!]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/needs --yes/);
    expect(refused.requests).toEqual([]);
    const confirmed = await run(['bookings', 'approve', id!, '--yes']);
    expect(confirmed.code, confirmed.err).toBe(0);
    expect(confirmed.out).toBe(`${id}\tapproved\n`);
  });

  it('at a terminal it asks once, naming the profile, the company and the count; no sends nothing', async () => {
    const ids = await requestedIds(3);
    const no = new ScriptedPrompter([[/.*/, () => false]]);
    const declined = await run(['bookings', 'approve', ...ids], { stdinIsTTY: true, stderrIsTTY: true, prompter: no });
    expect(no.asked).toEqual([{ kind: 'confirm', message: 'LIVE · Qasioun Express — approve 3 bookings?' }]);
    expect(declined.code).toBe(130);
    expect(declined.requests).toEqual([]);
    const yes = new ScriptedPrompter([[/.*/, () => true]]);
    const approved = await run(['bookings', 'approve', ...ids], { stdinIsTTY: true, stderrIsTTY: true, prompter: yes });
    expect(yes.asked).toHaveLength(1);
    expect(approved.code, approved.err).toBe(0);
    expect(approved.requests.filter((r) => r.method === 'PATCH')).toHaveLength(3);
  });

  it('a destructive verb asks one question, not two', async () => {
    const prompter = new ScriptedPrompter([[/.*/, () => false]]);
    const result = await run(['webhooks', 'delete', UUID], { stdinIsTTY: true, stderrIsTTY: true, prompter });
    expect(result.code).toBe(130);
    expect(prompter.asked).toHaveLength(1);
    expect(prompter.asked[0]!.message).toMatch(/^LIVE · Qasioun Express — delete /);
  });

  it("a trip cancel's one protected question lists the passengers it affects, as the unprotected one does", async () => {
    const trip = await newTrip(sandbox, { toCityId: 'latakia', departureAt: '2027-08-03T05:00:00Z' });
    await sandboxApi(sandbox)('POST', '/bookings', { tripId: trip.id, seats: 2, phone: '+963944130701', fullName: 'Sara Barakat' });
    const asked = async (profile: string) => {
      const prompter = new ScriptedPrompter([[/.*/, () => false]]);
      const result = await run(['--profile', profile, 'trips', 'cancel', trip.id.slice(0, 8)], {
        stdinIsTTY: true,
        stderrIsTTY: true,
        prompter,
      });
      expect(result.code, result.err).toBe(130);
      expect(result.requests.filter((r) => r.method !== 'GET')).toEqual([]);
      expect(prompter.asked).toHaveLength(1);
      return { question: prompter.asked[0]!.message, listed: result.err.split('\n').filter((line) => line.includes('passenger')) };
    };
    const plain = await asked('staging');
    const guarded = await asked('live');
    expect(guarded.question).toMatch(/^LIVE · Qasioun Express — cancel the trip Damascus → Latakia/);
    expect(plain.listed).toEqual(['  passenger  Sara Barakat +963944130701, 2 seats, requested']);
    expect(guarded.listed).toEqual(plain.listed);
  });

  it('a verb that asks for what is missing reviews the request with the one protected question', async () => {
    const { out } = await run(['--profile', 'staging', 'trips', 'list', '--status', 'published', '-o', 'ids', '--limit', '1']);
    const prompter = new ScriptedPrompter([
      [/phone/i, () => '+963944000111'],
      [/^Seats/i, () => '1'],
      [/^Full name/i, () => ''],
      [/^LIVE · Qasioun Express — send this\?$/, () => true],
    ]);
    const result = await run(['bookings', 'create', '--trip', out.trim()], { stdinIsTTY: true, stderrIsTTY: true, prompter });
    expect(result.code, result.err).toBe(0);
    expect(prompter.asked.filter((q) => q.kind === 'confirm').map((q) => q.message)).toEqual(['LIVE · Qasioun Express — send this?']);
    expect(result.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
  });

  it('imports: a dry run needs no --yes; a real one does, and asks with the count at a terminal', async () => {
    const { out } = await run(['--profile', 'staging', 'trips', 'list', '--status', 'published', '-o', 'ids', '--limit', '1']);
    const trip = out.trim();
    const file = join(configDir, 'bookings.csv');
    writeFileSync(file, `trip,seats,phone\n${trip},1,+963944000201\n${trip},1,+963944000202\n`);
    const dry = await run(['bookings', 'create', '--from-file', file, '--dry-run']);
    expect(dry.code, dry.err).toBe(0);
    expect(dry.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    const refused = await run(['bookings', 'create', '--from-file', file]);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/profile 'live' is protected/);
    expect(refused.requests).toEqual([]);
    const prompter = new ScriptedPrompter([[/.*/, () => false]]);
    const declined = await run(['bookings', 'create', '--from-file', file], { stdinIsTTY: true, stderrIsTTY: true, prompter });
    expect(prompter.asked.map((q) => q.message)).toEqual([`LIVE · Qasioun Express — send 2 rows of ${file} (POST /bookings)?`]);
    expect(declined.code).toBe(130);
    expect(declined.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('the boarding station and the inbox ask once, before they start', async () => {
    const { out } = await run(['--profile', 'staging', 'trips', 'list', '--status', 'published', '-o', 'ids', '--limit', '1']);
    const board = new ScriptedPrompter([[/.*/, () => false]]);
    const boarding = await run(['trips', 'board', out.trim()], { stdinIsTTY: true, stderrIsTTY: true, prompter: board, openStdin: true });
    expect(board.asked.map((q) => q.message)).toEqual([expect.stringMatching(/^LIVE · Qasioun Express — board passengers on .+\?$/)]);
    expect(boarding.code).toBe(130);
    expect(boarding.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    const triage = new ScriptedPrompter([[/.*/, () => false]]);
    const inbox = await run(['bookings', 'inbox'], { stdinIsTTY: true, stderrIsTTY: true, prompter: triage, openStdin: true });
    expect(triage.asked.map((q) => q.message)).toEqual([
      expect.stringMatching(/^LIVE · Qasioun Express — approve or reject \d+ requested bookings?\?$/),
    ]);
    expect(inbox.code).toBe(130);
    expect(inbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('on a colour terminal the profile and company stand out in white on red', async () => {
    const prompter = new ScriptedPrompter([[/.*/, () => false]]);
    await run(['bookings', 'approve', UUID], { stdinIsTTY: true, stderrIsTTY: true, prompter, env: { NO_COLOR: undefined } });
    expect(prompter.asked[0]!.message).toBe('\x1b[1m\x1b[37m\x1b[41m LIVE · Qasioun Express \x1b[49m\x1b[39m\x1b[22m — approve 1 booking?');
    // FORCE_COLOR=0, the other common way to say no colour, is heard as NO_COLOR is (one rule: Context.colorOn).
    const plain = new ScriptedPrompter([[/.*/, () => false]]);
    await run(['bookings', 'approve', UUID], {
      stdinIsTTY: true,
      stderrIsTTY: true,
      prompter: plain,
      env: { NO_COLOR: undefined, FORCE_COLOR: '0' },
    });
    expect(plain.asked[0]!.message).toBe('LIVE · Qasioun Express — approve 1 booking?');
  });

  it('protect and unprotect', async () => {
    expect((await run(['profiles', 'unprotect', 'live'])).code).toBe(0);
    const [id] = await requestedIds(1);
    expect((await run(['bookings', 'reject', id!])).code).toBe(0);
    expect((await run(['profiles', 'protect', 'live'])).code).toBe(0);
    expect((await run(['bookings', 'cancel', id!])).code).toBe(2);
    expect((await run(['profiles', 'protect', 'nosuch'])).code).toBe(2);
  });
});

describe('the sandbox profile', () => {
  it('is never protected by `tripctl sandbox`', async () => {
    const controller = new AbortController();
    const t = testContext({ signal: controller.signal, stdinIsTTY: true, stderrIsTTY: true, prompter: new ScriptedPrompter([]) });
    const running = t.run(['sandbox', '--port', '0']);
    while (!t.err().includes("Saved profile 'sandbox'")) await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    expect(await running).toBe(0);
    const profile = t.ctx.config.read().profiles.sandbox!;
    expect(profile.apiKey).toMatch(/^sk_test_/);
    expect(profile.protected).toBeUndefined();
    t.cleanup();
  });
});

describe('auth login offers protection for a real service only', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startCheckedSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('never for a loopback URL (the sandbox), and caches the company name', async () => {
    // The zone is shown (Enter keeps it); protection is never offered.
    const prompter = new ScriptedPrompter([[/^Time zone for local times/, () => '']]);
    const t = testContext({ env: { TRIPCTL_API_KEY: sandbox.keys.full }, stdinIsTTY: true, stderrIsTTY: true, prompter });
    expect(await t.run(['--profile', 'sandbox', '--base-url', sandbox.baseUrl, 'auth', 'login'])).toBe(0);
    expect(prompter.asked.map((q) => q.kind)).toEqual(['input']);
    const profile = t.ctx.config.read().profiles.sandbox!;
    expect(profile.protected).toBeUndefined();
    expect(profile.companyName).toBe('Qasioun Express');
    t.cleanup();
  });
});
