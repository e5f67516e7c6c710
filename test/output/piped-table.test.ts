// `-o table` asked for by name is the person's table wherever it goes — a pipe, a file, cron's
// mail: names, local times with the zone, money with its currency (issue 35 §4). Without it, a
// pipe still gets the tab-separated lines with ids, minor units and ISO times that scripts read.
import { expect, it } from 'vitest';
import { fileSession } from '../support/sandbox.js';

const files = fileSession();
const env = { TRIPCTL_TZ: 'Asia/Damascus' };
const ISO_UTC = /\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z/;

it('trips list -o table into a pipe: cities by name, SYP, local times and no ISO UTC stamp', async () => {
  const s = files.session;
  const table = await s.run(['trips', 'list', '--limit', '5', '-o', 'table'], { env });
  expect(table.code, table.stderr).toBe(0);
  expect(table.stdout).toMatch(/SYP/);
  expect(table.stdout).toMatch(/Damascus|Homs|Aleppo|Latakia|Hama/);
  expect(table.stdout).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d/);
  expect(table.stdout).not.toMatch(ISO_UTC);
  expect(table.stdout).not.toContain('\t');
  // No terminal's width to fit: every column is there, the trips' ids included (a mail wraps).
  expect(table.stderr).not.toContain('not shown at this width');
  const ids = (await s.run(['trips', 'list', '--limit', '5', '-o', 'ids'], { env })).stdout.trim().split('\n');
  for (const id of ids) expect(table.stdout).toContain(id);
  // TRIPCTL_OUTPUT=table is the same ask, for a cron job's environment.
  const byEnv = await s.run(['trips', 'list', '--limit', '5'], { env: { ...env, TRIPCTL_OUTPUT: 'table' } });
  expect(byEnv.stdout).toBe(table.stdout);
});

it('one trip with -o table into a pipe is the person’s record; without -o, the script’s lines', async () => {
  const s = files.session;
  const [id] = (await s.run(['trips', 'list', '--limit', '1', '-o', 'ids'], { env })).stdout.trim().split('\n');
  const person = await s.run(['trips', 'get', id!, '-o', 'table'], { env });
  expect(person.code, person.stderr).toBe(0);
  expect(person.stdout).toMatch(/SYP/);
  expect(person.stdout).not.toMatch(ISO_UTC);
  const script = await s.run(['trips', 'get', id!], { env });
  expect(script.stdout).toMatch(ISO_UTC);
  expect(script.stdout).toContain('\t');
});

it('without -o, a pipe gets tab-separated rows with ids, minor units and ISO times, as before', async () => {
  const s = files.session;
  const piped = await s.run(['trips', 'list', '--limit', '5'], { env });
  expect(piped.code).toBe(0);
  const rows = piped.stdout.trim().split('\n');
  expect(rows).toHaveLength(5);
  for (const row of rows) {
    expect(row).toContain('\t');
    expect(row).toMatch(ISO_UTC);
    expect(row).not.toMatch(/SYP/);
  }
});

it('-o ids with one --columns prints that id of each item, whatever the profile’s output (the script’s way now)', async () => {
  const s = files.session;
  const bookings = await s.json<Array<{ id: string; tripId: string }>>(['bookings', 'list', '--limit', '3']);
  const ids = await s.run(['bookings', 'list', '--limit', '3', '--columns', 'tripId', '-o', 'ids'], { env });
  expect(ids.code, ids.stderr).toBe(0);
  expect(ids.stdout).toBe(bookings.map((b) => `${b.tripId}\n`).join(''));
  const [first] = bookings;
  const one = await s.run(['bookings', 'get', first!.id, '--columns', 'tripId', '-o', 'ids'], { env });
  expect(one.stdout).toBe(`${first!.tripId}\n`);
  // Without --columns, or with a column that is no id, the item's own id, as before.
  expect((await s.run(['bookings', 'list', '--limit', '3', '--columns', 'status', '-o', 'ids'], { env })).stdout).toBe(
    bookings.map((b) => `${b.id}\n`).join(''),
  );
  expect((await s.run(['bookings', 'list', '--limit', '3', '-o', 'ids'], { env })).stdout).toBe(bookings.map((b) => `${b.id}\n`).join(''));
});
