// What a text extractor reads back. The page shows Arabic in visual order (right to left), and an
// extractor has to turn it back into logical order. poppler (pdftotext, Evince, Okular) does it
// with a simplified bidi pass, not the Unicode algorithm: it sorts a line's words left to right,
// classes each character as L (left-to-right letters), R (right-to-left letters), '#' (digits and
// number punctuation: - , . : / % and the Arabic comma) or neutral, and then
//   - on a page with more L than R characters (counted over the whole page), outputs runs of
//     non-R characters as they sit and reverses each run that starts with an R character and goes
//     on through R and neutral characters;
//   - on a page with more R characters, walks from the right: runs of R and neutral characters
//     are read right to left, runs of non-R characters left to right.
// Punctuation and digits inside Arabic therefore came out in the wrong place ("خدمة ممتازة ،شكراً",
// "حلب  -حمص"). So every drawn line that holds a right-to-left character carries the text an
// extractor should read as an ActualText span (PDF 32000 14.9.4, which poppler and Acrobat honour),
// arranged so that poppler's pass, for the page's direction, yields the line exactly as written.
// Runs are fenced with the invisible marks LRM (U+200E, class L) and RLM (U+200F, class R), in
// pairs, so they neither change the page's direction count nor let a neighbouring cell's
// characters join a run; an extractor's output then holds the text as written plus those marks
// and the embedding marks poppler adds itself (U+202A-U+202C), all invisible bidi controls.
import type { Bidi } from 'bidi-js';

const LRM = '\u200e';
const RLM = '\u200f';

/** How the extractor classes a character (see above). */
export type ExtractorClass = 'L' | 'R' | '#' | 'N';

const CLASSES: Record<string, ExtractorClass> = {
  L: 'L',
  LRE: 'L',
  LRO: 'L',
  R: 'R',
  AL: 'R',
  RLE: 'R',
  RLO: 'R',
  EN: '#',
  AN: '#',
  ES: '#',
  ET: '#',
  CS: '#',
};

export function extractorClass(bidi: Bidi, ch: string): ExtractorClass {
  return CLASSES[bidi.getBidiCharTypeName(ch)] ?? 'N';
}

/** L characters minus R characters: the page's direction is right-to-left when the sum over
 *  its text is negative. */
export function directionCount(bidi: Bidi, text: string): number {
  let count = 0;
  for (const ch of text) {
    const c = extractorClass(bidi, ch);
    if (c === 'L') count++;
    else if (c === 'R') count--;
  }
  return count;
}

/** Splits text into maximal runs whose characters all satisfy `inRun`, and the stretches between. */
function runs(chars: string[], inRun: (i: number) => boolean): Array<{ text: string[]; run: boolean }> {
  const out: Array<{ text: string[]; run: boolean }> = [];
  chars.forEach((ch, i) => {
    const run = inRun(i);
    const last = out[out.length - 1];
    if (last && last.run === run) last.text.push(ch);
    else out.push({ text: [ch], run });
  });
  return out;
}

/**
 * The ActualText for one drawn line of logical text, or undefined when it holds no right-to-left
 * character (then the glyphs extract as drawn). `rtlPage` is the page's direction as the extractor
 * will find it (directionCount of everything on the page < 0).
 */
export function actualTextOf(bidi: Bidi, text: string, rtlPage: boolean): string | undefined {
  const chars = [...text].filter((ch) => !/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u.test(ch));
  const classes = chars.map((ch) => extractorClass(bidi, ch));
  if (!classes.includes('R')) return undefined;
  if (!rtlPage) {
    // Left-to-right page: each stretch of R and neutral characters that holds an R is written
    // reversed between RLM (which starts the reversed run) and LRM (which ends it).
    const parts = runs(chars, (i) => classes[i] === 'R' || classes[i] === 'N');
    let rtlRun = 0;
    return parts
      .map((part) => {
        const start = rtlRun;
        rtlRun += part.text.length;
        const hasR = part.text.some((_, k) => classes[start + k] === 'R');
        return part.run && hasR ? `${RLM}${[...part.text].reverse().join('')}${LRM}` : part.text.join('');
      })
      .join('');
  }
  // Right-to-left page, read from the right: the pieces go in reverse order; a stretch of non-R
  // characters that holds a letter or digit keeps its order, fenced RLM ... LRM; the rest (R and
  // neutrals) is reversed character by character. LRM first and RLM last fence the whole line.
  const parts = runs(chars, (i) => classes[i] !== 'R');
  let at = 0;
  const pieces = parts.map((part) => {
    const start = at;
    at += part.text.length;
    const ltr = part.run && part.text.some((_, k) => classes[start + k] === 'L' || classes[start + k] === '#');
    return ltr ? `${RLM}${part.text.join('')}${LRM}` : [...part.text].reverse().join('');
  });
  return `${LRM}${pieces.reverse().join('')}${RLM}`;
}
