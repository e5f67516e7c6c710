// The final step of every saved file on Windows: a rename or link that fails for a moment because
// another program holds a file (an antivirus scanning the new one, Excel with the old one open) is
// tried again briefly, then said as such. The held file is stood in for by an injected call that
// fails with the code Windows gives; the file system underneath is real.
import { link, rename } from 'node:fs/promises';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { type PlaceFs, writeFileAtomically } from '../../src/client/atomic-write.js';
import { ExitCode } from '../../src/errors.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tripctl-place-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const held = (code: string) => Object.assign(new Error(`${code}: operation not permitted`), { code });

/** A call that fails `times` times with `code`, then does the real thing; and the waits asked for. */
function heldFor<A extends unknown[]>(times: number, code: string, real: (...args: A) => Promise<void>) {
  const calls: A[] = [];
  const call = async (...args: A) => {
    calls.push(args);
    if (calls.length <= times) throw held(code);
    await real(...args);
  };
  return { call, calls };
}

function windows(extra: Partial<PlaceFs>): { fs: Partial<PlaceFs>; waits: number[] } {
  const waits: number[] = [];
  return { fs: { platform: 'win32', sleep: async (ms) => void waits.push(ms), ...extra }, waits };
}

describe.each(['EPERM', 'EBUSY', 'EACCES'])('on Windows, %s while a file is held', (code) => {
  test('a rename (--force) is tried again until the file is free, and the file is in place', async () => {
    writeFileSync(join(dir, 'report.xlsx'), 'old');
    const renaming = heldFor(3, code, rename);
    const { fs, waits } = windows({ rename: renaming.call });
    await writeFileAtomically(join(dir, 'report.xlsx'), 'new', true, fs);
    expect(renaming.calls).toHaveLength(4);
    expect(waits).toEqual([20, 40, 80]);
    expect(readFileSync(join(dir, 'report.xlsx'), 'utf8')).toBe('new');
    expect(readdirSync(dir)).toEqual(['report.xlsx']);
  });

  test('a link (no --force) is tried again until the file is free, and the file is in place', async () => {
    const linking = heldFor(2, code, link);
    const { fs } = windows({ link: linking.call });
    await writeFileAtomically(join(dir, 'invoice.pdf'), '%PDF', false, fs);
    expect(linking.calls).toHaveLength(3);
    expect(readFileSync(join(dir, 'invoice.pdf'), 'utf8')).toBe('%PDF');
    expect(readdirSync(dir)).toEqual(['invoice.pdf']);
  });

  test('held for good: about 2 s of tries, then one clear error (exit 1), the old file kept, no temporary file left', async () => {
    writeFileSync(join(dir, 'report.xlsx'), 'old');
    const renaming = heldFor(Number.POSITIVE_INFINITY, code, rename);
    const { fs, waits } = windows({ rename: renaming.call });
    const error = await writeFileAtomically(join(dir, 'report.xlsx'), 'new', true, fs).catch((e: unknown) => e);
    expect(error).toMatchObject({
      exitCode: ExitCode.failure,
      message: `cannot put ${join(dir, 'report.xlsx')} in place: another program holds it (${code})`,
    });
    expect((error as { hint: string }).hint).toContain('Excel');
    expect(renaming.calls).toHaveLength(waits.length + 1);
    expect(waits.reduce((a, b) => a + b, 0)).toBeGreaterThan(1000);
    expect(waits.reduce((a, b) => a + b, 0)).toBeLessThan(5000);
    expect(readFileSync(join(dir, 'report.xlsx'), 'utf8')).toBe('old');
    expect(readdirSync(dir)).toEqual(['report.xlsx']);
  });
});

test('elsewhere the same codes are not waited for: a rename refused is an error at once', async () => {
  const renaming = heldFor(Number.POSITIVE_INFINITY, 'EACCES', rename);
  const waits: number[] = [];
  const error = await writeFileAtomically(join(dir, 'out.csv'), 'a', true, {
    platform: 'linux',
    rename: renaming.call,
    sleep: async (ms) => void waits.push(ms),
  }).catch((e: unknown) => e);
  expect(error).toMatchObject({ exitCode: ExitCode.failure, message: expect.stringContaining('cannot write') });
  expect(renaming.calls).toHaveLength(1);
  expect(waits).toEqual([]);
  expect(readdirSync(dir)).toEqual([]);
});

test('elsewhere a link refused (no links on this file system) falls back to an exclusive copy at once', async () => {
  const linking = heldFor(Number.POSITIVE_INFINITY, 'EPERM', link);
  const waits: number[] = [];
  await writeFileAtomically(join(dir, 'out.csv'), 'a,b', false, {
    platform: 'linux',
    link: linking.call,
    sleep: async (ms) => void waits.push(ms),
  });
  expect(linking.calls).toHaveLength(1);
  expect(waits).toEqual([]);
  expect(readFileSync(join(dir, 'out.csv'), 'utf8')).toBe('a,b');
  expect(readdirSync(dir)).toEqual(['out.csv']);
});
