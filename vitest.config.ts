// The suite in two halves (vitest projects):
// - `unit`: every command run in-process through main(argv, ctx) (test/support/context.ts) over
//   real HTTP on loopback; no bundle, no child process. A developer's quick run:
//   `npx vitest run --project unit`.
// - `process`: everything that starts the built bin/tripctl (start-up, signals, terminals, shells,
//   stdio, the code cache, the README's examples), all in test/process/. Its global setup
//   rebuilds the bundle first whenever src/ is newer than dist/, so a stale bundle is never what
//   is tested.
// - `exe`: the single executable (test/process/single-executable.test.ts), built first if stale.
// `npm test` (and so CI) runs all three.
import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { NODE_HAS_COMPILE_CACHE, saySkipped } from './test/support/node-version.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The launcher turns on Node's compile cache where Node has one (22.8+; src/launch.ts): a Node
 * without it does not run the cache's tests (rather than a run full of skipped tests). .ci/run
 * runs the process half under 20, 22 and 24.
 */
const cacheTests = NODE_HAS_COMPILE_CACHE ? [] : ['test/process/compile-cache.test.ts'];
if (!NODE_HAS_COMPILE_CACHE)
  saySkipped("test/process/compile-cache.test.ts is for Node 22.8 and newer (Node's compile cache); .ci/run runs it there");

export default defineConfig({
  test: {
    // The suite runs its files two at a time on a 2-core machine, beside sandboxes that build real
    // PDFs (about a second each, with its fonts): vitest's 5 s default failed such tests whenever
    // the machine was busy. A test that hangs still fails.
    testTimeout: 15_000,
    // Two files at a time: vitest's default on a 2-core machine is one worker (cores - 1), which
    // left the in-process half at 90 s of wall time for 66 s of CPU; with two it is about 50 s.
    // Most files wait on loopback sockets and sandboxes as much as they compute.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'test/process/**'],
          // Test files share their worker's module graph instead of each importing vitest and the
          // tool afresh: half the half's CPU time. Safe because nothing the tests run keeps state in
          // module globals or in process (only src/main.ts touches process; every command gets its
          // own Context), and no test mocks modules; a test that needs either must not be added
          // without isolate.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'process',
          include: ['test/process/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...cacheTests, 'test/process/single-executable.test.ts'],
          globalSetup: ['test/support/fresh-bundle.ts'],
          isolate: false,
        },
      },
      {
        // The single executable (npm run build:exe): its own project because it does not depend on
        // the Node that runs the suite, so .ci/run runs it once, not under each Node.
        extends: true,
        test: { name: 'exe', include: ['test/process/single-executable.test.ts'] },
      },
    ],
  },
  // What the build defines (test/tools/build.mjs), so in-process runs report the real version too.
  define: { __TRIPCTL_VERSION__: JSON.stringify(version) },
});
