// A saved ticket as a PDF, on a page shaped like a phone's screen: the company, the route in
// English and Arabic (shaped and in reading order by src/pdf, as the manifest's), the local
// departure with its zone, the passenger, the seats, the QR drawn as vector squares (sharp at any
// zoom) and the printed code under it. The PNG (png.ts) draws the same page. Loaded only
// when a ticket file is made.
import { openPdf, type PdfText } from '../../../pdf/index.js';
import { qrModules } from '../../../output/qr.js';
import type { TicketCard } from './card.js';

const PAGE = { width: 288, height: 520 };
const MARGIN = 20;
const INNER = PAGE.width - 2 * MARGIN;
const QR_SIZE = 200;
const INK = '#000000';
const SOFT = '#4d4d4d';

/** One PDF, a page per ticket. */
export async function ticketsPdf(cards: TicketCard[]): Promise<Buffer> {
  const first = cards[0]!;
  const title = cards.length === 1 ? `Ticket ${first.code} ${first.route}` : `Tickets ${first.route} ${first.departure}`;
  const pdf = await openPdf({ title, subject: first.departure });
  for (const card of cards) {
    pdf.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    page(pdf, card);
  }
  return pdf.end();
}

function page(pdf: PdfText, card: TicketCard): void {
  const { doc } = pdf;
  const centre = { width: INNER, align: 'center' as const, color: INK };
  let y = MARGIN;
  pdf.write(card.company, MARGIN, y, { ...centre, size: 13, weight: 'bold' });
  y += 24;
  pdf.write(card.route, MARGIN, y, { ...centre, size: 15, weight: 'bold' });
  y += 22;
  if (card.routeArabic) {
    pdf.write(card.routeArabic, MARGIN, y, { ...centre, size: 15, weight: 'bold' });
    y += 24;
  }
  pdf.write(card.departure, MARGIN, y, { ...centre, size: 11 });
  y += 22;

  // The QR, quiet zone included, as black squares on white.
  const modules = qrModules(card.qr);
  const cell = QR_SIZE / modules.length;
  const left = (PAGE.width - QR_SIZE) / 2;
  doc.rect(left, y, QR_SIZE, QR_SIZE).fill('#ffffff');
  modules.forEach((row, r) =>
    row.forEach((dark, c) => {
      if (dark) doc.rect(left + c * cell, y + r * cell, cell, cell);
    }),
  );
  doc.fill(INK);
  y += QR_SIZE + 4;
  pdf.write(card.code, MARGIN, y, { ...centre, size: 18, weight: 'bold' });
  y += 32;

  const rows: Array<[string, string]> = [
    ['Passenger', card.passenger],
    ['Seats', String(card.seats)],
    ...(card.plate ? ([['Vehicle', card.plate]] as Array<[string, string]>) : []),
  ];
  for (const [label, value] of rows) {
    pdf.write(label, MARGIN, y, { size: 10, color: SOFT, width: 70, align: 'left' });
    pdf.write(value, MARGIN + 70, y, { size: 11, weight: 'bold', width: INNER - 70, align: 'left' });
    y += 18;
  }
  doc
    .moveTo(MARGIN, PAGE.height - 44)
    .lineTo(PAGE.width - MARGIN, PAGE.height - 44)
    .lineWidth(0.5)
    .stroke(SOFT);
  pdf.write('Show this code at the coach door', MARGIN, PAGE.height - 38, { ...centre, size: 9, color: SOFT });
  pdf.write('أظهر هذا الرمز عند باب الحافلة', MARGIN, PAGE.height - 25, { ...centre, size: 9, color: SOFT });
}
