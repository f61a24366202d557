/**
 * Generated demo art: 24 card designs and one image per demo collection, as small SVG files under
 * `public/images/`. Each design combines a colour palette, a background motif and a central emblem;
 * no text is drawn, so a design can be shared by cards of different names.
 *
 * The files are committed; regenerate them with `npm run db:seed -- --write-art` after changing this
 * module (a test checks that the files on disk match).
 *
 * @see ./demoCatalogue.ts
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DEMO_CATEGORIES } from './demoCatalogue.ts';
import { seededRandom } from './deterministic.ts';

/** Number of distinct card designs the demo cards share. */
export const CARD_DESIGN_COUNT = 24;

/** Public path (under `public/`) of card design `index` (0-based): `/images/cards/card-01.svg` ... */
export function cardImagePath(index: number): string {
  const number = (((index % CARD_DESIGN_COUNT) + CARD_DESIGN_COUNT) % CARD_DESIGN_COUNT) + 1;
  return `/images/cards/card-${String(number).padStart(2, '0')}.svg`;
}

/** Public path of a demo collection's image: `/images/categories/{slug}.svg`. */
export function categoryImagePath(slug: string): string {
  return `/images/categories/${slug}.svg`;
}

/** A number with at most one decimal, without a trailing `.0`. */
const n = (value: number): string => String(Math.round(value * 10) / 10);

/** `hsl()` colour with the hue wrapped into [0, 360). */
const hsl = (hue: number, saturation: number, lightness: number): string =>
  `hsl(${Math.round(((hue % 360) + 360) % 360)} ${saturation}% ${lightness}%)`;

/** Colours of one design, from its hue. */
interface Palette {
  top: string;
  bottom: string;
  accent: string;
  frame: string;
}

function paletteOf(hue: number): Palette {
  return {
    top: hsl(hue, 55, 30),
    bottom: hsl(hue + 40, 60, 11),
    accent: hsl(hue + 150, 85, 72),
    frame: hsl(hue + 20, 70, 78),
  };
}

/** Points of a regular star with `spikes` tips centred on (cx, cy). */
function starPoints(cx: number, cy: number, outer: number, inner: number, spikes: number): string {
  const points: string[] = [];
  for (let i = 0; i < spikes * 2; i += 1) {
    const radius = i % 2 === 0 ? outer : inner;
    const angle = (Math.PI * i) / spikes - Math.PI / 2;
    points.push(`${n(cx + radius * Math.cos(angle))},${n(cy + radius * Math.sin(angle))}`);
  }
  return points.join(' ');
}

/** Background motif `kind` (0..5) over a `width` x `height` area, drawn in the current fill/stroke. */
function motif(kind: number, width: number, height: number, seed: number): string {
  const random = seededRandom(seed);
  const parts: string[] = [];
  const x = () => random.int(0, width);
  const y = () => random.int(0, height);
  switch (kind % 6) {
    case 0: // bubbles
      for (let i = 0; i < 16; i += 1) parts.push(`<circle cx="${x()}" cy="${y()}" r="${random.int(3, 18)}"/>`);
      break;
    case 1: // twinkling stars
      for (let i = 0; i < 18; i += 1) {
        const size = random.int(3, 9);
        parts.push(`<polygon points="${starPoints(x(), y(), size, size / 3, 4)}"/>`);
      }
      break;
    case 2: // waves
      for (let row = 0; row < 8; row += 1) {
        const base = (height / 8) * row + random.int(8, 24);
        const amp = random.int(6, 14);
        parts.push(
          `<path fill="none" stroke-width="3" d="M0 ${base} Q${n(width / 4)} ${base - amp} ${n(width / 2)} ${base} T${width} ${base}"/>`,
        );
      }
      break;
    case 3: // mountains
      for (let layer = 0; layer < 4; layer += 1) {
        const baseY = height - layer * 18;
        const peak = random.int(Math.round(height * 0.45), Math.round(height * 0.7));
        const at = random.int(20, width - 20);
        parts.push(`<polygon points="0,${baseY} ${at},${peak - layer * 12} ${width},${baseY}"/>`);
      }
      break;
    case 4: // petals
      for (let i = 0; i < 14; i += 1) {
        parts.push(
          `<ellipse cx="${x()}" cy="${y()}" rx="${random.int(4, 9)}" ry="${random.int(9, 16)}" transform="rotate(${random.int(0, 179)} ${x()} ${y()})"/>`,
        );
      }
      break;
    default: // diamond lattice
      for (let gy = 0; gy <= height; gy += 44) {
        for (let gx = (gy / 44) % 2 === 0 ? 0 : 22; gx <= width; gx += 44) {
          parts.push(`<rect x="${gx - 6}" y="${gy - 6}" width="12" height="12" transform="rotate(45 ${gx} ${gy})"/>`);
        }
      }
  }
  return parts.join('');
}

/** Central emblem `kind` (0..3) of radius `r` centred on (cx, cy). */
function emblem(kind: number, cx: number, cy: number, r: number, palette: Palette): string {
  switch (kind % 4) {
    case 0: {
      // crescent moon: the outer arc round the left, the inner one back with a flatter bulge
      const top = `${n(cx + r * 0.5)} ${n(cy - r * 0.87)}`;
      const bottom = `${n(cx + r * 0.5)} ${n(cy + r * 0.87)}`;
      return `<path fill="${palette.accent}" d="M${top}A${r} ${r} 0 1 0 ${bottom}A${n(r * 1.05)} ${n(r * 1.05)} 0 0 1 ${top}Z"/>`;
    }
    case 1: // crystal
      return `<g stroke="${palette.frame}" stroke-width="2" stroke-linejoin="round"><polygon fill="${palette.accent}" points="${cx},${n(cy - r)} ${n(cx + r * 0.6)},${n(cy - r * 0.2)} ${cx},${n(cy + r)} ${n(cx - r * 0.6)},${n(cy - r * 0.2)}"/><path fill="none" d="M${n(cx - r * 0.6)} ${n(cy - r * 0.2)}H${n(cx + r * 0.6)}M${cx} ${n(cy - r)}V${n(cy + r)}"/></g>`;
    case 2: {
      // flower
      const petals: string[] = [];
      for (let i = 0; i < 8; i += 1) {
        petals.push(
          `<ellipse cx="${cx}" cy="${n(cy - r * 0.55)}" rx="${n(r * 0.22)}" ry="${n(r * 0.45)}" transform="rotate(${i * 45} ${cx} ${cy})"/>`,
        );
      }
      return `<g fill="${palette.accent}">${petals.join('')}</g><circle cx="${cx}" cy="${cy}" r="${n(r * 0.25)}" fill="${palette.frame}"/>`;
    }
    default: // eight-point star
      return `<polygon fill="${palette.accent}" stroke="${palette.frame}" stroke-width="2" points="${starPoints(cx, cy, r, r * 0.45, 8)}"/>`;
  }
}

/** SVG of card design `index` (0..23): 250 x 350, a 5:7 trading card. */
export function cardArtSvg(index: number): string {
  const palette = paletteOf(index * 137.5);
  const pips = Array.from(
    { length: 5 },
    (_, i) => `<rect x="${93 + i * 16}" y="300" width="9" height="9" transform="rotate(45 ${97.5 + i * 16} 304.5)"/>`,
  ).join('');
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 250 350" width="250" height="350">',
    `<title>Demo card art ${String(index + 1).padStart(2, '0')}</title>`,
    `<defs><linearGradient id="b" x1="0" y1="0" x2=".3" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient>`,
    '<clipPath id="c"><rect width="250" height="350" rx="14"/></clipPath>',
    `<radialGradient id="g"><stop offset="0" stop-color="${palette.accent}" stop-opacity=".7"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient></defs>`,
    '<rect width="250" height="350" rx="14" fill="url(#b)"/>',
    `<g clip-path="url(#c)" fill="${palette.accent}" stroke="${palette.accent}" opacity=".28">${motif(index, 250, 350, 1000 + index)}</g>`,
    '<circle cx="125" cy="150" r="100" fill="url(#g)"/>',
    emblem(Math.floor(index / 6), 125, 150, 62, palette),
    `<rect x="8" y="8" width="234" height="334" rx="10" fill="none" stroke="${palette.frame}" stroke-width="3"/>`,
    `<rect x="24" y="276" width="202" height="56" rx="8" fill="${palette.bottom}" opacity=".75"/>`,
    `<g fill="${palette.frame}">${pips}</g>`,
    '</svg>\n',
  ].join('');
}

/** SVG of the image of demo collection `index` (0..11): 320 x 320. */
export function categoryArtSvg(index: number): string {
  const palette = paletteOf(index * 30 + 200);
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">',
    `<title>Demo collection art ${String(index + 1).padStart(2, '0')}</title>`,
    `<defs><linearGradient id="b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${palette.top}"/><stop offset="1" stop-color="${palette.bottom}"/></linearGradient></defs>`,
    '<rect width="320" height="320" fill="url(#b)"/>',
    `<g fill="${palette.accent}" stroke="${palette.accent}" opacity=".3">${motif(index + 3, 320, 320, 2000 + index)}</g>`,
    `<circle cx="160" cy="160" r="96" fill="${palette.bottom}" opacity=".55" stroke="${palette.frame}" stroke-width="4"/>`,
    emblem(index, 160, 160, 64, palette),
    '</svg>\n',
  ].join('');
}

/** Every demo image as `[path under public/, SVG text]`. */
export function demoArtFiles(): [string, string][] {
  const files: [string, string][] = [];
  for (let i = 0; i < CARD_DESIGN_COUNT; i += 1) files.push([cardImagePath(i), cardArtSvg(i)]);
  DEMO_CATEGORIES.forEach((category, i) => {
    files.push([categoryImagePath(category.slug), categoryArtSvg(i)]);
  });
  return files;
}

/** Writes every demo image under `publicDir` (the project's `public/`); returns the bytes written. */
export async function writeDemoArt(publicDir: string): Promise<number> {
  let bytes = 0;
  for (const [path, svg] of demoArtFiles()) {
    const target = join(publicDir, path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, svg);
    bytes += Buffer.byteLength(svg);
  }
  return bytes;
}
