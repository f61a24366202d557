/**
 * Renders a token's Open Graph image: a 1200x630 PNG with the dark background, the card image
 * (read from disk: the site's public files or uploaded media, never fetched over the network), the
 * card's name, its collection and creator, and its price. Built with sharp from the SVG layers of
 * `ogSvg.ts`.
 *
 * @see https://ogp.me/ (og:image), docs/product-spec.md §1 (social preview tags)
 */
import { readFile, realpath } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { MEDIA_PREFIX, readMedia } from '~/server/uploads.server';
import { OG_CARD, type OgText, ogBackgroundSvg, ogCardMaskSvg, ogPlaceholderCardSvg, ogTextSvg } from './ogSvg';

/** Image types a card image may have on disk. */
const IMAGE_EXTENSIONS = new Set(['.svg', '.png', '.jpg', '.jpeg', '.webp', '.gif']);

/**
 * Folders public files are read from, in order: `public/` of the project, then the build's client
 * folder (`dist/client/`, where a deployment without the sources has them). The server runs with
 * the project root as its working directory.
 */
export function publicRoots(cwd = process.cwd()): string[] {
  return [resolve(cwd, 'public'), resolve(cwd, 'dist', 'client')];
}

/**
 * The bytes of a card image named by its site path (`/images/cards/card-01.svg`, `/media/...`), or
 * null for a remote URL, a path outside the public folders, another file type or a missing file.
 */
export async function readCardImage(src: string | null, roots = publicRoots()): Promise<Uint8Array | null> {
  if (!src?.startsWith('/') || src.startsWith('//')) return null;
  const path = decodeURIComponent(src.split(/[?#]/)[0] ?? '');
  if (path.startsWith(MEDIA_PREFIX)) return (await readMedia(path.slice(MEDIA_PREFIX.length)))?.body ?? null;
  if (!IMAGE_EXTENSIONS.has(extname(path).toLowerCase()) || path.includes('\0')) return null;
  for (const root of roots) {
    const file = resolve(root, `.${path}`);
    if (!file.startsWith(root + sep)) return null;
    try {
      const [realRoot, realFile] = await Promise.all([realpath(root), realpath(file)]);
      if (!realFile.startsWith(realRoot + sep)) continue;
      return await readFile(realFile);
    } catch {
      // not in this folder: try the next
    }
  }
  return null;
}

/** The card image cut to the card frame with round corners; a plain card face when it cannot be read. */
async function cardLayer(image: Uint8Array | null): Promise<Buffer> {
  const mask = Buffer.from(ogCardMaskSvg());
  const shape = (input: Uint8Array | Buffer) =>
    sharp(input, { density: 144 })
      .resize(OG_CARD.width, OG_CARD.height, { fit: 'cover' })
      .composite([{ input: mask, blend: 'dest-in' }])
      .png()
      .toBuffer();
  if (image) {
    try {
      return await shape(image);
    } catch {
      // an image sharp cannot decode gets the plain face
    }
  }
  return shape(Buffer.from(ogPlaceholderCardSvg()));
}

/** What the image shows: the card image's site path and the texts. */
export interface TokenOgInput extends OgText {
  image: string | null;
}

/** Renders the 1200x630 PNG of a token (see the module comment). */
export async function renderTokenOgImage(input: TokenOgInput, roots = publicRoots()): Promise<Buffer> {
  const card = await cardLayer(await readCardImage(input.image, roots));
  return sharp(Buffer.from(ogBackgroundSvg()))
    .composite([
      { input: card, left: OG_CARD.left, top: OG_CARD.top },
      { input: Buffer.from(ogTextSvg(input)), left: 0, top: 0 },
    ])
    .removeAlpha()
    .png({ compressionLevel: 8 })
    .toBuffer();
}
