// Downloads: streamed to a temp file beside the target and renamed on success, so the file is
// complete or absent; never over an existing file without force; `-` to stdout; safe names.
import { lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { download, safeFileName, suggestedName } from '../../src/client/download.js';
import { ApiClient } from '../../src/client/http.js';
import { ExitCode } from '../../src/errors.js';
import { BufferStream } from '../support/context.js';
import { startScriptedServer, type ScriptedServer } from '../support/scripted-server.js';

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(64 * 1024, 0x41), Buffer.from('\n%%EOF\n')]);

let server: ScriptedServer;
let client: ApiClient;
let dir: string;
let stdout: BufferStream;

beforeEach(async () => {
  server = await startScriptedServer();
  client = new ApiClient({
    baseUrl: server.baseUrl,
    apiKey: 'sk_test_abcdefghijklmnopqrstuvwx',
    timeoutMs: 5_000,
    retries: 0,
    userAgent: 'tripctl/test',
    backoff: { baseMs: 1, maxMs: 5 },
  });
  dir = mkdtempSync(join(tmpdir(), 'tripctl-dl-'));
  stdout = new BufferStream();
});

afterEach(async () => {
  await client.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

const invoice = { method: 'GET' as const, path: '/payments/p1/invoice' };
const base = () => ({ cwd: dir, fallbackName: 'invoice-20260101T000000.pdf', stdout });

describe('download', () => {
  test('writes the whole file under the name the service suggests, and nothing else', async () => {
    server.on('GET /payments/p1/invoice', {
      headers: {
        'content-type': 'application/pdf',
        'content-disposition': 'attachment; filename="invoice-0042.pdf"',
        'content-length': String(PDF.length),
      },
      body: PDF,
    });
    const result = await download(client, invoice, base());
    expect(result).toMatchObject({ path: join(dir, 'invoice-0042.pdf'), bytes: PDF.length, contentType: 'application/pdf' });
    expect(readdirSync(dir)).toEqual(['invoice-0042.pdf']);
    expect(readFileSync(join(dir, 'invoice-0042.pdf')).equals(PDF)).toBe(true);
    expect(server.requests[0]!.headers.accept).toBe('*/*');
    server.assertAllUsed();
  });

  test('without Content-Disposition the fallback name is used', async () => {
    server.on('GET /payments/p1/invoice', { headers: { 'content-type': 'application/pdf' }, body: PDF });
    const result = await download(client, invoice, base());
    expect(result.path).toBe(join(dir, 'invoice-20260101T000000.pdf'));
    expect(readdirSync(dir)).toEqual(['invoice-20260101T000000.pdf']);
  });

  test('a truncated body is an error and leaves neither the target nor a .part file', async () => {
    server.on('GET /payments/p1/invoice', {
      kind: 'truncate',
      declaredLength: PDF.length,
      body: PDF.subarray(0, 1000),
      headers: { 'content-type': 'application/pdf' },
    });
    const error = await download(client, invoice, { ...base(), file: 'invoice.pdf' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: ExitCode.network });
    expect((error as Error).message).toMatch(/download (broke off|truncated)/);
    expect(readdirSync(dir)).toEqual([]);
    server.assertAllUsed();
  });

  test('an error status writes no file', async () => {
    server.on('GET /payments/p1/invoice', { status: 404, body: { error: 'payment not found', code: 'not_found' } });
    await expect(download(client, invoice, { ...base(), file: 'invoice.pdf' })).rejects.toMatchObject({
      exitCode: ExitCode.notFound,
      message: 'payment not found',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  test('an existing --file is kept without force, checked before any request', async () => {
    writeFileSync(join(dir, 'invoice.pdf'), 'mine');
    await expect(download(client, invoice, { ...base(), file: 'invoice.pdf' })).rejects.toMatchObject({ exitCode: ExitCode.usage });
    expect(readFileSync(join(dir, 'invoice.pdf'), 'utf8')).toBe('mine');
    expect(server.requests).toHaveLength(0);
  });

  test.each([
    ['a dangling symbolic link', 'nowhere.pdf'],
    ['a live symbolic link', 'real.pdf'],
  ])('--file naming %s is refused before any request (exit 2), and the link is kept', async (_, to) => {
    writeFileSync(join(dir, 'real.pdf'), 'mine');
    symlinkSync(to, join(dir, 'invoice.pdf'));
    const error = await download(client, invoice, { ...base(), file: 'invoice.pdf' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ exitCode: ExitCode.usage, message: expect.stringContaining('already exists') });
    expect(server.requests).toHaveLength(0);
    expect(readlinkSync(join(dir, 'invoice.pdf'))).toBe(to);
    expect(readdirSync(dir).sort()).toEqual(['invoice.pdf', 'real.pdf']);
  });

  test('with force, a dangling link at --file is replaced by the file itself, not written through', async () => {
    symlinkSync('elsewhere.pdf', join(dir, 'invoice.pdf'));
    server.on('GET /payments/p1/invoice', { body: PDF });
    await download(client, invoice, { ...base(), file: 'invoice.pdf', force: true });
    expect(lstatSync(join(dir, 'invoice.pdf')).isFile()).toBe(true);
    expect(readFileSync(join(dir, 'invoice.pdf')).equals(PDF)).toBe(true);
    expect(readdirSync(dir)).toEqual(['invoice.pdf']);
  });

  test('an existing file of the suggested name is kept too, and no .part is left', async () => {
    writeFileSync(join(dir, 'report.csv'), 'mine');
    server.on('GET /payments/p1/invoice', { headers: { 'content-disposition': 'attachment; filename=report.csv' }, body: 'a,b\r\n' });
    await expect(download(client, invoice, base())).rejects.toThrow(/already exists/);
    expect(readdirSync(dir)).toEqual(['report.csv']);
    expect(readFileSync(join(dir, 'report.csv'), 'utf8')).toBe('mine');
    server.assertAllUsed();
  });

  test('force replaces an existing file', async () => {
    writeFileSync(join(dir, 'invoice.pdf'), 'old');
    server.on('GET /payments/p1/invoice', { body: PDF });
    await download(client, invoice, { ...base(), file: 'invoice.pdf', force: true });
    expect(readFileSync(join(dir, 'invoice.pdf')).equals(PDF)).toBe(true);
    expect(readdirSync(dir)).toEqual(['invoice.pdf']);
  });

  test('--file - writes the bytes to stdout and no file', async () => {
    server.on('GET /payments/p1/invoice', { headers: { 'content-disposition': 'attachment; filename="x.pdf"' }, body: PDF });
    const result = await download(client, invoice, { ...base(), file: '-' });
    expect(result).toMatchObject({ path: '-', bytes: PDF.length });
    expect(stdout.buffer().equals(PDF)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a Content-Disposition name with directories is reduced to its base name', async () => {
    server.on('GET /payments/p1/invoice', {
      headers: { 'content-disposition': 'attachment; filename="../../etc/passwd"' },
      body: 'not a password file',
    });
    const result = await download(client, invoice, base());
    expect(result.path).toBe(join(dir, 'passwd'));
    expect(readdirSync(dir)).toEqual(['passwd']);
  });

  test('an interrupted download leaves no file and exits 130', async () => {
    const controller = new AbortController();
    const aborting = new ApiClient({
      baseUrl: server.baseUrl,
      apiKey: 'sk_test_abcdefghijklmnopqrstuvwx',
      timeoutMs: 5_000,
      retries: 0,
      userAgent: 'tripctl/test',
      signal: controller.signal,
    });
    server.on('GET /payments/p1/invoice', {
      kind: 'stall',
      body: PDF.subarray(0, 4096),
      headers: { 'content-length': String(PDF.length) },
    });
    let seen = 0;
    const pending = download(aborting, invoice, {
      ...base(),
      file: 'invoice.pdf',
      signal: controller.signal,
      onProgress: (bytes) => {
        seen = bytes;
        if (bytes >= 4096) controller.abort();
      },
    }).catch((e: unknown) => e);
    const error = await pending;
    await aborting.close();
    expect(seen).toBe(4096);
    expect(error).toMatchObject({ exitCode: ExitCode.interrupted });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('safe names', () => {
  test.each([
    ['attachment; filename="../../etc/passwd"', 'passwd'],
    ['attachment; filename="..\\\\windows\\\\evil.bat"', 'evil.bat'],
    ['attachment; filename=".bashrc"', 'bashrc'],
    ['attachment; filename="bookings 2026-11.xlsx"', 'bookings 2026-11.xlsx'],
    ["attachment; filename*=UTF-8''%D8%AA%D9%82%D8%B1%D9%8A%D8%B1.pdf", 'تقرير.pdf'],
    ['attachment; filename=".."', undefined],
    ['attachment', undefined],
    ['not a header ;;; =', undefined],
  ])('%s → %s', async (header, expected) => {
    expect(await suggestedName(header)).toBe(expected);
  });

  test.each([
    ['nul.pdf', '_nul.pdf'],
    ['lpt1', '_lpt1'],
    ['CON', '_CON'],
    ['Aux.tar.gz', '_Aux.tar.gz'],
    ['com9.csv', '_com9.csv'],
    ['PRN .txt', '_PRN .txt'],
    ['nul.', '_nul'],
    ['conout$.log', '_conout$.log'],
    ['report.pdf.', 'report.pdf'],
    ['report . .', 'report'],
    ['console.pdf', 'console.pdf'],
    ['nullify.csv', 'nullify.csv'],
    ['com10.csv', 'com10.csv'],
  ])('a name Windows cannot save as itself: %s → %s', (name, expected) => {
    expect(safeFileName(name)).toBe(expected);
  });

  test('no device name, in any case, with or without an extension, and no trailing dot or space, ever comes back', () => {
    const devices = ['CON', 'PRN', 'AUX', 'NUL', 'CONIN$', 'CONOUT$'];
    for (let n = 0; n <= 9; n++) devices.push(`COM${n}`, `LPT${n}`);
    const variants = (word: string) => [word, word.toLowerCase(), word[0] + word.slice(1).toLowerCase()];
    for (const device of devices.flatMap(variants)) {
      for (const name of [device, `${device}.pdf`, `${device}.tar.gz`, `${device} .csv`, `${device}.`, `${device} `, `../${device}.xlsx`]) {
        const safe = safeFileName(name);
        expect(safe, name).toBeDefined();
        expect(safe!.split('.')[0]!.trimEnd().toUpperCase(), name).not.toBe(device.toUpperCase());
        expect(safe, name).not.toMatch(/[. ]$/);
      }
    }
  });

  test('a name cut to length does not end in a dot or a space', () => {
    const safe = safeFileName(`${'a'.repeat(239)} ${'b'.repeat(20)}`)!;
    expect(safe).toBe('a'.repeat(239));
  });

  test('control characters and reserved characters are replaced', () => {
    expect(safeFileName('a\u0007b\u001b[31m.pdf')).toBe('a_b_[31m.pdf');
    expect(safeFileName('x:y*z?.csv')).toBe('x_y_z_.csv');
    expect(safeFileName('/')).toBeUndefined();
  });
});
