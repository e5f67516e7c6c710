// A manager's questions through `tripctl mcp`, each answered in one call by the SDK's own client
// against the sandbox: a list paged by cursor with its true total, the set-up checked, a passenger
// found by phone or ticket code, a period's figures, a ticket as an image; prompts and resources.
import { beforeAll, describe, expect, it } from 'vitest';
import type { SandboxSession } from '../support/sandbox.js';
import { openMcp, sandboxForFile } from './support.js';

let s: SandboxSession;
const session = sandboxForFile();

beforeAll(() => {
  s = session();
});

describe("a manager's questions", () => {
  it('a list pages with an opaque cursor, says its true total, and its pages together are the whole list', async () => {
    const m = await openMcp(s);
    const ids: string[] = [];
    const totals = new Set<number>();
    let cursor: string | undefined;
    let calls = 0;
    do {
      const result = await m.client.callTool({ name: 'bookings_list', arguments: cursor ? { cursor } : {} });
      const page = result.structuredContent as { bookings: Array<{ id: string }>; total: number; nextCursor?: string };
      ids.push(...page.bookings.map((booking) => booking.id));
      totals.add(page.total);
      cursor = page.nextCursor;
      calls++;
    } while (cursor && calls < 50);
    const bad = await m.call('bookings_list', { cursor: 'page-2' });
    await m.close();
    const every = (await s.json<Array<{ id: string }>>(['bookings', 'list', '--all'])).map((booking) => booking.id);
    expect(calls).toBeGreaterThan(1);
    expect([...totals]).toEqual([every.length]);
    expect(ids).toEqual(every);
    expect(bad).toMatchObject({ isError: true, text: expect.stringContaining("argument 'cursor' is not one this server gave") });
  });

  it('doctor names the key (masked) and its scopes, sandbox or live, the zone, the currency, the clock and the webhooks', async () => {
    const m = await openMcp(s);
    const result = await m.client.callTool({ name: 'doctor', arguments: {} });
    await m.close();
    const report = result.structuredContent as Record<string, unknown>;
    expect(result.isError).toBeFalsy();
    expect(report).toMatchObject({
      ok: true,
      company: 'Qasioun Express',
      service: expect.stringMatching(/^sandbox \(127\.0\.0\.1:\d+, on this machine\)$/),
      key: { accepted: true, scopes: expect.arrayContaining(['trips.read', 'bookings.read', 'webhooks.read']) },
      timeZone: { zone: expect.any(String), from: expect.any(String) },
      currency: 'SYP',
      clock: 'in step with the service',
      webhooks: { endpoints: expect.any(Number) },
      problems: [],
    });
    expect(JSON.stringify(report)).not.toContain(s.sandbox.keys.full);
  });
});
