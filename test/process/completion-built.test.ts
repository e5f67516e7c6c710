// The built tool as the shells run it: `completion SHELL` and `help reference` print what the
// command tree generates, and `__complete` gives up on a service that hangs, silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { referenceMarkdown } from '../../src/completion/reference.js';
import { ROOT, tempConfigDir, tripctl } from '../support/cli.js';
import { currentTree, REGENERATE, SCRIPTS, tinyService } from '../completion/support.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const tree = await currentTree();

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('the built tool completes as the tree says', () => {
  it('the built tool prints the same scripts and reference (`completion SHELL`, `help reference`)', async () => {
    const { dir, cleanup } = await tempConfigDir();
    try {
      for (const shell of ['bash', 'zsh', 'fish'] as const) {
        const result = await tripctl(['completion', shell], { configDir: dir });
        expect(result.code).toBe(0);
        expect(result.stderr).toBe('');
        expect(result.stdout, `${SCRIPTS[shell]}: ${REGENERATE} (and npm run build)`).toBe(read(SCRIPTS[shell]));
      }
      const reference = await tripctl(['help', 'reference'], { configDir: dir });
      expect(reference.code).toBe(0);
      expect(reference.stdout).toBe(referenceMarkdown(tree));
    } finally {
      await cleanup();
    }
  });

  it('prints the licences of what the build bundled (`help licenses`), as the build wrote them', async () => {
    const { dir, cleanup } = await tempConfigDir();
    try {
      const result = await tripctl(['help', 'licenses'], { configDir: dir });
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toBe(read('dist/THIRD-PARTY-LICENSES.txt'));
      // A package the bundle holds, with its licence's own words; the font's, which travels with it.
      for (const bundled of [
        'commander@',
        'undici@',
        'pdfkit@',
        'fontkit@',
        '@modelcontextprotocol/sdk@',
        '@fontsource/ibm-plex-sans-arabic@',
      ])
        expect(result.stdout).toContain(`\n${bundled}`);
      expect(result.stdout).toContain('Permission is hereby granted, free of charge');
      expect(result.stdout).toContain('SIL OPEN FONT LICENSE');
    } finally {
      await cleanup();
    }
  });

  it('gives up on a service that never answers within its short time-out, silently', async () => {
    const hung = await tinyService({ hang: true });
    const { dir, cleanup } = await tempConfigDir();
    cleanups.push(cleanup, () => hung.close());
    // The built tool, as the shell runs it; the test's own kill timer is far longer than 2 s, so
    // a completion that waited for the service would be killed and fail here (code, output).
    const result = await tripctl(['__complete', 'cities', 'Da'], {
      configDir: dir,
      env: { TRIPCTL_BASE_URL: hung.baseUrl, TRIPCTL_API_KEY: 'sk_test_completion' },
      timeoutMs: 15_000,
    });
    expect(result).toEqual({ code: 0, stdout: '', stderr: '' });
    expect(hung.requests).toEqual(['GET /api/partner/v1/cities']);
  });
});
