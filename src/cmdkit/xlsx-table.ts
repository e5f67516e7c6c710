// An Excel workbook (.xlsx) read as the same table a CSV file gives (csv.ts), so that every
// `--from-file` import reads a sheet through one door and its cells by the CSV cells' rules.
// read-excel-file does the unzipping and the XML (src/README.md says why that library); this
// file only turns its values into the text a person would have typed:
// - text cells as they are, so `38,000` typed as text is read by the same strict money rule;
// - numbers exactly (`38000`, `25000.5`: JavaScript's shortest round-trip form of the double);
// - date, time and date-time cells from their serial number (1900 or 1904 date system, which the
//   library reads off the workbook) as the wall clock they show, rounded to the second: a time
//   Excel stores as 0.41666… is 10:00:00, not 09:59:59.999. Excel cells have no zone, so they are
//   read like any local time a person types: in the profile's zone.
// Loaded only when a file is a workbook.
import { usageError } from '../errors.js';
import type { CsvRecord, CsvTable } from './csv.js';

/** A zip archive (every .xlsx) starts with `PK\x03\x04`. */
export function isWorkbook(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
}

/** The old binary Excel format (.xls), an OLE compound file. */
export function isOldExcel(bytes: Uint8Array): boolean {
  return bytes[0] === 0xd0 && bytes[1] === 0xcf && bytes[2] === 0x11 && bytes[3] === 0xe0;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** 1899-12-30 (1900 system) and 1904-01-01 (1904 system): the day of a cell that holds only a time. */
function timeOnly(at: Date): boolean {
  const day = at.toISOString().slice(0, 10);
  return day === '1899-12-30' || day === '1899-12-31' || day === '1904-01-01';
}

/** A date cell as the wall clock Excel shows: `2027-05-03`, `10:30`, or `2027-05-03 10:30:15`. */
export function wallClockText(value: Date): string {
  const at = new Date(Math.round(value.getTime() / 1000) * 1000);
  const seconds = at.getUTCSeconds();
  const time = `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}${seconds ? `:${pad(seconds)}` : ''}`;
  if (timeOnly(at)) return time;
  const date = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
  return at.getUTCHours() || at.getUTCMinutes() || seconds ? `${date} ${time}` : date;
}

/** A cell's value as the text a person would have typed in it. */
function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return wallClockText(value);
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  return String(value);
}

/** `A`, `B`, … `AA`: a column as Excel names it, for a message. */
function letters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    out = String.fromCharCode(65 + ((n - 1) % 26)) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

/**
 * The sheet (`sheet` by name, any case; else the first) as a table: the first row names the
 * columns, each later row is a record numbered as Excel numbers it. A cell under no heading is
 * refused: it was meant for some column, and nothing says which.
 */
export async function readWorkbook(bytes: Uint8Array, source: string, sheet?: string): Promise<CsvTable> {
  const { default: readXlsxFile } = await import('read-excel-file/universal');
  let sheets: Awaited<ReturnType<typeof readXlsxFile>>;
  try {
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
    sheets = await readXlsxFile(buffer, { trim: false });
  } catch (error) {
    throw usageError(
      `${source} is not an Excel workbook tripctl can read (${error instanceof Error ? error.message : String(error)})`,
      "save it from Excel as 'Excel Workbook (.xlsx)', or as 'CSV UTF-8'",
    );
  }
  const names = sheets.map((s) => s.sheet);
  const chosen =
    sheet === undefined
      ? sheets[0]
      : (sheets.find((s) => s.sheet === sheet) ?? sheets.find((s) => s.sheet.toLowerCase() === sheet.trim().toLowerCase()));
  if (!chosen) {
    throw usageError(
      sheet === undefined ? `${source} has no sheet` : `${source} has no sheet '${sheet}'`,
      `its sheets: ${names.map((n) => `'${n}'`).join(', ')}`,
    );
  }
  const where = `${source} (sheet '${chosen.sheet}')`;
  const rows = (chosen.data as unknown[][]).map((row) => row.map(cellText));
  const [header = [], ...rest] = rows;
  // Headings end at the last one written; columns after it are empty or refused below.
  let width = header.length;
  while (width > 0 && header[width - 1]!.trim() === '') width--;
  if (width === 0) throw usageError(`${where} is empty`, 'the first row names the columns');
  const records: CsvRecord[] = [];
  rest.forEach((cells, i) => {
    const line = i + 2;
    const stray = cells.findIndex((cell, c) => c >= width && cell.trim() !== '');
    if (stray >= 0) {
      throw usageError(
        `${where}: row ${line}: cell ${letters(stray)}${line} ('${cells[stray]}') is under no heading`,
        'give its column a heading in row 1, or clear the cell',
      );
    }
    const kept = cells.slice(0, width);
    if (kept.some((cell) => cell.trim() !== '')) records.push({ line, cells: kept });
  });
  return { header: header.slice(0, width).map((name) => name.trim()), records, delimiter: ',' };
}
