// Every error is JSON {error, code} with the status the OpenAPI document names, whatever broke:
// a request target that is not valid URL encoding (raw UTF-8, a lone %, escapes that are not
// UTF-8), a body that is not JSON or too large, an unknown path, a method not allowed. Each
// answer is checked against the strict form of the document the same sandbox serves.
import net from 'node:net';

import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { Sandbox } from '../../src/sandbox/index.js';
import { MAX_BODY } from '../../src/sandbox/http/pipeline.js';
import { open } from './http.js';

let sandbox: Sandbox;
let doc: any;
let isError: (value: unknown) => boolean;

beforeAll(async () => {
  ({ sandbox } = await open());
  doc = sandbox.openApi('strict');
  const ajv = new Ajv2020({ strict: false });
  ajv.addSchema(doc, 'openapi.json');
  const check = ajv.getSchema('openapi.json#/components/schemas/Error')!;
  isError = (value) => check(value) as boolean;
});
afterAll(async () => {
  await sandbox.close();
});

interface Raw {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** One request written byte for byte on a socket (fetch would percent-encode the target first). */
function rawRequest(method: string, target: Buffer | string): Promise<Raw> {
  const { port } = new URL(sandbox.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(
        Buffer.concat([
          Buffer.from(`${method} `),
          Buffer.from(target),
          Buffer.from(' HTTP/1.1\r\nHost: sandbox\r\nConnection: close\r\n\r\n'),
        ]),
      );
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n')) });
    });
  });
}

/** The answer is JSON in the Error shape, with a status and code the document names for it. */
function expectDocumented(answer: Raw, status: number, code: string, operation?: { path: string; method: string }): void {
  expect(answer.status).toBe(status);
  expect(answer.headers['content-type']).toMatch(/^application\/json/);
  expect(isError(answer.body), JSON.stringify(answer.body)).toBe(true);
  expect(answer.body.code).toBe(code);
  expect(answer.body.error.length).toBeGreaterThan(10);
  const codes = operation
    ? doc.paths[operation.path][operation.method].responses[String(status)]['x-codes']
    : doc['x-request-errors'][String(status)].codes;
  expect(codes).toContain(code);
}

async function viaFetch(method: string, path: string, init: RequestInit = {}): Promise<Raw> {
  const res = await fetch(`${sandbox.baseUrl}${path}`, {
    method,
    ...init,
    headers: { authorization: `Bearer ${sandbox.keys.full}`, ...(init.headers as Record<string, string>) },
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: JSON.parse(await res.text()) };
}

describe('a request target that is not valid URL encoding: 400 malformed_url', () => {
  it('raw UTF-8 in the query (GET /places?q=دمشق, not percent-encoded)', async () => {
    expectDocumented(await rawRequest('GET', Buffer.from('/api/partner/v1/places?q=دمشق')), 400, 'malformed_url');
  });

  it('a lone %, a % without two hex digits, escapes that do not spell UTF-8, in the query and in the path', async () => {
    for (const target of ['/places?q=%', '/places?q=50%', '/places?q=%zz', '/places?q=%FF%FE', '/trips/%E0%A4%A', '/cities%']) {
      const answer = await rawRequest('GET', `/api/partner/v1${target}`);
      expectDocumented(answer, 400, 'malformed_url');
    }
    // The same search percent-encoded properly is answered.
    const ok = await viaFetch('GET', `/places?q=${encodeURIComponent('دمشق')}`);
    expect(ok.status).toBe(200);
    expect(ok.body.places.length).toBeGreaterThan(0);
  });
});

describe('bodies', () => {
  it('a body that is not JSON: 400 invalid_json', async () => {
    const answer = await viaFetch('POST', '/vehicles', { body: '{"make": "Kia",', headers: { 'content-type': 'application/json' } });
    expectDocumented(answer, 400, 'invalid_json', { path: '/vehicles', method: 'post' });
  });

  it('a body over the limit: 413 payload_too_large', async () => {
    const big = JSON.stringify({ make: 'x'.repeat(MAX_BODY), model: 'y', seats: 4 });
    const answer = await viaFetch('POST', '/vehicles', { body: big, headers: { 'content-type': 'application/json' } });
    expectDocumented(answer, 413, 'payload_too_large', { path: '/vehicles', method: 'post' });
  });
});

describe('paths and methods', () => {
  it('an unknown path: 404 not_found, under the base path, under /__sandbox/ and elsewhere', async () => {
    expectDocumented(await viaFetch('GET', '/no-such-thing'), 404, 'not_found');
    expectDocumented(await rawRequest('GET', '/__sandbox/nothing'), 404, 'not_found');
    expectDocumented(await rawRequest('GET', '/elsewhere'), 404, 'not_found');
  });

  it('a method the path does not take: 405 method_not_allowed with Allow', async () => {
    const answer = await viaFetch('DELETE', '/cities');
    expectDocumented(answer, 405, 'method_not_allowed');
    expect(answer.headers.allow).toBe('GET');
  });
});
