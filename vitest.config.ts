// The suite runs commands in-process through main(argv, ctx) (test/support/context.ts) and keeps a
// thin end-to-end layer (test/e2e/) that runs the built bin/tripctl; the global setup rebuilds that
// bundle first whenever src/ is newer than dist/, so a stale bundle is never what is tested.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  test: {
    globalSetup: ['test/support/fresh-bundle.ts'],
    // Test files share their worker's module graph instead of each importing vitest and the tool
    // afresh: half the suite's CPU time. Safe because nothing the tests run keeps state in module
    // globals or in process (only src/main.ts touches process; every command gets its own Context),
    // and no test mocks modules; a test that needs either must not be added without isolate.
    isolate: false,
  },
  // What the build defines (test/tools/build.mjs), so in-process runs report the real version too.
  define: { __TRIPCTL_VERSION__: JSON.stringify(version) },
});
