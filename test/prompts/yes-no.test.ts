// Every yes/no question — a review's `Send this?`, a destructive command's confirmation, a
// protected profile's question — takes y, yes, n, no in any case or Enter for its default, and asks
// again for anything else (`07:30`, typed one question late, used to be taken as yes). Through the
// real terminal prompter, against the sandbox: nothing is sent until the answer is a real yes.
import { rmSync } from 'node:fs';
import { expect, test, vi } from 'vitest';
import { protectedConfig } from '../commands/protected-support.js';
import { Keyboard } from '../support/keys.js';
import { fileSession } from '../support/sandbox.js';
import { terminalOn } from '../support/terminal.js';

vi.setConfig({ testTimeout: 30_000 });

const file = fileSession();
const writes = (mark: number) => file.session.since(mark).filter((r) => r.method !== 'GET');
const STRAY = ['07:30', 'yep', 'nope', 'sure', 'y es', 'yes please', 'ok'];

test("Send this? asks again for stray text, then a no sends nothing; 'YES' and 'Y' send", async () => {
  for (const [answer, sent] of [
    ['N', false],
    ['no', false],
    ['YES', true],
    ['Y', true],
    ['', true], // Enter: the review's default is yes
  ] as const) {
    const t = terminalOn(file.session, { env: { NO_COLOR: '1' } });
    const keys = new Keyboard(t);
    try {
      const mark = file.session.mark();
      const running = t.run(['vehicles', 'add', '--make', 'Hyundai', '--model', 'County', '-o', 'json']);
      // The seats, then Enter past the optional year, colour and plate.
      await keys.reply('Passenger seats', '18\r\r\r\r');
      await keys.waitFor('Send this? (Y/n)');
      for (const stray of STRAY) {
        keys.burst(`${stray}\r`);
        await keys.waitFor('Answer y or n (or Enter for yes)');
      }
      expect(writes(mark)).toEqual([]);
      keys.burst(`${answer}\r`);
      expect(await running, t.err()).toBe(sent ? 0 : 130);
      expect(writes(mark).length, answer).toBe(sent ? 1 : 0);
      if (!sent) expect(t.err()).toContain('cancelled; nothing was sent');
    } finally {
      t.stdin.end();
      t.cleanup();
    }
  }
});

test('a destructive confirmation asks again for stray text; Enter takes its default, no', async () => {
  const [trip] = await file.session.json<Array<{ id: string }>>(['trips', 'list', '--status', 'published', '--per-page', '1']);
  const t = terminalOn(file.session, { env: { NO_COLOR: '1' } });
  const keys = new Keyboard(t);
  try {
    const mark = file.session.mark();
    const running = t.run(['trips', 'cancel', trip!.id]);
    await keys.reply(/Cancel the trip [\s\S]*\(y\/N\)/, '07:30\r');
    await keys.reply('Answer y or n (or Enter for no)', '\r');
    expect(await running).toBe(130);
    expect(writes(mark)).toEqual([]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test("a protected profile's question asks again for stray text and sends only after a yes", async () => {
  const configDir = protectedConfig(file.session.sandbox.baseUrl, file.session.sandbox.keys.full);
  const [booking] = await file.session.json<Array<{ id: string }>>(['bookings', 'list', '--status', 'requested', '--per-page', '1']);
  try {
    for (const [answer, code] of [
      ['no', 130],
      ['Yes', 0],
    ] as const) {
      const t = terminalOn(file.session, { configDir, env: { NO_COLOR: '1', TRIPCTL_BASE_URL: undefined, TRIPCTL_API_KEY: undefined } });
      const keys = new Keyboard(t);
      try {
        const mark = file.session.mark();
        const running = t.run(['bookings', 'approve', booking!.id]);
        await keys.reply(/LIVE · Qasioun Express — approve [\s\S]*\(y\/N\)/, 'sure\r');
        await keys.waitFor('Answer y or n (or Enter for no)');
        expect(writes(mark)).toEqual([]);
        keys.burst(`${answer}\r`);
        expect(await running, t.err()).toBe(code);
        expect(writes(mark).length).toBe(code === 0 ? 1 : 0);
      } finally {
        t.stdin.end();
        t.cleanup();
      }
    }
  } finally {
    rmSync(configDir, { recursive: true, force: true });
  }
});
