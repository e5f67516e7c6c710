// Every enumerated value is checked locally, by every command that takes it (issue 20): the whole
// command tree is walked, as the protected-profile test walks it, and each option that takes a
// value from a list is given a near miss. Each must end with exit 2, say "did you mean" with the
// right value, and send nothing — so a new verb with a status, role, type or event flag that
// forgot its list fails here.
import type { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli.js';
import { leaves, type Verb } from '../support/command-tree.js';
import { testContext } from '../support/context.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';
import { UUID } from './protected-support.js';

/** Flags whose value is one of a list wherever they appear. */
const ENUMERATED = new Set(['--status', '--role', '--recurrence', '--type', '--format', '--fuel-type', '--transmission', '--events']);
/** Lists checked in the action rather than by commander (repeatable, comma-separated): a sample value. */
const CHECKED_IN_ACTION: Record<string, string> = { '--events': 'booking.approved' };

const ARG_VALUES: Record<string, string> = { method: 'GET', path: '/trips', event: 'booking.approved', shell: 'bash', seconds: '60' };

function positionals(command: Command): string[] {
  return command.registeredArguments
    .filter((arg) => arg.required)
    .map((arg) => (/Ids?$/.test(arg.name()) ? UUID : (ARG_VALUES[arg.name()] ?? 'x')));
}

/** A near miss of a list's value: one letter too many. */
const typo = (value: string) => `${value}x`;

describe('enumerated values: the whole command tree', () => {
  let server: ScriptedServer;
  let verbs: Verb[];
  beforeAll(async () => {
    server = await startScriptedServer();
    const t = testContext();
    verbs = leaves(await buildProgram(t.ctx));
    t.cleanup();
  });
  afterAll(async () => {
    await server?.close({ allowUnused: true });
  });

  async function run(argv: string[]) {
    const t = testContext({ env: { TRIPCTL_BASE_URL: server.baseUrl, TRIPCTL_API_KEY: 'sk_test_enumerationsenumerations01' } });
    const mark = server.requests.length;
    try {
      const code = await t.run(argv);
      return { code, err: t.err(), requests: server.requests.slice(mark) };
    } finally {
      t.cleanup();
    }
  }

  const enumerated = (option: Option) => Boolean(option.argChoices) || ENUMERATED.has(option.long ?? '');

  it('every option named like an enumeration carries its list (or is checked in its action)', () => {
    const unlisted = verbs.flatMap((verb) =>
      verb.command.options
        .filter((o) => ENUMERATED.has(o.long ?? '') && !o.argChoices && !(o.long! in CHECKED_IN_ACTION))
        .map((o) => `${verb.path.join(' ')} ${o.long}`),
    );
    expect(unlisted).toEqual([]);
    const count = verbs.reduce((n, verb) => n + verb.command.options.filter(enumerated).length, 0);
    expect(count).toBeGreaterThanOrEqual(14);
  });

  it('a near miss of every enumerated option is exit 2 with did-you-mean, and nothing is sent', async () => {
    const failures: string[] = [];
    for (const verb of verbs) {
      for (const option of verb.command.options.filter(enumerated)) {
        const right = option.argChoices?.[0] ?? CHECKED_IN_ACTION[option.long!]!;
        const argv = [...verb.path, ...positionals(verb.command), option.long!, typo(right)];
        const { code, err, requests } = await run(argv);
        const name = argv.join(' ');
        if (code !== 2) failures.push(`${name}: exit ${code}: ${err.trim()}`);
        else if (!err.includes(`did you mean '${right}'?`)) failures.push(`${name}: ${err.trim()}`);
        if (requests.length) failures.push(`${name}: sent ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('the status of every list filter, in any case, is the list’s own spelling', async () => {
    const { code, err } = await run(['trips', 'list', '--status', 'publised']);
    expect(code).toBe(2);
    expect(err).toBe(
      "tripctl: --status: 'publised' is not a known value; did you mean 'published'?\nhint: one of: published, cancelled, completed\n",
    );
    const upper = await run(['bookings', 'list', '--status', 'Requested', '--limit', '1']);
    // Sent (the scripted server answers nothing useful): the value went out as the list spells it.
    expect(upper.requests.map((r) => r.query.status)).toEqual(['requested']);
  });

  it('global and positional lists too: -o, api METHOD, completion SHELL, sandbox trigger EVENT, config KEY', async () => {
    for (const [argv, right] of [
      [['trips', 'list', '-o', 'jsn'], 'json'],
      [['api', 'PSOT', '/trips'], 'POST'],
      [['completion', 'bassh'], 'bash'],
      [['sandbox', 'trigger', 'booking.aproved'], 'booking.approved'],
      [['config', 'set', 'curency', 'SYP'], 'currency'],
    ] as const) {
      const { code, err, requests } = await run([...argv]);
      expect(code, argv.join(' ')).toBe(2);
      expect(err).toContain(`did you mean '${right}'?`);
      expect(requests).toEqual([]);
    }
  });
});
