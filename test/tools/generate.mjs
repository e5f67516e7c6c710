// `npm run generate`: rewrites what is generated from the command tree and kept in the repository —
// completions/tripctl.bash, completions/_tripctl (zsh), completions/tripctl.fish — by running the
// built bin/tripctl (the npm script builds first). The command reference is not kept: `tripctl
// help reference` prints it. The tests in
// test/completion/ fail, naming this script, when any of them differs from what the tree generates now.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const SCRIPTS = { bash: 'completions/tripctl.bash', zsh: 'completions/_tripctl', fish: 'completions/tripctl.fish' };

const configDir = mkdtempSync(join(tmpdir(), 'tripctl-generate-'));
const run = (...args) =>
  execFileSync(process.execPath, [join(ROOT, 'bin', 'tripctl'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // Nothing from the developer's shell may change what is generated.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', TZ: 'UTC', TRIPCTL_CONFIG_DIR: configDir },
  });

try {
  for (const [shell, file] of Object.entries(SCRIPTS)) {
    writeFileSync(join(ROOT, file), run('completion', shell));
    console.log(`wrote ${file}`);
  }
} finally {
  rmSync(configDir, { recursive: true, force: true });
}
