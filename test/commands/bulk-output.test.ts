// Bulk verbs and imports answer in every output format as lists do (cmdkit/bulk-output.ts): -o ids
// the ids the verb acted on or found already so (a pipeline approve | cancel), -o json one array,
// csv with its header, ndjson a record a line, --query over the array; the exit code and the
// stderr summary as before. A hostile user's report of main, where all of these fell to the table.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newTrip, openSession, sandboxApi, type SandboxSession } from '../support/sandbox.js';

let session: SandboxSession;
let phone = 4_170_000;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'tripctl-bulk-output-'));
  session = await openSession();
});
afterAll(async () => {
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Two requested bookings, one already approved, and an id the service does not know. */
async function mixed(): Promise<{ requested: string[]; approved: string; unknown: string }> {
  const api = sandboxApi(session.sandbox);
  const tripId = (await newTrip(session.sandbox, { toCityId: 'aleppo', departureAt: '2027-09-01T05:00:00Z' })).id;
  const made: string[] = [];
  for (let i = 0; i < 3; i++) made.push((await api('POST', '/bookings', { tripId, seats: 1, phone: `+96394${phone++}` })).booking.id);
  await api('PATCH', `/bookings/${made[2]}`, { status: 'approved' });
  return { requested: made.slice(0, 2), approved: made[2]!, unknown: randomUUID() };
}

describe('bookings approve in every format', () => {
  it('-o ids: the ids approved or already so, in input order, fit for the next verb', async () => {
    const { requested, approved, unknown } = await mixed();
    const input = `${[requested[0], unknown, approved, requested[1]].join('\n')}\n`;
    const result = await session.run(['bookings', 'approve', '-o', 'ids', '-'], { input });
    expect(result.code).toBe(5);
    expect(result.stdout).toBe(`${requested[0]}\n${approved}\n${requested[1]}\n`);
    expect(result.stderr.trim().split('\n').at(-1)).toBe('approved 3 of 4 (1 already); 1 failed');
    const cancel = await session.run(['bookings', 'cancel', '--yes', '-'], { input: result.stdout });
    expect(cancel.code, cancel.stderr).toBe(0);
    expect(cancel.stdout.trim().split('\n')).toEqual([requested[0], approved, requested[1]].map((id) => `${id}\tcancelled`));
  });

  it('-o json: one array of records, each with its outcome in a word', async () => {
    const { requested, approved, unknown } = await mixed();
    const result = await session.run(['bookings', 'approve', '--json', requested[0]!, unknown, approved]);
    expect(result.code).toBe(5);
    const records = JSON.parse(result.stdout);
    expect(records).toEqual([
      expect.objectContaining({
        id: requested[0],
        outcome: 'approved',
        ok: true,
        exitCode: 0,
        result: expect.objectContaining({ status: 'approved' }),
      }),
      expect.objectContaining({ id: unknown, outcome: 'error', ok: false, exitCode: 5, error: expect.stringContaining('not found') }),
      expect.objectContaining({ id: approved, outcome: 'already approved', ok: true, already: true }),
    ]);
    expect(result.stderr.trim().split('\n').at(-1)).toBe('approved 2 of 3 (1 already); 1 failed');
  });

  it('-o json of nothing on stdin is an empty array (a cron job with nothing to do)', async () => {
    const result = await session.run(['bookings', 'approve', '-o', 'json', '-'], { input: '' });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual([]);
  });

  it('-o csv: a header, then a row per id', async () => {
    const { requested, unknown } = await mixed();
    const result = await session.run(['bookings', 'approve', '-o', 'csv', requested[0]!, unknown]);
    expect(result.code).toBe(5);
    const [header, first, second, ...rest] = result.stdout.trim().split(/\r?\n/);
    expect(header).toBe('id,outcome,error');
    expect(first).toBe(`${requested[0]},approved,`);
    expect(second).toMatch(new RegExp(`^${unknown},error,.*not found`));
    expect(rest).toEqual([]);
  });

  it('-o ndjson: a record a line', async () => {
    const { requested, approved } = await mixed();
    const result = await session.run(['bookings', 'approve', '-o', 'ndjson', requested[0]!, approved]);
    expect(result.code, result.stderr).toBe(0);
    const records = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records).toEqual([
      expect.objectContaining({ id: requested[0], outcome: 'approved' }),
      expect.objectContaining({ id: approved, outcome: 'already approved' }),
    ]);
  });

  it('--query runs over the array of records', async () => {
    const { requested, unknown } = await mixed();
    const result = await session.run(['bookings', 'approve', '--query', '[?ok].id', requested[0]!, unknown, requested[1]!]);
    expect(result.code).toBe(5);
    expect(JSON.parse(result.stdout)).toEqual(requested);
  });

  it('piped, without a format asked for: the lines scripts read, unchanged', async () => {
    const { requested, approved } = await mixed();
    const result = await session.run(['bookings', 'approve', requested[0]!, approved]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toBe(`${requested[0]}\tapproved\n${approved}\talready approved\n`);
  });
});

describe('trips publish --from-file in every format', () => {
  const sheet = (first: string) =>
    `vehicle,from,to,departure,price\nDAM-123456,Hims,Halab,${first} 08:00,18000\nDAM-123456,Hims,Halab,${first} 11:00,18000\n`;

  it('-o json: one array of the rows, with their lines; -o csv: line first, under one header', async () => {
    const file = join(dir, 'json.csv');
    writeFileSync(file, sheet('2027-04-01'));
    const result = await session.run(['trips', 'publish', '--from-file', file, '-o', 'json', '--tz', 'Asia/Damascus']);
    expect(result.code, result.stderr).toBe(0);
    const records = JSON.parse(result.stdout);
    expect(records).toEqual([
      expect.objectContaining({ line: 2, outcome: 'created', ok: true, id: expect.stringMatching(/^[0-9a-f-]{36}$/) }),
      expect.objectContaining({ line: 3, outcome: 'created', ok: true }),
    ]);

    // Run again: the same rows, now unchanged, listed under one header, with the ids they stand for.
    const again = await session.run(['trips', 'publish', '--from-file', file, '-o', 'csv', '--tz', 'Asia/Damascus']);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim().split(/\r?\n/)).toEqual([
      'line,id,outcome,error',
      `2,${records[0].id},unchanged,`,
      `3,${records[1].id},unchanged,`,
    ]);

    const ids = await session.run(['trips', 'publish', '--from-file', file, '-o', 'ids', '--tz', 'Asia/Damascus']);
    expect(ids.stdout).toBe(`${records[0].id}\n${records[1].id}\n`);
  });
});

describe('trips board --no-show-rest -o json', () => {
  it("the no-shows follow the station's verdicts as lines, every line one JSON object", async () => {
    const api = sandboxApi(session.sandbox);
    const tripId = (await newTrip(session.sandbox, { toCityId: 'aleppo', departureAt: '2027-09-02T05:00:00Z' })).id;
    const approved: string[] = [];
    for (let i = 0; i < 2; i++) {
      const { booking } = await api('POST', '/bookings', { tripId, seats: 1, phone: `+96394${phone++}` });
      await api('PATCH', `/bookings/${booking.id}`, { status: 'approved' });
      approved.push(booking.id);
    }
    const result = await session.run(['trips', 'board', tripId, '--yes', '--no-show-rest', '-o', 'json'], { input: `${approved[0]}\n` });
    expect(result.code, result.stderr).toBe(0);
    const records = result.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records).toEqual([
      expect.objectContaining({ kind: 'boarded' }),
      expect.objectContaining({ id: approved[1], outcome: 'no_show', ok: true }),
    ]);
  });
});
