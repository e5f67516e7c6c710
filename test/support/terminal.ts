// Prompt flows against the sandbox (one for a test file: fileSession in ./sandbox.ts): in-process terminals onto it
// (stdin and stderr are TTYs, stdin stays open for the test's keys, the sandbox's URL and full key
// in the environment), plus what the sandbox was sent.
import { testContext, type TestContext, type TestContextOptions } from './context.js';
import type { SandboxSession } from './sandbox.js';

/** A terminal onto the sandbox; `opts.env` adds to (or, with undefined, removes from) its environment. */
export function terminalOn(session: SandboxSession, opts: TestContextOptions = {}): TestContext {
  return testContext({
    stdinIsTTY: true,
    stderrIsTTY: true,
    openStdin: true,
    ...opts,
    env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full, ...opts.env },
  });
}

/** The JSON bodies of the POSTs to `path` the sandbox received since `mark`. */
export function posted(session: SandboxSession, mark: number, path: string): Array<Record<string, unknown>> {
  return session
    .since(mark)
    .filter((r) => r.method === 'POST' && r.path === path)
    .map((r) => JSON.parse(r.body) as Record<string, unknown>);
}
