// The part of fontkit (PDFKit's font engine, which ships no types) the PDF writer asks directly.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(data: Buffer): Font;
}
