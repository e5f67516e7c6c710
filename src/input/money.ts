// Money as a person reads and types it (`18,000.50 SYP`) beside money as the service stores it (a
// whole number of minor units). One rule: people type and read the currency's units at every door
// (flags, prompts, CSV cells, terminal tables); the service's minor units are reached only by the
// service's own field names (`-F pricePerSeat=…`, a CSV column `pricePerSeat`, `tripctl api`).
import { usageError } from '../errors.js';
import { westernDigits } from './digits.js';

/**
 * Digits after the decimal point, from ISO 4217. Intl's own figure is the cash rounding of the
 * CLDR (it says 0 for SYP), which is not how the service counts: 1 SYP = 100 minor units.
 */
const EXPONENT_EXCEPTIONS: Record<string, number> = {
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
};

/** The currency assumed when neither the answer nor the profile names one (the service is Syrian). */
export const DEFAULT_CURRENCY = 'SYP';

export function fractionDigits(currency: string): number {
  return EXPONENT_EXCEPTIONS[currency.toUpperCase()] ?? 2;
}

const formats = new Map<number, Intl.NumberFormat>();

/** 1800000 minor units of SYP → `18,000.00 SYP`. */
export function formatMoney(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  let format = formats.get(digits);
  if (!format)
    formats.set(digits, (format = new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })));
  return `${format.format(minor / 10 ** digits)} ${currency.toUpperCase()}`;
}

/** A change of amount as a person reads it: `25,000.00 → 26,500.00 SYP` (the currency once). */
export function formatMoneyChange(fromMinor: number, toMinor: number, currency: string): string {
  const code = ` ${currency.toUpperCase()}`;
  return `${formatMoney(fromMinor, currency).slice(0, -code.length)} → ${formatMoney(toMinor, currency)}`;
}

/**
 * The one reading of an amount a person types, at every door (a flag, a prompt, a CSV cell):
 * `18000`, `18,000`, `18000.50` or `18,000.50 SYP` in the currency's units → 1800050 minor units,
 * exactly (no floating point). At most the currency's minor digits; thousands separated by commas
 * in groups of three (so a decimal comma, `18,5`, is refused rather than read as 185). `label`
 * names the thing in the error (`--price`, `the fare`).
 */
export function parseMoney(label: string, text: string, currency: string): number {
  const code = currency.toUpperCase();
  const digits = fractionDigits(code);
  const example = digits > 0 ? `18000 or 18000.${'5'.padEnd(digits, '0')}` : '18000';
  const compact = westernDigits(text)
    .trim()
    .replace(/[\s_\u00a0\u202f]/g, '');
  // A currency named with the amount (`18000 SYP`) must be the one the tool counts in.
  const named = /^([A-Za-z]{3})?([\d.,]+)([A-Za-z]{3})?$/.exec(compact);
  const given = (named?.[1] ?? named?.[3])?.toUpperCase();
  if (given !== undefined && given !== code)
    throw usageError(`${label}: amounts are in ${code} (the profile's currency), not ${given}: '${text}'`);
  const amount = named?.[2] ?? compact;
  const match = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d*))?$/.exec(amount);
  if (!match) {
    const hint = /^\d+,\d{1,2}$/.test(amount) ? 'write decimals with a point' : undefined;
    throw usageError(`${label} must be an amount in ${code} such as ${example}, not '${text}'`, hint);
  }
  const fraction = match[2] ?? '';
  if (fraction.length > digits) {
    throw usageError(
      digits === 0
        ? `${label}: ${code} has no minor digits, so '${text}' cannot be sent; give a whole amount`
        : `${label}: ${code} has ${digits} minor digit${digits === 1 ? '' : 's'}, so '${text}' has too many decimal places`,
    );
  }
  const minor = BigInt(match[1]!.replace(/,/g, '')) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw usageError(`${label} is too large: '${text}'`);
  return Number(minor);
}

/** An amount in the service's own minor units, for its own field names (`pricePerSeat`, `amount`). */
export function parseMinorUnits(label: string, text: string): number {
  const digits = westernDigits(text).trim();
  if (!/^\d+$/.test(digits)) throw usageError(`${label} is in minor units, a whole number such as 1800050, not '${text}'`);
  const minor = Number(digits);
  if (!Number.isSafeInteger(minor)) throw usageError(`${label} is too large: '${text}'`);
  return minor;
}

/** How the review and a dry run show an amount: `18,000.50 SYP (1800050 minor units)`. */
export function describeMoney(minor: number, currency: string): string {
  return `${formatMoney(minor, currency)} (${minor} minor units)`;
}

/** A currency code as a setting: three letters, kept upper-case. */
export function currencyCode(value: string): string {
  if (!/^[A-Za-z]{3}$/.test(value.trim())) throw usageError(`currency must be a three-letter ISO 4217 code such as SYP, not '${value}'`);
  return value.trim().toUpperCase();
}
