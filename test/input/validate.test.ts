// Checks and conversions of flag values: each bad value is a usage error naming the flag.
import { describe, expect, test } from 'vitest';
import { CliError, ExitCode } from '../../src/errors.js';
import { localTime } from '../../src/output/cells.js';
import { calendarDate, dateTime, integer, isUuid, maxLength, oneOf, timeOfDay, uuid, weekdays } from '../../src/input/validate.js';

function usage(fn: () => unknown): CliError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    expect((error as CliError).exitCode).toBe(ExitCode.usage);
    return error as CliError;
  }
  throw new Error('expected a usage error');
}

describe('uuid', () => {
  test('accepts any case and returns lower case', () => {
    expect(uuid('--trip', '3F6C1E2A-9B8D-4C7E-A1B2-0123456789AB')).toBe('3f6c1e2a-9b8d-4c7e-a1b2-0123456789ab');
    expect(isUuid('3f6c1e2a-9b8d-4c7e-a1b2-0123456789ab')).toBe(true);
  });
  test.each([
    '',
    'abc',
    '3f6c1e2a-9b8d-4c7e-a1b2-0123456789a',
    '3f6c1e2a-9b8d-4c7e-a1b2-0123456789abc',
    '../trips/3f6c1e2a-9b8d-4c7e-a1b2-0123456789ab',
    '3f6c1e2a9b8d4c7ea1b20123456789ab',
    'g f6c1e2a-9b8d-4c7e-a1b2-0123456789ab',
  ])('refuses %j, naming the flag', (value) => {
    expect(usage(() => uuid('--trip', value)).message).toMatch(/^--trip must be a UUID/);
    expect(isUuid(value)).toBe(false);
  });
});

describe('ranges', () => {
  test('whole numbers within bounds', () => {
    expect(integer('--seats', '1', 1, 20)).toBe(1);
    expect(integer('--seats', '20', 1, 20)).toBe(20);
    expect(integer('--price', '5000', 0)).toBe(5000);
  });
  test('outside the bounds, fractions and words are refused with the range named', () => {
    expect(usage(() => integer('--seats', '0', 1, 20)).message).toBe('--seats must be from 1 to 20, not 0');
    expect(usage(() => integer('--seats', '21', 1, 20)).message).toBe('--seats must be from 1 to 20, not 21');
    expect(usage(() => integer('--price', '-1', 0)).message).toBe('--price must be 0 or more, not -1');
    expect(usage(() => integer('--seats', '2.5', 1, 20)).message).toBe("--seats must be a whole number, not '2.5'");
    expect(usage(() => integer('--seats', 'two', 1, 20)).message).toBe("--seats must be a whole number, not 'two'");
    expect(usage(() => integer('--seats', '', 1, 20)).message).toMatch(/whole number/);
  });
  test('maxLength counts characters, not bytes', () => {
    expect(maxLength('--note', 'ملاحظة', 6)).toBe('ملاحظة');
    expect(usage(() => maxLength('--note', 'ملاحظات', 6)).message).toBe('--note is 7 characters long; the most is 6');
  });
  test('oneOf', () => {
    expect(oneOf('--role', 'driver', ['owner', 'driver'] as const)).toBe('driver');
    expect(usage(() => oneOf('--role', 'boss', ['owner', 'driver'] as const)).message).toBe(
      "--role must be one of owner, driver, not 'boss'",
    );
  });
});

describe('weekdays', () => {
  test.each([
    ['mon,wed,fri', [1, 3, 5]],
    ['1,3,5', [1, 3, 5]],
    ['0', [0]],
    ['Sun,SAT', [0, 6]],
    ['monday, Tuesday', [1, 2]],
    ['thurs,wednes', [3, 4]],
    ['fri,mon,fri,1', [1, 5]],
  ])('%s → %j', (value, expected) => {
    expect(weekdays('--weekdays', value)).toEqual(expected);
  });
  test.each(['7', 'funday', 'mo', '-1', '10'])('refuses %j', (value) => {
    expect(usage(() => weekdays('--weekdays', value)).message).toMatch(/^--weekdays: '.*' is not a weekday/);
  });
  test('refuses an empty list', () => {
    expect(usage(() => weekdays('--weekdays', ' , ')).message).toBe('--weekdays needs at least one weekday');
  });
});

describe('time of day (HH:MM)', () => {
  test.each([
    ['08:30', '08:30'],
    ['8:30', '08:30'],
    ['00:00', '00:00'],
    ['23:59', '23:59'],
  ])('%s → %s', (value, expected) => {
    expect(timeOfDay('--time', value)).toBe(expected);
  });
  test.each(['24:00', '12:60', '8', '08:5', '0830', '08:30:00', 'noon'])('refuses %j', (value) => {
    expect(usage(() => timeOfDay('--time', value)).message).toMatch(/^--time must be a time as HH:MM/);
  });
});

describe('calendar dates', () => {
  test('a real date passes', () => {
    expect(calendarDate('--date', '2028-02-29')).toBe('2028-02-29');
  });
  test.each(['2026-1-1', '01-12-2026', '2026-12-01T00:00'])('refuses %j', (value) => {
    expect(usage(() => calendarDate('--date', value)).message).toMatch(/^--date must be a date as YYYY-MM-DD/);
  });
  test.each([
    ['2026-02-29', '--date: 2026-02-29: February 2026 has 28 days'],
    ['2026-02-30', '--date: 2026-02-30: February 2026 has 28 days'],
    ['2026-04-31', '--date: 2026-04-31: April 2026 has 30 days'],
    ['2026-01-00', '--date: 2026-01-00: January 2026 has 31 days'],
    ['2026-13-01', '--date: 2026-13-01: there is no month 13; months are 01 to 12'],
  ])('a date that does not exist says why: %s', (value, message) => {
    expect(usage(() => calendarDate('--date', value)).message).toBe(message);
  });
  test('so does a departure on one, local or with an offset', () => {
    expect(usage(() => dateTime('--departure', '2026-02-30 08:00', 'UTC')).message).toBe(
      '--departure: 2026-02-30: February 2026 has 28 days',
    );
    expect(usage(() => dateTime('--departure', '2026-02-30T08:00:00+03:00', 'UTC')).message).toBe(
      '--departure: 2026-02-30: February 2026 has 28 days',
    );
  });
});

describe('date and time in a zone → ISO 8601 with the offset', () => {
  test.each([
    ['2026-12-01 08:30', 'Asia/Damascus', '2026-12-01T08:30:00+03:00'],
    ['2026-12-01T08:30', 'Asia/Damascus', '2026-12-01T08:30:00+03:00'],
    ['2026-12-01 8:05:09', 'UTC', '2026-12-01T08:05:09+00:00'],
    ['2026-07-01 12:00', 'Europe/Berlin', '2026-07-01T12:00:00+02:00'],
    ['2026-01-15 12:00', 'Europe/Berlin', '2026-01-15T12:00:00+01:00'],
    ['2026-07-01 12:00', 'America/New_York', '2026-07-01T12:00:00-04:00'],
    ['2026-03-01 09:00', 'Asia/Kolkata', '2026-03-01T09:00:00+05:30'],
    ['2026-03-01 09:00', 'America/St_Johns', '2026-03-01T09:00:00-03:30'],
  ])('%s in %s → %s', (value, zone, expected) => {
    const result = dateTime('--departure', value, zone);
    expect(result).toBe(expected);
    // Read back in that zone, the instant shows the wall time that was given.
    expect(localTime(result, zone)).toBe(
      value
        .replace('T', ' ')
        .replace(/ (\d):/, ' 0$1:')
        .slice(0, 16),
    );
  });

  test('ISO 8601 with an offset or Z is taken as is', () => {
    expect(dateTime('--departure', '2026-12-01T08:30:00+03:00', 'UTC')).toBe('2026-12-01T08:30:00+03:00');
    expect(dateTime('--departure', '2026-12-01T05:30:00Z', 'Asia/Damascus')).toBe('2026-12-01T05:30:00Z');
    expect(dateTime('--departure', '2026-12-01T05:30:00.250Z', undefined)).toBe('2026-12-01T05:30:00.250Z');
  });

  test.each([
    ['2026-10-25 02:30', 'Europe/Berlin', '2026-10-25T02:30:00+02:00'],
    ['2027-11-07 01:30', 'America/New_York', '2027-11-07T01:30:00-04:00'],
    ['2027-10-30 23:30', 'Asia/Beirut', '2027-10-30T23:30:00+03:00'],
    ['2027-04-04 02:30', 'Australia/Sydney', '2027-04-04T02:30:00+11:00'],
  ])('a wall time that exists twice (%s in %s) is its first occurrence, in every zone (RFC 5545)', (value, zone, expected) => {
    expect(dateTime('--departure', value, zone)).toBe(expected);
  });

  test('a wall time in a daylight-saving gap does not exist', () => {
    expect(usage(() => dateTime('--departure', '2026-03-29 02:30', 'Europe/Berlin')).message).toMatch(/does not exist in Europe\/Berlin/);
  });

  test.each(['tomorrow', '2026-12-01', '2026-12-01 25:00', '2026-02-30 08:00', '01/12/2026 08:30', '2026-12-01 08:60'])(
    'refuses %j',
    (value) => {
      const error = usage(() => dateTime('--departure', value, 'Asia/Damascus'));
      expect(error.message).toMatch(/^--departure/);
    },
  );

  test('an unknown zone is a usage error', () => {
    expect(usage(() => dateTime('--departure', '2026-12-01 08:30', 'Mars/Olympus')).message).toMatch(/unknown time zone 'Mars\/Olympus'/);
  });
});
