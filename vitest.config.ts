// The suite runs commands in-process through main(argv, ctx) (test/support/context.ts) and keeps a
// thin end-to-end layer (test/e2e/) that runs the built bin/tripctl; the global setup rebuilds that
// bundle first whenever src/ is newer than dist/, so a stale bundle is never what is tested.
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vitest/config';

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };

export default defineConfig({
  test: {
    globalSetup: ['test/support/fresh-bundle.ts'],
  },
  // What the build defines (test/tools/build.mjs), so in-process runs report the real version too.
  define: { __TRIPCTL_VERSION__: JSON.stringify(version) },
});
