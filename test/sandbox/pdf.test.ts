// PDFs read back as a person's tools read them: poppler's pdftotext (text in reading order),
// pdfinfo (pages, page size) and pdffonts (what is embedded). Arabic must come out as written:
// shaped and right to left on the page, logical order once extracted.
import { describe, expect, it } from 'vitest';

import type { Sheet } from '../../src/sandbox/contracts.js';
import { pdfOf } from '../../src/sandbox/files/index.js';
import { pdfLayout } from '../../src/sandbox/files/pdf.js';
import { BIDI_CONTROLS, extractedText as text, poppler } from '../pdf/poppler.js';
import { open } from './http.js';

const ARABIC_SHEET: Sheet = {
  title: 'تقرير الحجوزات Bookings',
  subtitle: 'شركة قاسيون، Qasioun Express',
  columns: ['Passenger', 'Route', 'Seats', 'Comment'],
  rows: [
    ['محمد الأحمد', 'Damascus - دمشق', 3, 'رحلة مريحة والسائق محترم'],
    ['Zoë Smith', 'حلب - حمص', 12, 'خدمة ممتازة، شكراً'],
    ['中文', 'x'.repeat(400), 1, 'ok'],
  ],
};

describe('pdfOf', () => {
  it('embeds its fonts (subset, with a Unicode map) and writes Arabic that extracts as written', async () => {
    const pdf = await pdfOf(ARABIC_SHEET);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const fonts = poppler('pdffonts', pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) {
      expect(font).toContain('IBMPlexSansArabic');
      expect(font).toMatch(/\byes\s+yes\s+yes\b/); // embedded, subset, ToUnicode
    }
    const extracted = text(pdf);
    for (const words of [
      'تقرير الحجوزات',
      'شركة قاسيون',
      'محمد الأحمد',
      'رحلة مريحة والسائق محترم',
      'خدمة ممتازة',
      'دمشق',
      'Damascus',
      'Zoë Smith',
    ]) {
      expect(extracted).toContain(words);
    }
    // Characters no font has are drawn as '?', one per character.
    expect(extracted).toContain('??');
  }, 60_000);

  it("lays Arabic right to left: a right-to-left cell ends at its column's right edge", async () => {
    const pdf = await pdfOf({ title: 'T', columns: ['Name', 'Note'], rows: [['محمد الأحمد', 'left']] });
    const bbox = poppler('pdftotext', pdf, '-bbox');
    // -bbox lists each word; a right-to-left cell is one word (its ActualText span).
    const words = [...bbox.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
      text: m[3]!.replace(BIDI_CONTROLS, ''),
      xMin: Number(m[1]),
      xMax: Number(m[2]),
    }));
    const name = words.find((w) => w.text.includes('دمحم'))!;
    const note = words.find((w) => w.text === 'Note')!;
    // The cell ends at the column's right edge, just left of the next column's heading.
    expect(name.xMax).toBeLessThan(note.xMin);
    expect(note.xMin - name.xMax).toBeLessThan(12);
    const left = words.find((w) => w.text === 'left')!;
    expect(left.xMin - note.xMin).toBeLessThan(1);
  }, 60_000);

  it('lays rows over as many pages as the layout says, repeating the header and numbering pages', async () => {
    const base: Sheet = { title: 'Trips', subtitle: 'all of them', columns: ['Name', 'N', 'Flag'], rows: [] };
    const rows = (count: number): Sheet['rows'] => Array.from({ length: count }, (_, i) => [`row-${i + 1}`, i + 1, i % 2 === 0]);
    const layout = pdfLayout({ ...base, rows: rows(1) }, () => 20);
    expect(layout.landscape).toBe(false);
    expect(layout.rowsPerPage).toBeGreaterThan(layout.firstPageRows); // the title takes room
    const { firstPageRows: first, rowsPerPage: per } = layout;
    for (const [count, pages] of [
      [0, 1],
      [first, 1],
      [first + 1, 2],
      [first + per + 1, 3],
    ] as const) {
      const sheet = { ...base, rows: rows(count) };
      const pdf = await pdfOf(sheet);
      expect(poppler('pdfinfo', pdf)).toMatch(new RegExp(`Pages:\\s+${pages}\\n`));
      for (let page = 1; page <= pages; page++) {
        const onPage = text(pdf, '-f', String(page), '-l', String(page));
        expect(onPage).toContain('Name');
        expect(onPage).toContain(`Trips - page ${page} of ${pages}`);
        const want = (i: number) => (i <= first ? 1 : 2 + Math.floor((i - first - 1) / per));
        for (const i of [1, first, first + 1, first + per, first + per + 1].filter((i) => i >= 1 && i <= count)) {
          expect(new RegExp(`\\brow-${i}\\b`).test(onPage), `row ${i} on page ${page} of ${count} rows`).toBe(want(i) === page);
        }
      }
    }
  }, 60_000);

  it('turns to landscape for many columns, to A3 when A4 is too narrow, and cuts cells too long even for that', async () => {
    const seven = await pdfOf({
      title: 'Seven',
      columns: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'],
      rows: [['a', 'b', 'c', 'd', 'e', 'f', 'g']],
    });
    expect(poppler('pdfinfo', seven)).toMatch(/Page size:\s+841\.89 x 595\.28/);
    const wide = await pdfOf({
      title: 'Wide',
      columns: ['c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7'],
      rows: [['x'.repeat(400), 'b', 'c', 'd', 'e', 'f', 'g']],
    });
    expect(poppler('pdfinfo', wide)).toMatch(/Page size:\s+1190\.55 x 841\.89/);
    const extracted = text(wide);
    expect(extracted).not.toContain('x'.repeat(400));
    expect(extracted).toMatch(/x+\.\.\./);
    expect(extracted).toContain('g');
    const narrow = await pdfOf({ title: 'Narrow', columns: ['a', 'b'], rows: [['1', '2']] });
    expect(poppler('pdfinfo', narrow)).toMatch(/Page size:\s+595\.28 x 841\.89/);
  }, 60_000);
});

describe('PDFs the sandbox serves', () => {
  it('prints Arabic review comments in the reviews export and an Arabic passenger name on an invoice', async () => {
    const { sandbox, client } = await open();
    try {
      const reviews = await fetch(`${sandbox.baseUrl}/reports/export?type=reviews&format=pdf`, {
        headers: { authorization: `Bearer ${sandbox.keys.full}` },
      });
      expect(reviews.status).toBe(200);
      const extracted = text(Buffer.from(await reviews.arrayBuffer()));
      expect(extracted).toContain('رحلة مريحة والسائق محترم');
      // (poppler sets a word-final mark such as the tanween in شكراً apart, so the words are checked without it)
      expect(extracted).toContain('خدمة ممتازة');

      // A passenger with an Arabic name books; the invoice names them.
      const trip = (await client.api('GET', '/trips?status=published&perPage=100')).body.trips.find(
        (t: any) => Date.parse(t.departureAt) > Date.now() && t.totalSeats > t.seatsBooked,
      );
      const booked = await client.api('POST', '/bookings', {
        body: { tripId: trip.id, seats: 1, phone: '+963944777001', fullName: 'سامر حداد' },
      });
      const payment = (await client.api('GET', `/bookings/${booked.body.booking.id}`)).body.booking.payments[0];
      const invoice = await fetch(`${sandbox.baseUrl}/payments/${payment.id}/invoice.pdf`, {
        headers: { authorization: `Bearer ${sandbox.keys.full}` },
      });
      expect(invoice.headers.get('content-type')).toBe('application/pdf');
      const invoiceText = text(Buffer.from(await invoice.arrayBuffer()));
      expect(invoiceText).toContain('سامر حداد');
      // The phone after an Arabic name keeps its '+' in front (it is an isolated left-to-right run).
      expect(invoiceText).toContain('+963944777001');
    } finally {
      await sandbox.close();
    }
  }, 60_000);
});
