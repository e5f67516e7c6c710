// Helpers of the completion tests: the tree as the tool builds it, the shells, a tiny service.
import { execFile, spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildProgram } from '../../src/cli.js';
import { describeTree, type CommandNode } from '../../src/completion/tree.js';
import { testContext } from '../support/context.js';
import { BIN } from '../support/cli.js';

export const SCRIPTS = { bash: 'completions/tripctl.bash', zsh: 'completions/_tripctl', fish: 'completions/tripctl.fish' } as const;
export const REGENERATE = 'run `npm run generate` to regenerate it from the command tree';

/** The tree of the program exactly as main() builds it. */
export async function currentTree(): Promise<CommandNode> {
  const t = testContext();
  try {
    return describeTree(await buildProgram(t.ctx));
  } finally {
    t.cleanup();
  }
}

/** bash is everywhere tripctl runs; zsh and fish are optional on a developer's machine, not in CI. */
export const OPTIONAL_SHELLS: ReadonlySet<string> = new Set(['zsh', 'fish']);

export type ShellLookup = { path: string } | { skip: string };

/**
 * Where a shell is, or why its checks cannot run here. A missing bash is always a failure; a
 * missing zsh or fish is a reason to skip locally (a fresh machine must pass `npm test`), but a
 * failure when CI is set, because .ci/run installs them and their checks must run there.
 */
export function findShell(shell: 'bash' | 'zsh' | 'fish', env: NodeJS.ProcessEnv = process.env): ShellLookup {
  // Looked up on the given PATH only (an empty one finds nothing, not even sh).
  const found = spawnSync('/bin/sh', ['-c', `command -v ${shell}`], { encoding: 'utf8', env: { PATH: env.PATH ?? '' } });
  const path = found.stdout.trim();
  if (found.status === 0 && path) return { path };
  const install = `apt-get install -y --no-install-recommends ${shell}`;
  if (OPTIONAL_SHELLS.has(shell) && !isCI(env)) {
    return { skip: `${shell} is not installed, so its completion script was not checked here (${install}; CI requires it)` };
  }
  throw new Error(
    `${shell} is not installed, so its completion script cannot be checked: install it ` +
      `(${install}; .ci/run does this in CI${isCI(env) ? ' but it failed here' : ''})`,
  );
}

/** CI set to anything, as the tool itself reads it (src/context.ts: never prompt). */
function isCI(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.CI);
}

/** The path of a shell for a test; where an optional shell is missing locally, says why on stderr and skips the test. */
export function requireShell(shell: 'bash' | 'zsh' | 'fish', test?: { skip: (note?: string) => never }): string {
  const found = findShell(shell);
  if ('path' in found) return found.path;
  process.stderr.write(`skipped: ${found.skip}\n`);
  if (!test) throw new Error(found.skip);
  return test.skip(found.skip);
}

/** A directory with a `tripctl` on PATH that runs the built bin/tripctl, as an installed tool would. */
export function wrapperDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-wrapper-'));
  const wrapper = join(dir, 'tripctl');
  writeFileSync(wrapper, `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
  chmodSync(wrapper, 0o755);
  return dir;
}

/**
 * Runs the bash script's completion function on a command line, the way bash does on Tab:
 * COMP_WORDS and COMP_CWORD set, _tripctl called, COMPREPLY read. Asynchronous, so that a
 * service in this process can answer the `tripctl __complete` the script runs.
 */
export async function bashComplete(script: string, words: string[], env: NodeJS.ProcessEnv = process.env): Promise<string[]> {
  const driver =
    'source "$0"; COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}; _tripctl; printf "%s\\n" "${COMPREPLY[@]}"';
  const { stdout: out } = await promisify(execFile)(requireShell('bash'), ['--norc', '--noprofile', '-c', driver, script, ...words], {
    encoding: 'utf8',
    env,
  });
  return out.split('\n').filter((line) => line !== '');
}

export interface TinyService {
  url: string;
  baseUrl: string;
  requests: string[];
  close(): Promise<void>;
}

/** A loopback service answering GET /cities; `hang: true` accepts requests and never answers. */
export async function tinyService(opts: { hang?: boolean; status?: number } = {}): Promise<TinyService> {
  const requests: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    requests.push(`${req.method} ${req.url}`);
    if (opts.hang) return;
    res.setHeader('content-type', 'application/json');
    if (opts.status && opts.status >= 400) {
      res.statusCode = opts.status;
      res.end(JSON.stringify({ error: 'broken on purpose', code: 'internal' }));
    } else if (req.url?.startsWith('/api/partner/v1/cities')) {
      res.end(
        JSON.stringify({
          cities: [
            { id: 'damascus', name: 'Damascus', nameAr: 'دمشق' },
            { id: 'homs', name: 'Homs', nameAr: 'حمص' },
            { id: 'deir-ez-zor', name: 'Deir ez-Zor', nameAr: 'دير الزور' },
          ],
        }),
      );
    } else if (req.url?.startsWith('/api/partner/v1/vehicles')) {
      res.end(
        JSON.stringify({
          vehicles: [{ id: '9b2f3c1e-6f0a-4d2b-8c7e-1a2b3c4d5e6f', plate: '123456-DAM', make: 'Hyundai', model: 'County', seats: 18 }],
        }),
      );
    } else {
      res.statusCode = 404;
      res.end(JSON.stringify({ error: 'not found', code: 'not_found' }));
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrl: `${url}/api/partner/v1`,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
