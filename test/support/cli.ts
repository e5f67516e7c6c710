// Runs the built bin/tripctl as a user would: a child process with its own environment, a
// temporary config dir, stdin from the test, no TTY. Every end-to-end test goes through here.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(ROOT, 'bin', 'tripctl');
/**
 * The tool the process tests start: `node bin/tripctl`, or the executable TRIPCTL_TEST_BIN names
 * (the single executable: `TRIPCTL_TEST_BIN=dist/exe/tripctl npx vitest run --project process
 * test/process/readme.test.ts …`, as .ci/run does once).
 */
export const TEST_BIN = process.env.TRIPCTL_TEST_BIN ? resolve(process.env.TRIPCTL_TEST_BIN) : undefined;

/** The command and arguments that start the tool with these arguments. */
export function toolCommand(args: string[]): { command: string; args: string[] } {
  return TEST_BIN ? { command: TEST_BIN, args } : { command: process.execPath, args: [BIN, ...args] };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Extra environment; TRIPCTL_CONFIG_DIR is set from configDir. */
  env?: Record<string, string | undefined>;
  configDir?: string;
  input?: string | Buffer;
  cwd?: string;
  /** Kill the process after this long (a hung command fails the test instead of hanging it). */
  timeoutMs?: number;
}

/** A clean environment: nothing from the developer's shell leaks into a test (keys, proxies, CI). */
export function cleanEnv(configDir: string | undefined, extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    LANG: 'C.UTF-8',
    TZ: 'UTC',
  };
  if (configDir) env.TRIPCTL_CONFIG_DIR = configDir;
  for (const [key, value] of Object.entries(extra)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}

export function spawnTripctl(args: string[], opts: CliOptions = {}): ChildProcess {
  const tool = toolCommand(args);
  return spawn(tool.command, tool.args, {
    cwd: opts.cwd ?? ROOT,
    env: cleanEnv(opts.configDir, opts.env),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
}

export async function tripctl(args: string[], opts: CliOptions = {}): Promise<CliResult> {
  const child = spawnTripctl(args, opts);
  const stdout: Buffer[] = [];
  const stderr: Buffer[] = [];
  child.stdout!.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr!.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdin!.on('error', () => {}); // the command may exit before reading its input
  child.stdin!.end(opts.input ?? '');
  const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 20_000);
  const code = await new Promise<number>((done) => child.on('close', (c, signal) => done(c ?? (signal ? 128 : 1))));
  clearTimeout(timer);
  return { code, stdout: Buffer.concat(stdout).toString('utf8'), stderr: Buffer.concat(stderr).toString('utf8') };
}

/** A fresh config dir per test file; remove it with the returned cleanup. */
export async function tempConfigDir(): Promise<{ dir: string; cleanup: () => Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'tripctl-test-'));
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) };
}

/** Waits until a line of the child's stream matches, and returns it. */
export function waitForLine(stream: NodeJS.ReadableStream, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  return new Promise((resolveLine, reject) => {
    let buffered = '';
    const timer = setTimeout(() => {
      stream.off('data', onData);
      reject(new Error(`no line matching ${pattern} within ${timeoutMs} ms; got: ${buffered}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      for (const line of buffered.split('\n')) {
        if (pattern.test(line)) {
          clearTimeout(timer);
          stream.off('data', onData);
          resolveLine(line);
          return;
        }
      }
    };
    stream.on('data', onData);
  });
}

/**
 * An installed tool's `mcp` as an assistant's client first meets it over stdio: initialize, then
 * tools/list. Gives the tools' names; the server's stdin is closed after.
 */
export async function mcpToolNames(server: ChildProcess, clientName: string): Promise<string[]> {
  const hello = { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: clientName, version: '1' } };
  server.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: hello })}\n`);
  server.stdin!.write(`${JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/list' })}\n`);
  const tools = JSON.parse(await waitForLine(server.stdout!, /"id":2/, 30_000)) as { result: { tools: { name: string }[] } };
  server.stdin!.end();
  return tools.result.tools.map((tool) => tool.name);
}
