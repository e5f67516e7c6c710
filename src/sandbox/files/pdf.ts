// A sheet as a PDF, drawn with PDFKit: the title and subtitle, then the rows as a table over as
// many pages as needed, the header row repeated on every page and "title - page n of N" at the
// foot. A4, landscape when there are more than 6 columns or the columns' natural widths do not
// fit portrait. Numbers are right-aligned; a cell whose text starts right-to-left (Arabic) is
// right-aligned too. Cells too wide for their column are cut and end in "...".
//
// Text is Unicode throughout: IBM Plex Sans Arabic (its Arabic, Latin and Latin Extended parts,
// as @fontsource ships them) is embedded, subset to the glyphs used, with a ToUnicode map so
// text can be copied and searched. Noto Sans/Naskh/Kufi Arabic were tried first: they draw a
// letter as a dotless base plus its dots, and that base glyph, shared by several letters, cannot
// map back to each of them, so extracted text came out with the wrong letters (ي as ت). Plex
// has a glyph per letter form, and lam-alef maps to both letters. Arabic is shaped by fontkit (joined letter forms, lam-alef) and laid out
// right to left, mixed with Latin text and digits by the bidirectional algorithm (text-runs.ts).
// A character neither font has (CJK, emoji) is drawn as '?'. Tabs and line breaks become spaces.
//
// PDFKit, fontkit and bidi-js are loaded here, when the first PDF is made, never at start-up.
import { readFileSync } from 'node:fs';

import type { Bidi } from 'bidi-js';
import type { Font as FontFace } from 'fontkit';

import type { Sheet } from '../contracts.js';
import { cellText, type Cell } from './csv.js';
import { visualRuns, type FontRole, type TextRun } from './text-runs.js';

const PORTRAIT = { width: 595.28, height: 841.89 } as const;
const LANDSCAPE = { width: 841.89, height: 595.28 } as const;
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

type Weight = 'regular' | 'bold';

/**
 * Given features, PDFKit lays a run out whole; without, it lays out (and caches) word by word and
 * puts the words left to right, which is right for Latin text and reverses the word order of
 * Arabic. Kerning is off in Arabic runs: it made glyphs overlap so that text extractors read two
 * letters in the wrong order.
 */
const ARABIC_RUN = { features: { kern: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
const layoutOptions = (run: TextRun) => (run.font === 'arabic' ? ARABIC_RUN : {});
type Doc = PDFKit.PDFDocument;

const ROLES: FontRole[] = ['arabic', 'latin', 'latinExt'];
const SUBSET: Record<FontRole, string> = { arabic: 'arabic', latin: 'latin', latinExt: 'latin-ext' };
const fontFile = (role: FontRole, weight: Weight) =>
  `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-${SUBSET[role]}-${weight === 'bold' ? 700 : 400}-normal.woff`;

interface Engine {
  PDFDocument: new (options?: PDFKit.PDFDocumentOptions) => Doc;
  bidi: Bidi;
  fonts: Record<FontRole, Record<Weight, Buffer>>;
  /** Whether a font has a glyph for a code point (fontkit's answer, cached). */
  covers(role: FontRole, cp: number): boolean;
}

let engine: Promise<Engine> | undefined;

/** Loads the libraries and the fonts once, on the first PDF. */
function loadEngine(): Promise<Engine> {
  engine ??= (async (): Promise<Engine> => {
    const [{ default: PDFDocument }, bidiModule, fontkit] = await Promise.all([import('pdfkit'), import('bidi-js'), import('fontkit')]);
    // bidi-js is CommonJS: its module.exports (the factory) is the default export at run time.
    const bidiFactory = bidiModule.default as unknown as () => Bidi;
    const read = (role: FontRole, weight: Weight) => readFileSync(require.resolve(fontFile(role, weight)));
    const fonts = Object.fromEntries(ROLES.map((role) => [role, { regular: read(role, 'regular'), bold: read(role, 'bold') }])) as Engine['fonts'];
    const faces = Object.fromEntries(ROLES.map((role) => [role, fontkit.create(fonts[role].regular)])) as Record<FontRole, FontFace>;
    const cache = new Map<string, boolean>();
    const covers = (role: FontRole, cp: number): boolean => {
      const key = `${role}${cp}`;
      let hit = cache.get(key);
      if (hit === undefined) {
        hit = faces[role].hasGlyphForCodePoint(cp);
        cache.set(key, hit);
      }
      return hit;
    };
    return { PDFDocument: PDFDocument as unknown as Engine['PDFDocument'], bidi: bidiFactory(), fonts, covers };
  })();
  return engine;
}

/** One line of text as the PDF draws it: its runs, their widths, and its direction. */
interface Line {
  runs: Array<TextRun & { width: number }>;
  width: number;
  rtl: boolean;
}

class Writer {
  constructor(readonly doc: Doc, readonly engine: Engine) {}

  private use(role: FontRole, weight: Weight, size: number): void {
    this.doc.font(`${role}-${weight}`).fontSize(size);
  }

  /** Text with what the fonts cannot draw replaced, and no control characters. */
  private clean(text: string): string {
    let out = '';
    for (const ch of text.replace(/[\t\r\n]+/g, ' ')) {
      const cp = ch.codePointAt(0)!;
      if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
      if (/\p{M}/u.test(ch) && !this.engine.covers('arabic', cp)) continue;
      out += ROLES.some((role) => this.engine.covers(role, cp)) ? ch : '?';
    }
    return out;
  }

  private readonly lines = new Map<string, Line>();
  private readonly charWidths = new Map<string, number>();

  /**
   * A run's width. Latin runs add up their characters' widths (cached): laying out every distinct
   * cell (ids, times) with the font engine was most of a large report's time. Kerning, left out
   * of the sum, only narrows a Latin run, so a measured cell never overflows its column.
   */
  private widthOf(run: TextRun, weight: Weight, size: number): number {
    if (run.font === 'arabic') {
      this.use(run.font, weight, size);
      return this.doc.widthOfString(run.text, layoutOptions(run));
    }
    let width = 0;
    for (const ch of run.text) {
      const key = `${run.font}${weight}${size}${ch}`;
      let w = this.charWidths.get(key);
      if (w === undefined) {
        this.use(run.font, weight, size);
        w = this.doc.widthOfString(ch);
        this.charWidths.set(key, w);
      }
      width += w;
    }
    return width;
  }

  line(text: string, weight: Weight, size: number): Line {
    const key = `${weight}${size}\u0000${text}`;
    let line = this.lines.get(key);
    if (line === undefined) {
      // Printable ASCII (ids, dates, most figures) is one left-to-right Latin run: no bidi needed.
      const { runs, rtlParagraph } = /^[\x20-\x7e]*$/.test(text)
        ? { runs: text === '' ? [] : [{ text, font: 'latin' as const, rtl: false }], rtlParagraph: false }
        : visualRuns(this.engine.bidi, this.clean(text), this.engine.covers);
      const measured = runs.map((run) => ({ ...run, width: this.widthOf(run, weight, size) }));
      line = { runs: measured, width: measured.reduce((a, r) => a + r.width, 0), rtl: rtlParagraph };
      this.lines.set(key, line);
    }
    return line;
  }

  /** The text cut (in reading order) to fit maxWidth, ending in "..." when something was cut. */
  fitted(text: string, weight: Weight, size: number, maxWidth: number): Line {
    const whole = this.line(text, weight, size);
    if (whole.width <= maxWidth) return whole;
    if (/^[\x20-\x7e]*$/.test(text)) {
      // Left-to-right Latin (most cut cells: ids, times): add up character widths once.
      const room = maxWidth - this.line('...', weight, size).width;
      let used = 0;
      let kept = 0;
      while (kept < text.length && used + this.line(text[kept]!, weight, size).width <= room) used += this.line(text[kept++]!, weight, size).width;
      return kept === 0 ? this.line('', weight, size) : this.line(`${text.slice(0, kept).trimEnd()}...`, weight, size);
    }
    const chars = [...this.clean(text)];
    let low = 0;
    let high = chars.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (this.line(`${chars.slice(0, mid).join('').trimEnd()}...`, weight, size).width <= maxWidth) low = mid;
      else high = mid - 1;
    }
    return low === 0 ? this.line('', weight, size) : this.line(`${chars.slice(0, low).join('').trimEnd()}...`, weight, size);
  }

  draw(line: Line, weight: Weight, size: number, x: number, top: number): void {
    let at = x;
    for (const run of line.runs) {
      this.use(run.font, weight, size);
      this.doc.text(run.text, at, top, { lineBreak: false, ...layoutOptions(run) });
      at += run.width;
    }
  }
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

function isNumber(value: Cell | undefined): boolean {
  return typeof value === 'number' && Number.isFinite(value);
}

/** Where everything goes, given how wide a text is in the table's font. */
export function pdfLayout(sheet: Sheet, measure: (text: string, weight: Weight) => number): PdfLayout {
  const natural = sheet.columns.map((name, i) => {
    let w = measure(name, 'bold');
    for (const row of sheet.rows.slice(0, MEASURED_ROWS)) w = Math.max(w, measure(cellText(row[i]), 'regular'));
    return Math.ceil(w + 2 * PAD);
  });
  const total = natural.reduce((a, b) => a + b, 0);
  const landscape = sheet.columns.length > MAX_PORTRAIT_COLUMNS || total > PORTRAIT.width - 2 * MARGIN;
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

function drawPage(w: Writer, sheet: Sheet, layout: PdfLayout, page: number, rows: Sheet['rows']): void {
  const { doc } = w;
  const left = MARGIN;
  const tableWidth = layout.width - 2 * MARGIN;
  let y = MARGIN;
  if (page === 0) {
    w.draw(w.fitted(sheet.title, 'bold', TITLE_SIZE, tableWidth), 'bold', TITLE_SIZE, left, y - 3);
    y += TITLE_SIZE;
    if (sheet.subtitle) {
      doc.fillColor('#4d4d4d');
      w.draw(w.fitted(sheet.subtitle, 'regular', SUBTITLE_SIZE, tableWidth), 'regular', SUBTITLE_SIZE, left, y);
      doc.fillColor('black');
      y += SUBTITLE_SIZE + 6;
    }
    y += 14;
  }
  const cellRow = (values: Array<Cell | undefined>, weight: Weight, top: number): void => {
    let x = left;
    layout.columnWidths.forEach((width, i) => {
      const value = values[i];
      const line = w.fitted(cellText(value), weight, TABLE_SIZE, width - 2 * PAD);
      const right = weight === 'regular' ? isNumber(value) || line.rtl : layout.numericColumns[i] === true;
      w.draw(line, weight, TABLE_SIZE, right ? x + width - PAD - line.width : x + PAD, top + 3);
      x += width;
    });
  };
  // Header: a grey band with a rule under it.
  doc.rect(left, y, tableWidth, ROW_HEIGHT).fill('#e6e6e6').fillColor('black');
  cellRow(sheet.columns, 'bold', y);
  y += ROW_HEIGHT;
  doc.moveTo(left, y).lineTo(left + tableWidth, y).lineWidth(0.5).stroke();
  for (const row of rows) {
    cellRow(row, 'regular', y);
    y += ROW_HEIGHT;
    doc.moveTo(left, y).lineTo(left + tableWidth, y).lineWidth(0.25).strokeColor('#bfbfbf').stroke().strokeColor('black');
  }
  const footer = w.fitted(`${sheet.title} - page ${page + 1} of ${layout.pageCount}`, 'regular', FOOTER_SIZE, tableWidth);
  doc.fillColor('#666666');
  w.draw(footer, 'regular', FOOTER_SIZE, left, layout.height - MARGIN - FOOTER_SIZE);
  doc.fillColor('black');
}

/**
 * A ligature (lam-alef, and the letter pairs Plex joins, such as sheen-reh) stands for several
 * letters. The content stream holds right-to-left glyphs in visual order, and text extractors
 * (poppler's pdftotext, pdf.js) restore reading order by reversing characters, so a ligature's
 * letters are written in visual order too, else they come out swapped ("أل" for "لأ").
 * PDFKit keeps each embedded font's glyph-to-text table in `unicode` until the document ends.
 */
function visualOrderLigatures(doc: Doc): void {
  const families = (doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })._fontFamilies;
  for (const [name, font] of Object.entries(families)) {
    if (!name.startsWith('arabic-') || !Array.isArray(font.unicode)) continue;
    font.unicode = font.unicode.map((codePoints) =>
      codePoints.length > 1 && codePoints.every((cp) => ARABIC_CODE_POINT.test(String.fromCodePoint(cp))) ? [...codePoints].reverse() : codePoints,
    );
  }
}

const ARABIC_CODE_POINT = /\p{Script=Arabic}/u;

export async function pdfOf(sheet: Sheet): Promise<Buffer> {
  const loaded = await loadEngine();
  const doc = new loaded.PDFDocument({
    autoFirstPage: false,
    font: loaded.fonts.latin.regular as unknown as string,
    pdfVersion: '1.7',
    lang: 'ar-SY',
    displayTitle: true,
    info: { Title: sheet.title, ...(sheet.subtitle ? { Subject: sheet.subtitle } : {}), Producer: 'tripctl sandbox (PDFKit)', Creator: 'tripctl sandbox' },
  });
  for (const role of ROLES) {
    for (const weight of ['regular', 'bold'] as const) doc.registerFont(`${role}-${weight}`, loaded.fonts[role][weight] as unknown as string);
  }
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc, loaded);
  const layout = pdfLayout(sheet, (text, weight) => w.line(text, weight, TABLE_SIZE).width);
  const size = [layout.width, layout.height];
  for (let page = 0; page < layout.pageCount; page++) {
    doc.addPage({ size, margin: 0 });
    const start = page === 0 ? 0 : layout.firstPageRows + (page - 1) * layout.rowsPerPage;
    const end = page === 0 ? layout.firstPageRows : start + layout.rowsPerPage;
    drawPage(w, sheet, layout, page, sheet.rows.slice(start, end));
  }
  visualOrderLigatures(doc);
  doc.end();
  return done;
}
