// Protected profiles. The guard lives in the one action wrapper every verb goes through, and this
// test proves it by walking the whole command tree: every verb runs against a protected profile
// pointed at a loopback server that records what reaches it. Without a terminal and without
// --yes, a verb that writes stops with exit 2 and sends nothing at all; at a terminal, a "no" to
// the question sends no write. Whatever a verb is, no write reaches the server unasked — so a new
// write verb that forgot to declare its calls fails here too.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { callsOf } from '../../src/cmdkit/define.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { testContext, type TestContextOptions } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

const UUID = '3f9a2b1c-4d5e-4f60-8a7b-9c0d1e2f3a4b';

/** A config dir holding one protected profile, `live`, and an unprotected `staging`. */
function protectedConfig(baseUrl: string, apiKey: string, companyName = 'Qasioun Express'): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-protected-'));
  const profile = { baseUrl, apiKey, protected: true, companyName };
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ defaultProfile: 'live', profiles: { live: profile, staging: { baseUrl, apiKey } } }), { mode: 0o600 });
  return dir;
}

interface Verb {
  path: string[];
  command: Command;
}

function leaves(command: Command, trail: string[] = [], into: Verb[] = []): Verb[] {
  for (const sub of command.commands) {
    if (sub.commands.length) leaves(sub, [...trail, sub.name()], into);
    else into.push({ path: [...trail, sub.name()], command: sub });
  }
  return into;
}

/** Plausible positional arguments: ids as UUIDs, everything else by its name. */
const ARG_VALUES: Record<string, string> = {
  method: 'POST', path: '/trips', event: 'booking.approved', seconds: '60', file: '/nonexistent/logo.png',
  key: 'output', value: 'json', name: 'live', shell: 'bash', query: 'damascus', command: 'trips',
};
/** Values for options commander requires, so the run gets as far as the guard. */
const OPTION_VALUES: Record<string, string> = {
  '--url': 'https://hooks.example.com/tripctl', '--events': 'booking.approved', '--signature': 'sha256=00', '--to': 'http://127.0.0.1:9/',
};

function argvFor({ path, command }: Verb): string[] {
  const argv = [...path];
  for (const arg of command.registeredArguments) {
    if (!arg.required && !arg.variadic) continue;
    argv.push(/Ids?$/.test(arg.name()) ? UUID : (ARG_VALUES[arg.name()] ?? 'x'));
  }
  for (const option of command.options.filter((o) => o.mandatory)) argv.push(option.long!, OPTION_VALUES[option.long!] ?? 'x');
  // A listener writes only when it registers an endpoint; a plain one would wait for Ctrl-C.
  if (path.join(' ') === 'webhooks listen') argv.push('--register', '--port', '0');
  return argv;
}

/** `sandbox start` serves until Ctrl-C and calls nothing. */
const SKIPPED = new Set(['sandbox start']);

describe('protected profiles: the whole command tree', () => {
  let server: ScriptedServer;
  let verbs: Verb[];
  beforeAll(async () => {
    server = await startScriptedServer();
    const t = testContext();
    verbs = leaves(await buildProgram(t.ctx)).filter((v) => !SKIPPED.has(v.path.join(' ')));
    t.cleanup();
  });
  afterAll(async () => {
    await server?.close();
  });

  async function runVerb(verb: Verb, opts: TestContextOptions, extra: string[] = []) {
    const configDir = protectedConfig(server.baseUrl, 'sk_test_protectedprofilekey0001');
    const t = testContext({ ...opts, configDir });
    // A download's spinner draws on a terminal's stderr: give the buffer a terminal's cursor calls.
    Object.assign(t.stderr, { cursorTo: (_x: number, done?: () => void) => (done?.(), true), clearLine: (_d: number, done?: () => void) => (done?.(), true), moveCursor: (_x: number, _y: number, done?: () => void) => (done?.(), true) });
    const mark = server.requests.length;
    try {
      const code = await t.run([...argvFor(verb), ...extra]);
      return { code, err: t.err(), requests: server.requests.slice(mark) };
    } finally {
      t.cleanup();
      rmSync(configDir, { recursive: true, force: true });
    }
  }

  const declaresWrite = (verb: Verb) => callsOf(verb.command).some((call) => !call.startsWith('GET ')) || verb.path.join(' ') === 'api';

  it('finds the write verbs by their declared calls', () => {
    const writes = verbs.filter(declaresWrite).map((v) => v.path.join(' '));
    expect(writes.length).toBeGreaterThanOrEqual(30);
    for (const verb of ['bookings approve', 'bookings no-show', 'trips publish', 'trips cancel', 'company logo set', 'webhooks create', 'schedules pause', 'api']) {
      expect(writes).toContain(verb);
    }
    expect(writes).not.toContain('trips list');
  });

  it('without a terminal, every write verb stops with exit 2 and sends nothing', async () => {
    const failures: string[] = [];
    for (const verb of verbs.filter(declaresWrite)) {
      const { code, err, requests } = await runVerb(verb, {});
      const name = argvFor(verb).join(' ');
      if (code !== 2) failures.push(`${name}: exit ${code}: ${err.trim()}`);
      else if (!/profile 'live' is protected \(LIVE · Qasioun Express\)/.test(err)) failures.push(`${name}: ${err.trim()}`);
      if (requests.length) failures.push(`${name}: sent ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`);
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('whatever the verb, no write reaches the service unconfirmed, and no read is guarded, with or without a terminal', async () => {
    const failures: string[] = [];
    for (const verb of verbs) {
      for (const tty of [false, true]) {
        const prompter = new ScriptedPrompter([[/LIVE · Qasioun Express/, () => false]]);
        const { err, requests } = await runVerb(verb, tty ? { stdinIsTTY: true, stderrIsTTY: true, prompter } : {});
        const name = `${argvFor(verb).join(' ')} (${tty ? 'terminal' : 'script'})`;
        const writes = requests.filter((r) => r.method !== 'GET');
        if (writes.length) failures.push(`${name}: sent ${writes.map((r) => `${r.method} ${r.path}`).join(', ')}`);
        // Reads are unaffected: never refused, never asked about.
        if (!declaresWrite(verb) && (/profile 'live' is protected \(/.test(err) || prompter.asked.some((q) => /LIVE ·/.test(q.message)))) failures.push(`${name}: a read was guarded: ${err.trim()}`);
      }
    }
    expect(failures).toEqual([]);
  }, 180_000);

  it('api GET is a read and api POST a write, on the same verb', async () => {
    const api = verbs.find((v) => v.path.join(' ') === 'api')!;
    server.always('GET /trips', { body: { trips: [], meta: { page: 1, perPage: 25, total: 0, lastPage: 1 } } });
    const configDir = protectedConfig(server.baseUrl, 'sk_test_protectedprofilekey0001');
    const t = testContext({ configDir });
    expect(await t.run(['api', 'GET', '/trips'])).toBe(0);
    t.cleanup();
    rmSync(configDir, { recursive: true, force: true });
    const post = await runVerb(api, {});
    expect(post.code).toBe(2);
  });
});

describe('protected profiles against the sandbox', () => {
  let sandbox: Sandbox;
  let configDir: string;
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0 });
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
    const { out } = await run(['--profile', 'staging', 'bookings', 'list', '--status', 'requested', '-o', 'ids', '--per-page', String(count)]);
    const ids = out.trim().split('\n').filter(Boolean);
    expect(ids.length).toBe(count);
    return ids;
  }

  it('reads are unaffected: no question, no extra request', async () => {
    for (const argv of [['trips', 'list'], ['bookings', 'list', '--status', 'requested'], ['company', 'get'], ['auth', 'status']]) {
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
    expect(triage.asked.map((q) => q.message)).toEqual([expect.stringMatching(/^LIVE · Qasioun Express — approve or reject \d+ requested bookings?\?$/)]);
    expect(inbox.code).toBe(130);
    expect(inbox.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });

  it('on a colour terminal the profile and company stand out in white on red', async () => {
    const prompter = new ScriptedPrompter([[/.*/, () => false]]);
    await run(['bookings', 'approve', UUID], { stdinIsTTY: true, stderrIsTTY: true, prompter, env: { NO_COLOR: undefined } });
    expect(prompter.asked[0]!.message).toBe('\x1b[1m\x1b[37m\x1b[41m LIVE · Qasioun Express \x1b[49m\x1b[39m\x1b[22m — approve 1 booking?');
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
    sandbox = await startSandbox({ port: 0 });
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  it('never for a loopback URL (the sandbox), and caches the company name', async () => {
    const prompter = new ScriptedPrompter([]);
    const t = testContext({ env: { TRIPCTL_API_KEY: sandbox.keys.full }, stdinIsTTY: true, stderrIsTTY: true, prompter });
    expect(await t.run(['--profile', 'sandbox', '--base-url', sandbox.baseUrl, 'auth', 'login'])).toBe(0);
    expect(prompter.asked).toEqual([]);
    const profile = t.ctx.config.read().profiles.sandbox!;
    expect(profile.protected).toBeUndefined();
    expect(profile.companyName).toBe('Qasioun Express');
    t.cleanup();
  });
});
