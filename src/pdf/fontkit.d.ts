// The part of fontkit (PDFKit's font engine, which ships no types) tripctl asks directly: coverage
// for the PDF writer, and shaped glyph outlines for text drawn into images (outline-text.ts).
declare module 'fontkit' {
  export interface GlyphPath {
    toSVG(): string;
  }
  export interface Glyph {
    path: GlyphPath;
  }
  export interface GlyphPosition {
    xAdvance: number;
    xOffset: number;
    yOffset: number;
  }
  export interface GlyphRun {
    glyphs: Glyph[];
    positions: GlyphPosition[];
  }
  export interface Font {
    unitsPerEm: number;
    ascent: number;
    hasGlyphForCodePoint(codePoint: number): boolean;
    layout(text: string, features?: Record<string, boolean>): GlyphRun;
  }
  export function create(data: Buffer): Font;
}
