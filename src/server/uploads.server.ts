/**
 * Uploaded files: reading one image from a multipart body within a size limit, telling its type by its
 * first bytes (never by the name or the declared type), turning a profile picture into a 256x256 icon
 * and a 64x64 thumbnail (WebP, metadata such as GPS stripped), storing images in the media store
 * (./mediaStore.server.ts: PostgreSQL, or `DATA_DIR/uploads` for the embedded database) and reading them
 * for `/media/...` without path traversal.
 *
 * @see docs/product-spec.md §3 (userProfile.image {icon, thumb})
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { HttpError, unprocessable } from './api/errors';
import { readLimitedBytes } from './api/parse';
import { mediaType } from './api/siteRequest';
import { Slots } from './concurrency';
import { type MediaStore, mediaPathType, type StoredMedia, uploadStore } from './mediaStore.server';

/** Largest accepted image file: 2 MiB. */
export const MAX_ICON_BYTES = 2 * 1024 * 1024;
/** Room for the multipart boundaries and part headers around the file. */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
/** Largest image accepted, in pixels: a 2 MiB file could otherwise decode to gigabytes (a pixel bomb). */
const MAX_INPUT_PIXELS = 40_000_000;
/** Side of the profile icon, in pixels. */
export const ICON_SIZE = 256;
/** Side of the profile thumbnail (header button), in pixels. */
export const THUMB_SIZE = 64;
/** URL prefix of served uploads. */
export const MEDIA_PREFIX = '/media/';

/** Image types accepted for upload, told by their magic bytes. */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'gif';

const startsWith = (bytes: Uint8Array, prefix: readonly number[], offset = 0) =>
  bytes.length >= offset + prefix.length && prefix.every((byte, i) => bytes[offset + i] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** The image type of a file's first bytes (PNG, JPEG, WebP, GIF), or null for anything else. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

/** Reads a request body up to `maxBytes`, or throws 413 (with `tooLarge`) as soon as it is longer. */
export function readBody(
  request: Request,
  maxBytes: number,
  tooLarge = 'The file is larger than 2 MB',
): Promise<Uint8Array<ArrayBuffer>> {
  return readLimitedBytes(request, maxBytes, tooLarge);
}

/**
 * Uploads decoded at once in this process (sharp holds whole images in memory): two run, eight wait, more
 * are refused with 503. Every upload endpoint reads and processes its file inside a slot.
 */
export const uploadSlots = new Slots(2, 8, 'Too many uploads at once; try again in a moment');

/**
 * Reads a multipart/form-data body of at most `maxBytes`: 415 for any other media type (or no boundary),
 * 413 past the limit, 400 for a malformed body.
 */
export async function readMultipartForm(request: Request, maxBytes: number, tooLarge: string): Promise<FormData> {
  const type = request.headers.get('content-type') ?? '';
  if (mediaType(type) !== 'multipart/form-data' || !/;\s*boundary=/i.test(type))
    throw new HttpError(415, 'Send the form as multipart/form-data');
  const body = await readBody(request, maxBytes, tooLarge);
  try {
    return await new Response(body, { headers: { 'content-type': type } }).formData();
  } catch {
    throw new HttpError(400, 'The multipart body could not be read');
  }
}

/**
 * The bytes of the file in multipart field `field`: 415 when the body is not multipart/form-data,
 * 413 above {@link MAX_ICON_BYTES}, 400 for a malformed body, 422 when the field is missing or empty.
 */
export async function readUploadedFile(request: Request, field: string): Promise<Uint8Array> {
  const form = await readMultipartForm(
    request,
    MAX_ICON_BYTES + MULTIPART_OVERHEAD_BYTES,
    'The file is larger than 2 MB',
  );
  const file = form.get(field);
  if (!(file instanceof Blob) || file.size === 0) throw unprocessable(`${field}: choose an image file`);
  if (file.size > MAX_ICON_BYTES) throw new HttpError(413, 'The file is larger than 2 MB');
  return new Uint8Array(await file.arrayBuffer());
}

/** Icon and thumbnail of a stored profile picture, as `/media/...` URLs. */
export interface StoredIcon {
  icon: string;
  thumb: string;
}

/**
 * Stores an image made from an upload under `folder` with a random name (`{folder}/{random}{suffix}`) in the
 * process's media store (../mediaStore.server.ts: shared by every process on PostgreSQL), answering its
 * `/media/...` URL.
 */
export async function storeUpload(
  folder: string,
  body: Buffer,
  options: { name?: string; suffix?: string; store?: MediaStore } = {},
): Promise<string> {
  const store = options.store ?? (await uploadStore());
  const path = `${folder}/${options.name ?? randomBytes(16).toString('hex')}${options.suffix ?? '.webp'}`;
  await store.put(path, body);
  return `${MEDIA_PREFIX}${path}`;
}

/**
 * Checks the type of `bytes` (415 unless PNG, JPEG, WebP or GIF), makes the icon and thumbnail
 * (422 when the image cannot be decoded or is too large in pixels) and stores them under `icons/` with a
 * random name. Only the first frame of an animation is kept.
 */
export async function storeIcon(bytes: Uint8Array, store?: MediaStore): Promise<StoredIcon> {
  if (detectImageType(bytes) === null) throw new HttpError(415, 'The file must be a PNG, JPEG, WebP or GIF image');
  let icon: Buffer;
  let thumb: Buffer;
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated: false }).rotate();
    icon = await image.clone().resize(ICON_SIZE, ICON_SIZE, { fit: 'cover' }).webp({ quality: 85 }).toBuffer();
    thumb = await image.clone().resize(THUMB_SIZE, THUMB_SIZE, { fit: 'cover' }).webp({ quality: 80 }).toBuffer();
  } catch {
    throw unprocessable('The image could not be read');
  }
  const name = randomBytes(16).toString('hex');
  return {
    icon: await storeUpload('icons', icon, { name, ...(store ? { store } : {}) }),
    thumb: await storeUpload('icons', thumb, { name, suffix: '-thumb.webp', ...(store ? { store } : {}) }),
  };
}

/** Reads a stored file for `/media/{path}`: null when the path is refused or nothing is stored there. */
export async function readMedia(path: string, store?: MediaStore): Promise<StoredMedia | null> {
  if (!mediaPathType(path)) return null;
  return (store ?? (await uploadStore())).get(path);
}

/** Deletes the stored file a `/media/...` URL names (missing files and other URLs are ignored). */
export async function deleteMedia(url: string | null, store?: MediaStore): Promise<void> {
  if (!url?.startsWith(MEDIA_PREFIX)) return;
  const path = url.slice(MEDIA_PREFIX.length);
  if (!mediaPathType(path)) return;
  await (store ?? (await uploadStore())).delete(path).catch((error: unknown) => {
    console.error(`[media] deleting ${path} failed:`, error);
  });
}
