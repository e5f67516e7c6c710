// The same theme in smaller things (issue 20): a required value missing is asked for on a terminal
// by every command and named without one; a date that does not exist says why; a file that cannot
// be read says so in words; a protected profile's question names the company; a listener that
// registers says so; a run without a profile points at a saved one; help reads in order.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runInProcess, testContext } from '../support/context.js';
import { ScriptedPrompter } from '../support/prompter.js';
import { openSession, terminalOn, type SandboxSession } from '../support/sandbox.js';

let session: SandboxSession;
let dir: string;
beforeAll(async () => {
  session = await openSession();
  dir = mkdtempSync(join(tmpdir(), 'tripctl-said-'));
});
afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

function terminal(prompter: ScriptedPrompter) {
  const t = terminalOn(session, prompter, { cwd: dir });
  // A download's spinner draws on a terminal's stderr: give the buffer a terminal's cursor calls.
  const done = (...args: unknown[]) => {
    const callback = args.at(-1);
    if (typeof callback === 'function') callback();
    return true;
  };
  Object.assign(t.stderr, { cursorTo: done, clearLine: done, moveCursor: done });
  return t;
}

describe('a required value that is missing', () => {
  it('reports export without --type or --format asks for both from their lists on a terminal', async () => {
    const prompter = new ScriptedPrompter([
      [/^What the report covers/, (choices) => (choices ?? []).find((c) => c.value === 'revenue')?.value],
      [/^File format/, () => 'csv'],
    ]);
    const t = terminal(prompter);
    try {
      const mark = session.mark();
      const file = join(dir, 'revenue.csv');
      const code = await t.run(['reports', 'export', '--file', file]);
      expect(code, t.err()).toBe(0);
      expect(prompter.asked.map((q) => q.kind)).toEqual(['select', 'select']);
      expect(session.since(mark).map((r) => r.query)).toEqual([{ type: 'revenue', format: 'csv' }]);
      expect(readFileSync(file, 'utf8').length).toBeGreaterThan(0);
    } finally {
      t.cleanup();
    }
  });

  it('asks only for what is missing, and without a terminal names both in one error before any request', async () => {
    const prompter = new ScriptedPrompter([[/^File format/, () => 'xlsx']]);
    const t = terminal(prompter);
    try {
      const code = await t.run(['reports', 'export', '--type', 'Trips', '--file', join(dir, 'trips.xlsx')]);
      expect(code, t.err()).toBe(0);
      expect(prompter.asked.map((q) => q.message)).toEqual(['File format:']);
    } finally {
      t.cleanup();
    }
    const mark = session.mark();
    const piped = await session.run(['reports', 'export']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toBe('tripctl: missing --type, --format\nhint: pass them as flags (run on a terminal to be asked instead)\n');
    expect(session.since(mark)).toEqual([]);
  });

  it('webhooks create asks for its URL and events on a terminal', async () => {
    const prompter = new ScriptedPrompter([
      [/^HTTPS URL/, () => 'https://hooks.example.com/asked'],
      [/^Events to receive/, () => 'booking.*, trip.cancelled'],
    ]);
    const t = terminal(prompter);
    try {
      const mark = session.mark();
      const code = await t.run(['webhooks', 'create', '-o', 'json']);
      expect(code, t.err()).toBe(0);
      const [sent] = session.since(mark).filter((r) => r.method === 'POST');
      expect(JSON.parse(sent!.body)).toEqual({ url: 'https://hooks.example.com/asked', events: ['booking.*', 'trip.cancelled'] });
    } finally {
      t.cleanup();
    }
    const piped = await session.run(['webhooks', 'create', '--events', 'booking.*']);
    expect(piped.code).toBe(2);
    expect(piped.stderr).toContain('tripctl: missing --url');
  });

  it('webhooks replay asks where to send it on a terminal, and names --to without one', async () => {
    const prompter = new ScriptedPrompter([[/^The handler to send it to/, () => 'http://127.0.0.1:9/hook']]);
    const t = terminal(prompter);
    try {
      // Asked first; then the file (which does not exist) is read.
      expect(await t.run(['webhooks', 'replay', 'saved.json'])).toBe(2);
      expect(prompter.asked.map((q) => q.message)).toEqual(['The handler to send it to:']);
      expect(t.err()).toBe('tripctl: no such file: saved.json\n');
    } finally {
      t.cleanup();
    }
    const piped = await session.run(['webhooks', 'replay', 'saved.json']);
    expect(piped.stderr).toBe('tripctl: missing --to\nhint: pass them as flags (run on a terminal to be asked instead)\n');
  });
});

describe('dates and files', () => {
  it('a date that does not exist says why, in every verb that takes one', async () => {
    const mark = session.mark();
    const exception = await session.run([
      'schedules',
      'exceptions',
      'add',
      '3f9a2b1c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      '--date',
      '2026-02-30',
      '--skip',
    ]);
    expect(exception.code).toBe(2);
    expect(exception.stderr).toBe('tripctl: --date: 2026-02-30: February 2026 has 28 days\n');
    const departure = await session.run([
      'trips',
      'update',
      '3f9a2b1c-4d5e-4f60-8a7b-9c0d1e2f3a4b',
      '--departure',
      '2027-04-31 08:00',
      '--tz',
      'Asia/Damascus',
    ]);
    expect(departure.stderr).toBe('tripctl: --departure: 2027-04-31: April 2027 has 30 days\n');
    expect(session.since(mark)).toEqual([]);
  });

  it.each([
    [['trips', 'publish', '--from-file', 'nonexist.csv'], 'tripctl: no such file: nonexist.csv\n'],
    [['bookings', 'create', '--from-file', 'nonexist.csv', '--dry-run'], 'tripctl: no such file: nonexist.csv\n'],
    [['company', 'logo', 'set', 'nonexist.png'], 'tripctl: no such file: nonexist.png\n'],
    [['api', 'POST', '/trips', '--input', 'nonexist.json'], 'tripctl: no such file: nonexist.json\n'],
    [['trips', 'publish', '--from-file', '.'], 'tripctl: . is a folder, not a file\n'],
  ])('%j: a file that cannot be read says so in words', async (argv, message) => {
    const mark = session.mark();
    const result = await runInProcess([...argv, '--yes'], {
      cwd: dir,
      env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full },
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(message);
    expect(result.stderr).not.toMatch(/E[A-Z]{3,}/);
    expect(session.since(mark).filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('what the questions and hints say', () => {
  function savedConfig(profiles: Record<string, Record<string, unknown>>, defaultProfile?: string): string {
    const configDir = mkdtempSync(join(tmpdir(), 'tripctl-said-config-'));
    writeFileSync(join(configDir, 'config.json'), JSON.stringify({ defaultProfile, profiles }), { mode: 0o600 });
    return configDir;
  }

  it('a protected profile saved without the company’s name asks the service for it, and the question names it', async () => {
    const company = await session.json<{ name: string }>(['company', 'get']);
    const configDir = savedConfig(
      { live: { baseUrl: session.sandbox.baseUrl, apiKey: session.sandbox.keys.full, protected: true } },
      'live',
    );
    const prompter = new ScriptedPrompter([[/^LIVE/, () => false]]);
    const t = testContext({ stdinIsTTY: true, stderrIsTTY: true, prompter, configDir, env: { NO_COLOR: '1' } });
    try {
      const mark = session.mark();
      const code = await t.run(['company', 'update', '--description', 'asked first']);
      expect(code, t.err()).toBe(130);
      expect(prompter.asked.map((q) => q.message)).toEqual([expect.stringContaining(`LIVE · ${company.name} — `)]);
      expect(session.since(mark).filter((r) => r.method !== 'GET')).toEqual([]);
      expect(JSON.parse(readFileSync(join(configDir, 'config.json'), 'utf8')).profiles.live.companyName).toBe(company.name);
    } finally {
      t.cleanup();
      rmSync(configDir, { recursive: true, force: true });
    }
  });

  it('webhooks listen --register asks, on a protected profile, in words that say it registers an endpoint at the service', async () => {
    const configDir = savedConfig(
      { live: { baseUrl: session.sandbox.baseUrl, apiKey: session.sandbox.keys.full, protected: true, companyName: 'Qasioun Express' } },
      'live',
    );
    const prompter = new ScriptedPrompter([[/^LIVE · Qasioun Express/, () => false]]);
    const t = testContext({ stdinIsTTY: true, stderrIsTTY: true, prompter, configDir, env: { NO_COLOR: '1' } });
    try {
      const mark = session.mark();
      const code = await t.run(['webhooks', 'listen', '--register', '--port', '0']);
      expect(code, t.err()).toBe(130);
      expect(prompter.asked.map((q) => q.message)).toEqual([
        expect.stringMatching(
          /^LIVE · Qasioun Express — register a webhook endpoint at the service for http:\/\/127\.0\.0\.1:\d+\/\S* \(every event\), deleted when the listener stops\?$/,
        ),
      ]);
      expect(session.since(mark).filter((r) => r.method !== 'GET')).toEqual([]);
    } finally {
      t.cleanup();
      rmSync(configDir, { recursive: true, force: true });
    }
  });

  it('a run with no profile, while a `sandbox` profile is saved, hints at --profile sandbox', async () => {
    const configDir = savedConfig({ sandbox: { baseUrl: session.sandbox.baseUrl, apiKey: session.sandbox.keys.full } });
    try {
      const result = await runInProcess(['trips', 'list'], { configDir });
      expect(result.code).toBe(3);
      expect(result.stderr).toBe(
        "tripctl: no base URL configured for profile 'default'\nhint: use a saved profile: --profile sandbox (or make it the default: tripctl profiles use sandbox)\n",
      );
    } finally {
      rmSync(configDir, { recursive: true, force: true });
    }
  });

  it("a verb's help shows its own flags, then its examples, then the global flags in a few lines", async () => {
    const { stdout } = await runInProcess(['trips', 'publish', '--help'], { columns: 100 });
    const own = stdout.indexOf('--vehicle <id|plate>');
    const examples = stdout.indexOf('\nExamples:\n');
    const globals = stdout.indexOf("\nGlobal flags (described in 'tripctl --help'):\n");
    expect(own).toBeGreaterThan(0);
    expect(examples).toBeGreaterThan(own);
    expect(globals).toBeGreaterThan(examples);
    const globalLines = stdout.slice(globals).trim().split('\n').slice(1);
    expect(globalLines.length).toBeLessThanOrEqual(3);
    expect(globalLines.join(' ')).toContain('--profile <name>');
    expect(stdout.slice(0, examples)).not.toContain('--base-url');
  });
});
