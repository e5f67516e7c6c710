// The driver's sheet as a PDF: A4 portrait, black on white (it is photocopied and read in a dim
// coach), the trip in the heading, one line per passenger with a box to tick at the door, and the
// totals. Text goes through src/pdf (the sandbox's PDFs use the same), which shapes Arabic and
// orders mixed text so it reads right on paper and extracts in logical order; pdfkit and the
// fonts are loaded by openPdf(), when the first PDF is made.
import { openPdf, type PdfText } from '../../../pdf/index.js';
import { specs } from '../../../output/specs.js';
import { localDateTime } from '../../../cmdkit/handles.js';
import { SERVICE_TIME_ZONE } from '../../../input/zones.js';
import type { ManifestRow, ManifestSheet } from './sheet.js';

const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = 40;
const ROW = 24;
const SIZE = 9;
const INK = '#000000';
const RULE = '#555555';

/** Column widths in points (they add up to the page's width inside the margins) and Arabic headings. */
const LAYOUT: Record<keyof ManifestRow | 'number', { width: number; arabic: string; right?: boolean }> = {
  number: { width: 18, arabic: '' },
  name: { width: 118, arabic: 'الاسم' },
  phone: { width: 80, arabic: 'الهاتف' },
  seats: { width: 34, arabic: 'المقاعد', right: true },
  ref: { width: 52, arabic: 'المرجع' },
  boarded: { width: 44, arabic: 'صعد' },
  note: { width: 95, arabic: 'ملاحظة' },
  group: { width: 74, arabic: 'المجموعة' },
};
const PAD = 4;

/** Where the heading ends on the first page (heading() draws exactly this much). */
const HEADING_HEIGHT = 26 + 24 + 3 * 15 + 10;
const HEADER_HEIGHT = 28;
const TOTALS_HEIGHT = 56;
const FOOTER_Y = PAGE.height - MARGIN + 10;
const TABLE_END = FOOTER_Y - 30;

/** The rows of each page: as many as fit under the heading (first page) or the column headings. */
function paginate(count: number): number[][] {
  const fit = (top: number) => Math.max(1, Math.floor((TABLE_END - top - HEADER_HEIGHT) / ROW));
  const pages: number[][] = [[]];
  let room = fit(MARGIN + HEADING_HEIGHT);
  for (let i = 0; i < count; i++) {
    if (pages[pages.length - 1]!.length === room) {
      pages.push([]);
      room = fit(MARGIN);
    }
    pages[pages.length - 1]!.push(i);
  }
  return pages;
}

export async function manifestPdf(sheet: ManifestSheet, printedAt: Date): Promise<Buffer> {
  const pdf = await openPdf({ title: `Manifest ${sheet.route} ${sheet.departure}`, subject: `Trip ${sheet.tripId}` });
  const { doc } = pdf;
  const columns = [
    { key: 'number' as const, header: '#' },
    ...specs.manifestRow.columns.map((c) => ({ key: c.path as keyof ManifestRow, header: titleCase(c.header) })),
  ];
  const inner = PAGE.width - 2 * MARGIN;
  const pages = paginate(sheet.rows.length);
  const lastTop =
    (pages.length === 1 ? MARGIN + HEADING_HEIGHT : MARGIN) + HEADER_HEIGHT + Math.max(1, pages[pages.length - 1]!.length) * ROW;
  // The totals go under the last row, or on a page of their own when they do not fit there.
  const totalsPage = lastTop + TOTALS_HEIGHT > TABLE_END + 20 ? pages.length : pages.length - 1;
  const pageCount = Math.max(pages.length, totalsPage + 1);
  const printed = `Printed ${localDateTime(printedAt.toISOString(), SERVICE_TIME_ZONE)} by tripctl · trip ${sheet.tripId}`;

  for (let page = 0; page < pageCount; page++) {
    pdf.addPage({ size: 'A4', margin: 0 });
    let y = page === 0 ? heading(pdf, sheet, inner) : MARGIN;
    const rows = pages[page];
    if (rows) {
      y = tableHeader(pdf, columns, y);
      for (const index of rows) {
        drawRow(pdf, columns, sheet.rows[index]!, index, y);
        y += ROW;
        doc
          .lineWidth(0.4)
          .strokeColor(RULE)
          .moveTo(MARGIN, y)
          .lineTo(MARGIN + inner, y)
          .stroke();
      }
      if (sheet.rows.length === 0) {
        pdf.write('No approved or boarded passengers.', MARGIN + PAD, y + 8, { size: SIZE });
        y += ROW;
      }
    }
    if (page === totalsPage) totals(pdf, sheet, y, inner);
    pdf.write(printed, MARGIN, FOOTER_Y, { size: 7, width: inner - 60, align: 'left' });
    pdf.write(`Page ${page + 1} of ${pageCount}`, MARGIN, FOOTER_Y, { size: 7, width: inner, align: 'right' });
  }
  return pdf.end();
}

function drawRow(pdf: PdfText, columns: Array<{ key: keyof typeof LAYOUT }>, row: ManifestRow, index: number, y: number): void {
  const { doc } = pdf;
  let x = MARGIN;
  const top = y + (ROW - SIZE) / 2 - 1;
  for (const { key } of columns) {
    const { width, right } = LAYOUT[key];
    if (key === 'boarded') {
      // A box to tick at the door; ticked (an X) when the service already has them boarded.
      const box = 9;
      const bx = x + PAD;
      const by = y + (ROW - box) / 2;
      doc.lineWidth(0.8).strokeColor(INK).rect(bx, by, box, box).stroke();
      if (row.boarded === 'yes')
        doc
          .moveTo(bx + 2, by + 2)
          .lineTo(bx + box - 2, by + box - 2)
          .moveTo(bx + box - 2, by + 2)
          .lineTo(bx + 2, by + box - 2)
          .stroke();
      pdf.write(row.boarded, bx + box + 4, top, { size: SIZE, width: width - box - 2 * PAD - 4, align: 'left' });
    } else {
      const value = key === 'number' ? String(index + 1) : String(row[key]);
      const align = right || key === 'number' ? 'right' : 'auto';
      pdf.write(value, x + PAD, top, { size: SIZE, width: width - 2 * PAD, align, weight: key === 'name' ? 'bold' : 'regular' });
    }
    x += width;
  }
}

function totals(pdf: PdfText, sheet: ManifestSheet, top: number, inner: number): void {
  const { passengers, seats, boarded, boardedSeats } = sheet.totals;
  const y = top + 12;
  pdf.doc
    .lineWidth(1.2)
    .strokeColor(INK)
    .moveTo(MARGIN, y)
    .lineTo(MARGIN + inner, y)
    .stroke();
  const english = `Passengers: ${passengers}     Seats: ${seats}     Boarded: ${boarded} (${boardedSeats} seat${boardedSeats === 1 ? '' : 's'})`;
  pdf.write(english, MARGIN, y + 8, { size: 11, weight: 'bold' });
  pdf.write(`الركاب: ${passengers}   المقاعد: ${seats}   صعد: ${boarded}`, MARGIN, y + 26, {
    size: 11,
    weight: 'bold',
    width: inner,
    align: 'right',
  });
}

/** Company, route in both languages, departure, vehicle and driver; returns where the table starts. */
function heading(pdf: PdfText, sheet: ManifestSheet, inner: number): number {
  let y = MARGIN;
  pdf.write(sheet.company, MARGIN, y, { size: 16, weight: 'bold', width: inner * 0.6, align: 'left' });
  pdf.write('Passenger manifest', MARGIN, y + 4, { size: 10, width: inner, align: 'right' });
  y += 26;
  pdf.write(sheet.route, MARGIN, y, { size: 14, weight: 'bold', width: inner / 2, align: 'left' });
  if (sheet.routeArabic)
    pdf.write(sheet.routeArabic, MARGIN + inner / 2, y, { size: 14, weight: 'bold', width: inner / 2, align: 'right' });
  y += 24;
  const facts: Array<[string, string]> = [
    ['Departure', sheet.departure],
    ['Vehicle', sheet.plate || '-'],
    ['Driver', sheet.driver || '-'],
  ];
  for (const [label, value] of facts) {
    const labelWidth = pdf.write(`${label}:`, MARGIN, y, { size: 10, weight: 'bold' });
    // The value on its own: a plate or a name in Arabic keeps its own direction.
    pdf.write(value, MARGIN + Math.max(labelWidth + 6, 62), y, { size: 10, align: 'left', width: inner - 62 });
    y += 15;
  }
  return y + 10;
}

/** The column headings, English over Arabic, between two rules. */
function tableHeader(pdf: PdfText, columns: Array<{ key: keyof typeof LAYOUT; header: string }>, top: number): number {
  const { doc } = pdf;
  const inner = PAGE.width - 2 * MARGIN;
  doc
    .lineWidth(1.2)
    .strokeColor(INK)
    .moveTo(MARGIN, top)
    .lineTo(MARGIN + inner, top)
    .stroke();
  let x = MARGIN;
  for (const { key, header } of columns) {
    const { width, arabic, right } = LAYOUT[key];
    const align = right || key === 'number' ? 'right' : 'left';
    pdf.write(header, x + PAD, top + 4, { size: 8, weight: 'bold', width: width - 2 * PAD, align });
    if (arabic) pdf.write(arabic, x + PAD, top + 15, { size: 8, width: width - 2 * PAD, align });
    x += width;
  }
  const bottom = top + 28;
  doc
    .lineWidth(0.8)
    .strokeColor(INK)
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + inner, bottom)
    .stroke();
  return bottom;
}

function titleCase(header: string): string {
  return header.charAt(0) + header.slice(1).toLowerCase();
}
