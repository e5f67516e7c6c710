// Plain fetch over loopback against an in-process sandbox: what the sandbox tests speak.
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';

import type { Sandbox, SandboxOptions } from '../../src/sandbox/index.js';
import { startCheckedSandbox } from '../support/sandbox.js';

export interface Answer<T = any> {
  status: number;
  body: T;
  text: string;
  headers: Headers;
}

export interface Call {
  key?: string | null;
  body?: unknown;
  /** Sent as is (for malformed JSON). */
  raw?: string;
  headers?: Record<string, string>;
}

export class Client {
  constructor(readonly sandbox: Sandbox) {}

  async api<T = any>(method: string, path: string, call: Call = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...call.headers };
    const key = call.key === undefined ? this.sandbox.keys.full : call.key;
    if (key !== null) headers.authorization = `Bearer ${key}`;
    let body: string | undefined;
    if (call.raw !== undefined) body = call.raw;
    else if (call.body !== undefined) body = JSON.stringify(call.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(this.sandbox.baseUrl + path, { method, headers, body });
    return this.answer<T>(res);
  }

  async admin<T = any>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const res = await fetch(`${this.sandbox.url}/__sandbox${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return this.answer<T>(res);
  }

  private async answer<T>(res: Response): Promise<Answer<T>> {
    const text = await res.text();
    let parsed: unknown = undefined;
    if ((res.headers.get('content-type') ?? '').includes('json') && text !== '') parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }

  /** The first item of a list endpoint matching a predicate (pages through). */
  async find<T = any>(path: string, key: string, predicate: (item: T) => boolean, apiKey?: string): Promise<T> {
    for (let page = 1; page < 50; page++) {
      const sep = path.includes('?') ? '&' : '?';
      const { body } = await this.api('GET', `${path}${sep}page=${page}&perPage=100`, { key: apiKey });
      const items = body[key] as T[];
      const hit = items.find(predicate);
      if (hit) return hit;
      if (!body.meta || page >= body.meta.lastPage) break;
    }
    throw new Error(`no ${key} item in ${path} matches`);
  }
}

export async function open(opts: SandboxOptions = {}): Promise<{ sandbox: Sandbox; client: Client }> {
  const sandbox = await startCheckedSandbox({ port: 0, timeScale: 0.001, ...opts });
  return { sandbox, client: new Client(sandbox) };
}

export const FUTURE = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString();

/**
 * One sandbox for a test file: started before its tests and closed after them; with `reset`, seeded
 * again before each test. Read `.sandbox` and `.client` inside tests (they exist once started).
 */
export function sandboxForFile(opts: SandboxOptions = {}, { reset = false } = {}): { sandbox: Sandbox; client: Client } {
  const held = {} as { sandbox: Sandbox; client: Client };
  beforeAll(async () => {
    Object.assign(held, await open(opts));
  });
  afterAll(async () => {
    await held.sandbox.close();
  });
  if (reset) {
    beforeEach(async () => {
      expect((await held.client.admin('POST', '/reset')).status).toBe(200);
    });
  }
  return held;
}
