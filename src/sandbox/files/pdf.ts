// A sheet as a PDF, drawn with PDFKit: the title and subtitle, then the rows as a table over as
// many pages as needed, the header row repeated on every page and "title - page n of N" at the
// foot. The page is the sheet's (Sheet.page: each report export names its own, and its
// description says which); without one, A4, landscape when there are more than 6 columns or the
// columns' natural widths do not fit portrait, and A3 landscape when they do not fit A4
// landscape either. Ids are never cut: a column of ids keeps its natural width, and when the
// columns do not fit, the other wide ones share what is left and are cut first. Numbers are
// right-aligned; a cell whose text starts right-to-left (Arabic) is right-aligned too. Cells too
// wide for their column are cut and end in "...". Time columns show the wall clock of the
// sheet's zone, named under the title and at the foot of every page (files/times.ts).
//
// Text (fonts, Arabic shaping, bidirectional order) is src/pdf/'s: see its index.ts. PDFKit and
// its helpers are loaded there, when the first PDF is made, never at start-up.
import type { PageSize, Sheet } from '../contracts.js';
import type { Cell } from './csv.js';
import { readTexts, zoneNote } from './times.js';
import { endPdf, openWriter, type Weight, type Writer } from '../../pdf/index.js';

const PORTRAIT = { width: 595.28, height: 841.89 } as const;
const LANDSCAPE = { width: 841.89, height: 595.28 } as const;
const A3_LANDSCAPE = { width: 1190.55, height: 841.89 } as const;
const PAGES: Record<PageSize, { width: number; height: number }> = {
  'A4 portrait': PORTRAIT,
  'A4 landscape': LANDSCAPE,
  'A3 landscape': A3_LANDSCAPE,
};
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

/** The line under the title: the sheet's subtitle, and the zone of its times unless it names it already. */
function subtitleOf(sheet: Sheet): string {
  const note = zoneNote(sheet);
  return [sheet.subtitle, note && !sheet.subtitle?.includes(sheet.times!.zone) ? note : ''].filter(Boolean).join('; ');
}

function titleBlockHeight(sheet: Sheet): number {
  return TITLE_SIZE + (subtitleOf(sheet) ? SUBTITLE_SIZE + 6 : 0) + 14;
}

function rowsFitting(tableTop: number): number {
  const bottom = MARGIN + FOOTER_SIZE + 8;
  return Math.max(1, Math.floor((tableTop - ROW_HEIGHT - bottom) / ROW_HEIGHT));
}

function isNumber(value: Cell | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Where everything goes, given how wide a text is in the table's font. */
export function pdfLayout(sheet: Sheet, measure: (text: string, weight: Weight) => number): PdfLayout {
  const texts = readTexts(sheet);
  const natural = sheet.columns.map((name, i) => {
    let w = measure(name, 'bold');
    for (const row of sheet.rows.slice(0, MEASURED_ROWS)) w = Math.max(w, measure(texts[i]!(row[i]), 'regular'));
    return Math.ceil(w + 2 * PAD);
  });
  const total = natural.reduce((a, b) => a + b, 0);
  const { width, height } = sheet.page
    ? PAGES[sheet.page]
    : sheet.columns.length <= MAX_PORTRAIT_COLUMNS && total <= PORTRAIT.width - 2 * MARGIN
      ? PORTRAIT
      : total > LANDSCAPE.width - 2 * MARGIN
        ? A3_LANDSCAPE
        : LANDSCAPE;
  const landscape = width > height;
  const ids = sheet.columns.map(
    (_, i) => sheet.rows.some((row) => isId(row[i])) && sheet.rows.every((row) => row[i] == null || isId(row[i])),
  );
  const columnWidths = distribute(natural, width - 2 * MARGIN, ids);
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isId = (value: Cell | undefined): boolean => typeof value === 'string' && UUID.test(value);

/** Natural widths scaled to fill the available width; when they do not fit, columns of ids and
 *  narrow ones keep their width and the other wide ones share what is left equally (water-filling). */
function distribute(natural: number[], available: number, whole: boolean[]): number[] {
  if (natural.length === 0) return [];
  const total = natural.reduce((a, b) => a + b, 0);
  if (total <= available) return natural.map((w) => (w * available) / total);
  const out = new Array<number>(natural.length).fill(0);
  let left = available;
  natural.forEach((w, i) => {
    if (whole[i]) {
      out[i] = w;
      left -= w;
    }
  });
  const order = natural
    .map((w, i) => [w, i] as const)
    .filter(([, i]) => !whole[i])
    .sort((a, b) => a[0] - b[0]);
  order.forEach(([w, i], k) => {
    const share = left / (order.length - k);
    const given = Math.min(w, share);
    out[i] = given;
    left -= given;
  });
  return out;
}

function drawPage(w: Writer, sheet: Sheet, layout: PdfLayout, page: number, rows: Sheet['rows']): void {
  const { doc } = w;
  const left = MARGIN;
  const tableWidth = layout.width - 2 * MARGIN;
  let y = MARGIN;
  if (page === 0) {
    const title = sheet.titleAr ? `${sheet.title} - ${sheet.titleAr}` : sheet.title;
    w.draw(w.fitted(title, 'bold', TITLE_SIZE, tableWidth), 'bold', TITLE_SIZE, left, y - 3);
    y += TITLE_SIZE;
    const subtitle = subtitleOf(sheet);
    if (subtitle) {
      w.draw(w.fitted(subtitle, 'regular', SUBTITLE_SIZE, tableWidth), 'regular', SUBTITLE_SIZE, left, y, '#4d4d4d');
      y += SUBTITLE_SIZE + 6;
    }
    y += 14;
  }
  const texts = readTexts(sheet);
  const cellRow = (values: Array<Cell | undefined>, weight: Weight, top: number): void => {
    let x = left;
    layout.columnWidths.forEach((width, i) => {
      const value = values[i];
      const line = w.fitted(weight === 'bold' ? String(value) : texts[i]!(value), weight, TABLE_SIZE, width - 2 * PAD);
      const right = weight === 'regular' ? isNumber(value) || line.rtl : layout.numericColumns[i] === true;
      w.draw(line, weight, TABLE_SIZE, right ? x + width - PAD - line.width : x + PAD, top + 3);
      x += width;
    });
  };
  // Header: a grey band with a rule under it.
  doc.rect(left, y, tableWidth, ROW_HEIGHT).fill('#e6e6e6').fillColor('black');
  cellRow(sheet.columns, 'bold', y);
  y += ROW_HEIGHT;
  doc
    .moveTo(left, y)
    .lineTo(left + tableWidth, y)
    .lineWidth(0.5)
    .stroke();
  for (const row of rows) {
    cellRow(row, 'regular', y);
    y += ROW_HEIGHT;
    doc
      .moveTo(left, y)
      .lineTo(left + tableWidth, y)
      .lineWidth(0.25)
      .strokeColor('#bfbfbf')
      .stroke()
      .strokeColor('black');
  }
  const note = zoneNote(sheet);
  const footer = w.fitted(
    `${sheet.title} - page ${page + 1} of ${layout.pageCount}${note ? ` - ${note}` : ''}`,
    'regular',
    FOOTER_SIZE,
    tableWidth,
  );
  w.draw(footer, 'regular', FOOTER_SIZE, left, layout.height - MARGIN - FOOTER_SIZE, '#666666');
}

export async function pdfOf(sheet: Sheet): Promise<Buffer> {
  const w = await openWriter({ title: sheet.title, ...(sheet.subtitle ? { subject: sheet.subtitle } : {}), creator: 'tripctl sandbox' });
  const layout = pdfLayout(sheet, (text, weight) => w.line(text, weight, TABLE_SIZE).width);
  const size = [layout.width, layout.height];
  for (let page = 0; page < layout.pageCount; page++) {
    if (page > 0) w.finishPages(); // each page written out once complete: memory stays flat
    w.doc.addPage({ size, margin: 0 });
    const start = page === 0 ? 0 : layout.firstPageRows + (page - 1) * layout.rowsPerPage;
    const end = page === 0 ? layout.firstPageRows : start + layout.rowsPerPage;
    drawPage(w, sheet, layout, page, sheet.rows.slice(start, end));
  }
  return endPdf(w);
}
