// An in-process sandbox per test file, and a runner of main(argv, ctx) pointed at it with a
// temporary config dir — the shape of every command test. Nothing is spawned: the command runs
// in this process over real HTTP on loopback (test/process/ keeps the tests that need bin/tripctl).
// Every sandbox started here checks each exchange against the strict form of its own OpenAPI
// document (./contract.ts): a test during which the sandbox drifted from its document fails.
import { afterAll, beforeAll } from 'vitest';
import { startSandbox, type SandboxOptions } from '../../src/sandbox/index.js';
import { tempConfigDir, type CliOptions, type CliResult } from './cli.js';
import type { Prompter } from '../../src/input/prompter.js';
import { runCommand, testContext, type TestContext, type TestContextOptions } from './context.js';
import { contractChecker } from './contract.js';

/** startSandbox with the contract check installed (the only way tests should start one). */
export async function startCheckedSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const checker = contractChecker();
  const sandbox = await startSandbox({ ...opts, observe: checker.observe });
  // The strict form: what the sandbox answers, closed. The served form only opens it (no schema
  // forbids additional properties, open enumerations list known values), so an exchange that
  // keeps to the strict one keeps to what is served too.
  checker.load(sandbox.openApi('strict'));
  return sandbox;
}

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

/**
 * Calls the sandbox directly, with company A's full key, to set data up or read it back beside
 * the command under test; `root` for the admin routes (/__sandbox/…). An error status throws.
 */
export function sandboxApi(sandbox: Sandbox) {
  return async (method: string, path: string, body?: unknown, root = false): Promise<any> => {
    const res = await fetch(`${root ? sandbox.url : sandbox.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${sandbox.keys.full}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = await res.json();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
    return data;
  };
}

/**
 * A trip published on the sandbox for a test to work on: company A's first vehicle, Damascus →
 * Homs, with `fields` over those defaults (partner-api.md's field names; money in minor units).
 */
export async function newTrip(sandbox: Sandbox, fields: Record<string, unknown> = {}): Promise<Record<string, any>> {
  const api = sandboxApi(sandbox);
  const { vehicles } = await api('GET', '/vehicles');
  const { trip } = await api('POST', '/trips', {
    vehicleId: vehicles[0].id,
    fromCityId: 'damascus',
    toCityId: 'homs',
    departureAt: '2027-05-02T05:00:00Z',
    pricePerSeat: 1500,
    ...fields,
  });
  return trip;
}
export type RecordedRequest = Sandbox['requests'][number];

export interface SandboxSession {
  sandbox: Sandbox;
  configDir: string;
  /** Runs tripctl with the full key (or `key`), the sandbox's base URL and the temp config dir. */
  run(args: string[], opts?: CliOptions & { key?: string }): Promise<CliResult>;
  /** Runs tripctl and parses its stdout as JSON (adds `-o json`); fails on a non-zero exit. */
  json<T = any>(args: string[], opts?: CliOptions & { key?: string }): Promise<T>;
  /** Requests the sandbox received since `mark()`. */
  since(mark: number): RecordedRequest[];
  mark(): number;
  close(): Promise<void>;
}

export async function openSession(opts: { timeScale?: number } = {}): Promise<SandboxSession> {
  const sandbox = await startCheckedSandbox({ port: 0, timeScale: opts.timeScale ?? 0.001 });
  const { dir, cleanup } = await tempConfigDir();
  const run = (args: string[], runOpts: CliOptions & { key?: string } = {}) =>
    runCommand(args, {
      ...runOpts,
      configDir: runOpts.configDir ?? dir,
      env: { TRIPCTL_BASE_URL: sandbox.baseUrl, TRIPCTL_API_KEY: runOpts.key ?? sandbox.keys.full, ...runOpts.env },
    });
  return {
    sandbox,
    configDir: dir,
    run,
    async json(args, runOpts) {
      const result = await run([...args, '-o', 'json'], runOpts);
      if (result.code !== 0) throw new Error(`tripctl ${args.join(' ')} exited ${result.code}: ${result.stderr}`);
      return JSON.parse(result.stdout);
    },
    since: (mark) => sandbox.requests.slice(mark),
    mark: () => sandbox.requests.length,
    async close() {
      await sandbox.close();
      await cleanup();
    },
  };
}

/** An in-process terminal (stdin and stderr TTYs) whose questions `prompter` answers, pointed at the session's sandbox. */
export function terminalOn(session: SandboxSession, prompter: Prompter, opts: TestContextOptions = {}): TestContext {
  return testContext({
    stdinIsTTY: true,
    stderrIsTTY: true,
    prompter,
    ...opts,
    env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full, ...opts.env },
  });
}

/** One session for a test file: opened before its first test, closed after its last. */
export function fileSession(opts: { timeScale?: number } = {}): { readonly session: SandboxSession } {
  let opened: SandboxSession | undefined;
  beforeAll(async () => {
    opened = await openSession(opts);
  });
  afterAll(async () => {
    await opened?.close();
  });
  return {
    get session() {
      if (!opened) throw new Error('the sandbox session opens in beforeAll');
      return opened;
    },
  };
}
