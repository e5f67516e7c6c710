// Downloads never clobber and never write where the service says: a target that appears while the
// download runs is kept (exit 2, nothing left behind); a name from Content-Disposition is a clean
// base name cut to 255 bytes; a directory target saves inside it; a short body leaves no file.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startHostileServer, type HostileServer } from './hostile-server.js';
import { cli, forbiddenIn, KEY, uuidFor } from './support.js';

let server: HostileServer;
/** A parent holding only `work`, the command's directory: a file written outside `work` shows. */
let parent: string;
let work: string;
beforeEach(async () => {
  server = await startHostileServer();
  parent = mkdtempSync(join(tmpdir(), 'tripctl-faults-dl-'));
  work = join(parent, 'work');
  mkdirSync(work);
});
afterEach(async () => {
  await server.close();
  rmSync(parent, { recursive: true, force: true });
});

const CSV = Buffer.from('id,status\r\n1,approved\r\n'.repeat(2000));
const EXPORT = ['reports', 'export', '--type', 'bookings', '--format', 'csv'];
const INVOICE = ['payments', 'invoice', uuidFor(42)];

/** The commands that download, with the route each calls. */
const DOWNLOADERS: Array<[string, string[], string]> = [
  ['reports export', EXPORT, 'GET /reports/export'],
  ['payments invoice', INVOICE, 'GET /payments/*/invoice.pdf'],
];

/** Content-Disposition values a hostile service may send: [name, header, base name expected or null for "any clean name"]. */
const DISPOSITIONS: Array<[string, string, string | null]> = [
  ['path traversal', 'attachment; filename="../../evil.csv"', 'evil.csv'],
  ['an absolute path', 'attachment; filename="/etc/cron.d/evil"', 'evil'],
  ['Windows separators', 'attachment; filename="..\\..\\win.csv"', 'win.csv'],
  ['traversal in filename*', "attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd", 'passwd'],
  ['only dots', 'attachment; filename=".."', null],
  ['empty', 'attachment; filename=""', null],
  ['Arabic, 660 bytes', `attachment; filename*=UTF-8''${encodeURIComponent(`${'تقرير-'.repeat(60)}.csv`)}`, null],
  ['emoji, 404 bytes', `attachment; filename*=UTF-8''${encodeURIComponent(`${'😀'.repeat(100)}.csv`)}`, null],
  ['ASCII, 300 bytes', `attachment; filename="${'a'.repeat(296)}.csv"`, null],
  ['C1 controls', "attachment; filename*=UTF-8''a%C2%85b%C2%9Bc.csv", null],
  ['a bidi override', "attachment; filename*=UTF-8''invoice%E2%80%AEvsc.exe", null],
  ['bidi isolates and marks', "attachment; filename*=UTF-8''a%E2%81%A6b%E2%81%A9c%E2%80%8Ed.csv", null],
  ['an escape sequence', "attachment; filename*=UTF-8''a%1B%5B31mb.csv", null],
  ['a newline', "attachment; filename*=UTF-8''a%0Ab.csv", null],
  ['a NUL', "attachment; filename*=UTF-8''a%00b.csv", null],
];

function checkSavedName(name: string): void {
  expect(name).not.toMatch(/[/\\]/);
  expect(name === '.' || name === '..').toBe(false);
  expect(Buffer.byteLength(name), name).toBeLessThanOrEqual(255);
  expect(name).not.toContain('\ufffd'); // cut between bytes of one character
  expect(forbiddenIn(name)).toEqual([]);
  expect(name).not.toMatch(/[\n\t]/);
}

describe.each(DOWNLOADERS)('%s', (_name, argv, route) => {
  it.each(DISPOSITIONS)('Content-Disposition with %s: one clean base name inside the directory', async (_case, disposition, expected) => {
    server.on(route, { raw: CSV, headers: { 'content-type': 'text/csv', 'content-disposition': disposition } });
    const result = await cli(server, argv, { cwd: work });
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(parent)).toEqual(['work']);
    const saved = readdirSync(work);
    expect(saved).toHaveLength(1);
    checkSavedName(saved[0]!);
    if (expected !== null) expect(saved[0]).toBe(expected);
    expect(readFileSync(join(work, saved[0]!)).equals(CSV)).toBe(true);
    expect(forbiddenIn(result.stdout)).toEqual([]);
  });

  it('a target that appears while the download runs is kept: exit 2, nothing left behind', async () => {
    let appeared!: () => void;
    const firstSent = new Promise<void>((resolve) => {
      appeared = resolve;
    });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.on(route, {
      fault: 'gate',
      first: CSV.subarray(0, 1000),
      rest: CSV.subarray(1000),
      headers: { 'content-type': 'text/csv' },
      release: gate,
      onFirst: appeared,
    });
    const running = cli(server, [...argv, '--file', 'out.csv'], { cwd: work });
    await firstSent;
    // Give the client time to open its temporary file and write the first bytes.
    await new Promise((resolve) => setTimeout(resolve, 100));
    writeFileSync(join(work, 'out.csv'), 'mine, not the service’s\n');
    release();
    const result = await running;
    expect(result.code, result.stderr).toBe(2);
    expect(readFileSync(join(work, 'out.csv'), 'utf8')).toBe('mine, not the service’s\n');
    expect(readdirSync(work)).toEqual(['out.csv']);
  });

  it('with --force, a target that appears is replaced (the control)', async () => {
    writeFileSync(join(work, 'out.csv'), 'old');
    server.on(route, { raw: CSV, headers: { 'content-type': 'text/csv' } });
    const result = await cli(server, [...argv, '--file', 'out.csv', '--force'], { cwd: work });
    expect(result.code, result.stderr).toBe(0);
    expect(readFileSync(join(work, 'out.csv')).equals(CSV)).toBe(true);
    expect(readdirSync(work)).toEqual(['out.csv']);
  });

  it('a target there before the download: exit 2, nothing sent, the file unchanged', async () => {
    writeFileSync(join(work, 'out.csv'), 'old');
    server.on(route, { raw: CSV, headers: { 'content-type': 'text/csv' } });
    const result = await cli(server, [...argv, '--file', 'out.csv'], { cwd: work });
    expect(result.code, result.stderr).toBe(2);
    expect(readFileSync(join(work, 'out.csv'), 'utf8')).toBe('old');
    expect(server.requests).toEqual([]);
  });

  it.each(['reports/', 'reports'])('--file %s, an existing directory: saved inside it under the service’s name', async (target) => {
    mkdirSync(join(work, 'reports'));
    server.on(route, {
      raw: CSV,
      headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="bookings-2026.csv"' },
    });
    const result = await cli(server, [...argv, '--file', target], { cwd: work });
    expect(result.code, result.stderr).toBe(0);
    expect(readdirSync(join(work, 'reports'))).toEqual(['bookings-2026.csv']);
    expect(readFileSync(join(work, 'reports', 'bookings-2026.csv')).equals(CSV)).toBe(true);
    expect(readdirSync(work)).toEqual(['reports']);
  });

  it.each([
    ['filename', `attachment; filename="export-${KEY}.csv"`],
    ['filename*', `attachment; filename*=UTF-8''${encodeURIComponent(`تقرير-${KEY}.csv`)}`],
  ])(
    'a %s holding the key: the key is masked in the saved name itself, and the path printed is the one saved',
    async (_param, disposition) => {
      server.on(route, { raw: CSV, headers: { 'content-type': 'text/csv', 'content-disposition': disposition } });
      const result = await cli(server, argv, { cwd: work });
      expect(result.code, result.stderr).toBe(0);
      const [name, ...others] = readdirSync(work);
      expect(others).toEqual([]);
      expect(name).not.toContain(KEY);
      expect(name).toMatch(/^(export|تقرير)-sk_live_…cdef\.csv$/);
      expect(result.stdout).toBe(`${join(work, name!)}\n`);
      expect(readFileSync(result.stdout.trim()).equals(CSV)).toBe(true);
    },
  );

  it('interrupted while the body is held: exit 130, no file at all', async () => {
    server.on(route, {
      fault: 'gate',
      first: CSV.subarray(0, 1000),
      rest: CSV.subarray(1000),
      headers: { 'content-type': 'text/csv' },
      release: new Promise<void>(() => {}),
    });
    // The run's own limit is the interrupt: its signal fires as Ctrl-C does.
    const result = await cli(server, [...argv, '--file', 'out.csv'], { cwd: work, limitMs: 1_000 });
    expect(result.code, result.stderr).toBe(130);
    expect(readdirSync(work)).toEqual([]);
  });

  it('a body shorter than its Content-Length: exit 7, no file at all', async () => {
    server.on(route, { fault: 'truncate', declared: CSV.length, body: CSV.subarray(0, 5000), headers: { 'content-type': 'text/csv' } });
    const result = await cli(server, [...argv, '--file', 'out.csv', '--retries', '0'], { cwd: work });
    expect(result.code, result.stderr).toBe(7);
    expect(readdirSync(work)).toEqual([]);
  });

  it('a reset in the middle of the body, every time: exit 7, no file at all', async () => {
    server.on(route, { fault: 'reset-mid-body', body: CSV.toString('utf8') });
    const result = await cli(server, [...argv, '--file', 'out.csv', '--retries', '1'], { cwd: work });
    expect(result.code, result.stderr).toBe(7);
    expect(readdirSync(work)).toEqual([]);
  });
});
