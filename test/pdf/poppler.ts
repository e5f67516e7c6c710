// Reads PDFs back as people's tools do: poppler's pdftotext (text in reading order), pdfinfo,
// pdffonts, and pdftoppm for a picture to look at. poppler-utils is a test dependency (CI
// installs it).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A directory of its own for each call, removed after it: the suite shares modules between test
 * files (isolate: false), so a directory kept by this module and removed by one file's afterAll
 * would vanish under the others.
 */
export function poppler(tool: 'pdftotext' | 'pdfinfo' | 'pdffonts', pdf: Buffer, ...args: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'tripctl-poppler-'));
  const file = join(dir, 'file.pdf');
  writeFileSync(file, pdf);
  try {
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} is missing: apt-get install -y poppler-utils`);
    throw error;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Invisible bidi controls: the embeddings pdftotext adds around runs (U+202A-U+202C) and the
 *  marks src/pdf/reading-order.ts fences runs with (U+200E, U+200F). */
export const BIDI_CONTROLS = /[\u200e\u200f\u202a-\u202e]/g;

/** The PDF's text as pdftotext reads it, with the invisible bidi controls taken out. */
export const extractedText = (pdf: Buffer, ...args: string[]): string => poppler('pdftotext', pdf, ...args).replace(BIDI_CONTROLS, '');

/** The extracted lines (trimmed, empty ones dropped), in reading order and with -layout. */
export function extractedLines(pdf: Buffer): { reading: string[]; layout: string[] } {
  const lines = (text: string) =>
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
  return { reading: lines(extractedText(pdf)), layout: lines(extractedText(pdf, '-layout')) };
}

/** Mixed-direction text the PDFs must give back exactly: the Arabic comma, hyphens between
 *  Arabic words, parentheses, digits inside Arabic, a word-final mark (the tanween of شكراً). */
export const MIXED = [
  'خدمة ممتازة، شكراً',
  'رحلة دمشق - حلب 2026',
  'محمد (3 مقاعد)',
  'Damascus - دمشق',
  'الرحلة رقم 12، الساعة 08:30',
  'شركة قاسيون، Qasioun Express',
] as const;
