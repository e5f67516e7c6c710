// The engine under src/pdf/index.ts: the libraries and fonts (loaded on the first PDF, never at
// start-up), and a Writer that measures, cuts and draws one line of mixed Arabic and Latin text
// as visual runs (text-runs.ts), each in the font that has its characters. Use index.ts; this
// file is its inside.
//
// The typeface is IBM Plex Sans Arabic (its Arabic, Latin and Latin Extended parts, as @fontsource
// ships them). Noto Sans/Naskh/Kufi Arabic were tried first: they draw a letter as a dotless base
// plus its dots, and that base glyph, shared by several letters, cannot map back to each of them,
// so extracted text came out with the wrong letters (ي as ت). Plex has a glyph per letter form,
// and lam-alef maps to both letters.
import type { Bidi } from 'bidi-js';
import type { Font as FontFace } from 'fontkit';

import { readAsset } from '../assets.js';

import { actualTextOf, directionCount } from './reading-order.js';
import { BIDI_CONTROL, visualRuns, type FontRole, type TextRun } from './text-runs.js';

export type Weight = 'regular' | 'bold';

/**
 * Given features, PDFKit lays a run out whole; without, it lays out (and caches) word by word and
 * puts the words left to right, which is right for Latin text and reverses the word order of
 * Arabic. Kerning is off in Arabic runs: it made glyphs overlap so that text extractors read two
 * letters in the wrong order.
 */
const ARABIC_RUN = { features: { kern: false } as unknown as PDFKit.Mixins.OpenTypeFeatures[] };
const layoutOptions = (run: TextRun) => (run.font === 'arabic' ? ARABIC_RUN : {});
export type Doc = PDFKit.PDFDocument;

export const ROLES: FontRole[] = ['arabic', 'latin', 'latinExt'];
const SUBSET = { arabic: 'arabic', latin: 'latin', latinExt: 'latin-ext' } as const satisfies Record<FontRole, string>;
const fontFile = (role: FontRole, weight: Weight) =>
  `ibm-plex-sans-arabic-${SUBSET[role]}-${weight === 'bold' ? 700 : 400}-normal.woff` as const;

export interface Engine {
  PDFDocument: new (options?: PDFKit.PDFDocumentOptions) => Doc;
  bidi: Bidi;
  fonts: Record<FontRole, Record<Weight, Buffer>>;
  /** Whether a font has a glyph for a code point (fontkit's answer, cached). */
  covers(role: FontRole, cp: number): boolean;
}

let engine: Promise<Engine> | undefined;

/** Loads the libraries and the fonts once, on the first PDF. */
export function loadEngine(): Promise<Engine> {
  engine ??= (async (): Promise<Engine> => {
    const [{ default: PDFDocument }, bidiModule, fontkit] = await Promise.all([import('pdfkit'), import('bidi-js'), import('fontkit')]);
    // bidi-js is CommonJS: its module.exports (the factory) is the default export at run time.
    const bidiFactory = bidiModule.default as unknown as () => Bidi;
    const read = (role: FontRole, weight: Weight) => readAsset(fontFile(role, weight));
    const fonts = Object.fromEntries(
      ROLES.map((role) => [role, { regular: read(role, 'regular'), bold: read(role, 'bold') }]),
    ) as Engine['fonts'];
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
export interface Line {
  runs: Array<TextRun & { width: number }>;
  width: number;
  rtl: boolean;
  /** What an extractor should read: the text as drawn (cleaned, cut), in logical order. */
  text: string;
}

/** A line waiting for its page to end, when the page's direction is known (reading-order.ts). */
interface Pending {
  line: Line;
  weight: Weight;
  size: number;
  x: number;
  top: number;
  color: string;
}

/**
 * Text is drawn when the document ends, page by page, over the page's shapes: how an extractor
 * reads a line back depends on the direction of the whole page (reading-order.ts), known only
 * once everything on it has been written. The document buffers its pages (bufferPages) for that.
 */
export class Writer {
  private readonly pages: Pending[][] = [];

  constructor(
    readonly doc: Doc,
    readonly engine: Engine,
  ) {
    doc.on('pageAdded', () => this.pages.push([]));
  }

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
      out += BIDI_CONTROL.test(ch) || ROLES.some((role) => this.engine.covers(role, cp)) ? ch : '?';
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
      const ascii = /^[\x20-\x7e]*$/.test(text);
      const cleaned = ascii ? text : this.clean(text);
      const { runs, rtlParagraph } = ascii
        ? { runs: text === '' ? [] : [{ text, font: 'latin' as const, rtl: false }], rtlParagraph: false }
        : visualRuns(this.engine.bidi, cleaned, this.engine.covers);
      const measured = runs.map((run) => ({ ...run, width: this.widthOf(run, weight, size) }));
      const logical = ascii ? text : cleaned.replace(new RegExp(BIDI_CONTROL.source, 'gu'), '');
      line = { runs: measured, width: measured.reduce((a, r) => a + r.width, 0), rtl: rtlParagraph, text: logical };
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
      while (kept < text.length && used + this.line(text[kept]!, weight, size).width <= room)
        used += this.line(text[kept++]!, weight, size).width;
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

  /** Draws the line with its top-left corner at x,top on the current page (when the document ends). */
  draw(line: Line, weight: Weight, size: number, x: number, top: number, color = 'black'): void {
    const page = this.pages[this.pages.length - 1];
    if (!page) throw new Error('pdf: add a page before writing text');
    if (line.runs.length > 0) page.push({ line, weight, size, x, top, color });
  }

  /**
   * Ends an ActualText span where poppler reads it right. poppler places the span's text by the
   * graphics state at its end, EMC; PDFKit draws each run inside its own save/restore, under a
   * flipped matrix and with the font set, so after it the state has neither. The end is written
   * under the glyphs' matrix and font (any of the page's: they share their metrics), then restored.
   */
  private endSpan(size: number): void {
    const { doc } = this;
    const font = Object.keys(doc.page.fonts as Record<string, unknown>).at(-1);
    doc.save().transform(1, 0, 0, -1, 0, doc.page.height);
    if (font) doc.addContent(`BT /${font} ${size} Tf ET`);
    doc.endMarkedContent();
    doc.restore();
  }

  /**
   * Draws the lines of every page so far and writes the pages out (PDFKit's flushPages), freeing
   * them: call it when those pages are complete, just before adding the next.
   */
  finishPages(): void {
    this.drawPending();
    this.doc.flushPages();
  }

  /** Draws every page's lines; the document must still be open, its pages buffered. */
  drawPending(): void {
    const { bidi } = this.engine;
    this.pages.forEach((pending, index) => {
      if (pending.length === 0) return;
      this.doc.switchToPage(index);
      const rtlPage = pending.reduce((sum, p) => sum + directionCount(bidi, p.line.text), 0) < 0;
      for (const { line, weight, size, x, top, color } of pending) {
        const actual = actualTextOf(bidi, line.text, rtlPage);
        this.doc.fillColor(color);
        if (actual !== undefined) this.doc.markContent('Span', { actual });
        let at = x;
        for (const run of line.runs) {
          this.use(run.font, weight, size);
          this.doc.text(run.text, at, top, { lineBreak: false, ...layoutOptions(run) });
          at += run.width;
        }
        if (actual !== undefined) this.endSpan(size);
      }
      pending.length = 0;
    });
  }
}

/**
 * A ligature (lam-alef, and the letter pairs Plex joins, such as sheen-reh) stands for several
 * letters. The content stream holds right-to-left glyphs in visual order, and text extractors
 * (poppler's pdftotext, pdf.js) restore reading order by reversing characters, so a ligature's
 * letters are written in visual order too, else they come out swapped ("أل" for "لأ").
 * PDFKit keeps each embedded font's glyph-to-text table in `unicode` until the document ends.
 */
export function visualOrderLigatures(doc: Doc): void {
  const families = (doc as unknown as { _fontFamilies: Record<string, { unicode?: number[][] }> })._fontFamilies;
  for (const [name, font] of Object.entries(families)) {
    if (!name.startsWith('arabic-') || !Array.isArray(font.unicode)) continue;
    font.unicode = font.unicode.map((codePoints) =>
      codePoints.length > 1 && codePoints.every((cp) => ARABIC_CODE_POINT.test(String.fromCodePoint(cp)))
        ? [...codePoints].reverse()
        : codePoints,
    );
  }
}

const ARABIC_CODE_POINT = /\p{Script=Arabic}/u;
