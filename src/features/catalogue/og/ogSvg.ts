/**
 * The Open Graph image of a token as SVG layers: the dark background, the frame the card image is
 * placed in, and the text (site name, card name, collection and creator, price). The server turns
 * them into a 1200x630 PNG (`ogImage.server.ts`). Pure, so the layout and the text fitting are tested
 * without an image library.
 *
 * @see https://ogp.me/ (og:image), docs/product-spec.md §1 (social preview tags)
 */

/** Size of an Open Graph image as the large summary cards of social sites show it. */
export const OG_WIDTH = 1200;
export const OG_HEIGHT = 630;

/** Where the card image goes (3:4, like the card tiles). */
export const OG_CARD = { left: 80, top: 65, width: 375, height: 500, radius: 24 } as const;

/** What the image says. */
export interface OgText {
  site: string;
  name: string;
  /** Collection and creator, or null. */
  subtitle: string | null;
  /** The listing price as text, or a "not listed" line. */
  price: string;
  /** Chain label and serial, or null. */
  footnote: string | null;
}

const FONT = "'Noto Sans CJK JP','Noto Sans JP','Hiragino Sans','Yu Gothic',sans-serif";
const TEXT_LEFT = 520;
const TEXT_WIDTH = OG_WIDTH - TEXT_LEFT - 70;

/** Escapes text for an SVG text node or attribute. */
export function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Rough width of a character in em: full-width (CJK, kana) about 1, others about 0.58. */
function charWidth(char: string): number {
  const code = char.codePointAt(0) ?? 0;
  return code >= 0x2e80 ? 1 : 0.58;
}

/**
 * Breaks `text` into at most `maxLines` lines of at most `maxEm` em each (spaces preferred as break
 * points; CJK text breaks anywhere), the last line ending in an ellipsis when the text does not fit.
 */
export function wrapText(text: string, maxEm: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  let width = 0;
  let lastSpace = -1;
  const chars = [...text.replace(/\s+/g, ' ').trim()];
  for (let i = 0; i < chars.length; i += 1) {
    const char = chars[i] ?? '';
    const w = charWidth(char);
    if (width + w > maxEm && line !== '') {
      if (lines.length === maxLines - 1) {
        lines.push(`${[...line].slice(0, -1).join('').trimEnd()}…`);
        return lines;
      }
      if (lastSpace > 0 && char !== ' ') {
        const rest = line.slice(lastSpace + 1);
        lines.push(line.slice(0, lastSpace));
        line = rest;
        width = [...rest].reduce((sum, c) => sum + charWidth(c), 0);
      } else {
        lines.push(line.trimEnd());
        line = '';
        width = 0;
      }
      lastSpace = -1;
      if (char === ' ' && line === '') continue;
    }
    if (char === ' ') lastSpace = line.length;
    line += char;
    width += w;
  }
  if (line.trim() !== '') lines.push(line.trim());
  return lines;
}

/** The background: a dark gradient with a soft glow behind the card, and the card's frame. */
export function ogBackgroundSvg(): string {
  const { left, top, width, height, radius } = OG_CARD;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}">`,
    '<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#171b33"/>',
    '<stop offset="1" stop-color="#090b17"/></linearGradient>',
    '<radialGradient id="glow" cx="0.22" cy="0.5" r="0.45"><stop offset="0" stop-color="#2563eb" stop-opacity="0.45"/>',
    '<stop offset="1" stop-color="#2563eb" stop-opacity="0"/></radialGradient></defs>',
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#bg)"/>`,
    `<rect width="${OG_WIDTH}" height="${OG_HEIGHT}" fill="url(#glow)"/>`,
    `<rect x="${left - 6}" y="${top - 6}" width="${width + 12}" height="${height + 12}" rx="${radius + 6}" fill="#2b3158"/>`,
    '</svg>',
  ].join('');
}

/** A rounded-rectangle mask of the card's size (keeps the card image's corners round). */
export function ogCardMaskSvg(): string {
  const { width, height, radius } = OG_CARD;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" rx="${radius}" fill="#fff"/></svg>`;
}

/** A plain card face for a token without a readable image. */
export function ogPlaceholderCardSvg(): string {
  const { width, height } = OG_CARD;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">`,
    '<defs><linearGradient id="p" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b4fa8"/>',
    '<stop offset="1" stop-color="#1b2250"/></linearGradient></defs>',
    `<rect width="${width}" height="${height}" fill="url(#p)"/>`,
    `<circle cx="${width / 2}" cy="${height / 2}" r="70" fill="none" stroke="#8fb0ff" stroke-width="8"/>`,
    '</svg>',
  ].join('');
}

/** The text layer (transparent elsewhere), to lay over the background and the card. */
export function ogTextSvg(text: OgText): string {
  const nameSize = 60;
  const nameLines = wrapText(text.name, TEXT_WIDTH / nameSize, 2);
  const subtitleLines = text.subtitle ? wrapText(text.subtitle, TEXT_WIDTH / 30, 2) : [];
  const parts: string[] = [];
  let y = 140;
  parts.push(
    `<text x="${TEXT_LEFT}" y="${y}" font-size="30" font-weight="700" fill="#8fb0ff">${escapeXml(text.site)}</text>`,
  );
  y += 95;
  for (const line of nameLines) {
    parts.push(
      `<text x="${TEXT_LEFT}" y="${y}" font-size="${nameSize}" font-weight="700" fill="#f3f5ff">${escapeXml(line)}</text>`,
    );
    y += 74;
  }
  y += 6;
  for (const line of subtitleLines) {
    parts.push(`<text x="${TEXT_LEFT}" y="${y}" font-size="30" fill="#b7bdd9">${escapeXml(line)}</text>`);
    y += 42;
  }
  parts.push(
    `<text x="${TEXT_LEFT}" y="${OG_HEIGHT - 110}" font-size="52" font-weight="700" fill="#ffffff">${escapeXml(text.price)}</text>`,
  );
  if (text.footnote) {
    parts.push(
      `<text x="${TEXT_LEFT}" y="${OG_HEIGHT - 62}" font-size="26" fill="#8d93b5">${escapeXml(text.footnote)}</text>`,
    );
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_WIDTH}" height="${OG_HEIGHT}" viewBox="0 0 ${OG_WIDTH} ${OG_HEIGHT}" font-family="${FONT.replace(/"/g, '&quot;')}">`,
    ...parts,
    '</svg>',
  ].join('');
}
