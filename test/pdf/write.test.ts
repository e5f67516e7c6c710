// src/pdf's public API, as a PDF maker other than the sandbox uses it: open, write lines of
// mixed-direction text at x,y within a width, end; then read the bytes back with poppler.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, expect, it } from 'vitest';

import { openPdf } from '../../src/pdf/index.js';

const dir = mkdtempSync(join(tmpdir(), 'tripctl-pdf-api-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function bbox(pdf: Buffer): Array<{ xMin: number; xMax: number; text: string }> {
  const file = join(dir, 'api.pdf');
  writeFileSync(file, pdf);
  const out = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return [...out.matchAll(/<word xMin="([\d.]+)" yMin="[\d.]+" xMax="([\d.]+)" yMax="[\d.]+">([^<]*)<\/word>/g)].map((m) => ({
    xMin: Number(m[1]),
    xMax: Number(m[2]),
    text: m[3]!,
  }));
}

it('writes a line at x,y: Arabic aligned right within its width by default, Latin left, long text cut', async () => {
  const pdf = await openPdf({ title: 'API' });
  pdf.doc.addPage({ size: 'A4', margin: 0 });
  const arabicWidth = pdf.write('دمشق', 100, 100, { width: 200, size: 12 });
  expect(arabicWidth).toBeGreaterThan(0);
  expect(pdf.isRightToLeft('دمشق')).toBe(true);
  pdf.write('Manifest', 100, 130, { width: 200, size: 12 });
  const cut = pdf.write('x'.repeat(300), 100, 160, { width: 100, size: 12 });
  expect(cut).toBeLessThanOrEqual(100);
  expect(pdf.measure('x'.repeat(300), { size: 12 })).toBeGreaterThan(100);
  const words = bbox(await pdf.end());
  const arabic = words.find((w) => [...w.text].reverse().join('') === 'دمشق' || w.text === 'دمشق')!;
  expect(arabic.xMax).toBeGreaterThan(295);
  expect(arabic.xMax).toBeLessThanOrEqual(300.5);
  const latin = words.find((w) => w.text === 'Manifest')!;
  expect(latin.xMin).toBeGreaterThanOrEqual(99.5);
  expect(latin.xMin).toBeLessThan(101);
  expect(words.find((w) => /^x+\.\.\.$/.test(w.text))).toBeDefined();
}, 60_000);
