// `vehicles add` on a terminal: seats and the model year are checked where they are typed, an
// optional question is skipped with Enter, and the flow ends in the same review as every create.
import { expect, test, vi } from 'vitest';
import { testContext } from '../support/context.js';
import { Keyboard, KEY } from '../support/keys.js';
import { fileSession } from '../support/sandbox.js';

vi.setConfig({ testTimeout: 30_000 });

const file = fileSession();

test('seats 0 and a year out of range are asked again; the review lists every value; the same request as the flags', async () => {
  const t = testContext({
    stdinIsTTY: true,
    stderrIsTTY: true,
    openStdin: true,
    env: { TRIPCTL_BASE_URL: file.session.sandbox.baseUrl, TRIPCTL_API_KEY: file.session.sandbox.keys.full },
  });
  const keys = new Keyboard(t);
  try {
    const mark = file.session.mark();
    const running = t.run(['vehicles', 'add', '-o', 'json']);
    await keys.answer('Manufacturer', 'Hyundai');
    await keys.answer('Model', 'County');
    await keys.refused('Passenger seats', '0', /Must be from 1 to 20, not 0/);
    keys.retype('21');
    await keys.waitFor(/Must be from 1 to 20, not 21/);
    keys.retype('18');
    await keys.refused('Model year', '1970', /Must be from 1980 to 2100, not 1970/);
    keys.retype('2019');
    await keys.answer('Colour', ''); // skipped
    await keys.answer('Plate number', 'HMS-777001');
    await keys.waitFor('About to send');
    await keys.waitFor('Send this?');
    const review = keys.screen().slice(keys.screen().lastIndexOf('About to send'));
    expect(review).toMatch(/make\s+Hyundai\n\s+model\s+County\n\s+seats\s+18\n\s+year\s+2019\n\s+plate\s+HMS-777001\n/);
    keys.press(KEY.enter);
    expect(await running, t.err()).toBe(0);
    const sent = file.session
      .since(mark)
      .filter((r) => r.method === 'POST' && r.path === '/vehicles')
      .map((r) => JSON.parse(r.body));
    expect(sent).toEqual([{ make: 'Hyundai', model: 'County', seats: 18, year: 2019, plate: 'HMS-777001' }]);

    const mark2 = file.session.mark();
    await file.session.run([
      'vehicles',
      'add',
      '--make',
      'Hyundai',
      '--model',
      'County',
      '--seats',
      '18',
      '--year',
      '2019',
      '--plate',
      'HMS-777001',
    ]);
    expect(
      file.session
        .since(mark2)
        .filter((r) => r.method === 'POST')
        .map((r) => JSON.parse(r.body)),
    ).toEqual(sent);
  } finally {
    t.stdin.end();
    t.cleanup();
  }
});
