/**
 * The part of `fontkit` (foliojs, 2.x; it ships no types) that ./fontSubsets.server.ts uses: opening a font from
 * its bytes, and a subset of its glyphs encoded as a font file.
 */
declare module 'fontkit' {
  export interface Glyph {
    id: number;
  }
  export interface Subset {
    includeGlyph(glyph: number | Glyph): number;
    encode(): Uint8Array;
  }
  export interface Font {
    createSubset(): Subset;
  }
  export function create(buffer: Uint8Array, postscriptName?: string): Font;
}
