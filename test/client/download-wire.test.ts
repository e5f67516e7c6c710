// Downloads read off the wire, through undici: a raw TCP server on loopback sends answers byte by
// byte where it matters (a head split mid-line, chunk sizes split across reads, trailers, 1xx
// answers, a body ended by the connection) and answers no file should be saved from (204, empty,
// a transfer or content coding tripctl does not decode, a flood of `100 Continue`, not HTTP at
// all). Every case runs `reports export` in-process, as a user would, and checks what was saved.
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
  dir = mkdtempSync(join(tmpdir(), 'tripctl-wire-'));
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
  expect(scripts, 'every scripted answer was asked for').toEqual([]);
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
    if (socket.destroyed) return;
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

const KEY = 'sk_test_wirewirewirewirewire01';
const baseUrl = () => `http://127.0.0.1:${(server.address() as { port: number }).port}/api/partner/v1`;

async function exportTo(file: string, extra: string[] = []) {
  return runInProcess(['reports', 'export', '--type', 'bookings', '--format', 'csv', '--file', file, '--retries', '0', ...extra], {
    env: { TRIPCTL_BASE_URL: baseUrl(), TRIPCTL_API_KEY: KEY },
    cwd: dir,
  });
}

const CSV = 'id,status\r\n1,approved\r\n2,rejected\r\n';
const saved = (name = 'out.csv') => readFileSync(join(dir, name), 'utf8');

/** One line of error and its hint at most, never a stack trace. */
function expectOneError(stderr: string): void {
  expect(stderr.trim().split('\n').length, stderr).toBeLessThanOrEqual(2);
  expect(stderr).not.toMatch(/^\s+at /m);
}

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
    expect(requests[0]).toContain(`\r\nauthorization: Bearer ${KEY}\r\n`);
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

  test('no length and no chunks: the body ends with the connection', async () => {
    scripts.push({ steps: pieces('HTTP/1.1 200 OK\r\ncontent-type: text/csv\r\n\r\nid,status\r\n', CSV.slice(11)), end: 'close' });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
  });

  test('103 Early Hints before the answer are passed over', async () => {
    scripts.push({
      steps: pieces(
        'HTTP/1.1 103 Early Hints\r\nlink: </x>\r\n\r\nHTTP/1.1 103 Early Hints\r\nlink: </y>\r\n\r\n',
        `HTTP/1.1 200 OK\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV}`,
      ),
      end: 'hang',
    });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
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

describe('answers no file is saved from: exit 1, nothing saved, one line', () => {
  const cases: Array<[string, Script, RegExp]> = [
    // A 204 ends at its head whatever it says; the connection stays open, so reading on would hang.
    ['204 No Content', { steps: ['HTTP/1.1 204 No Content\r\ntransfer-encoding: chunked\r\n\r\n'], end: 'hang' }, /HTTP 204/],
    ['200 with Content-Length: 0', { steps: ['HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n'], end: 'hang' }, /empty/],
    ['200 with no chunk but the last', { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n0\r\n\r\n'], end: 'hang' }, /empty/],
    [
      'Transfer-Encoding: gzip, chunked (the bytes inside the chunks are gzip)',
      {
        steps: [`HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n${CSV.length.toString(16)}\r\n${CSV}\r\n0\r\n\r\n`],
        end: 'hang',
      },
      /Transfer-Encoding: gzip, chunked/,
    ],
    [
      'Content-Encoding: gzip',
      { steps: [`HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV}`], end: 'hang' },
      /Content-Encoding: gzip/,
    ],
    [
      'Content-Encoding: br on a chunked body',
      {
        steps: [
          `HTTP/1.1 200 OK\r\ncontent-encoding: br\r\ntransfer-encoding: chunked\r\n\r\n${CSV.length.toString(16)}\r\n${CSV}\r\n0\r\n\r\n`,
        ],
        end: 'hang',
      },
      /Content-Encoding: br/,
    ],
  ];
  test.each(cases)('%s', async (_name, script, message) => {
    scripts.push(script);
    const result = await exportTo('out.csv', ['--timeout', '5']);
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).toMatch(/nothing was saved/);
    expectOneError(result.stderr);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('the same to stdout: exit 1, not a byte written', async () => {
    scripts.push({ steps: [`HTTP/1.1 200 OK\r\ncontent-encoding: gzip\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV}`], end: 'hang' });
    const result = await exportTo('-');
    expect(result.code, result.stderr).toBe(1);
    expect(result.stdout).toBe('');
  });

  test('the control: identity and plain chunked are saved', async () => {
    scripts.push({
      steps: [
        `HTTP/1.1 200 OK\r\ncontent-encoding: identity\r\ntransfer-encoding: chunked\r\n\r\n${CSV.length.toString(16)}\r\n${CSV}\r\n0\r\n\r\n`,
      ],
      end: 'hang',
    });
    const result = await exportTo('out.csv');
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
  });
});

describe('a flood of 1xx answers', () => {
  // tripctl never sends `Expect: 100-continue`, so undici takes the first `100 Continue` for the
  // broken answer it is and closes the connection: the rest of the flood is never read.
  test('20,000 × 100 Continue before the answer: exit 7, one line, no stack trace, nothing saved', async () => {
    const flood = Buffer.from('HTTP/1.1 100 Continue\r\n\r\n'.repeat(20_000));
    scripts.push({ steps: [flood, `HTTP/1.1 200 OK\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV}`], end: 'hang' });
    const result = await exportTo('out.csv', ['--timeout', '20']);
    expect(result.code, result.stderr).toBe(7);
    expect(result.stderr).toMatch(/not valid HTTP/);
    expectOneError(result.stderr);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a flood of 103 Early Hints is read past: the exact bytes', async () => {
    const flood = Buffer.from('HTTP/1.1 103 Early Hints\r\nlink: </x>\r\n\r\n'.repeat(5_000));
    scripts.push({ steps: [flood, `HTTP/1.1 200 OK\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV}`], end: 'hang' });
    const result = await exportTo('out.csv', ['--timeout', '20']);
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
  });
});

describe('a retried download', () => {
  test('is judged by its own answer: a first try cut short, a second of another length whole', async () => {
    const first = 'id,status\r\n'.repeat(50);
    scripts.push(
      { steps: [`HTTP/1.1 200 OK\r\ncontent-length: ${first.length}\r\n\r\n${first.slice(0, 100)}`], end: 'reset' },
      { steps: [`HTTP/1.1 200 OK\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV}`], end: 'hang' },
    );
    const result = await exportTo('out.csv', ['--retries', '1']);
    expect(result.code, result.stderr).toBe(0);
    expect(saved()).toBe(CSV);
    expect(readdirSync(dir)).toEqual(['out.csv']);
    expect(requests).toHaveLength(2);
  });

  test('a second try that is itself short is truncated against its own length: exit 7, nothing saved', async () => {
    scripts.push(
      { steps: [`HTTP/1.1 200 OK\r\ncontent-length: ${CSV.length}\r\n\r\n${CSV.slice(0, 5)}`], end: 'reset' },
      { steps: [`HTTP/1.1 200 OK\r\ncontent-length: ${CSV.length * 2}\r\n\r\n${CSV}`], end: 'close' },
    );
    const result = await exportTo('out.csv', ['--retries', '1']);
    expect(result.code, result.stderr).toBe(7);
    expectOneError(result.stderr);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('answers that break off or are not HTTP: exit 7, nothing saved', () => {
  const cases: Array<[string, Script]> = [
    ['a Content-Length body cut short', { steps: [`HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n${CSV}`], end: 'close' }],
    [
      'a chunked body cut before its last chunk',
      { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nid,st\r\n'], end: 'close' },
    ],
    ['a reset in the middle of a chunk', { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n50\r\nid,st'], end: 'reset' }],
    [
      'a chunk size that is not hexadecimal',
      { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\nid\r\n0\r\n\r\n'], end: 'hang' },
    ],
    [
      'a chunk longer than its size',
      { steps: ['HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n2\r\nid,status\r\n0\r\n\r\n'], end: 'hang' },
    ],
    ['two different Content-Lengths', { steps: ['HTTP/1.1 200 OK\r\ncontent-length: 5\r\ncontent-length: 6\r\n\r\nid,st'], end: 'hang' }],
    ['a Content-Length that is not a number', { steps: ['HTTP/1.1 200 OK\r\ncontent-length: 5x\r\n\r\nid,st'], end: 'hang' }],
    ['a head larger than 16 KiB', { steps: [`HTTP/1.1 200 OK\r\nx-pad: ${'a'.repeat(17 * 1024)}\r\n\r\n`], end: 'hang' }],
    ['not HTTP at all', { steps: ['SSH-2.0-OpenSSH_9.2\r\n\r\n'], end: 'hang' }],
    ['a malformed header line', { steps: ['HTTP/1.1 200 OK\r\nno colon here\r\n\r\n'], end: 'hang' }],
    ['a close before any answer', { steps: [], end: 'close' }],
  ];
  test.each(cases)('%s', async (_name, script) => {
    scripts.push(script);
    const result = await exportTo('out.csv', ['--timeout', '5']);
    expect(result.code, result.stderr).toBe(7);
    expectOneError(result.stderr);
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
  test('gets every byte in order, the download waiting for it', async () => {
    const body = Buffer.alloc(2 * 1024 * 1024);
    for (let i = 0; i < body.length; i++) body[i] = (i >> 10) & 0xff;
    const received: Buffer[] = [];
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        setTimeout(() => {
          received.push(Buffer.from(chunk));
          done();
        }, 2);
      },
    });
    scripts.push({ steps: [`HTTP/1.1 200 OK\r\ncontent-length: ${body.length}\r\n\r\n`, body], end: 'hang' });
    const client = new ApiClient({ baseUrl: baseUrl(), apiKey: KEY, timeoutMs: 10_000, retries: 0, userAgent: 'tripctl/test' });
    try {
      const result = await download(
        client,
        { method: 'GET', path: '/reports/export' },
        { file: '-', cwd: dir, fallbackName: 'x.csv', stdout: slow },
      );
      expect(result.bytes).toBe(body.length);
      expect(received.length).toBeGreaterThan(1);
      expect(Buffer.concat(received).equals(body)).toBe(true);
    } finally {
      await client.close();
    }
  });
});
