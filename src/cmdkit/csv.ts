// Reading the CSV files operators make in a spreadsheet. Excel saves "CSV UTF-8" with a byte-order
// mark and CRLF line ends, and where the decimal mark is a comma (much of Europe and the Arab
// world) it separates fields with semicolons. The separator is read off the header line, which
// holds only column names, so it cannot be fooled by a comma inside a note further down.
// Hand-written rather than csv-parse: that library takes one delimiter (or guesses per field) and
// counts lines per record differently from what an operator sees in a text editor; RFC 4180 with
// the start line of each record is forty lines.
import { usageError } from '../errors.js';
import { westernDigits } from '../input/digits.js';

export interface CsvRecord {
  /** The line of the file the record starts on (1 is the header). */
  line: number;
  cells: string[];
}

export interface CsvTable {
  header: string[];
  records: CsvRecord[];
  delimiter: ',' | ';' | '\t';
}

/** Decodes UTF-8 (a BOM is dropped); anything else is refused with the way to fix it. */
export function decodeCsv(bytes: Uint8Array, source: string): string {
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw usageError(`${source} is UTF-16 text`, "save it as 'CSV UTF-8 (Comma delimited)'");
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw usageError(`${source} is not UTF-8 text`, "save it as 'CSV UTF-8 (Comma delimited)' (Arabic names need UTF-8)");
  }
}

/** The separator used most in the header line outside quotes: comma, semicolon or tab. */
function detectDelimiter(text: string): CsvTable['delimiter'] {
  const counts = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && char in counts) counts[char as keyof typeof counts] += 1;
  }
  if (counts[';'] > counts[','] && counts[';'] >= counts['\t']) return ';';
  if (counts['\t'] > counts[',']) return '\t';
  return ',';
}

/** RFC 4180: quoted fields may hold separators, `""` and line breaks; CRLF, LF and CR all end a line. */
export function parseCsv(text: string, source: string): CsvTable {
  const delimiter = detectDelimiter(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let quoteLine = 0;
  const endRecord = () => {
    cells.push(cell);
    // Lines a spreadsheet leaves behind (empty, or only separators) are not rows.
    if (cells.some((c) => c.trim() !== '')) records.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n' || (char === '\r' && text[i + 1] !== '\n')) line++;
        cell += char;
      }
    } else if (char === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      start = ++line;
    } else cell += char;
  }
  if (quoted)
    throw usageError(`${source}: line ${quoteLine}: a quoted field is never closed`, 'a field that starts with " must end with "');
  if (cell !== '' || cells.length) endRecord();
  const [header, ...rest] = records;
  if (!header) throw usageError(`${source} is empty`, 'the first line names the columns');
  return { header: header.cells.map((name) => name.trim()), records: rest, delimiter };
}

/**
 * Why a record has more cells than the header has columns, or undefined when it has not. Any
 * extra cell is an error, whatever it holds (an empty one too): the row was split somewhere the
 * person did not mean, so every cell after the split is in the wrong column — `38,000` unquoted
 * is a price of 38 and a note of `000`. Says both counts and the likeliest cause.
 */
export function extraCells(record: CsvRecord, columns: number, delimiter: CsvTable['delimiter']): string | undefined {
  if (record.cells.length <= columns) return undefined;
  const counts = `${record.cells.length} cells, but the header names ${columns} column${columns === 1 ? '' : 's'}`;
  const cells = record.cells.map((cell) => westernDigits(cell).trim());
  // A number written with a thousands separator that is also the file's separator: `38,000`.
  const split = cells.findIndex((cell, i) => /^\d{1,3}$/.test(cell) && /^\d{3}(?:[.,]\d+)?$/.test(cells[i + 1] ?? ''));
  if (delimiter !== '\t' && split >= 0) {
    const number = `${record.cells[split]!.trim()}${delimiter}${record.cells[split + 1]!.trim()}`;
    return `${counts}: '${number}' looks like one number split in two; quote a number that has a thousands separator ("${number}"), or write it without one`;
  }
  const name = delimiter === '\t' ? 'a tab' : `'${delimiter}'`;
  return `${counts}: a cell holds ${name} without quotes; quote that cell, or remove the extra separator`;
}
