// The README's examples, then those of the command reference (`tripctl help reference`, made of
// each verb's help), run as written, in order, against one fresh sandbox, so neither can drift
// from the tool. A plain `tripctl …` line runs in-process through main(); a
// line that needs a shell (a pipe, `$(…)`, a redirection) runs under bash with the built
// bin/tripctl first on PATH. With TRIPCTL_TEST_BIN (the single executable), every line runs under
// bash with that executable as `tripctl`. Every line must exit 0. The working directory holds the one file an
// example names that the tool does not make (logo.png). A block whose first line is
// `# not run: <why>` is skipped, and the reason is checked to be there; they are few.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../src/cli.js';
import { callsOf } from '../../src/cmdkit/define.js';
import { referenceMarkdown } from '../../src/completion/reference.js';
import { describeTree } from '../../src/completion/tree.js';
import { startSandbox } from '../../src/sandbox/index.js';
import { ROOT, TEST_BIN, toolCommand } from '../support/cli.js';
import { testContext } from '../support/context.js';
import { shellBlocks, simpleWords } from './readme-shell.js';

vi.setConfig({ testTimeout: 300_000 });

const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/**
 * Verbs of the generated command reference whose examples are not run, and why. Their examples
 * come from the verbs' help (`examples:` in src/commands/<group>/index.ts), where a `# not run:`
 * line would show in every `--help`, so they are listed here instead.
 */
const REFERENCE_NOT_RUN: Record<string, string> = {
  'tripctl auth login': 'logs in to the real service with a key of your own',
  'tripctl webhooks update': 'names an endpoint id of your own',
  'tripctl webhooks delete': 'names an endpoint id of your own',
  'tripctl webhooks test': 'names an endpoint id of your own',
  'tripctl webhooks deliveries': 'names an endpoint id of your own',
  'tripctl webhooks secret': 'names an endpoint id of your own',
  'tripctl webhooks listen': 'serves until Ctrl-C',
  'tripctl webhooks inspect': 'serves a page until Ctrl-C, over a folder you saved',
  'tripctl webhooks verify': 'checks a delivery you captured, with its secret',
  'tripctl webhooks replay': 'sends a delivery you saved to a handler of your own',
  'tripctl trips board': 'a boarding station: reads scans at the coach door until Ctrl-D',
  'tripctl bookings inbox': 'triage on a terminal, one key a booking',
  'tripctl sandbox start': 'serves until Ctrl-C (this test starts its own sandbox)',
  'tripctl sandbox trigger': 'names a payment id of your own sandbox',
  'tripctl sandbox edit-booking': 'names a booking id of your own sandbox',
  'tripctl sandbox edit-payment': 'names a payment id of your own sandbox',
};

/** The reference exactly as `tripctl help reference` prints it. */
async function reference(): Promise<string> {
  const t = testContext();
  try {
    return referenceMarkdown(describeTree(await buildProgram(t.ctx)));
  } finally {
    t.cleanup();
  }
}

const blocks = [
  ...shellBlocks(README).map((block) => ({ ...block, source: 'README.md' })),
  ...shellBlocks(await reference()).map((block) => {
    const verb = /^#### `(tripctl [a-z -]+?)(?: [<[].*)?`/.exec(block.heading)?.[1]?.trim();
    const notRun = verb ? REFERENCE_NOT_RUN[verb] : undefined;
    return { ...block, source: 'tripctl help reference', ...(notRun ? { notRun } : {}) };
  }),
];

/** A 1×1 PNG: what `company logo set ./logo.png` uploads. */
const LOGO = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
/** The partner operations the sandbox answered, as `METHOD /template`, in order. */
const answered: string[] = [];
let program: Command;
let work: string;
let configDir: string;
let binDir: string;

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    timeScale: 0.001,
    observe: (exchange) => {
      if (exchange.template && !exchange.template.startsWith('/__sandbox')) answered.push(`${exchange.method} ${exchange.template}`);
    },
  });
  program = await buildProgram(testContext().ctx);
  work = mkdtempSync(join(tmpdir(), 'tripctl-readme-'));
  configDir = join(work, '.config');
  binDir = join(work, '.bin');
  mkdirSync(binDir);
  const tool = toolCommand([]);
  writeFileSync(join(binDir, 'tripctl'), `#!/bin/sh\nexec ${[tool.command, ...tool.args].map((word) => `"${word}"`).join(' ')} "$@"\n`);
  chmodSync(join(binDir, 'tripctl'), 0o755);
  writeFileSync(join(work, 'logo.png'), LOGO);
  // The profile `tripctl sandbox` saves, made the default, as after the Quickstart; and the two
  // profiles the examples name (`--profile live`, `--profile staging`), here on the sandbox too.
  for (const profile of ['sandbox', 'live', 'staging']) {
    const login = testContext({ configDir, stdin: `${sandbox.keys.full}\n` });
    expect(await login.run(['--profile', profile, 'auth', 'login', '--with-key', '--base-url', sandbox.baseUrl]), login.err()).toBe(0);
  }
  expect(await testContext({ configDir }).run(['profiles', 'use', 'sandbox'])).toBe(0);
});

afterAll(async () => {
  await sandbox?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

const ENV = { TZ: 'Asia/Damascus', NO_COLOR: '1' };

/** The verb a command line names: its words walked down the tree, options and their values passed over. */
function verbOf(words: string[]): Command {
  let command = program;
  const rest = words.slice(1);
  while (rest.length && command.commands.length) {
    const word = rest.shift()!;
    const option = [...command.options, ...program.options].find((o) => o.long === word || o.short === word);
    if (option && (option.required || option.optional)) rest.shift();
    const sub = command.commands.find((c) => c.name() === word || c.aliases().includes(word));
    if (sub) command = sub;
  }
  return command;
}

/**
 * The protected-profile guard (cmdkit/protect.ts) decides from a verb's declared `calls` whether it
 * writes, so a call a verb makes and does not declare would go unguarded: each example's calls
 * are compared with its verb's declaration. `api` calls whatever it is given, and is guarded by
 * its method instead.
 */
const undeclared: string[] = [];
/**
 * Reads the shared flag resolution makes for any verb that takes a city or a vehicle by name
 * (cmdkit's handles): not declared by each such verb. The guard needs only the writes.
 */
const HANDLE_READS = new Set(['GET /cities', 'GET /vehicles']);
const exercised = new Set<Command>();
function checkCalls(words: string[], made: string[]): void {
  const verb = verbOf(words);
  if (verb.name() === 'api') return;
  exercised.add(verb);
  const declared = new Set(callsOf(verb).map((call) => call.replace(/\{[^}]+\}/g, '{}')));
  for (const call of new Set(made.map((call) => call.replace(/\{[^}]+\}/g, '{}'))))
    if (!declared.has(call) && !HANDLE_READS.has(call))
      undeclared.push(`${words.join(' ')}: ${call} (declared: ${[...declared].join(', ') || 'nothing'})`);
}

/** A plain `tripctl …` line, in-process through main(). */
async function runInProcess(words: string[]): Promise<{ code: number; stderr: string }> {
  // A line that never ends (a server left in an example) is interrupted, and fails.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 20_000);
  const t = testContext({ configDir, cwd: work, env: ENV, signal: controller.signal });
  try {
    const code = await t.run(words.slice(1));
    return { code: controller.signal.aborted ? 124 : code, stderr: t.err() };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A block that needs a shell (a pipe, `$(…)`, a variable set on one line and used on the next, a
 * here-document) runs whole under bash, stopping at the first failing line, which it names.
 */
async function runScript(script: string): Promise<{ code: number; stderr: string; line?: number }> {
  // Not spawnSync: the sandbox answers from this process, whose event loop must keep running.
  const child = spawn('bash', ['-c', `set -eo pipefail; trap 'echo "@line $LINENO" >&2' ERR\n${script}`], {
    cwd: work,
    env: { PATH: `${binDir}:${process.env.PATH}`, HOME: work, LANG: 'C.UTF-8', TRIPCTL_CONFIG_DIR: configDir, ...ENV },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number>((done) => child.on('close', (status) => done(status ?? 124)));
  clearTimeout(timer);
  const at = /@line (\d+)/.exec(stderr);
  return { code, stderr: stderr.replace(/@line \d+\n?/, ''), line: at ? Number(at[1]) - 1 : undefined };
}

describe('README examples', () => {
  test('the exclusions are few, and each says why', () => {
    const skipped = blocks.filter((block) => block.notRun !== undefined);
    for (const block of skipped) expect(block.notRun!.length, `${block.source} line ${block.line}`).toBeGreaterThan(10);
    // A few README blocks (installing, the real service, servers that run until Ctrl-C, zsh's
    // $fpath, summaries and captured sessions) and the reference verbs above: a new one must be argued for.
    expect(skipped.length).toBeLessThanOrEqual(24);
    expect(blocks.length - skipped.length).toBeGreaterThan(60);
  });

  test('every other block runs as written against a fresh sandbox', async () => {
    const failures: string[] = [];
    let ran = 0;
    for (const block of blocks) {
      if (block.notRun !== undefined) continue;
      const simple = block.commands.map((command) => simpleWords(command.text));
      if (simple.every((words) => words?.[0] === 'tripctl')) {
        for (const [index, command] of block.commands.entries()) {
          const mark = answered.length;
          // In-process, or (the single executable) the line alone under bash.
          const result = TEST_BIN ? await runScript(command.text) : await runInProcess(simple[index]!);
          await sandbox.idle();
          checkCalls(simple[index]!, answered.slice(mark));
          ran++;
          if (result.code !== 0)
            failures.push(
              `${block.source}:${command.line}: ${command.text}\n  exit ${result.code}: ${result.stderr.trim().split('\n').slice(0, 3).join('\n  ')}`,
            );
        }
      } else {
        const result = await runScript(block.script);
        ran += block.commands.length;
        if (result.code !== 0) {
          const line = result.line !== undefined ? block.line + result.line : block.line;
          failures.push(
            `${block.source}:${line} (block at ${block.line})\n  exit ${result.code}: ${result.stderr.trim().split('\n').slice(-3).join('\n  ')}`,
          );
        }
      }
      if (process.env.README_LOG)
        writeFileSync(process.env.README_LOG, `${block.line}: ${failures.length} failures so far\n`, { flag: 'a' });
    }
    expect(failures, failures.join('\n')).toEqual([]);
    expect(ran).toBeGreaterThan(100);
  });

  test('every call an example makes is one its verb declares, and the examples run most write verbs', () => {
    expect(undeclared, undeclared.join('\n')).toEqual([]);
    const writes = [...exercised].filter((verb) => callsOf(verb).some((call) => !call.startsWith('GET ')));
    // 20 today: the rest name endpoints or ids of your own (REFERENCE_NOT_RUN).
    expect(writes.length).toBeGreaterThanOrEqual(20);
  });
});
