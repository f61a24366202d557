/**
 * A small writer of A4 papers (statements, invoices) with `pdf-lib`: text in the Japanese font the project ships
 * (BIZ UDPGothic, SIL Open Font License 1.1, from the npm package `@expo-google-fonts/biz-udpgothic`, read from
 * node_modules on the server only), embedded as a subset of the glyphs used (./fontSubsets.server.ts) so a paper
 * stays small; headings, label-value pairs and tables with right-aligned figures, breaking to a new page at the foot.
 * Only server code reaches it, so neither the font nor the library enters a browser bundle.
 *
 * @see https://pdf-lib.js.org/, https://fonts.google.com/specimen/BIZ+UDPGothic (license)
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { pdfFontkit } from './fontSubsets.server';

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.38, 0.38, 0.42);
const RULE = rgb(0.75, 0.75, 0.78);

let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;

/** The font files, read once per process. */
function fontBytes() {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    const path = (weight: string) =>
      require.resolve(`@expo-google-fonts/biz-udpgothic/${weight}/BIZUDPGothic_${weight}.ttf`);
    fonts = Promise.all([readFile(path('400Regular')), readFile(path('700Bold'))]).then(([regular, bold]) => ({
      regular,
      bold,
    }));
    fonts.catch(() => {
      fonts = undefined;
    });
  }
  return fonts;
}

/** One column of a table: its width in points and whether figures align right. */
export interface Column {
  width: number;
  align?: 'left' | 'right';
}

/** Writes one paper top to bottom. */
export class PdfWriter {
  private page!: PDFPage;
  private y = 0;

  private constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  /** A new paper titled `title` (the document's metadata), with `footer` on every page. */
  static async create(title: string, footer: string, language: 'ja' | 'en'): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.registerFontkit(pdfFontkit as unknown as Parameters<PDFDocument['registerFontkit']>[0]);
    const bytes = await fontBytes();
    const regular = await doc.embedFont(bytes.regular, { subset: true });
    const bold = await doc.embedFont(bytes.bold, { subset: true });
    doc.setTitle(title);
    doc.setLanguage(language === 'ja' ? 'ja-JP' : 'en-GB');
    doc.setProducer('Kirafuda');
    doc.setCreator('Kirafuda');
    return new PdfWriter(doc, regular, bold, footer);
  }

  /** The width a line may use. */
  get width(): number {
    return A4[0] - MARGIN * 2;
  }

  private newPage() {
    this.page = this.doc.addPage(A4);
    this.y = A4[1] - MARGIN;
    this.page.drawText(this.footer, { x: MARGIN, y: MARGIN / 2, size: 7, font: this.regular, color: MUTED });
  }

  private room(height: number) {
    if (this.y - height < MARGIN) this.newPage();
  }

  /** A line of text (`size` points; bold for headings). */
  text(value: string, options: { size?: number; bold?: boolean; muted?: boolean; gap?: number } = {}): void {
    const size = options.size ?? 9;
    this.room(size + 4);
    this.y -= size + 2;
    this.page.drawText(value, {
      x: MARGIN,
      y: this.y,
      size,
      font: options.bold ? this.bold : this.regular,
      color: options.muted ? MUTED : INK,
      maxWidth: this.width,
    });
    this.y -= options.gap ?? 4;
  }

  /**
   * Text that may be longer than a line, wrapped at the width: between words where it has spaces (English), else
   * between characters (Japanese has no spaces to wait for).
   */
  paragraph(value: string, size = 8): void {
    const fits = (text: string) => this.regular.widthOfTextAtSize(text, size) <= this.width;
    let line = '';
    for (const token of value.split(/(?<=\s)/)) {
      if (fits(line + token)) {
        line += token;
        continue;
      }
      if (line.trim()) this.text(line.trimEnd(), { size, muted: true, gap: 1 });
      line = '';
      if (fits(token)) {
        line = token;
        continue;
      }
      for (const char of token) {
        if (!fits(line + char)) {
          this.text(line, { size, muted: true, gap: 1 });
          line = '';
        }
        line += char;
      }
    }
    if (line.trim()) this.text(line.trimEnd(), { size, muted: true });
  }

  /** Space of `points`. */
  space(points: number): void {
    this.y -= points;
  }

  /** A thin rule across the page. */
  rule(): void {
    this.room(6);
    this.y -= 3;
    this.page.drawLine({
      start: { x: MARGIN, y: this.y },
      end: { x: A4[0] - MARGIN, y: this.y },
      thickness: 0.5,
      color: RULE,
    });
    this.y -= 3;
  }

  /** One row of a table in `columns` (bold for a header or a total). */
  row(cells: readonly string[], columns: readonly Column[], options: { bold?: boolean; size?: number } = {}): void {
    const size = options.size ?? 8;
    const font = options.bold ? this.bold : this.regular;
    this.room(size + 6);
    this.y -= size + 3;
    let x = MARGIN;
    cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      let value = cell;
      while (value.length > 1 && font.widthOfTextAtSize(value, size) > column.width - 4) value = value.slice(0, -1);
      const width = font.widthOfTextAtSize(value, size);
      const left = column.align === 'right' ? x + column.width - 4 - width : x;
      this.page.drawText(value, { x: left, y: this.y, size, font, color: INK });
      x += column.width;
    });
    this.y -= 3;
  }

  /** The paper's bytes. */
  save(): Promise<Uint8Array> {
    return this.doc.save();
  }
}
