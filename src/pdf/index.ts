// Arabic-aware PDF text for every PDF tripctl makes (the sandbox's invoices and reports,
// `trips manifest`). PDFKit draws; this module gives it fonts that cover Arabic and Latin, and
// writes a line of mixed-direction text (Arabic, Latin, digits, punctuation) so that it looks right
// on the page and extracts (pdftotext, copy and paste) in logical order, exactly as written.
//
//   import { openPdf } from '../pdf/index.js';            // cheap: loads nothing yet
//
//   const pdf = await openPdf({ title: 'Manifest' });      // loads pdfkit, fontkit, bidi-js, fonts
//   pdf.addPage({ size: 'A4', margin: 0 });                // PDFKit's page options; pdf.doc is the document
//   pdf.write('رحلة دمشق - حلب 2026', 36, 36, { width: 523, size: 14, weight: 'bold', align: 'right' });
//   const width = pdf.measure('Seat 12', { size: 9 });    // points, for your own layout
//   const bytes: Buffer = await pdf.end();                 // always end through pdf.end()
//
// write(text, x, y, options) draws ONE line whose top is at y, inside [x, x + width]:
//   - align 'left' | 'right' | 'center' | 'auto' (default 'auto': right when the text starts
//     right-to-left, as Arabic does, else left);
//   - text wider than width is cut (in reading order) and ends in "..."; no width, no cut;
//   - tabs and line breaks become spaces; a character no font has (CJK, emoji) is drawn as '?'.
//   - color: any colour PDFKit takes; black unless given.
// It returns the width drawn. Draw shapes, lines and colours with pdf.doc as PDFKit documents
// say; draw text only through write(), never doc.text() (that skips shaping, bidi and the text
// extractors read back). Text lands on a page once the page is complete, over its shapes: an
// extractor's reading of a line depends on the whole page (reading-order.ts). So add pages with
// pdf.addPage(), which completes the pages before it and writes them out (pdf.doc.addPage() works
// too, but keeps every page in memory until the end).
// pdf.end() finishes the document and resolves to its bytes; call it instead of doc.end().
//
// Nothing heavy is imported by this file: pdfkit, fontkit and bidi-js are loaded by openPdf(), on
// the first PDF a process makes, then kept. The fonts are IBM Plex Sans Arabic's Arabic, Latin and
// Latin Extended parts (@fontsource), embedded as subsets with a ToUnicode map.
import { type Doc, loadEngine, type Weight, visualOrderLigatures, Writer, ROLES } from './writer.js';

export type { Weight } from './writer.js';

export interface PdfOptions {
  /** The document's title (its metadata, shown by viewers in the window's title bar). */
  title: string;
  subject?: string;
  /** Who made it, for the metadata; 'tripctl' unless given. */
  creator?: string;
}

export interface TextOptions {
  /** Font size in points; 10 unless given. */
  size?: number;
  weight?: Weight;
  /** Room for the line in points: longer text is cut and ends in "...". */
  width?: number;
  align?: 'left' | 'right' | 'center' | 'auto';
  /** Any colour PDFKit takes ('#4d4d4d', 'red'); black unless given. */
  color?: string;
}

export interface PdfText {
  /** The PDFKit document: pages, shapes, colours. Text goes through write(). */
  readonly doc: Doc;
  /** Completes the pages so far (their text drawn, written out) and adds a new one. */
  addPage(options?: PDFKit.PDFDocumentOptions): void;
  /** Draws one line of text with its top at y; returns the width drawn. */
  write(text: string, x: number, y: number, options?: TextOptions): number;
  /** The width the text takes at this size and weight, uncut. */
  measure(text: string, options?: Pick<TextOptions, 'size' | 'weight'>): number;
  /** Whether the text starts right-to-left (its paragraph direction), as 'auto' alignment sees it. */
  isRightToLeft(text: string): boolean;
  /** Ends the document; resolves to its bytes. */
  end(): Promise<Buffer>;
}

const DEFAULT_SIZE = 10;

/** A new PDF document with the fonts registered, ready for pages. */
export async function openPdf(options: PdfOptions): Promise<PdfText> {
  const writer = await openWriter(options);
  const { doc } = writer;
  return {
    doc,
    addPage(options) {
      if (doc.bufferedPageRange().count > 0) writer.finishPages();
      doc.addPage(options);
    },
    write(text, x, y, { size = DEFAULT_SIZE, weight = 'regular', width, align = 'auto', color = 'black' } = {}) {
      const line = width === undefined ? writer.line(text, weight, size) : writer.fitted(text, weight, size, width);
      const room = width ?? line.width;
      const side = align === 'auto' ? (line.rtl ? 'right' : 'left') : align;
      const at = side === 'right' ? x + room - line.width : side === 'center' ? x + (room - line.width) / 2 : x;
      writer.draw(line, weight, size, at, y, color);
      return line.width;
    },
    measure: (text, { size = DEFAULT_SIZE, weight = 'regular' } = {}) => writer.line(text, weight, size).width,
    isRightToLeft: (text) => writer.line(text, 'regular', DEFAULT_SIZE).rtl,
    end: () => endPdf(writer),
  };
}

/** The lower-level Writer (measure, cut and draw pre-laid lines), for table makers that cache
 *  lines; most callers want openPdf(). End the document with endPdf(). */
export async function openWriter(options: PdfOptions): Promise<Writer> {
  const loaded = await loadEngine();
  const doc = new loaded.PDFDocument({
    autoFirstPage: false,
    // Text is drawn when the document ends (writer.ts says why), so pages stay open till then.
    bufferPages: true,
    font: loaded.fonts.latin.regular as unknown as string,
    pdfVersion: '1.7',
    lang: 'ar-SY',
    displayTitle: true,
    info: {
      Title: options.title,
      ...(options.subject ? { Subject: options.subject } : {}),
      Producer: 'tripctl (PDFKit)',
      Creator: options.creator ?? 'tripctl',
    },
  });
  for (const role of ROLES) {
    for (const weight of ['regular', 'bold'] as const)
      doc.registerFont(`${role}-${weight}`, loaded.fonts[role][weight] as unknown as string);
  }
  const writer = new Writer(doc, loaded);
  const chunks: Buffer[] = [];
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  finished.set(writer, bytes);
  return writer;
}

const finished = new WeakMap<Writer, Promise<Buffer>>();

/** Ends a Writer's document (fixing its ligatures' text first); resolves to the bytes. */
export function endPdf(writer: Writer): Promise<Buffer> {
  const bytes = finished.get(writer);
  if (!bytes) throw new Error('endPdf: this writer was not made by openWriter()');
  writer.drawPending();
  visualOrderLigatures(writer.doc);
  writer.doc.end();
  return bytes;
}

export type { Writer, Line } from './writer.js';
