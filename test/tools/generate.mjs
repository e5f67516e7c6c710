// `npm run generate`: rewrites what is generated from the command tree — completions/tripctl.bash,
// completions/_tripctl (zsh), completions/tripctl.fish, and the README's command reference between
// its markers — by running the built bin/tripctl (the npm script builds first). The tests in
// test/completion/ fail, naming this script, when any of them differs from what the tree generates now.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const START = '<!-- commands:start -->';
export const END = '<!-- commands:end -->';
export const SCRIPTS = { bash: 'completions/tripctl.bash', zsh: 'completions/_tripctl', fish: 'completions/tripctl.fish' };

const configDir = mkdtempSync(join(tmpdir(), 'tripctl-generate-'));
const run = (...args) =>
  execFileSync(process.execPath, [join(ROOT, 'bin', 'tripctl'), ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    // Nothing from the developer's shell may change what is generated.
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8', TZ: 'UTC', TRIPCTL_CONFIG_DIR: configDir },
  });

/** The README with the section between the markers replaced by the reference. */
export function withReference(readme, reference) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error(`README.md needs the markers ${START} and ${END}`);
  return `${readme.slice(0, start + START.length)}\n${reference}${readme.slice(end)}`;
}

try {
  for (const [shell, file] of Object.entries(SCRIPTS)) {
    writeFileSync(join(ROOT, file), run('completion', shell));
    console.log(`wrote ${file}`);
  }
  const readmePath = join(ROOT, 'README.md');
  writeFileSync(readmePath, withReference(readFileSync(readmePath, 'utf8'), run('__reference')));
  console.log('wrote README.md (command reference)');
} finally {
  rmSync(configDir, { recursive: true, force: true });
}
