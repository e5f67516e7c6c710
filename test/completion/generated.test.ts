// The generated files are current: completions/* and the README's command reference equal what
// the command tree generates now, so a new verb or flag without `npm run generate` fails here.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashScript } from '../../src/completion/bash.js';
import { fishScript } from '../../src/completion/fish.js';
import { referenceMarkdown } from '../../src/completion/reference.js';
import { zshScript } from '../../src/completion/zsh.js';
import { ROOT, tempConfigDir, tripctl } from '../support/cli.js';
import { runCommand } from '../support/context.js';
import { currentTree, REGENERATE, SCRIPTS } from './support.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const GENERATORS = { bash: bashScript, zsh: zshScript, fish: fishScript };

function readmeReference(): string {
  const readme = read('README.md');
  const start = readme.indexOf('<!-- commands:start -->');
  const end = readme.indexOf('<!-- commands:end -->');
  expect(start, 'README.md has the marker <!-- commands:start -->').toBeGreaterThanOrEqual(0);
  expect(end, 'README.md has <!-- commands:end --> after <!-- commands:start -->').toBeGreaterThan(start);
  return readme.slice(start + '<!-- commands:start -->'.length + 1, end);
}

const tree = await currentTree();

describe('generated files', () => {
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    it(`${SCRIPTS[shell]} is what the command tree generates now`, () => {
      expect(read(SCRIPTS[shell]), `${SCRIPTS[shell]} is out of date: ${REGENERATE}`).toBe(GENERATORS[shell](tree));
    });
  }

  it("the README's command reference is what the command tree generates now", () => {
    expect(readmeReference(), `the README's command reference is out of date: ${REGENERATE}`).toBe(referenceMarkdown(tree));
  });

  it('the built tool prints the same scripts and reference (`completion SHELL`, `__reference`)', async () => {
    const { dir, cleanup } = await tempConfigDir();
    try {
      for (const shell of ['bash', 'zsh', 'fish'] as const) {
        const result = await tripctl(['completion', shell], { configDir: dir });
        expect(result.code).toBe(0);
        expect(result.stderr).toBe('');
        expect(result.stdout, `${SCRIPTS[shell]}: ${REGENERATE} (and npm run build)`).toBe(read(SCRIPTS[shell]));
      }
      const reference = await tripctl(['__reference'], { configDir: dir });
      expect(reference.code).toBe(0);
      expect(reference.stdout).toBe(readmeReference());
    } finally {
      await cleanup();
    }
  });

  it('names every group and verb in the reference, and hides the hidden commands', () => {
    const reference = referenceMarkdown(tree);
    for (const sub of [
      'tripctl trips publish',
      'tripctl schedules exceptions add <scheduleId>',
      'tripctl bookings approve <bookingIds...>',
      'tripctl completion <bash|zsh|fish>',
    ]) {
      expect(reference).toContain(`\`${sub}`);
    }
    expect(reference).toContain('(alias: `fleet`)');
    expect(reference).not.toMatch(/^#+ `tripctl __/m);
    expect(reference).not.toContain('__complete');
  });

  it('rejects an unknown shell as a usage error', async () => {
    const result = await runCommand(['completion', 'powershell']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/bash, zsh, fish|"bash", "zsh", "fish"/);
  });
});
