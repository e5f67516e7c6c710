// vitest's globalSetup: the end-to-end tests run the built bin/tripctl, so before any test runs the
// bundle is rebuilt when anything it is made from is newer than it (a source file, any of the build
// scripts in test/tools/ — build.mjs imports the others — the package manifest or lock). Editing a command and running its tests can then never
// test the old bundle, whether or not `npm run build` was run by hand.
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './cli.js';

/** What dist/ is built from: a change to any of these makes the bundle stale. */
const INPUTS = ['src', 'test/tools', 'package.json', 'package-lock.json'];
const OUTPUTS = ['dist/tripctl.cjs', 'dist/launch.cjs'];

export function newestInput(path: string): number {
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs; // a deleted or renamed file changes its directory's time
  for (const name of readdirSync(path)) newest = Math.max(newest, newestInput(join(path, name)));
  return newest;
}

function oldestOutput(root: string): number {
  try {
    return Math.min(...OUTPUTS.map((file) => statSync(join(root, file)).mtimeMs));
  } catch {
    return Number.NEGATIVE_INFINITY; // not built yet
  }
}

/** Whether dist/ is missing or older than what it is built from (a root of another tree for its test). */
export function bundleIsStale(root = ROOT): boolean {
  const newest = Math.max(...INPUTS.map((input) => newestInput(join(root, input))));
  return oldestOutput(root) < newest;
}

export default function setup(): void {
  if (!bundleIsStale()) return;
  process.stderr.write('test setup: dist/ is missing or older than src/, the build scripts or the package files; building it\n');
  execFileSync(process.execPath, [join(ROOT, 'test/tools/build.mjs')], { cwd: ROOT, stdio: 'inherit' });
}
