// `members add` on a terminal, typed key by key: a phone the flag would refuse is refused at the
// question, with the reason under it, and asked again; then the review; then the same request
// the flag form sends.
import { expect, test, vi } from 'vitest';
import { testContext } from '../support/context.js';
import { Keyboard, KEY } from '../support/keys.js';
import { fileSession } from '../support/sandbox.js';

// Sandbox start-up and whole flows on a machine shared with other work: a generous bound, not a timing check.
vi.setConfig({ testTimeout: 30_000 });

const file = fileSession();

function terminal() {
  return testContext({
    stdinIsTTY: true,
    stderrIsTTY: true,
    openStdin: true,
    env: { TRIPCTL_BASE_URL: file.session.sandbox.baseUrl, TRIPCTL_API_KEY: file.session.sandbox.keys.full },
  });
}

test('a bad phone is refused at the question, then the review names every value', async () => {
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const mark = file.session.mark();
    const running = t.run(['members', 'add', '-o', 'json']);
    // A local number is how people write it; an impossible one names the country it was read in.
    await keys.refused('Phone of a registered user', '0933 12', /'0933 12' has too few digits for a mobile number in Syria \(SY\)/);
    expect(keys.screen()).not.toContain('--phone');
    keys.retype('0933 000 101');
    await keys.waitFor('Role');
    keys.press(KEY.down, KEY.down, KEY.enter); // driver
    await keys.waitFor('About to send');
    await keys.waitFor('Send this?');
    const review = keys.screen();
    expect(review).toMatch(/phone\s+\+963933000101/);
    expect(review).toMatch(/role\s+driver/);
    // Nothing was sent while the person was answering.
    expect(file.session.since(mark).filter((r) => r.method === 'POST')).toEqual([]);
    keys.press(KEY.enter);
    expect(await running, t.err()).toBe(0);
    const sent = file.session.since(mark).filter((r) => r.method === 'POST' && r.path === '/members');
    expect(sent).toHaveLength(1);

    const mark2 = file.session.mark();
    const flagForm = await file.session.run(['members', 'add', '--phone', '+963933000101', '--role', 'driver']);
    expect(flagForm.code).toBe(6); // already a member now: the same body, refused by the service
    const flagged = file.session.since(mark2).filter((r) => r.method === 'POST' && r.path === '/members');
    expect(JSON.parse(flagged[0]!.body)).toEqual(JSON.parse(sent[0]!.body));
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});

test('members remove names the member by name, phone and role before detaching', async () => {
  const members = await file.session.json<Array<{ id: string; fullName: string; role: string }>>(['members', 'list']);
  const staff = members.find((m) => m.role === 'staff')!;
  const t = terminal();
  const keys = new Keyboard(t);
  try {
    const mark = file.session.mark();
    const running = t.run(['members', 'remove', staff.id]);
    await keys.waitFor(`Detach ${staff.fullName}, +963944000003, staff from the company?`);
    keys.press('n', KEY.enter);
    expect(await running).toBe(130);
    expect(file.session.since(mark).filter((r) => r.method === 'DELETE')).toEqual([]);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});
