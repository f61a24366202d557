/**
 * Project (category) images: the uploaded file's type is told by its first bytes, then it is re-encoded
 * as a square WebP (metadata such as GPS stripped, first frame only) and stored under `categories/` in the
 * media store, served at `/media/categories/...`. Reading the upload, the type check, the store and the media
 * URL are the profile upload helpers.
 *
 * @see ../../../server/uploads.server.ts
 */
import sharp from 'sharp';
import { HttpError, unprocessable } from '~/server/api/errors';
import type { MediaStore } from '~/server/mediaStore.server';
import { detectImageType, storeUpload } from '~/server/uploads.server';

/** Side of a stored project image, in pixels (grids show it at most ~300 px wide, twice for HiDPI). */
export const CATEGORY_IMAGE_SIZE = 600;
/** Largest image decoded, in pixels, so a small file cannot decode to gigabytes. */
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * Checks and stores a project image, returning its `/media/categories/{random}.webp` URL: 415 unless
 * PNG, JPEG, WebP or GIF by its bytes, 422 when it cannot be decoded.
 */
export async function storeCategoryImage(bytes: Uint8Array, store?: MediaStore): Promise<string> {
  if (detectImageType(bytes) === null) throw new HttpError(415, 'The file must be a PNG, JPEG, WebP or GIF image');
  let image: Buffer;
  try {
    image = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
      .rotate()
      .resize(CATEGORY_IMAGE_SIZE, CATEGORY_IMAGE_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw unprocessable('The image could not be read');
  }
  return storeUpload('categories', image, store ? { store } : {});
}
