// The headings offices write over their columns, in English and Arabic, each read as one of the
// import's columns (named like the verb's flag): the one table of them, for CSV and Excel alike.
// A heading compares folded as names are (input/names.ts: case, spaces, dashes, hamza forms…), and
// a money column may name its unit in brackets (`Fare (SYP)`, `السعر (ل.س)`), which must be the
// company's currency. `Date` and `Time` are the two halves of the departure, combined as a local
// time in the profile's zone.
import { usageError } from '../errors.js';
import { normalizeName } from '../input/names.js';

export interface OfficeHeading {
  /** The import's column (the flag's name: `price`), or the departure's half. */
  column: string;
  part?: 'date' | 'time';
  /** A money column: a unit in brackets is allowed, and checked against the currency. */
  money?: boolean;
  names: readonly string[];
}

export const OFFICE_HEADINGS: readonly OfficeHeading[] = [
  { column: 'departure', part: 'date', names: ['Date', 'التاريخ'] },
  { column: 'departure', part: 'time', names: ['Time', 'الوقت', 'الساعة'] },
  { column: 'departure', names: ['Departure', 'الانطلاق', 'موعد الانطلاق'] },
  { column: 'from', names: ['From', 'من'] },
  { column: 'to', names: ['To', 'إلى'] },
  { column: 'vehicle', names: ['Vehicle', 'المركبة', 'الحافلة'] },
  { column: 'driver', names: ['Driver', 'السائق'] },
  { column: 'price', money: true, names: ['Fare', 'Price', 'السعر', 'الأجرة'] },
  { column: 'amount', money: true, names: ['Amount', 'المبلغ'] },
  { column: 'seats', names: ['Seats', 'المقاعد'] },
  { column: 'notes', names: ['Notes', 'ملاحظات'] },
  { column: 'phone', names: ['Phone', 'الهاتف', 'الجوال'] },
  { column: 'name', names: ['Name', 'الاسم'] },
];

/** How a currency is written in a heading's brackets beside its code: `ل.س` is the Syrian pound. */
const CURRENCY_WORDS: Record<string, string> = { [normalizeName('ل.س')]: 'SYP', [normalizeName('ليرة')]: 'SYP' };

/** `Fare (SYP)` → `Fare` and `SYP`; a heading without brackets has no unit. */
export function splitUnit(heading: string): { name: string; unit?: string } {
  const match = /^(.*?)\s*[([]\s*([^)\]]+?)\s*[)\]]\s*$/u.exec(heading);
  return match ? { name: match[1]!, unit: match[2]! } : { name: heading };
}

/** The office heading a header cell names, if any (its unit already split off). */
export function officeHeading(name: string): OfficeHeading | undefined {
  const folded = normalizeName(name);
  return OFFICE_HEADINGS.find((h) => h.names.some((n) => normalizeName(n) === folded));
}

/** A unit in a heading's brackets, checked: only a money column has one, and it is the currency. */
export function checkUnit(heading: string, unit: string, money: boolean, currency: string, source: string): void {
  if (!money) throw usageError(`${source}: column '${heading}' names a unit, but it is not an amount of money`, 'remove the brackets');
  const code = CURRENCY_WORDS[normalizeName(unit)] ?? unit.trim().toUpperCase();
  if (code !== currency)
    throw usageError(
      `${source}: column '${heading}' is in ${unit.trim()}, but the company's currency is ${currency}`,
      `write the fares in ${currency} (the service has one currency), or set the profile's currency if it is not ${currency}`,
    );
}

/** The office headings that name columns of this import, for the message of an unknown one. */
export function officeNamesFor(columns: readonly string[]): string[] {
  return OFFICE_HEADINGS.filter((h) => columns.includes(h.column)).flatMap((h) =>
    h.names.filter((n) => !columns.includes(n)).map((n) => (h.money ? `${n} (currency)` : n)),
  );
}
