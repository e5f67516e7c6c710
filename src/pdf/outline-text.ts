// Text for images (a ticket saved as a PNG): one line of mixed Arabic and Latin text as SVG
// outlines, with the PDFs' typeface, font choice, bidi runs and shaping (text-runs.ts, fontkit),
// so an SVG rasteriser needs no fonts and no text engine of its own. Loaded with the PDF engine,
// on first use; nothing here runs at start-up.
import type { Font } from 'fontkit';
import { visualRuns } from './text-runs.js';
import { loadEngine, ROLES, type Weight } from './writer.js';

export interface OutlineOptions {
  size: number;
  weight?: Weight;
  color?: string;
}

export interface Outliner {
  /** The width of the line at this size, in the same units as the size. */
  measure(text: string, options: OutlineOptions): number;
  /** SVG `<path>` elements drawing the line with its top-left corner at x, top. */
  draw(text: string, x: number, top: number, options: OutlineOptions): string;
}

/** Shaped as the PDF writer shapes it: kerning off inside Arabic runs (writer.ts says why). */
const ARABIC_FEATURES = { kern: false };

let outliner: Promise<Outliner> | undefined;

/**
 * The outliner, made once a process: fontkit inflates a WOFF font's tables when first read, so
 * faces made afresh for each ticket cost a second each (20 tickets took 12 s, 5.6 s of it inflating).
 */
export function openOutliner(): Promise<Outliner> {
  outliner ??= makeOutliner();
  return outliner;
}

async function makeOutliner(): Promise<Outliner> {
  const engine = await loadEngine();
  const fontkit = await import('fontkit');
  const faces = new Map<string, Font>();
  const face = (role: (typeof ROLES)[number], weight: Weight): Font => {
    const key = `${role}-${weight}`;
    let found = faces.get(key);
    if (!found) faces.set(key, (found = fontkit.create(engine.fonts[role][weight])));
    return found;
  };
  // What no font draws becomes '?', controls go: as in the PDFs.
  const clean = (text: string) =>
    [...text.replace(/[\t\r\n]+/g, ' ')]
      .filter((ch) => {
        const cp = ch.codePointAt(0)!;
        return cp >= 0x20 && !(cp >= 0x7f && cp < 0xa0);
      })
      .map((ch) => (ROLES.some((role) => engine.covers(role, ch.codePointAt(0)!)) ? ch : '?'))
      .join('');
  const laidOut = (text: string, weight: Weight, size: number) =>
    visualRuns(engine.bidi, clean(text), engine.covers).runs.map((run) => {
      const font = face(run.font, weight);
      const glyphs = font.layout(run.text, run.font === 'arabic' ? ARABIC_FEATURES : undefined);
      const scale = size / font.unitsPerEm;
      return { font, glyphs, scale, width: glyphs.positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale };
    });
  return {
    measure: (text, { size, weight = 'regular' }) => laidOut(text, weight, size).reduce((sum, run) => sum + run.width, 0),
    draw(text, x, top, { size, weight = 'regular', color = '#000000' }) {
      const latin = face('latin', weight);
      const baseline = top + (latin.ascent / latin.unitsPerEm) * size;
      let at = x;
      const paths: string[] = [];
      for (const run of laidOut(text, weight, size)) {
        run.glyphs.glyphs.forEach((glyph, index) => {
          const position = run.glyphs.positions[index]!;
          const d = glyph.path.toSVG();
          const gx = at + position.xOffset * run.scale;
          const gy = baseline - position.yOffset * run.scale;
          if (d)
            paths.push(
              `<path fill="${color}" transform="translate(${r(gx)} ${r(gy)}) scale(${r(run.scale, 5)} ${r(-run.scale, 5)})" d="${d}"/>`,
            );
          at += position.xAdvance * run.scale;
        });
      }
      return paths.join('');
    },
  };
}

const r = (value: number, digits = 2) => Number(value.toFixed(digits));
