// src/pdf's public API, as a PDF maker other than the sandbox uses it: open, write lines of
// mixed-direction text at x,y within a width, end; then read the bytes back with poppler.
import { expect, it } from 'vitest';

import { openPdf } from '../../src/pdf/index.js';
import { BIDI_CONTROLS, extractedLines, extractedText, MIXED, poppler } from './poppler.js';

function words(pdf: Buffer): Array<{ xMin: number; xMax: number; text: string }> {
  const out = poppler('pdftotext', pdf, '-bbox');
  return [...out.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    xMax: Number(m[2]),
    text: m[3]!.replace(BIDI_CONTROLS, ''),
  }));
}

it('writes a line at x,y: Arabic aligned right within its width by default, Latin left, long text cut', async () => {
  const pdf = await openPdf({ title: 'API' });
  pdf.addPage({ size: 'A4', margin: 0 });
  const arabicWidth = pdf.write('دمشق', 100, 100, { width: 200, size: 12 });
  expect(arabicWidth).toBeGreaterThan(0);
  expect(pdf.isRightToLeft('دمشق')).toBe(true);
  expect(pdf.isRightToLeft('Damascus - دمشق')).toBe(false);
  pdf.write('Manifest', 100, 130, { width: 200, size: 12 });
  const cut = pdf.write('x'.repeat(300), 100, 160, { width: 100, size: 12 });
  expect(cut).toBeLessThanOrEqual(100);
  expect(pdf.measure('x'.repeat(300), { size: 12 })).toBeGreaterThan(100);
  const found = words(await pdf.end());
  // The Arabic word is one span (its ActualText): its right edge is the box's right edge.
  const arabic = found.find((w) => w.text.includes('قشمد') || w.text.includes('دمشق'))!;
  expect(arabic.xMax).toBeGreaterThan(295);
  expect(arabic.xMax).toBeLessThanOrEqual(300.5);
  const latin = found.find((w) => w.text === 'Manifest')!;
  expect(latin.xMin).toBeGreaterThanOrEqual(99.5);
  expect(latin.xMin).toBeLessThan(101);
  expect(found.find((w) => /^x+\.\.\.$/.test(w.text))).toBeDefined();
}, 60_000);

// poppler reads a page's lines by the page's main direction (more Arabic or more Latin letters):
// both kinds of page are checked, each line alone and beside other cells on its line.
for (const page of ['mostly Latin', 'mostly Arabic'] as const) {
  it(`gives mixed Arabic, Latin, digits and punctuation back exactly as written, on a page ${page}`, async () => {
    const pdf = await openPdf({ title: page });
    pdf.addPage({ size: 'A4', margin: 0 });
    let y = 40;
    for (const text of MIXED) {
      pdf.write(text, 40, y, { width: 300, size: 11 });
      // The same text between two cells, as in a table row.
      pdf.write('B-1234', 40, y + 20, { width: 60, size: 9 });
      pdf.write(text, 110, y + 20, { width: 250, size: 9 });
      pdf.write('سارة', 370, y + 20, { width: 60, size: 9 });
      y += 50;
    }
    const filler = page === 'mostly Latin' ? 'Latin words only, to outweigh the Arabic letters. ' : 'كلمات عربية فقط لترجح الكفة ';
    for (let i = 0; i < 8; i++) pdf.write(filler.repeat(3), 40, 400 + i * 16, { width: 520, size: 9 });
    const { reading, layout } = extractedLines(await pdf.end());
    for (const text of MIXED) {
      expect(reading, text).toContain(text);
      expect(layout, text).toContain(text);
      expect(
        layout.some((line) => line.includes('B-1234') && line.includes(text)),
        `${text} between cells`,
      ).toBe(true);
    }
  }, 60_000);
}

it('reads each page by its own direction: pages added with pdf.addPage() are completed and written out one by one', async () => {
  const pdf = await openPdf({ title: 'Two pages' });
  for (const filler of ['Latin words only, to outweigh the Arabic letters. ', 'كلمات عربية فقط لترجح الكفة ']) {
    pdf.addPage({ size: 'A4', margin: 0 });
    MIXED.forEach((text, i) => pdf.write(text, 40, 40 + i * 30, { width: 400, size: 11 }));
    for (let i = 0; i < 8; i++) pdf.write(filler.repeat(3), 40, 400 + i * 16, { width: 520, size: 9 });
  }
  const file = await pdf.end();
  expect(poppler('pdfinfo', file)).toMatch(/Pages:\s+2\n/);
  for (const page of ['1', '2']) {
    const lines = extractedText(file, '-f', page, '-l', page)
      .split('\n')
      .map((line) => line.trim());
    for (const text of MIXED) expect(lines, `${text} on page ${page}`).toContain(text);
  }
}, 60_000);
