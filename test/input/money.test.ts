// The one money parser and formatter: amounts typed in the currency's units, sent in minor units.
import { describe, expect, test } from 'vitest';
import { CliError } from '../../src/errors.js';
import { describeMoney, formatMoney, parseMinorUnits, parseMoney } from '../../src/input/money.js';

function refusal(fn: () => unknown): CliError {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(CliError);
    return error as CliError;
  }
  throw new Error('expected a usage error');
}

describe('parseMoney', () => {
  test.each([
    ['18000', 'SYP', 1800000],
    ['18,000', 'SYP', 1800000],
    ['18000.50', 'SYP', 1800050],
    ['18,000.5', 'SYP', 1800050],
    ['1,800,000.05', 'SYP', 180000005],
    [' 18 000 ', 'SYP', 1800000],
    ['18000 SYP', 'SYP', 1800000],
    ['syp 18000', 'SYP', 1800000],
    ['0', 'SYP', 0],
    ['12.345', 'JOD', 12345],
    ['1500', 'JPY', 1500],
  ])('%s %s → %d minor units', (typed, currency, minor) => {
    expect(parseMoney('--price', typed, currency)).toBe(minor);
  });

  test('more decimals than the currency has names the currency', () => {
    expect(refusal(() => parseMoney('--price', '18000.505', 'SYP')).message).toBe(
      "--price: SYP has 2 minor digits, so '18000.505' has too many decimal places",
    );
    expect(refusal(() => parseMoney('--price', '1500.5', 'JPY')).message).toBe(
      "--price: JPY has no minor digits, so '1500.5' cannot be sent; give a whole amount",
    );
  });

  test.each(['18,5', '1,80,000', '-5', 'free', '', '18.000,50', '1e5'])('refuses %j', (typed) => {
    expect(refusal(() => parseMoney('--price', typed, 'SYP')).message).toMatch(
      /^--price must be an amount in SYP such as 18000 or 18000\.50/,
    );
  });

  test('an amount in another currency is refused, not converted', () => {
    expect(refusal(() => parseMoney('--price', '18000 USD', 'SYP')).message).toBe(
      "--price: amounts are in SYP (the profile's currency), not USD: '18000 USD'",
    );
  });
});

describe('minor units and the formatter', () => {
  test('the service’s field takes whole minor units only', () => {
    expect(parseMinorUnits('pricePerSeat', '1800050')).toBe(1800050);
    expect(refusal(() => parseMinorUnits('pricePerSeat', '18000.50')).message).toBe(
      "pricePerSeat is in minor units, a whole number such as 1800050, not '18000.50'",
    );
  });
  test('formatMoney and the review’s form', () => {
    expect(formatMoney(1800050, 'SYP')).toBe('18,000.50 SYP');
    expect(formatMoney(12345, 'jod')).toBe('12.345 JOD');
    expect(describeMoney(1800050, 'SYP')).toBe('18,000.50 SYP (1800050 minor units)');
  });
});
