/**
 * Stores an issued card's image: checked by its first bytes (PNG, JPEG, WebP or GIF), decoded within a pixel
 * limit, fitted inside 1200x1200 as WebP (metadata such as GPS dropped) under `cards/` in the media store
 * with a random name, and served at `/media/cards/...`.
 *
 * @see ../../server/uploads.server.ts (type detection, media serving)
 */
import sharp from 'sharp';
import { HttpError, unprocessable } from '~/server/api/errors';
import type { MediaStore } from '~/server/mediaStore.server';
import { detectImageType, storeUpload } from '~/server/uploads.server';

/** Longest side of a stored card image, in pixels. */
export const CARD_IMAGE_SIZE = 1_200;
const MAX_INPUT_PIXELS = 40_000_000;

/** Stores the image and resolves with its `/media/cards/<name>.webp` URL. */
export async function storeCardImage(bytes: Uint8Array, store?: MediaStore): Promise<string> {
  if (detectImageType(bytes) === null) throw new HttpError(415, 'The image must be a PNG, JPEG, WebP or GIF file');
  let webp: Buffer;
  try {
    webp = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(CARD_IMAGE_SIZE, CARD_IMAGE_SIZE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 88 })
      .toBuffer();
  } catch {
    throw unprocessable('The image could not be read');
  }
  return storeUpload('cards', webp, store ? { store } : {});
}
