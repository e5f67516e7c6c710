// The global setup's staleness check (test/support/fresh-bundle.ts), on a throw-away tree with the
// same layout: a bundle older than any source file, any build script or the package files — or
// missing — is stale; one newer than all of them is not.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bundleIsStale } from '../support/fresh-bundle.js';

const SOURCES = [
  'src/main.ts',
  'src/commands/trips.ts',
  'test/tools/build.mjs',
  // What build.mjs imports: a change to how chunks are joined changes the bundle as much.
  'test/tools/link-chunks.mjs',
  'test/tools/build-measures.mjs',
  'package.json',
  'package-lock.json',
];
const BUNDLE = ['dist/tripctl.cjs', 'dist/launch.cjs'];
const HOUR = 3600;
let root: string;

/** Sets a file's (or directory's) modification time, in seconds from now. */
const age = (path: string, secondsFromNow: number) => {
  const at = Date.now() / 1000 + secondsFromNow;
  utimesSync(join(root, path), at, at);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'tripctl-fresh-'));
  for (const file of [...SOURCES, ...BUNDLE]) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), '');
  }
  for (const path of [...SOURCES, 'src', 'src/commands', 'test/tools']) age(path, -2 * HOUR);
  for (const file of BUNDLE) age(file, -HOUR);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the bundle is rebuilt when it is stale', () => {
  it('is fresh when built after every input', () => {
    expect(bundleIsStale(root)).toBe(false);
  });

  it.each(SOURCES)('is stale once %s is newer', (file) => {
    age(file, 0);
    expect(bundleIsStale(root)).toBe(true);
  });

  it('is stale when a source file was deleted since (its directory changed)', () => {
    rmSync(join(root, 'src/commands/trips.ts'));
    expect(bundleIsStale(root)).toBe(true);
  });

  it('is stale when one of its two files is older, or missing', () => {
    age('dist/launch.cjs', -3 * HOUR);
    expect(bundleIsStale(root)).toBe(true);
    age('dist/launch.cjs', -HOUR);
    rmSync(join(root, 'dist/tripctl.cjs'));
    expect(bundleIsStale(root)).toBe(true);
  });
});
