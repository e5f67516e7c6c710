// The single executable (npm run build:exe, test/tools/build-exe.mjs) as an operator without Node
// runs it: from an empty folder, with an environment of nothing but a PATH holding no Node, no
// node_modules anywhere near. It answers --version naming its build, serves its sandbox and is
// called against it, writes a manifest PDF with Arabic, a PNG ticket whose QR code decodes to what
// the service issued and a PDF ticket (the font and the WebAssembly come from its SEA assets), and
// serves `mcp`; and it compresses with xz to at most 40 MB.
// The executable is the npm build's files inside Node 24's SEA (test/tools/build-exe.mjs), built
// first when it is missing or older than what it is made from. It is its
// own vitest project (vitest.config.ts), run once per CI run: it does not depend on the Node that
// runs the suite. The rest of the process half runs against it with TRIPCTL_TEST_BIN (.ci/run).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { extractedText } from '../pdf/poppler.js';
import { mcpToolNames, ROOT, waitForLine } from '../support/cli.js';
import { newestInput } from '../support/fresh-bundle.js';
import { decodePng } from '../support/qr-png.js';

const EXE = join(ROOT, 'dist/exe/tripctl');
/** What the executable is made from: a change to any of these rebuilds it. */
const INPUTS = [
  'src',
  'test/tools/build-exe.mjs',
  'test/tools/build.mjs',
  'test/tools/link-chunks.mjs',
  'package.json',
  'package-lock.json',
];
const MAX_XZ_BYTES = 40 * 1024 * 1024;

const dir = mkdtempSync(join(tmpdir(), 'tripctl-exe-'));
const work = join(dir, 'empty');
/** A PATH of one empty directory: no Node, no npm, nothing the executable could lean on. */
const path = join(dir, 'no-node');
const baseEnv = { PATH: path, HOME: dir, TRIPCTL_CONFIG_DIR: join(dir, 'config'), LANG: 'C.UTF-8', TZ: 'UTC' };
let session: Record<string, string> = {};
let sandbox: ChildProcess | undefined;

const exe = (args: string[]) => execFileSync(EXE, args, { env: { ...baseEnv, ...session }, cwd: work, encoding: 'utf8', timeout: 30_000 });

beforeAll(() => {
  const built = statSync(EXE, { throwIfNoEntry: false })?.mtimeMs ?? Number.NEGATIVE_INFINITY;
  if (built < Math.max(...INPUTS.map((input) => newestInput(join(ROOT, input))))) {
    process.stderr.write('single executable: dist/exe/tripctl is missing or older than its sources; building it\n');
    const started = performance.now();
    execFileSync(process.execPath, [join(ROOT, 'test/tools/build-exe.mjs')], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    process.stderr.write(`single executable: built in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
  }
  mkdirSync(work);
  mkdirSync(path);
}, 300_000);

afterAll(() => {
  sandbox?.kill();
  rmSync(dir, { recursive: true, force: true });
});

describe('the single executable', () => {
  test('runs where there is no Node: the environment it is given has none', () => {
    expect(() => execFileSync('/bin/sh', ['-c', 'command -v node'], { env: baseEnv, stdio: 'ignore' })).toThrow();
    expect(readdirSync(work)).toEqual([]);
  });

  test('says which build it is', () => {
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(exe(['--version']).trim()).toMatch(
      new RegExp(`^${version.replaceAll('.', '\\.')} \\(single executable, Node v24\\.\\d+\\.\\d+\\)$`),
    );
  });

  test('carries the licences of what it bundles and of the Node inside it (`help licenses`), and ships them beside it', () => {
    const notices = exe(['help', 'licenses']);
    expect(notices).toContain('\ncommander@');
    expect(notices).toMatch(/\nNode\.js v24\.\d+\.\d+, the runtime inside this executable/);
    expect(notices).toBe(readFileSync(join(ROOT, 'dist/exe/THIRD-PARTY-LICENSES.txt'), 'utf8'));
  });

  test('serves its sandbox and calls it; writes a manifest PDF, a PNG ticket whose code decodes, a PDF ticket', async () => {
    sandbox = spawn(EXE, ['sandbox', 'start', '--port', '0'], { env: baseEnv, cwd: work, stdio: ['ignore', 'pipe', 'pipe'] });
    let banner = '';
    sandbox.stdout!.on('data', (chunk: Buffer) => (banner += chunk.toString('utf8')));
    await waitForLine(sandbox.stdout!, /^read-only key/, 30_000);
    session = {
      TRIPCTL_BASE_URL: banner.match(/^base URL\s+(\S+)/m)![1]!,
      TRIPCTL_API_KEY: banner.match(/^full key\s+(\S+)/m)![1]!,
    };
    expect(JSON.parse(exe(['cities', 'list', '-o', 'json']))).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: 'damascus', nameAr: 'دمشق' })]),
    );

    const trip = exe(['trips', 'list', '--status', 'published', '--limit', '1', '-o', 'ids']).trim();
    exe(['trips', 'manifest', trip, '--format', 'pdf', '--file', 'manifest.pdf']);
    const manifest = readFileSync(join(work, 'manifest.pdf'));
    expect(extractedText(manifest)).toContain('Passenger manifest');
    // The Arabic font embedded from the executable's assets (pdffonts lists it by name).
    expect(execFileSync('pdffonts', [join(work, 'manifest.pdf')], { encoding: 'utf8' })).toMatch(/IBMPlexSansArabic/);

    const booking = exe(['bookings', 'list', '--status', 'approved', '--limit', '1', '-o', 'ids']).trim();
    exe(['bookings', 'ticket', booking, '--format', 'png', '--file', 'ticket.png']);
    const issued = JSON.parse(exe(['api', 'GET', `/bookings/${booking}/ticket`])) as { ticket: { qr: string } };
    expect(decodePng(join(work, 'ticket.png'))).toBe(issued.ticket.qr);
    exe(['bookings', 'ticket', booking, '--format', 'pdf', '--file', 'ticket.pdf']);
    expect(extractedText(readFileSync(join(work, 'ticket.pdf')))).toContain(issued.ticket.qr.split(':')[2]!);
  }, 120_000);

  test('doctor says its code cache is inside it, not a directory that a run of it never makes', () => {
    const run = spawnSync(EXE, ['doctor', '-o', 'json'], { env: { ...baseEnv, ...session }, cwd: work, encoding: 'utf8', timeout: 30_000 });
    const codeCache = JSON.parse(run.stdout).checks.find((check: { id: string }) => check.id === 'code-cache');
    expect(codeCache, run.stderr).toMatchObject({ ok: true, detail: 'inside the single executable (made when it was built)' });
  });

  test('serves mcp over stdio: initialize, then its tools', async () => {
    const mcp = spawn(EXE, ['mcp'], { env: { ...baseEnv, ...session }, cwd: work, stdio: ['pipe', 'pipe', 'pipe'] });
    expect(await mcpToolNames(mcp, 'single-executable')).toContain('cities_list');
  }, 60_000);

  test(`compresses with xz to at most ${MAX_XZ_BYTES / 1024 / 1024} MB`, () => {
    // xz -1, the quickest level (about 9 s of CPU): a release made with -6 or -9 is smaller still.
    const compressed = execFileSync('xz', ['-1', '-T1', '-c', EXE], { maxBuffer: 2 * MAX_XZ_BYTES }).length;
    process.stderr.write(
      `single executable: ${(statSync(EXE).size / 1024 / 1024).toFixed(1)} MB, xz -1 ${(compressed / 1024 / 1024).toFixed(1)} MB\n`,
    );
    expect(compressed).toBeLessThanOrEqual(MAX_XZ_BYTES);
  }, 120_000);
});
