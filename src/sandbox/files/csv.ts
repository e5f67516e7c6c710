// CSV as RFC 4180 describes it: CRLF line ends, fields quoted when they hold a comma, a quote, CR
// or LF (quotes doubled), a header row of the column names. UTF-8 with a byte-order mark so that
// Excel opens Arabic and other non-Latin text correctly.
// Values: null → empty field, booleans → true/false, numbers as JavaScript prints them (non-finite
// numbers → empty), money columns in the currency's units with its minor digits (24000.00). No formula escaping: the file is data, not a spreadsheet.
import { fractionDigits } from '../../input/money.js';
import type { Sheet } from '../contracts.js';

export type Cell = Sheet['rows'][number][number];

const BOM = '\uFEFF';

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

function field(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(sheet: Sheet): Buffer {
  const width = sheet.columns.length;
  const texts = columnTexts(sheet);
  const lines = [sheet.columns.map(field).join(',')];
  for (const row of sheet.rows) {
    const cells: string[] = [];
    for (let i = 0; i < width; i++) cells.push(field(texts[i]!(row[i])));
    lines.push(cells.join(','));
  }
  return Buffer.from(BOM + lines.map((l) => `${l}\r\n`).join(''), 'utf8');
}
