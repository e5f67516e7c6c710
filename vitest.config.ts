// The suite runs commands in-process through main(argv, ctx) (test/support/context.ts) and keeps a
// thin end-to-end layer (test/e2e/) that runs the built bin/tripctl; the global setup rebuilds that
// bundle first whenever src/ is newer than dist/, so a stale bundle is never what is tested.
import { readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';
import { NODE_HAS_COMPILE_CACHE, saySkipped } from './test/support/node-version.js';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * The launcher turns on Node's compile cache where Node has one (22.8+; src/launch.ts): a Node
 * without it does not run the cache's tests (rather than a run full of skipped tests). .ci/run
 * runs the suite under 20, 22 and 24.
 */
const cacheTests = NODE_HAS_COMPILE_CACHE ? [] : ['test/e2e/compile-cache.test.ts'];
if (!NODE_HAS_COMPILE_CACHE)
  saySkipped("test/e2e/compile-cache.test.ts is for Node 22.8 and newer (Node's compile cache); .ci/run runs it there");

export default defineConfig({
  test: {
    globalSetup: ['test/support/fresh-bundle.ts'],
    exclude: [...configDefaults.exclude, ...cacheTests],
    // The suite runs its files two at a time on a 2-core machine, beside sandboxes that build real
    // PDFs (about a second each, with its fonts): vitest's 5 s default failed such tests whenever
    // the machine was busy. A test that hangs still fails.
    testTimeout: 15_000,
    // Test files share their worker's module graph instead of each importing vitest and the tool
    // afresh: half the suite's CPU time. Safe because nothing the tests run keeps state in module
    // globals or in process (only src/main.ts touches process; every command gets its own Context),
    // and no test mocks modules; a test that needs either must not be added without isolate.
    isolate: false,
  },
  // What the build defines (test/tools/build.mjs), so in-process runs report the real version too.
  define: { __TRIPCTL_VERSION__: JSON.stringify(version) },
});
