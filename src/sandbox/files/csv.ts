// CSV as RFC 4180 describes it: CRLF line ends, fields quoted when they hold a comma, a quote, CR
// or LF (quotes doubled), a header row of the column names. UTF-8 with a byte-order mark so that
// Excel opens Arabic and other non-Latin text correctly.
// Values: null → empty field, booleans → true/false, numbers as JavaScript prints them (non-finite
// numbers → empty). No formula escaping: the file is data, not a spreadsheet.
import type { Sheet } from '../contracts.js';

export type Cell = Sheet['rows'][number][number];

const BOM = '\uFEFF';

export function cellText(value: Cell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

function field(value: Cell | undefined): string {
  const text = cellText(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvOf(sheet: Sheet): Buffer {
  const width = sheet.columns.length;
  const lines = [sheet.columns.map(field).join(',')];
  for (const row of sheet.rows) {
    const cells: string[] = [];
    for (let i = 0; i < width; i++) cells.push(field(row[i]));
    lines.push(cells.join(','));
  }
  return Buffer.from(BOM + lines.map((l) => `${l}\r\n`).join(''), 'utf8');
}
