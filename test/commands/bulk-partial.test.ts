// A bulk verb's partial failure never hides what was done: whatever one id's failure is (the
// service's refusal or an error nobody foresaw), every id gets its line, in input order, and the
// summary counts what was done.
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { runBulk } from '../../src/cmdkit/bulk.js';
import { CliError, ExitCode } from '../../src/errors.js';
import { testContext } from '../support/context.js';

const ids = Array.from({ length: 4 }, () => randomUUID());

it.each([
  ['a refusal', () => new CliError('not from this state', ExitCode.rejected), 6, 'not from this state'],
  ['an unforeseen error', () => new TypeError("cannot read 'status'"), 1, "unexpected: cannot read 'status'"],
])('reports every id when the third fails with %s', async (_, failure, code, message) => {
  for (const output of ['table', 'json'] as const) {
    const t = testContext({ env: { TRIPCTL_OUTPUT: output } });
    const exit = await runBulk(t.ctx, ids, {
      done: 'approved',
      concurrency: 1,
      act: async (id) => {
        if (id === ids[2]) throw failure();
        return { id, status: 'approved' };
      },
      describe: () => 'approved',
    });
    expect(exit).toBe(code);
    if (output === 'json') {
      expect(JSON.parse(t.out())).toEqual([
        expect.objectContaining({ id: ids[0], ok: true }),
        expect.objectContaining({ id: ids[1], ok: true }),
        expect.objectContaining({ id: ids[2], ok: false, exitCode: code, error: message }),
        expect.objectContaining({ id: ids[3], ok: true }),
      ]);
    } else {
      expect(t.out().trim().split('\n')).toEqual([
        `${ids[0]}\tapproved`,
        `${ids[1]}\tapproved`,
        `${ids[2]}\terror\t${message}`,
        `${ids[3]}\tapproved`,
      ]);
    }
    expect(t.err()).toContain('approved 3 of 4; 1 failed');
    t.cleanup();
  }
});
