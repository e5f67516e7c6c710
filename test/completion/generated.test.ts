// The generated files are current: completions/* equal what the command tree generates now, so a
// new verb or flag without `npm run generate` fails here; `tripctl help reference` prints the
// reference the tree generates, naming every command. (What the built tool prints:
// test/process/completion-built.test.ts.)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bashScript } from '../../src/completion/bash.js';
import { fishScript } from '../../src/completion/fish.js';
import { referenceMarkdown } from '../../src/completion/reference.js';
import { zshScript } from '../../src/completion/zsh.js';
import { ROOT } from '../support/cli.js';
import { runCommand } from '../support/context.js';
import { currentTree, REGENERATE, SCRIPTS } from './support.js';

const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const GENERATORS = { bash: bashScript, zsh: zshScript, fish: fishScript };

const tree = await currentTree();

describe('generated files', () => {
  for (const shell of ['bash', 'zsh', 'fish'] as const) {
    it(`${SCRIPTS[shell]} is what the command tree generates now`, () => {
      expect(read(SCRIPTS[shell]), `${SCRIPTS[shell]} is out of date: ${REGENERATE}`).toBe(GENERATORS[shell](tree));
    });
  }

  it('names every group and verb in the reference, and hides the hidden commands', () => {
    const reference = referenceMarkdown(tree);
    const verbs = (node: typeof tree): string[] =>
      node.commands.length ? node.commands.flatMap(verbs) : [`tripctl ${node.path.join(' ')}`];
    for (const verb of tree.commands.flatMap(verbs)) expect(reference).toContain(`\`${verb}`);
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
