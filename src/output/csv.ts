// The one CSV writer of tripctl, for `-o csv`, the trip manifest and the sandbox's exports alike:
// RFC 4180 (CRLF line ends; a field quoted when it holds a comma, a quote, CR or LF, its quotes
// doubled — and a semicolon, see csvField), and safe to open in a spreadsheet.
//
// A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and, in some, a tab or CR) as
// a formula: a passenger named `=HYPERLINK("http://…","Click")` would become a live link in the
// operator's Excel. Such a cell is written the way OWASP describes ("CSV Injection"): prefixed
// with a single quote, so the spreadsheet shows it as text. A cell that is only a number — a phone
// `+963944123456`, an amount `-24000.00`, digits grouped by spaces — is left as it is: with no
// letter, parenthesis or operator beyond its sign it cannot call anything, and it must read as
// what it is (the phone as `+963…`, the refund as a negative amount).

/** The UTF-8 byte-order mark: Excel reads a CSV file as UTF-8 (Arabic names) only when it starts with one. */
export const UTF8_BOM = '\uFEFF';

/** What a spreadsheet would take as the start of a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** A signed number or phone: digits, spaces between them, one decimal part. Harmless and kept. */
const PLAIN_NUMBER = /^[+-]?\d[\d ]*(?:\.\d+)?$/;

/** One cell as a spreadsheet may open it: a would-be formula becomes text (`'=HYPERLINK(…)`). */
export function neutralise(text: string): string {
  const start = text.trimStart();
  if (!FORMULA_START.test(start) && !FORMULA_START.test(text)) return text;
  return PLAIN_NUMBER.test(start.trimEnd()) ? text : `'${text}`;
}

/**
 * One field: neutralised, then quoted when it holds a comma, a semicolon, a quote or a line break.
 * Excel in a locale whose list separator is `;` (most of Europe, and many Arabic set-ups) splits
 * an unquoted field there, so `Ali;=cmd|…` would open as two cells, the second a live formula:
 * such a field is quoted, and each `;`-separated part is neutralised as a cell of its own, for a
 * reader that splits it anyway.
 */
export function csvField(text: string): string {
  const safe = text.includes(';') ? text.split(';').map(neutralise).join(';') : neutralise(text);
  return /[",;\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One record, with its CRLF. */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** Records (a header row first, when the caller has one), as one text without a byte-order mark. */
export function csvText(rows: ReadonlyArray<readonly string[]>): string {
  return rows.map(csvLine).join('');
}
