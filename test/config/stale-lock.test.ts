// Taking over a lock left by a run that died (src/config/lock.ts removeStale): only the file
// found stale is removed, never a fresh lock that replaced it, and runs that find it stale at
// once take turns through a second lock.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, test } from 'vitest';
import { removeStale } from '../../src/config/lock.js';

let dir: string;
let lock: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tripctl-stale-'));
  lock = join(dir, 'config.json.lock');
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function staleLock(content: string): void {
  writeFileSync(lock, content);
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(lock, minuteAgo, minuteAgo);
}

test('the lock found stale is removed, and the guard with it', () => {
  staleLock('dead-run');
  removeStale(lock, statSync(lock));
  expect(existsSync(lock)).toBe(false);
  expect(existsSync(`${lock}.takeover`)).toBe(false);
});

test('a fresh lock that replaced the stale one meanwhile is kept, even on the same inode', () => {
  staleLock('dead-run');
  const found = statSync(lock);
  // Another run removed the stale lock and a third locked: the file now is a fresh one. Written
  // in place, it keeps the inode, which a new file may also get: only its age tells them apart.
  writeFileSync(lock, 'live-run');
  removeStale(lock, found);
  expect(readFileSync(lock, 'utf8')).toBe('live-run');
});

test('while another run holds the guard, nothing is removed', () => {
  staleLock('dead-run');
  writeFileSync(`${lock}.takeover`, '');
  removeStale(lock, statSync(lock));
  expect(readFileSync(lock, 'utf8')).toBe('dead-run');
  expect(existsSync(`${lock}.takeover`)).toBe(true);
});

test('a guard left by a run that died is cleared, and the next try removes the stale lock', () => {
  staleLock('dead-run');
  writeFileSync(`${lock}.takeover`, '');
  const minuteAgo = new Date(Date.now() - 60_000);
  utimesSync(`${lock}.takeover`, minuteAgo, minuteAgo);
  removeStale(lock, statSync(lock));
  expect(existsSync(`${lock}.takeover`)).toBe(false);
  removeStale(lock, statSync(lock));
  expect(existsSync(lock)).toBe(false);
});
