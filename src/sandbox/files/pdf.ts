// A real PDF 1.4, written by hand: the sheet's title and subtitle, then its rows as a table over
// as many pages as needed, the header row repeated on every page and "title — page n of N" at the
// foot. A4, landscape when there are more than 6 columns or the columns' natural widths do not
// fit portrait. Fonts: the standard 14 Helvetica and Helvetica-Bold with WinAnsiEncoding, nothing
// embedded.
//
// Text: WinAnsi (Windows-1252) covers Latin-1 and a few more characters. Others are written as
// follows: an accented letter outside it loses its accent (ő → o), a combining mark or control
// character is dropped, tabs and line breaks become spaces, and anything else (Arabic, CJK, emoji)
// becomes '?', one per character. The document title in the Info dictionary is UTF-16, so
// it keeps every character. Cells too wide for their column are cut and end in "...". Numbers are
// right-aligned. Content streams are deflated (FlateDecode). The xref table has one 20-byte entry
// per object with 10-digit offsets; no dates, so the same sheet gives the same bytes.
import zlib from 'node:zlib';

import type { Sheet } from '../contracts.js';
import { type Cell, cellText } from './csv.js';

const PORTRAIT = { width: 595, height: 842 } as const;
const LANDSCAPE = { width: 842, height: 595 } as const;
const MARGIN = 36;
const TITLE_SIZE = 16;
const SUBTITLE_SIZE = 10;
const TABLE_SIZE = 8;
const FOOTER_SIZE = 7;
const ROW_HEIGHT = 14;
const PAD = 4;
const MAX_PORTRAIT_COLUMNS = 6;
/** Rows measured to find the columns' natural widths. */
const MEASURED_ROWS = 1000;

// Advance widths (1/1000 em) of characters 32…126, from Adobe's Helvetica AFM files.
const HELVETICA_ASCII = (
  '278 278 355 556 556 889 667 191 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 ' +
  '556 556 278 278 584 584 584 556 1015 667 667 722 722 667 611 778 722 278 500 667 556 833 722 778 ' +
  '667 778 722 667 611 722 667 944 667 667 611 278 278 278 469 556 333 556 556 500 556 556 278 556 ' +
  '556 222 222 500 222 833 556 556 556 556 333 500 278 556 500 722 500 500 500 334 260 334 584'
)
  .split(' ')
  .map(Number);
const HELVETICA_BOLD_ASCII = (
  '278 333 474 556 556 889 722 238 333 333 389 584 278 333 278 278 556 556 556 556 556 556 556 556 ' +
  '556 556 333 333 584 584 584 611 975 722 722 722 722 667 611 778 722 278 556 722 611 833 722 778 ' +
  '667 778 722 667 611 722 667 944 667 667 611 333 278 333 584 556 333 556 611 556 611 556 333 611 ' +
  '611 278 278 556 278 889 611 611 611 611 389 556 333 611 556 778 556 556 500 389 280 389 584'
)
  .split(' ')
  .map(Number);

/** Windows-1252 bytes 0x80…0x9F that are not the Latin-1 code points. */
const WIN_ANSI_EXTRA: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87,
  0x02c6: 0x88, 0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91,
  0x2019: 0x92, 0x201c: 0x93, 0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98,
  0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b, 0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};
const WIN_ANSI_TO_UNICODE = new Map<number, number>(
  Object.entries(WIN_ANSI_EXTRA).map(([cp, byte]) => [byte, Number(cp)]),
);

// Helvetica widths of WinAnsi bytes above 126 that are not an accented ASCII letter.
const HIGH_WIDTHS: Record<number, number> = {
  0x80: 556, 0x82: 222, 0x83: 556, 0x84: 333, 0x85: 1000, 0x86: 556, 0x87: 556, 0x88: 333, 0x89: 1000,
  0x8b: 333, 0x8c: 1000, 0x91: 222, 0x92: 222, 0x93: 333, 0x94: 333, 0x95: 350, 0x96: 556, 0x97: 1000,
  0x98: 333, 0x99: 1000, 0x9b: 333, 0x9c: 944, 0xa0: 278, 0xa1: 333, 0xa2: 556, 0xa3: 556, 0xa4: 556,
  0xa5: 556, 0xa6: 260, 0xa7: 556, 0xa8: 333, 0xa9: 737, 0xaa: 370, 0xab: 556, 0xac: 584, 0xae: 737,
  0xaf: 333, 0xb0: 400, 0xb1: 584, 0xb2: 333, 0xb3: 333, 0xb4: 333, 0xb5: 556, 0xb6: 537, 0xb7: 278,
  0xb8: 333, 0xb9: 333, 0xba: 365, 0xbb: 556, 0xbc: 834, 0xbd: 834, 0xbe: 834, 0xbf: 611, 0xc6: 1000,
  0xd0: 722, 0xd7: 584, 0xd8: 778, 0xde: 667, 0xdf: 611, 0xe6: 889, 0xf0: 556, 0xf7: 584, 0xf8: 611,
  0xfe: 556,
};

type Font = 'regular' | 'bold';

function charWidth(byte: number, font: Font): number {
  const ascii = font === 'bold' ? HELVETICA_BOLD_ASCII : HELVETICA_ASCII;
  if (byte >= 32 && byte <= 126) return ascii[byte - 32]!;
  const known = HIGH_WIDTHS[byte];
  if (known !== undefined) return font === 'bold' ? Math.ceil(known * 1.1) : known;
  // An accented letter is as wide as its base letter (close enough, and bold errs wide).
  const cp = WIN_ANSI_TO_UNICODE.get(byte) ?? byte;
  const base = String.fromCodePoint(cp).normalize('NFD').codePointAt(0) ?? 0;
  if (base >= 32 && base <= 126) return ascii[base - 32]! + (font === 'bold' ? 30 : 0);
  return 1000;
}

/** Text → WinAnsi bytes, as the header comment describes. */
export function winAnsiBytes(text: string): number[] {
  const out: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0x09 || cp === 0x0a || cp === 0x0d) out.push(0x20);
    else if (cp < 0x20 || cp === 0x7f || (cp >= 0x80 && cp < 0xa0) || cp === 0xad) continue;
    else if (cp <= 0xff) out.push(cp);
    else if (WIN_ANSI_EXTRA[cp] !== undefined) out.push(WIN_ANSI_EXTRA[cp]!);
    else if (/\p{M}/u.test(ch)) continue;
    else {
      const base = ch.normalize('NFD').codePointAt(0)!;
      out.push(base !== cp && base >= 0x20 && base <= 0x7e ? base : 0x3f);
    }
  }
  return out;
}

function widthOf(bytes: number[], font: Font, size: number): number {
  let units = 0;
  for (const b of bytes) units += charWidth(b, font);
  return (units * size) / 1000;
}

const ELLIPSIS = [0x2e, 0x2e, 0x2e];

/** Cuts bytes to fit maxWidth, ending in "..." when something was cut. */
function fit(bytes: number[], font: Font, size: number, maxWidth: number): number[] {
  if (widthOf(bytes, font, size) <= maxWidth) return bytes;
  const room = maxWidth - widthOf(ELLIPSIS, font, size);
  if (room <= 0) return [];
  const kept: number[] = [];
  let used = 0;
  for (const b of bytes) {
    const w = (charWidth(b, font) * size) / 1000;
    if (used + w > room) break;
    kept.push(b);
    used += w;
  }
  while (kept.length > 0 && kept[kept.length - 1] === 0x20) kept.pop();
  return [...kept, ...ELLIPSIS];
}

/** A PDF literal string of WinAnsi bytes: ( ) \ escaped, bytes above 126 as octal. */
function pdfString(bytes: number[]): string {
  let out = '(';
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out += '\\' + String.fromCharCode(b);
    else if (b < 0x20 || b > 0x7e) out += '\\' + b.toString(8).padStart(3, '0');
    else out += String.fromCharCode(b);
  }
  return out + ')';
}

/** A PDF text string in UTF-16BE with a byte-order mark, as hex (for the Info dictionary). */
function pdfUnicodeString(text: string): string {
  const clean = text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '');
  let hex = 'FEFF';
  for (let i = 0; i < clean.length; i++) hex += clean.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

function num(n: number): string {
  return (Math.round(n * 100) / 100).toString();
}

export interface PdfLayout {
  width: number;
  height: number;
  landscape: boolean;
  /** Column widths in points, left to right. */
  columnWidths: number[];
  /** Columns whose values are all numbers: their heading is right-aligned like the numbers. */
  numericColumns: boolean[];
  /** Table rows on the first page (under the title) and on every later page. */
  firstPageRows: number;
  rowsPerPage: number;
  pageCount: number;
}

function titleBlockHeight(sheet: Sheet): number {
  return TITLE_SIZE + (sheet.subtitle ? SUBTITLE_SIZE + 6 : 0) + 14;
}

function rowsFitting(tableTop: number): number {
  const bottom = MARGIN + FOOTER_SIZE + 8;
  return Math.max(1, Math.floor((tableTop - ROW_HEIGHT - bottom) / ROW_HEIGHT));
}

/** Where everything goes; exported so tests can tell how many pages a sheet must give. */
export function pdfLayout(sheet: Sheet): PdfLayout {
  const natural = sheet.columns.map((name, i) => {
    let w = widthOf(winAnsiBytes(name), 'bold', TABLE_SIZE);
    for (const row of sheet.rows.slice(0, MEASURED_ROWS)) {
      w = Math.max(w, widthOf(winAnsiBytes(cellText(row[i])), 'regular', TABLE_SIZE));
    }
    return Math.ceil(w + 2 * PAD);
  });
  const total = natural.reduce((a, b) => a + b, 0);
  const landscape =
    sheet.columns.length > MAX_PORTRAIT_COLUMNS || total > PORTRAIT.width - 2 * MARGIN;
  const { width, height } = landscape ? LANDSCAPE : PORTRAIT;
  const columnWidths = distribute(natural, width - 2 * MARGIN);
  const firstPageRows = rowsFitting(height - MARGIN - titleBlockHeight(sheet));
  const rowsPerPage = rowsFitting(height - MARGIN);
  const n = sheet.rows.length;
  const pageCount = n <= firstPageRows ? 1 : 1 + Math.ceil((n - firstPageRows) / rowsPerPage);
  const numericColumns = sheet.columns.map((_, i) => {
    let any = false;
    for (const row of sheet.rows) {
      const v = row[i];
      if (v === null || v === undefined) continue;
      if (!isNumber(v)) return false;
      any = true;
    }
    return any;
  });
  return { width, height, landscape, columnWidths, numericColumns, firstPageRows, rowsPerPage, pageCount };
}

/** Natural widths scaled to fill the available width; when they do not fit, narrow ones keep
 *  their width and the wide ones share what is left equally (water-filling). */
function distribute(natural: number[], available: number): number[] {
  if (natural.length === 0) return [];
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return natural.map((w) => (w * available) / total);
  const order = natural.map((w, i) => [w, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(natural.length).fill(0);
  let left = available;
  order.forEach(([w, i], k) => {
    const share = left / (order.length - k);
    const given = Math.min(w, share);
    out[i] = given;
    left -= given;
  });
  return out;
}

function isNumber(value: Cell | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}

function pageContent(sheet: Sheet, layout: PdfLayout, page: number, rows: Sheet['rows']): string {
  const ops: string[] = [];
  const left = MARGIN;
  const tableWidth = layout.width - 2 * MARGIN;
  let y = layout.height - MARGIN;
  const text = (font: Font, size: number, x: number, baseline: number, bytes: number[]): void => {
    if (bytes.length === 0) return;
    ops.push(`BT /${font === 'bold' ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 ${num(x)} ${num(baseline)} Tm ${pdfString(bytes)} Tj ET`);
  };

  if (page === 0) {
    text('bold', TITLE_SIZE, left, y - TITLE_SIZE + 3, fit(winAnsiBytes(sheet.title), 'bold', TITLE_SIZE, tableWidth));
    y -= TITLE_SIZE;
    if (sheet.subtitle) {
      ops.push('0.3 g');
      text('regular', SUBTITLE_SIZE, left, y - SUBTITLE_SIZE - 2, fit(winAnsiBytes(sheet.subtitle), 'regular', SUBTITLE_SIZE, tableWidth));
      ops.push('0 g');
      y -= SUBTITLE_SIZE + 6;
    }
    y -= 14;
  }

  const numeric = layout.numericColumns;
  const cellRow = (values: Array<Cell | undefined>, font: Font, top: number): void => {
    let x = left;
    layout.columnWidths.forEach((w, i) => {
      const value = values[i];
      const bytes = fit(winAnsiBytes(cellText(value)), font, TABLE_SIZE, w - 2 * PAD);
      const baseline = top - ROW_HEIGHT + 4.5;
      const right = font === 'regular' ? isNumber(value) : numeric[i] === true;
      const tx = right ? x + w - PAD - widthOf(bytes, font, TABLE_SIZE) : x + PAD;
      text(font, TABLE_SIZE, tx, baseline, bytes);
      x += w;
    });
  };

  if (layout.columnWidths.length > 0) {
    ops.push(`0.88 g ${num(left)} ${num(y - ROW_HEIGHT)} ${num(tableWidth)} ${ROW_HEIGHT} re f 0 g`);
    cellRow(sheet.columns, 'bold', y);
    y -= ROW_HEIGHT;
    ops.push('0.8 G 0.5 w');
    for (const row of rows) {
      cellRow(row, 'regular', y);
      y -= ROW_HEIGHT;
      ops.push(`${num(left)} ${num(y)} m ${num(left + tableWidth)} ${num(y)} l S`);
    }
    if (sheet.rows.length === 0) {
      ops.push('0.4 g');
      text('regular', TABLE_SIZE, left + PAD, y - ROW_HEIGHT + 4.5, winAnsiBytes('(no rows)'));
      ops.push('0 g');
    }
  }

  const footer = [
    ...fit(winAnsiBytes(sheet.title), 'regular', FOOTER_SIZE, tableWidth / 2),
    ...winAnsiBytes(` \u2014 page ${page + 1} of ${layout.pageCount}`),
  ];
  ops.push('0.4 g');
  text('regular', FOOTER_SIZE, left, MARGIN - FOOTER_SIZE, footer);
  ops.push('0 g');
  return ops.join('\n') + '\n';
}

export function pdfOf(sheet: Sheet): Buffer {
  const layout = pdfLayout(sheet);
  const pages: Array<Sheet['rows']> = [];
  pages.push(sheet.rows.slice(0, layout.firstPageRows));
  for (let i = layout.firstPageRows; i < sheet.rows.length; i += layout.rowsPerPage) {
    pages.push(sheet.rows.slice(i, i + layout.rowsPerPage));
  }

  // Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
  const objects: Buffer[] = [];
  const pageRef = (i: number) => 6 + 2 * i;
  const put = (n: number, body: string | Buffer): void => {
    objects[n - 1] = typeof body === 'string' ? Buffer.from(body, 'latin1') : body;
  };
  put(1, '<< /Type /Catalog /Pages 2 0 R >>');
  put(2, `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageRef(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`);
  put(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  put(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  put(
    5,
    `<< /Title ${pdfUnicodeString(sheet.title)}` +
      (sheet.subtitle ? ` /Subject ${pdfUnicodeString(sheet.subtitle)}` : '') +
      ' /Producer (Partner Trip-Booking Service sandbox) >>',
  );
  pages.forEach((rows, i) => {
    put(
      pageRef(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${layout.width} ${layout.height}]` +
        ' /Resources << /Font << /F1 3 0 R /F2 4 0 R >> /ProcSet [/PDF /Text] >>' +
        ` /Contents ${pageRef(i) + 1} 0 R >>`,
    );
    const data = zlib.deflateSync(Buffer.from(pageContent(sheet, layout, i, rows), 'latin1'));
    put(
      pageRef(i) + 1,
      Buffer.concat([
        Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
        data,
        Buffer.from('\nendstream', 'latin1'),
      ]),
    );
  });

  const chunks: Buffer[] = [];
  let position = 0;
  const write = (b: Buffer | string): void => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    chunks.push(buf);
    position += buf.length;
  };
  write('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n');
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(position);
    write(`${i + 1} 0 obj\n`);
    write(body);
    write('\nendobj\n');
  });
  const xrefAt = position;
  write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) write(`${String(offset).padStart(10, '0')} 00000 n \n`);
  write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`);
  return Buffer.concat(chunks);
}
