// Money as a person reads and types it (pounds, `18,000.00 SYP`) beside money as the service
// stores it (a whole number of minor units). Flags keep minor units, so scripts never change;
// prompts and terminal tables use major units with the currency named.
import { usageError } from '../errors.js';

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

/**
 * `15000`, `15,000`, `15000.5` (pounds) → 1500050 minor units, exactly (no floating point).
 * `label` names the thing in the error ("the price").
 */
export function minorFromMajor(label: string, text: string, currency: string): number {
  const digits = fractionDigits(currency);
  const compact = text.trim().replace(/[,\s_]/g, '');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(compact);
  if (!match) throw usageError(`${label} must be an amount in ${currency} such as 15000 or 15000.50, not '${text}'`);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) throw usageError(`${label} has more than ${digits} decimal place${digits === 1 ? '' : 's'}: '${text}'`);
  const minor = BigInt(match[1]!) * 10n ** BigInt(digits) + BigInt(fraction.padEnd(digits, '0') || '0');
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) throw usageError(`${label} is too large: '${text}'`);
  return Number(minor);
}

/** A currency code as a setting: three letters, kept upper-case. */
export function currencyCode(value: string): string {
  if (!/^[A-Za-z]{3}$/.test(value.trim())) throw usageError(`currency must be a three-letter ISO 4217 code such as SYP, not '${value}'`);
  return value.trim().toUpperCase();
}
