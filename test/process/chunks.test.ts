// Every file the build writes to dist/ is loaded, and used, by a run of the built tool (issue 34
// §5): a split point whose file breaks only when loaded — undici's entry once lost its named
// exports, so every command behind a proxy failed while the in-process tests passed — is found
// here. One command per split point, each against the tool's own sandbox and expected to succeed;
// a preload (loaded-chunks.cjs) records which files of dist/ each run read. A new split point
// fails this test until a command that reaches it is added below.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BIN, cleanEnv, ROOT, spawnTripctl, tripctl, waitForLine } from '../support/cli.js';
import { startProxy, type TestProxy } from '../support/proxy.js';
import { xlsxWorkbook } from '../support/xlsx.js';

const dir = mkdtempSync(join(tmpdir(), 'tripctl-chunks-'));
const record = join(dir, 'loaded.txt');
const recording = { NODE_OPTIONS: `--require ${join(import.meta.dirname, 'loaded-chunks.cjs')}`, TRIPCTL_TEST_CHUNKS_FILE: record };
let sandbox: ReturnType<typeof spawnTripctl>;
let env: Record<string, string>;
let proxy: TestProxy;

beforeAll(async () => {
  sandbox = spawnTripctl(['sandbox', 'start', '--port', '0', '--no-profile', '--quiet'], { configDir: dir, env: recording });
  const lines: string[] = [];
  sandbox.stdout!.on('data', (chunk: Buffer) => lines.push(chunk.toString('utf8')));
  await waitForLine(sandbox.stdout!, /read-only key/, 20_000).catch(() => undefined);
  const field = (label: string) => new RegExp(`^${label}\\s+(\\S+)$`, 'm').exec(lines.join(''))?.[1] ?? '';
  env = { ...recording, TRIPCTL_BASE_URL: field('base URL'), TRIPCTL_API_KEY: field('full key'), TRIPCTL_TZ: 'Asia/Damascus' };
  proxy = await startProxy({ 'sandbox.example.test:80': Number(new URL(env.TRIPCTL_BASE_URL!).port) });
}, 30_000);
afterAll(async () => {
  sandbox?.kill('SIGTERM');
  await proxy?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The built tool with the recording preload; it must succeed. */
async function succeeds(args: string[], extra: Record<string, string> = {}): Promise<string> {
  const result = await tripctl(args, { configDir: dir, env: { ...env, ...extra }, timeoutMs: 30_000 });
  expect(result.code, `tripctl ${args.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/**
 * The built tool on a terminal (`script` gives it a pseudo-terminal, sized here: from a pipe it
 * would report 0 columns). With `keys`, waits for `until` and types them; expects exit `code`.
 * It must end: a spinner on a terminal of 0 columns once cleared lines forever.
 */
async function onTerminal(args: string[], answer?: { until: RegExp; keys: string; code: number }, columns = 100): Promise<string> {
  const quoted = args.map((arg) => `'${arg}'`).join(' ');
  const child = spawn('script', ['-qfec', `stty cols ${columns} rows 30; node ${BIN} ${quoted}`, '/dev/null'], {
    env: cleanEnv(dir, { ...env, TERM: 'xterm-256color' }),
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let screen = '';
  child.stdout!.on('data', (chunk: Buffer) => (screen += stripVTControlCharacters(chunk.toString('utf8'))));
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  if (answer) {
    for (let waited = 0; !answer.until.test(screen) && waited < 20_000; waited += 20)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen).toMatch(answer.until);
    child.stdin!.write(answer.keys);
  }
  child.stdin!.end();
  expect(await exited, screen).toBe(answer?.code ?? 0);
  return screen;
}

/** The files of dist/ one run of the built tool read (through the same recording preload). */
async function filesRead(args: string[]): Promise<string[]> {
  const file = join(dir, `read-${args.join('-').replace(/[^a-z]/g, '')}.txt`);
  await succeeds(args, { TRIPCTL_TEST_CHUNKS_FILE: file });
  return [...new Set(readFileSync(file, 'utf8').split('\n').filter(Boolean))].sort();
}

// Before the test below, which stops the sandbox.
it('a run reads only the files its command needs (start-up: each file is one more to find, read and compile)', async () => {
  // --version and help read the start file alone; undici's file only when a request is made.
  expect(await filesRead(['--version'])).toEqual(['launch.cjs', 'tripctl.cjs']);
  expect(await filesRead(['cities', '--help'])).toEqual(['cities.cjs', 'launch.cjs', 'tripctl.cjs']);
  expect(await filesRead(['cities', 'list', '-o', 'json'])).toEqual(['cities.cjs', 'client-undici.cjs', 'launch.cjs', 'tripctl.cjs']);
  // --query's JMESPath is a file of its own, read only then.
  expect(await filesRead(['cities', 'list', '--query', '[0].id'])).toContain('jmespath.cjs');
}, 60_000);

it('loads every file of dist/ in some run of the built tool', async () => {
  const ids = async (args: string[]) => (await succeeds([...args, '-o', 'ids'])).trim().split('\n');
  // Each command group's tree (src/cli.ts loads a group's file when the command line names it).
  const groups = readdirSync(join(ROOT, 'src/commands'), { withFileTypes: true }).filter((entry) => entry.isDirectory());
  for (const group of groups) await succeeds([group.name, '--help']);
  const [trip] = await ids(['trips', 'list', '--status', 'published', '--limit', '1']);
  const [booking] = await ids(['bookings', 'list', '--status', 'approved', '--limit', '1']);
  await succeeds(['cities', 'list', '--query', '[0].id']); // --query (jmespath)
  await succeeds(['trips', 'manifest', trip!, '--format', 'pdf', '--file', join(dir, 'manifest.pdf')]); // the manifest's PDF
  await succeeds(['bookings', 'ticket', booking!, '--format', 'png', '--file', join(dir, 'ticket.png')]); // a QR code
  await succeeds(['trips', 'board', trip!, '--sync']); // the boarding station
  await succeeds(['bookings', 'create', '--trip', trip!, '--seats', '1', '--phone', '0944 120 777', '--name', 'Chunk Test']); // phone numbers
  // undici's public entry, behind a proxy (plain HTTP: `openapi` sends no key).
  await succeeds(['--base-url', 'http://sandbox.example.test/api/partner/v1', 'openapi', '-o', 'json'], { HTTP_PROXY: proxy.url });
  expect(proxy.log).toEqual(['GET http://sandbox.example.test/api/partner/v1/openapi.json']);
  // The Excel reader: an office's workbook, read for a dry run.
  const week = join(dir, 'week.xlsx');
  const vehicle = (await succeeds(['vehicles', 'list', '-o', 'ids'])).trim().split('\n')[0]!;
  writeFileSync(
    week,
    xlsxWorkbook([
      {
        name: 'Week',
        rows: [
          ['Date', 'Time', 'From', 'To', 'Vehicle', 'Fare (SYP)'],
          ['2027-06-01', '08:00', 'Damascus', 'Homs', vehicle, 15000],
        ],
      },
    ]),
  );
  await succeeds(['trips', 'publish', '--from-file', week, '--dry-run']);
  // The webhook inspector: served, its line printed, then stopped as a person does (Ctrl-C).
  const listener = spawnTripctl(['webhooks', 'listen', '--port', '0', '--secret', 'whsec_chunkstest0000000000', '--inspect', '0'], {
    configDir: dir,
    env,
  });
  await waitForLine(listener.stderr!, /Inspector: http:\/\/127\.0\.0\.1:\d+\//, 20_000);
  const listenerExit = new Promise((resolve) => listener.on('exit', resolve));
  listener.kill('SIGINT');
  await listenerExit;
  // A terminal's: the spinner of a download, a ticket's QR drawn in colour, and the prompter (a
  // confirmation, answered no: exit 130, nothing sent).
  expect(await onTerminal(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', join(dir, 'b.csv')])).toMatch(
    /Saved bookings report/,
  );
  await onTerminal(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', join(dir, 'c.csv')], undefined, 0);
  await onTerminal(['bookings', 'ticket', booking!]);
  const declined = await onTerminal(['trips', 'cancel', trip!], { until: /\(y\/N\)/, keys: 'n\r', code: 130 });
  expect(declined).toMatch(/nothing was sent/);
  // The sandbox's own files: recorded when it exits.
  const stopped = new Promise((resolve) => sandbox.on('exit', resolve));
  sandbox.kill('SIGTERM');
  await stopped;

  const loaded = new Set(readFileSync(record, 'utf8').split('\n').filter(Boolean));
  const built = readdirSync(join(ROOT, 'dist')).filter((file) => file.endsWith('.cjs'));
  expect(built.length).toBeGreaterThan(10);
  expect(built.filter((file) => !loaded.has(file))).toEqual([]);
}, 180_000);
