// The operator workflows' tests run tripctl in-process (main with the test context) against an
// in-process sandbox; these helpers hold the pieces they share.
import type { startSandbox } from '../../src/sandbox/index.js';
import { testContext, type TestContext, type TestContextOptions } from '../support/context.js';
import { startCheckedSandbox } from '../support/sandbox.js';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function sandbox(): Promise<Sandbox> {
  return startCheckedSandbox({ port: 0, timeScale: 0.001 });
}

/** A test context pointed at a base URL with the sandbox's full key. */
export function contextFor(sb: Sandbox, opts: TestContextOptions & { baseUrl?: string } = {}): TestContext {
  return testContext({ ...opts, env: { TRIPCTL_BASE_URL: opts.baseUrl ?? sb.baseUrl, TRIPCTL_API_KEY: sb.keys.full, ...opts.env } });
}

export async function run(sb: Sandbox, argv: string[], opts: TestContextOptions & { baseUrl?: string } = {}) {
  const t = contextFor(sb, opts);
  try {
    const code = await t.run(argv);
    return { code, stdout: t.out(), stderr: t.err() };
  } finally {
    t.cleanup();
  }
}

/** A call to the sandbox outside tripctl, for setting up and checking state. */
export async function api<T = any>(sb: Sandbox, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${sb.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${sb.keys.full}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = (await res.json()) as T;
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(data)}`);
  return data;
}

/** Waits until the text a function returns matches (output arriving from a running command). */
export async function until(read: () => string, pattern: RegExp, what = String(pattern)): Promise<string> {
  for (let i = 0; i < 2000; i++) {
    const text = read();
    if (pattern.test(text)) return text;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`never saw ${what}; got:\n${read()}`);
}
