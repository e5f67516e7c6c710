// A Sheet as CSV, written by tripctl's one CSV writer (output/csv.ts: RFC 4180, a cell a
// spreadsheet would run as a formula neutralised): a header row of the column names, UTF-8 with a
// byte-order mark so that Excel opens Arabic and other non-Latin text correctly (a file to save).
// Values: null → empty field, booleans → true/false, numbers as JavaScript prints them (non-finite
// numbers → empty), money columns in the currency's units with its minor digits (24000.00).
import { fractionDigits } from '../../input/money.js';
import { csvLine, UTF8_BOM } from '../../output/csv.js';
import type { Sheet } from '../contracts.js';

export type Cell = Sheet['rows'][number][number];

export function cellText(value: Cell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

/** Minor units as the currency's units with its minor digits, exactly: 2400000 SYP → "24000.00". */
export function majorText(minor: number, currency: string): string {
  const digits = fractionDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const whole = String(Math.abs(Math.trunc(minor))).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${whole}` : `${sign}${whole.slice(0, -digits)}.${whole.slice(-digits)}`;
}

/** How each column's values read as text: cellText, or majorText for the sheet's money columns. */
export function columnTexts(sheet: Sheet): Array<(value: Cell | undefined) => string> {
  return sheet.columns.map((name) => {
    const money = sheet.money;
    if (!money?.columns.includes(name)) return cellText;
    return (value) => (typeof value === 'number' && Number.isFinite(value) ? majorText(value, money.currency) : cellText(value));
  });
}

export function csvOf(sheet: Sheet): Buffer {
  const width = sheet.columns.length;
  const texts = columnTexts(sheet);
  const lines = [csvLine(sheet.columns)];
  for (const row of sheet.rows) {
    const cells: string[] = [];
    for (let i = 0; i < width; i++) cells.push(texts[i]!(row[i]));
    lines.push(csvLine(cells));
  }
  return Buffer.from(UTF8_BOM + lines.join(''), 'utf8');
}
