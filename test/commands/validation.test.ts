// Every validation rule of the commands: exit 2, a message naming the flag, and not one request
// reaching the sandbox — checked against the sandbox's own record of what it received.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSession, type SandboxSession } from '../support/sandbox.js';

const ID = '6a7b8c9d-0e1f-4a2b-8c3d-4e5f6a7b8c9d';

/** [arguments, text the one-line error must contain] */
const CASES: Array<[string[], string]> = [
  [['trips', 'get', 'not-a-uuid'], 'tripId must be a UUID'],
  [['trips', 'get', '../company'], 'tripId must be a UUID'],
  [['trips', 'publish', '--vehicle', ID, '--from', 'x', '--to', 'y'], 'missing --departure, --price'],
  [
    ['trips', 'publish', '--vehicle', ID, '--from', 'damascus', '--to', 'homs', '--departure', '2026-13-40 25:00', '--price', '100'],
    '--departure',
  ],
  [
    ['trips', 'publish', '--vehicle', ID, '--from', 'damascus', '--to', 'homs', '--departure', '2026-12-01 08:00', '--price', '-5'],
    '--price',
  ],
  [
    ['trips', 'publish', '--vehicle', ID, '--from', 'damascus', '--to', 'homs', '--departure', '2026-12-01 08:00', '--price', '12.505'],
    '--price',
  ],
  [
    [
      'trips',
      'publish',
      '--vehicle',
      ID,
      '--from',
      'damascus',
      '--to',
      'homs',
      '--departure',
      '2026-12-01 08:00',
      '--price',
      '100',
      '--seats',
      '21',
    ],
    '--seats',
  ],
  [
    [
      'trips',
      'publish',
      '--vehicle',
      ID,
      '--from',
      'damascus',
      '--to',
      'homs',
      '--departure',
      '2026-12-01 08:00',
      '--price',
      '100',
      '--driver',
      '12',
    ],
    '--driver',
  ],
  [['trips', 'update', ID, '--departure', 'tomorrow'], '--departure'],
  [['trips', 'list', '--per-page', '101'], '--per-page'],
  [['trips', 'list', '--page', '0'], '--page'],
  [['vehicles', 'add', '--make', 'Kia', '--model', 'Granbird', '--seats', '0'], '--seats'],
  [['vehicles', 'add', '--make', 'Kia', '--model', 'Granbird', '--seats', '20', '--year', '1979'], '--year'],
  [['vehicles', 'add', '--make', 'Kia', '--model', 'Granbird', '--seats', '20', '--year', '2101'], '--year'],
  [['vehicles', 'add', '--make', 'Kia'], 'missing --model, --seats'],
  [['members', 'add', '--phone', '0944 12', '--role', 'driver'], '--phone'],
  [['members', 'add', '--phone', '+963944123456', '--role', 'owner'], '--role'],
  [['members', 'update', ID, '--role', 'captain'], '--role'],
  [['members', 'remove', ID], '--yes'],
  [['vehicles', 'remove', ID], '--yes'],
  [['trips', 'cancel', ID], '--yes'],
  [['schedules', 'delete', ID], '--yes'],
  [['company', 'logo', 'remove'], '--yes'],
  [['bookings', 'create', '--trip', ID, '--seats', '21', '--phone', '+963944123456'], '--seats'],
  [['bookings', 'create', '--trip', ID, '--seats', '2', '--phone', '+963 944'], '--phone'],
  [['bookings', 'create', '--trip', ID, '--seats', '2', '--phone', '+963944123456', '--note', 'x'.repeat(201)], '--note'],
  [['bookings', 'create', '--trip', ID, '--seats', '2', '--phone', '+963944123456', '--group', 'x'.repeat(81)], '--group'],
  [['bookings', 'create', '--trip', 'abc', '--seats', '2', '--phone', '+963944123456'], '--trip'],
  [['bookings', 'list', '--status', 'pending'], '--status'],
  [['bookings', 'list', '--trip', '42'], '--trip'],
  [['bookings', 'approve', ID, 'nope'], 'not a UUID: nope'],
  [['bookings', 'board', ID, '--concurrency', '0'], '--concurrency'],
  [
    [
      'schedules',
      'create',
      '--vehicle',
      ID,
      '--driver',
      ID,
      '--from',
      'a',
      '--to',
      'b',
      '--price',
      '1',
      '--recurrence',
      'weekly',
      '--time',
      '07:30',
    ],
    '--weekdays',
  ],
  [
    [
      'schedules',
      'create',
      '--vehicle',
      ID,
      '--driver',
      ID,
      '--from',
      'a',
      '--to',
      'b',
      '--price',
      '1',
      '--recurrence',
      'weekly',
      '--weekdays',
      'mon,funday',
      '--time',
      '07:30',
    ],
    '--weekdays',
  ],
  [
    [
      'schedules',
      'create',
      '--vehicle',
      ID,
      '--driver',
      ID,
      '--from',
      'a',
      '--to',
      'b',
      '--price',
      '1',
      '--recurrence',
      'weekly',
      '--weekdays',
      '7',
      '--time',
      '07:30',
    ],
    '--weekdays',
  ],
  [
    [
      'schedules',
      'create',
      '--vehicle',
      ID,
      '--driver',
      ID,
      '--from',
      'a',
      '--to',
      'b',
      '--price',
      '1',
      '--recurrence',
      'hourly',
      '--time',
      '07:30',
    ],
    '--recurrence',
  ],
  [
    [
      'schedules',
      'create',
      '--vehicle',
      ID,
      '--driver',
      ID,
      '--from',
      'a',
      '--to',
      'b',
      '--price',
      '1',
      '--recurrence',
      'daily',
      '--time',
      '7.30',
    ],
    '--time',
  ],
  [
    [
      'schedules',
      'create',
      '--vehicle',
      ID,
      '--driver',
      ID,
      '--from',
      'a',
      '--to',
      'b',
      '--price',
      '1',
      '--recurrence',
      'interval',
      '--time',
      '07:30',
    ],
    '--interval-days',
  ],
  [['schedules', 'update', ID, '--time', '24:00'], '--time'],
  [['schedules', 'update', ID, '--horizon-days', 'many'], '--horizon-days'],
  [['schedules', 'exceptions', 'add', ID, '--date', '2026-02-30', '--skip'], '--date'],
  [['schedules', 'exceptions', 'add', ID, '--date', '2026-12-01', '--skip', '--extra'], '--skip'],
  [['schedules', 'exceptions', 'add', ID, '--date', '2026-12-01', '--extra'], '--time'],
  [['schedules', 'exceptions', 'add', ID, '--date', '2026-12-01'], '--skip or --extra'],
  [['schedules', 'exceptions', 'remove', ID, 'exc'], 'exceptionId must be a UUID'],
  [['reports', 'export', '--type', 'bookings'], '--format'],
  [['reports', 'export', '--type', 'sales', '--format', 'csv'], '--type'],
  [['reports', 'export', '--type', 'bookings', '--format', 'docx'], '--format'],
  [['payments', 'invoice', 'INV-1'], 'paymentId must be a UUID'],
  [['trips', 'list', '--param', 'novalue'], '--param'],
  [['trips', 'update', ID, '-F', '=1'], '-F takes key=value'],
  [['company', 'update'], '--description'],
  [['places', 'search', '--city', 'Atlantis'], '--city'],
  [['trips', 'list', '--from', 'Atlantis'], '--from'],
  [['api', 'GET', '/company', '-H', 'x-note: a\nb'], 'the value has a control character'],
  [['api', 'GET', '/company', '-H', 'x note: a'], 'not a header name'],
  [['trips', 'list', '--tz', '+03:00'], 'is a UTC offset, not a time zone'],
];

describe('validation before any request', () => {
  let session: SandboxSession;
  beforeAll(async () => {
    session = await openSession();
  });
  afterAll(async () => {
    await session?.close();
  });

  it.each(CASES)('tripctl %j', async (args, expected) => {
    const mark = session.mark();
    const result = await session.run(args);
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^tripctl: /);
    expect(result.stderr).toContain(expected);
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(result.stdout).toBe('');
    // A name lookup (cities) may be asked; nothing that changes or reads the resource is.
    const sent = session.since(mark).filter((r) => r.path !== '/cities' && r.path !== '/vehicles');
    expect(sent).toEqual([]);
  });
});
