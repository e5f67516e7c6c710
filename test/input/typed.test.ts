// Digits, names and cells as people type them (issue 27): one normaliser for digits in every
// parser, one fold for names, a spreadsheet row read exactly or refused, and one rule for the zone.
import { describe, expect, test } from 'vitest';
import { extraCells } from '../../src/cmdkit/csv.js';
import { resolveSettings } from '../../src/config/resolve.js';
import { CliError } from '../../src/errors.js';
import { westernDigits } from '../../src/input/digits.js';
import { parseMinorUnits, parseMoney } from '../../src/input/money.js';
import { normalizeName } from '../../src/input/names.js';
import { calendarDate, dateTime, integer, timeOfDay, weekdays } from '../../src/input/validate.js';
import { countryZone, NEAR_ZONES, systemZone, zonesOfCountry } from '../../src/input/zones.js';
import { countryCode } from '../../src/input/phone.js';
import { checkTimeZone } from '../../src/config/settings.js';

describe('digits as people type them: one normaliser, every parser', () => {
  test('Arabic-Indic and Persian digits, ٬ and ٫ become ASCII; direction marks go; letters stay', () => {
    expect(westernDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(westernDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(westernDigits('١٨٬٠٠٠٫٥٠')).toBe('18,000.50');
    expect(westernDigits('\u200f٠٩٤٤\u200e')).toBe('0944');
    expect(westernDigits('دمشق 12')).toBe('دمشق 12');
  });

  test('money: ١٨٠٠٠ is 1800000 minor units of SYP, as 18000 is; ٬ and ٫ are its separators', () => {
    expect(parseMoney('--price', '١٨٠٠٠', 'SYP')).toBe(1800000);
    expect(parseMoney('--price', '۱۸۰۰۰', 'SYP')).toBe(1800000);
    expect(parseMoney('--price', '١٨٬٠٠٠٫٥٠', 'SYP')).toBe(1800050);
    expect(parseMoney('--price', '١٨,٠٠٠ SYP', 'SYP')).toBe(1800000);
    expect(parseMinorUnits('pricePerSeat', '١٨٠٠٠٠٠')).toBe(1800000);
  });

  test('dates, times, counts and weekdays in either script', () => {
    expect(calendarDate('--date', '٢٠٢٧-٠١-١٠')).toBe('2027-01-10');
    expect(timeOfDay('--time', '٢٠:٣٠')).toBe('20:30');
    expect(integer('--seats', '۱۲', 1, 20)).toBe(12);
    expect(weekdays('--weekdays', '١,٣')).toEqual([1, 3]);
    expect(dateTime('--departure', '٢٠٢٧-٠١-١٠ ٢٠:٣٠', 'Asia/Damascus')).toBe('2027-01-10T20:30:00+03:00');
  });

  test('a refusal is about the number, never the script', () => {
    for (const attempt of [() => integer('--seats', '٢١', 1, 20), () => calendarDate('--date', '٢٠٢٧-٠٢-٣٠')]) {
      const error = (() => {
        try {
          attempt();
        } catch (e) {
          return e as CliError;
        }
      })();
      expect(error).toBeInstanceOf(CliError);
      expect(error!.message).not.toMatch(/arabic|script|digit/i);
    }
    expect(() => integer('--seats', '٢١', 1, 20)).toThrow('--seats must be from 1 to 20, not 21');
  });
});

describe('names folded before they are matched', () => {
  test.each([
    ['دیر الزور', 'دير الزور'], // Persian ya
    ['کراج', 'كراج'], // Persian kaf
    ['أإآا', 'اااا'], // alef forms
    ['حماة', 'حماه'], // teh marbuta is heh
    ['دمـــشق', 'دمشق'], // tatweel
    ['دِمَشْق', 'دمشق'], // harakat
    ['طرطوس،', 'طرطوس'], // a trailing Arabic comma
    ['Homs.', 'Homs'],
    ['حلب؛', 'حلب'],
    ['Aleppo,', 'aleppo'],
    ['DAM-٥٠٢٢٩١', 'DAM-502291'], // a plate typed in Arabic-Indic digits
  ])('%s is matched as %s', (typed, meant) => {
    expect(normalizeName(typed)).toBe(normalizeName(meant));
  });
});

describe('a spreadsheet row with more cells than its header', () => {
  const row = (cells: string[]) => ({ line: 7, cells });
  test('an unquoted 38,000 is named, with both counts and what to do', () => {
    const message = extraCells(row(['DAM-502291', 'Damascus', 'Homs', '2027-01-10 20:30', '38', '000', '']), 6, ',');
    expect(message).toBe(
      `7 cells, but the header names 6 columns: '38,000' looks like one number split in two; quote a number that has a thousands separator ("38,000"), or write it without one`,
    );
    expect(extraCells(row(['a', '١٨', '٠٠٠']), 2, ',')).toContain("'١٨,٠٠٠' looks like one number split in two");
  });
  test('whatever the extra cells hold: empty ones too', () => {
    expect(extraCells(row(['a', 'b', '']), 2, ',')).toBe(
      "3 cells, but the header names 2 columns: a cell holds ',' without quotes; quote that cell, or remove the extra separator",
    );
    expect(extraCells(row(['a', 'b']), 2, ',')).toBeUndefined();
    expect(extraCells(row(['a']), 2, ',')).toBeUndefined();
  });
});

describe('one clock: --tz > TRIPCTL_TZ > profile timezone > the country’s zone > the system’s', () => {
  const settings = (flags: { tz?: string }, env: Record<string, string>, profile: Record<string, string>) =>
    resolveSettings(flags, env, { profileName: 'p', profile, unknownProfile: false }, 'p');
  test('each step, in order', () => {
    const all = { timezone: 'Europe/Berlin', country: 'SY' };
    expect(settings({ tz: 'Asia/Tokyo' }, { TRIPCTL_TZ: 'Asia/Dubai', TZ: 'UTC' }, all)).toMatchObject({
      timeZone: 'Asia/Tokyo',
      timeZoneSource: 'flag',
    });
    expect(settings({}, { TRIPCTL_TZ: 'Asia/Dubai', TZ: 'UTC' }, all)).toMatchObject({ timeZone: 'Asia/Dubai', timeZoneSource: 'env' });
    expect(settings({}, { TZ: 'UTC' }, all)).toMatchObject({ timeZone: 'Europe/Berlin', timeZoneSource: 'profile' });
    expect(settings({}, { TZ: 'UTC' }, { country: 'SY' })).toMatchObject({ timeZone: 'Asia/Damascus', timeZoneSource: 'country' });
    expect(settings({}, { TZ: 'UTC' }, { country: 'US' })).toMatchObject({ timeZone: 'UTC', timeZoneSource: 'system' });
    expect(settings({}, { TZ: 'Asia/Tokyo' }, { country: 'US' })).toMatchObject({ timeZone: 'Asia/Tokyo', timeZoneSource: 'system' });
    // No country named: Syria's, the default phones use too — never the system's (a UTC server's).
    expect(settings({}, { TZ: 'UTC' }, {})).toMatchObject({ timeZone: 'Asia/Damascus', timeZoneSource: 'country' });
  });
  test('a country with one zone has it; one with several has none', () => {
    expect(countryZone('SY')).toBe('Asia/Damascus');
    expect(countryZone('lb')).toBe('Asia/Beirut');
    expect(countryZone('US')).toBeUndefined();
    expect(countryZone('RU')).toBeUndefined();
    expect(countryZone(undefined)).toBeUndefined();
  });
  test('the service’s countries, known without asking ICU, have the zones ICU gives them', () => {
    // NEAR_ZONES answers for them at every start (countryCode, checkTimeZone, countryZone): it must
    // say what ICU says, on every Node this runs under.
    for (const [country, zone] of Object.entries(NEAR_ZONES)) {
      const zones = zonesOfCountry(country);
      if (zones !== undefined) expect(zones, country).toEqual([zone]);
      expect(Intl.supportedValuesOf('timeZone'), country).toContain(zone);
      expect(countryCode(country.toLowerCase())).toBe(country);
      expect(checkTimeZone(zone)).toBe(zone);
    }
    expect(() => countryCode('XX')).toThrow(/two-letter ISO 3166/);
    expect(() => checkTimeZone('Asia/Damascuss')).toThrow(/unknown time zone/);
  });
  test('the system’s zone is the environment’s TZ when it names one', () => {
    expect(systemZone({ TZ: 'Asia/Damascus' })).toBe('Asia/Damascus');
    expect(systemZone({ TZ: ':Europe/Berlin' })).toBe('Europe/Berlin');
    expect(systemZone({ TZ: 'UTC' })).toBe('UTC');
  });
});
