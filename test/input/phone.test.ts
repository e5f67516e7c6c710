// The one phone parser: numbers as people write them, read in the profile's country, sent in E.164.
import { describe, expect, test } from 'vitest';
import { CliError, ExitCode } from '../../src/errors.js';
import { countryCode, parsePhone, samePhone } from '../../src/input/phone.js';

async function refusal(promise: Promise<unknown>): Promise<CliError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  expect((error as CliError).exitCode).toBe(ExitCode.usage);
  return error as CliError;
}

describe('parsePhone', () => {
  test.each([
    ['0944 123 456', 'SY', '+963944123456'],
    ['0944123456', 'SY', '+963944123456'],
    ['944-123-456', 'SY', '+963944123456'],
    ['+963 944 123 456', 'SY', '+963944123456'],
    ['00963944123456', 'SY', '+963944123456'],
    ['+1-202-555-0143', 'SY', '+12025550143'],
    ['(202) 555-0143', 'US', '+12025550143'],
    ['0944 123 456', 'sy'.toUpperCase(), '+963944123456'],
  ])('%s in %s → %s', async (typed, country, e164) => {
    expect(await parsePhone('--phone', typed, country)).toBe(e164);
  });

  test.each([
    [
      '0944 12 34',
      'has too few digits for a mobile number in Syria (SY): 7 digits after the leading 0, where one has 9 (such as 0944 567 890)',
    ],
    [
      '0944 12',
      'has too few digits for a mobile number in Syria (SY): 5 digits after the leading 0, where one has 9 (such as 0944 567 890)',
    ],
    [
      '٠٩٤٤ ١٢',
      'has too few digits for a mobile number in Syria (SY): 5 digits after the leading 0, where one has 9 (such as 0944 567 890)',
    ],
    [
      '0944 123 456 789 12',
      'has too many digits for a mobile number in Syria (SY): 14 digits after the leading 0, where one has 9 (such as 0944 567 890)',
    ],
    ['12', 'has too few digits for a number in Syria (SY): 2 digits'],
    ['+963 11 222', 'has too few digits for a number in Syria (SY): 5 digits after the country code'],
  ])('refuses %j, saying what is wrong and the country assumed', async (typed, why) => {
    const error = await refusal(parsePhone('--phone', typed, 'SY'));
    expect(error.message).toBe(`--phone: '${typed}' ${why}`);
    expect(error.hint).toMatch(/^read in Syria \(SY\), the profile's 'country' setting|^the country is the one its code names/);
  });

  test.each(['call me', '', '+963', '+999 123'])('refuses %j, never blaming the digits’ script', async (typed) => {
    const error = await refusal(parsePhone('--phone', typed, 'SY'));
    expect(error.message).toMatch(/is not a (valid international )?phone number$/);
  });

  test('a possible length is not enough: the number must be valid for its country', async () => {
    // 8 digits is a possible length in Syria, but no Syrian number begins 0944 after a trunk 0.
    expect((await refusal(parsePhone('--phone', '0944 12 34', 'SY'))).message).not.toContain('+96309441234');
    expect(await parsePhone('--phone', '٠٩٤٤ ١٢٣ ٤٥٦', 'SY')).toBe('+963944123456');
    expect(await parsePhone('--phone', '۰۹۴۴۱۲۳۴۵۶', 'SY')).toBe('+963944123456');
    expect(await parsePhone('--phone', '011 222 3344', 'SY')).toBe('+963112223344');
  });

  test('the same local digits are another number in another country', async () => {
    expect(await parsePhone('--phone', '020 7946 0018', 'GB')).toBe('+442079460018');
    expect((await refusal(parsePhone('--phone', '0944 1', 'GB'))).message).toContain('United Kingdom (GB)');
  });

  test('a search term matches a stored number however either is written', async () => {
    expect(await samePhone('0944 123 456', '+963944123456', 'SY')).toBe(true);
    expect(await samePhone('0944 123 457', '+963944123456', 'SY')).toBe(false);
    expect(await samePhone('0944', '+963944123456', 'SY')).toBe(false);
  });
});

describe('the country setting', () => {
  test('two-letter ISO codes, any case, kept upper-case', () => {
    expect(countryCode('sy')).toBe('SY');
    expect(countryCode(' LB ')).toBe('LB');
  });
  test.each(['SYR', 'S', 'QQ', '12', 'Syria'])('refuses %j', (value) => {
    expect(() => countryCode(value)).toThrow(/country must be a two-letter ISO 3166 country code such as SY/);
  });
});
