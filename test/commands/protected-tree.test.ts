// Protected profiles, the whole command tree. The guard lives in the one action wrapper every verb
// goes through, and this test proves it: every verb runs against a protected profile pointed at a
// loopback server that records what reaches it. Without a terminal and without --yes, a verb that
// writes stops with exit 2 and sends nothing at all; at a terminal, a "no" to the question sends no
// write; no read is refused or asked about. Whatever a verb is, no write reaches the server unasked
// — so a new write verb that forgot to declare its calls fails here too.
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { callsOf } from '../../src/cmdkit/define.js';
import { leaves, type Verb } from '../support/command-tree.js';
import { testContext, type TestContextOptions } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { protectedConfig, UUID } from './protected-support.js';

/** Plausible positional arguments: ids as UUIDs, everything else by its name. */
const ARG_VALUES: Record<string, string> = {
  method: 'POST',
  path: '/trips',
  event: 'booking.approved',
  seconds: '60',
  file: '/nonexistent/logo.png',
  key: 'output',
  value: 'json',
  name: 'live',
  shell: 'bash',
  query: 'damascus',
  command: 'trips',
};
/** Values for options commander requires, so the run gets as far as the guard. */
const OPTION_VALUES: Record<string, string> = {
  '--url': 'https://hooks.example.com/tripctl',
  '--events': 'booking.approved',
  '--signature': 'sha256=00',
  '--to': 'http://127.0.0.1:9/',
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
    // The walk's reads go to routes nobody scripted (answered 599) on purpose: what is asserted
    // is which requests arrived, not that every verb succeeded.
    await server?.close({ allowUnused: true });
  });

  async function runVerb(verb: Verb, opts: TestContextOptions, extra: string[] = []) {
    const configDir = protectedConfig(server.baseUrl, 'sk_test_protectedprofilekey0001');
    const t = testContext({ ...opts, configDir });
    // A download's spinner draws on a terminal's stderr: give the buffer a terminal's cursor calls.
    Object.assign(t.stderr, {
      cursorTo: (_x: number, done?: () => void) => {
        done?.();
        return true;
      },
      clearLine: (_d: number, done?: () => void) => {
        done?.();
        return true;
      },
      moveCursor: (_x: number, _y: number, done?: () => void) => {
        done?.();
        return true;
      },
    });
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
    for (const verb of [
      'bookings approve',
      'bookings no-show',
      'trips publish',
      'trips cancel',
      'company logo set',
      'webhooks create',
      'schedules pause',
      'api',
    ]) {
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
        if (!declaresWrite(verb) && (/profile 'live' is protected \(/.test(err) || prompter.asked.some((q) => /LIVE ·/.test(q.message))))
          failures.push(`${name}: a read was guarded: ${err.trim()}`);
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
