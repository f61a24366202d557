/**
 * The font engine `pdf-lib` embeds fonts with: `fontkit` 2 (foliojs), whose TrueType subsetter keeps the glyphs
 * of our Japanese font intact, where `@pdf-lib/fontkit` (the fork pdf-lib suggests) drew most of them blank once
 * subset (poppler showed empty boxes; the text layer still read right). pdf-lib 1.17 asks a subset for
 * `encodeStream()`, the old fontkit API; fontkit 2 encodes at once (`encode()`), so the subset is handed over as
 * one chunk of that stream. Everything else of the font is fontkit 2's own.
 *
 * @see https://github.com/foliojs/fontkit, https://pdf-lib.js.org/docs/api/classes/pdfdocument#registerfontkit
 */
import * as fontkit from 'fontkit';

type Listener = (value?: unknown) => void;

/** A subset whose bytes come as the one chunk of an `encodeStream()` (data, then end; or error). */
function streamingSubset(subset: fontkit.Subset) {
  return {
    includeGlyph: (glyph: number | fontkit.Glyph) => subset.includeGlyph(glyph),
    encodeStream() {
      const listeners: Record<string, Listener> = {};
      const stream = {
        on(event: string, listener: Listener) {
          listeners[event] = listener;
          return stream;
        },
      };
      queueMicrotask(() => {
        try {
          listeners['data']?.(subset.encode());
          listeners['end']?.();
        } catch (error) {
          listeners['error']?.(error);
        }
      });
      return stream;
    },
  };
}

/** What `PDFDocument.registerFontkit` takes: fontkit 2, its subsets speaking pdf-lib's stream. */
export const pdfFontkit = {
  create(bytes: Uint8Array, postscriptName?: string) {
    const font = fontkit.create(bytes, postscriptName);
    return new Proxy(font, {
      get(target, property) {
        if (property === 'createSubset') return () => streamingSubset(target.createSubset());
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  },
};
