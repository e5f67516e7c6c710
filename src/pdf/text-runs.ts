// Text as a PDF must draw it: cut into runs that each use one font and one direction, in the
// order they appear from left to right. Arabic (right-to-left) and Latin, digits and punctuation
// (left-to-right) mix in one cell ("Damascus - دمشق", "محمد 3 مقاعد"), so the Unicode
// Bidirectional Algorithm (bidi-js) resolves each character's level; runs are then reordered as
// its rule L2 says. Within a right-to-left run of Arabic letters the font engine (fontkit,
// through PDFKit) shapes the letters and lays them out right to left itself, so such a run is
// handed over in logical order; any other right-to-left run (punctuation, spaces) is reversed
// here, with mirrored brackets.
import type { Bidi } from 'bidi-js';

/** The fonts a run can use: the Arabic, Latin and Latin Extended parts of one typeface. */
export type FontRole = 'arabic' | 'latin' | 'latinExt';

export interface TextRun {
  text: string;
  font: FontRole;
  /** Drawn in this order, left to right. */
  rtl: boolean;
}

const ARABIC_LETTER = /\p{Script=Arabic}/u;
/** Marks, embeddings and isolates: they steer the algorithm and have no glyph. */
export const BIDI_CONTROL = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
/** Joiners and marks that belong with the Arabic letters around them. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: joiners and combining marks matched one at a time, on purpose
const JOINING = /[\u200c\u200d\u064b-\u065f\u0670]/u;

/** Which font draws a character: Arabic script in the Arabic font, the rest in the first font
 *  that has it (the Arabic comma and question mark are script Common, yet only there). */
function roleOf(ch: string, previous: FontRole | null, covers: (role: FontRole, cp: number) => boolean): FontRole {
  const cp = ch.codePointAt(0)!;
  if (ARABIC_LETTER.test(ch) || JOINING.test(ch)) return 'arabic';
  // Spaces between Arabic words stay in the Arabic run, so a name is one run, shaped at once.
  if (ch === ' ' && previous === 'arabic' && covers('arabic', cp)) return 'arabic';
  return (['latin', 'latinExt', 'arabic'] as const).find((role) => covers(role, cp)) ?? 'latin';
}

/** Runs of one line of text in visual (left-to-right drawing) order. */
export function visualRuns(
  bidi: Bidi,
  text: string,
  covers: (role: FontRole, cp: number) => boolean,
): { runs: TextRun[]; rtlParagraph: boolean } {
  if (text === '') return { runs: [], rtlParagraph: false };
  const { levels, paragraphs } = bidi.getEmbeddingLevels(text);
  const rtlParagraph = (paragraphs[0]?.level ?? 0) % 2 === 1;
  // Logical runs: same level, same font. Levels are indexed by UTF-16 code unit, as bidi-js
  // counts them. Bidi controls (isolates, marks) shape the levels but are not drawn.
  const logical: Array<{ text: string; level: number; font: FontRole }> = [];
  let previous: FontRole | null = null;
  for (let i = 0; i < text.length; ) {
    const cp = text.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    const ch = String.fromCodePoint(cp);
    const level = levels[i]!;
    i += size;
    if (BIDI_CONTROL.test(ch)) continue;
    const font = roleOf(ch, previous, covers);
    const last = logical[logical.length - 1];
    if (last && last.level === level && last.font === font) last.text += ch;
    else logical.push({ text: ch, level, font });
    previous = font;
  }
  if (logical.length === 0) return { runs: [], rtlParagraph };
  // L2: from the highest level down to the lowest odd one, reverse every sequence of runs at that level or above.
  const order = logical.map((_, i) => i);
  const max = Math.max(...logical.map((r) => r.level));
  const minOdd = Math.min(...logical.map((r) => (r.level % 2 === 1 ? r.level : Number.POSITIVE_INFINITY)));
  for (let level = max; level >= minOdd && Number.isFinite(minOdd); level--) {
    for (let i = 0; i < order.length; ) {
      if (logical[order[i]!]!.level < level) {
        i++;
        continue;
      }
      let j = i;
      while (j < order.length && logical[order[j]!]!.level >= level) j++;
      order.splice(i, j - i, ...order.slice(i, j).reverse());
      i = j;
    }
  }
  const runs = order.map((index) => {
    const run = logical[index]!;
    const rtl = run.level % 2 === 1;
    let slice = run.text;
    if (rtl && !ARABIC_LETTER.test(slice)) {
      // The font engine lays out only Arabic letters right to left: do it for the rest.
      slice = [...slice]
        .reverse()
        .map((ch) => bidi.getMirroredCharacter(ch) ?? ch)
        .join('');
    }
    return { text: slice, font: run.font, rtl };
  });
  return { runs, rtlParagraph };
}
