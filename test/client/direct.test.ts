// A download's own connection (src/client/direct.ts) read off the wire: a raw TCP server sends
// answers byte by byte where it matters (a head split mid-line, chunk sizes split across reads,
// trailers, 1xx answers, a body ended by the connection), and answers that are not HTTP at all.
// Every case runs `reports export` in-process, as a user would, and checks the bytes saved.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { download } from '../../src/client/download.js';
import { ApiClient } from '../../src/client/http.js';
import { runInProcess } from '../support/context.js';

/** What the server does with a connection, in order: bytes to send, a pause, then how it ends. */
type Step = string | Buffer | { pauseMs: number };
interface Script {
  steps: Step[];
  end: 'close' | 'reset' | 'hang';
}

let server: Server;
const sockets = new Set<Socket>();
let scripts: Script[];
let requests: string[];
let dir: string;

beforeEach(async () => {
  scripts = [];
  requests = [];
  dir = mkdtempSync(join(tmpdir(), 'tripctl-direct-'));
  server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    void serve(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

async function serve(socket: Socket): Promise<void> {
  socket.on('error', () => undefined);
  let head = '';
  await new Promise<void>((resolve) => {
    const onData = (data: Buffer) => {
      head += data.toString('latin1');
      if (head.includes('\r\n\r\n')) {
        socket.off('data', onData);
        resolve();
      }
    };
    socket.on('data', onData);
  });
  requests.push(head);
  const script = scripts.shift();
  if (!script) return void socket.destroy();
  for (const step of script.steps) {
    if (typeof step === 'object' && 'pauseMs' in step) await new Promise((resolve) => setTimeout(resolve, step.pauseMs));
    else await new Promise((resolve) => socket.write(step, resolve));
  }
  if (script.end === 'close') socket.end();
  else if (script.end === 'reset') socket.resetAndDestroy();
}

/** Each piece is sent alone, with a pause after it, so the reader sees it as its own read. */
function pieces(...parts: Array<string | Buffer>): Step[] {
  return parts.flatMap((part) => [part, { pauseMs: 15 }]);
}

async function exportTo(file: string, extra: string[] = []) {
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/partner/v1`;
  return runInProcess(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', file, '--retries', '0', ...extra], {
    env: { TRIPCTL_BASE_URL: base, TRIPCTL_API_KEY: 'sk_test_directdirectdirect01' },
    cwd: dir,
  });
}

const CSV = 'id,status\r\n1,approved\r\n2,rejected\r\n';
const saved = (name = 'out.csv') => readFileSync(join(dir, name), 'utf8');

describe('framing', () => {
  test('a head split mid-line and a Content-Length body in small reads: the exact bytes', async () => {
    scripts.push({
      steps: pieces(
        'HTTP/1.1 20',
        '0 OK\r\ncontent-type: text/csv\r\ncontent-le',
        `ngth: ${CSV.length}\r\n\r`,
        '\nid,status\r\n1,app',
        CSV.slice(16),
      ),
      end: 'hang',
    });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
    expect(requests[0]).toMatch(/^GET \/api\/partner\/v1\/reports\/export\?type=bookings&format=csv HTTP\/1\.1\r\n/);
    expect(requests[0]).toMatch(/\r\nauthorization: Bearer sk_test_directdirectdirect01\r\n/);
    expect(requests[0]).toMatch(/\r\nconnection: close\r\n/);
  });

  test('chunked: sizes split across reads, extensions, a trailer', async () => {
    scripts.push({
      steps: pieces(
        'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n',
        '1',
        '0;name="x"\r\n',
        CSV.slice(0, 10),
        CSV.slice(10, 16),
        '\r',
        '\n',
        `${(CSV.length - 22).toString(16)}\r\n${CSV.slice(16, -6)}\r\n6\r\n${CSV.slice(-6)}`,
        '\r\n0\r\nx-checksum: abc\r\n',
        '\r\n',
      ),
      end: 'hang',
    });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
  });

  test('a whole chunked answer in one read', async () => {
    scripts.push({
      steps: [
        `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nid,s\r\n${(CSV.length - 4).toString(16)}\r\n${CSV.slice(4)}\r\n0\r\n\r\n`,
      ],
      end: 'hang',
    });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
  });

  test('no length and no chunks: the body ends with the connection', async () => {
    scripts.push({ steps: pieces('HTTP/1.1 200 OK\r\ncontent-type: text/csv\r\n\r\nid,status\r\n', CSV.slice(11)), end: 'close' });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
  });

  test('100 Continue and 103 Early Hints before the answer are passed over', async () => {
    scripts.push({
      steps: pieces(
        'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </x>\r\n\r\n',
        `HTTP/1.1 200 OK\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV}`,
      ),
      end: 'hang',
    });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
  });

  test('a 204 has no body whatever its headers say: the answer ends at its head', async () => {
    // The connection stays open and no length is given: reading to its end would hang.
    scripts.push({ steps: ['HTTP/1.1 204 No Content\r\ntransfer-encoding: chunked\r\n\r\n'], end: 'hang' });
    const result = await exportTo('out.csv', ['--timeout', '5']);
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe('');
  });

  test('an empty body (Content-Length: 0) saves an empty file', async () => {
    scripts.push({ steps: ['HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'], end: 'hang' });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe('');
  });

  test('--file - hands the body to stdout unchanged, over many reads', async () => {
    const body = Array.from({ length: 60_000 }, (_, i) => `${i},approved,${'x'.repeat(i % 40)}\n`).join('');
    scripts.push({ steps: [`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n`, body], end: 'hang' });
    const result = await exportTo('-');
    expect(result.code, result.stderr).toBe(0);
    expect(body.length).toBeGreaterThan(2 * 1024 * 1024);
    expect(result.stdout === body).toBe(true);
  });
});

describe('answers that break off or are not HTTP: exit 7, nothing saved', () => {
  const cases: Array<[string, Script, RegExp]> = [
    [
      'a Content-Length body cut short',
      { steps: [`HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n${CSV}`], end: 'close' },
      /broke|truncated/,
    ],
    [
      'a chunked body cut before its last chunk',
      { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nid,st\r\n'], end: 'close' },
      /broke/,
    ],
    [
      'a reset in the middle of a chunk',
      { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n50\r\nid,st'], end: 'reset' },
      /broke/,
    ],
    [
      'a chunk size that is not hexadecimal',
      { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\nid\r\n0\r\n\r\n'], end: 'hang' },
      /chunk size/,
    ],
    [
      'a chunk longer than its size',
      { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nid,status\r\n0\r\n\r\n'], end: 'hang' },
      /chunk/,
    ],
    [
      'two different Content-Lengths',
      { steps: ['HTTP/1.1 200 OK\r\ncontent-length: 5\r\ncontent-length: 6\r\n\r\nid,st'], end: 'hang' },
      /Content-Length/,
    ],
    [
      'a Content-Length that is not a number',
      { steps: ['HTTP/1.1 200 OK\r\ncontent-length: 5x\r\n\r\nid,st'], end: 'hang' },
      /Content-Length/,
    ],
    [
      'a head larger than 16 KiB',
      { steps: [`HTTP/1.1 200 OK\r\nx-pad: ${'a'.repeat(17 * 1024)}\r\n\r\n`], end: 'hang' },
      /headers are too large/,
    ],
    [
      'a head that never ends, growing',
      { steps: [`HTTP/1.1 200 OK\r\n${'x-pad: a\r\n'.repeat(3000)}`], end: 'hang' },
      /headers are too large/,
    ],
    ['not HTTP at all', { steps: ['SSH-2.0-OpenSSH_9.2\r\n\r\n'], end: 'hang' }, /not HTTP/],
    ['a malformed header line', { steps: ['HTTP/1.1 200 OK\r\nno colon here\r\n\r\n'], end: 'hang' }, /header is malformed/],
    ['a close before any answer', { steps: [], end: 'close' }, /closed before an answer|broke/],
  ];
  test.each(cases)('%s', async (_name, script, message) => {
    scripts.push(script);
    const result = await exportTo('out.csv', ['--timeout', '5']);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toMatch(message);
    expect(result.stderr.trim().split('\n').length).toBeLessThanOrEqual(2);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('an error answer in chunks is read whole and reported like any other (404, exit 5)', async () => {
    const body = JSON.stringify({ error: 'report type not found', code: 'not_found' });
    scripts.push({
      steps: pieces(
        'HTTP/1.1 404 Not Found\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n',
        `${(10).toString(16)}\r\n${body.slice(0, 10)}\r\n`,
        `${(body.length - 10).toString(16)}\r\n${body.slice(10)}\r\n0\r\n\r\n`,
      ),
      end: 'hang',
    });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(5);
    expect(result.stderr).toContain('report type not found');
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a slow reader of stdout', () => {
  test('is never handed a chunk the next read has already overwritten', async () => {
    // Each write calls back 2 ms later and only then is the chunk copied: had the download reused
    // its read buffer before the callback, the copies would not add up to the body.
    const body = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i >> 10) & 0xff;
    const received: Buffer[] = [];
    const slow = new Writable({
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          received.push(Buffer.from(chunk));
          done();
        }, 2);
      },
    });
    scripts.push({ steps: [`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n`, body], end: 'hang' });
    const client = new ApiClient({
      baseUrl: `http://127.0.0.1:${(server.address() as { port: number }).port}/api/partner/v1`,
      apiKey: 'sk_test_directdirectdirect01',
      timeoutMs: 10_000,
      retries: 0,
      userAgent: 'tripctl/test',
    });
    const result = await download(
      client,
      { method: 'GET', path: '/reports/export' },
      { file: '-', cwd: dir, fallbackName: 'x.csv', stdout: slow },
    );
    expect(result.bytes).toBe(body.length);
    expect(received.length).toBeGreaterThan(1);
    expect(Buffer.concat(received).equals(body)).toBe(true);
  });
});
