// A list that stops at its first page says so: under a terminal's table, and as one stderr line
// naming --all when piped or in a machine format; never when --all, --limit or --page was given.
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { testContext } from '../support/context.js';
import { openSession, type SandboxSession } from '../support/sandbox.js';

vi.setConfig({ testTimeout: 30_000 });

let session: SandboxSession;
let total: number;
beforeAll(async () => {
  session = await openSession();
  total = (await session.json<unknown[]>(['bookings', 'list', '--all'])).length;
});
afterAll(async () => {
  await session?.close();
});

describe('partial lists', () => {
  test('the sandbox holds more bookings than a page', () => {
    expect(total).toBeGreaterThan(25);
  });

  test('on a terminal: a line under the table, how many of how many, naming --all', async () => {
    const t = testContext({
      stdoutIsTTY: true,
      columns: 100,
      env: { TRIPCTL_BASE_URL: session.sandbox.baseUrl, TRIPCTL_API_KEY: session.sandbox.keys.full, NO_COLOR: '1' },
    });
    try {
      expect(await t.run(['bookings', 'list'])).toBe(0);
      expect(t.out().trimEnd().split('\n')).toHaveLength(26);
      expect(t.err()).toContain(`25 of ${total} bookings — --all for every page\n`);
    } finally {
      t.cleanup();
    }
  });

  test.each([[['-o', 'ids']], [['-o', 'json']], [['-o', 'csv']], [[]]])('piped %j: one stderr line naming --all', async (format) => {
    const result = await session.run(['bookings', 'list', ...format]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(`25 of ${total} bookings — --all for every page\n`);
  });

  test('with --per-page the count follows the page', async () => {
    const result = await session.run(['trips', 'list', '--per-page', '3', '-o', 'ids']);
    expect(result.stdout.trim().split('\n')).toHaveLength(3);
    expect(result.stderr).toMatch(/^3 of \d+ trips — --all for every page\n$/);
  });

  test.each([[['--all']], [['--limit', '5']], [['--page', '2']], [['--page', '1']]])('none with %j', async (flags) => {
    const result = await session.run(['bookings', 'list', ...flags, '-o', 'ids']);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });

  test('none when the first page is the whole list', async () => {
    const result = await session.run(['bookings', 'list', '--per-page', '100', '-o', 'ids']);
    expect(result.stdout.trim().split('\n')).toHaveLength(total);
    expect(result.stderr).toBe('');
  });
});
