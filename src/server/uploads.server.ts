/**
 * Uploaded files: reading one image from a multipart body within a size limit, telling its type by its
 * first bytes (never by the name or the declared type), turning a profile picture into a 256x256 icon
 * and a 64x64 thumbnail (WebP, metadata such as GPS stripped), storing them under
 * `DATA_DIR/uploads/icons/` and serving `DATA_DIR/uploads` at `/media/...` without path traversal.
 *
 * @see docs/product-spec.md §3 (userProfile.image {icon, thumb})
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, realpath, stat, unlink, writeFile } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import sharp from 'sharp';
import { HttpError, unprocessable } from './api/errors';
import { mediaType } from './api/siteRequest';
import { Slots } from './concurrency';

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
export async function readBody(
  request: Request,
  maxBytes: number,
  tooLarge = 'The file is larger than 2 MB',
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw new HttpError(413, tooLarge);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new HttpError(413, tooLarge);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
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

/** Root folder of uploads: `DATA_DIR/uploads` (`./data/uploads` by default). */
export function uploadsRoot(env: Record<string, string | undefined> = process.env): string {
  return resolve(env.DATA_DIR || './data', 'uploads');
}

/** Icon and thumbnail of a stored profile picture, as `/media/...` URLs. */
export interface StoredIcon {
  icon: string;
  thumb: string;
}

/**
 * Checks the type of `bytes` (415 unless PNG, JPEG, WebP or GIF), makes the icon and thumbnail
 * (422 when the image cannot be decoded or is too large in pixels) and writes them under
 * `uploads/icons/` with a random name. Only the first frame of an animation is kept.
 */
export async function storeIcon(bytes: Uint8Array, root = uploadsRoot()): Promise<StoredIcon> {
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
  const folder = join(root, 'icons');
  await mkdir(folder, { recursive: true });
  const name = randomBytes(16).toString('hex');
  await writeFile(join(folder, `${name}.webp`), icon, { flag: 'wx' });
  await writeFile(join(folder, `${name}-thumb.webp`), thumb, { flag: 'wx' });
  return { icon: `${MEDIA_PREFIX}icons/${name}.webp`, thumb: `${MEDIA_PREFIX}icons/${name}-thumb.webp` };
}

/** Content types of the files `/media` serves, by extension; other files are not served. */
export const MEDIA_TYPES: Readonly<Record<string, string>> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
};

/** One path segment a media URL may have: letters, digits, `-`, `_`, one inner dot; no `..`, no `/`. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}(\.[A-Za-z0-9]{1,8})?$/;

/**
 * The file under `root` a media path (`icons/abc.webp`) names, with its content type, or null when
 * the path is not of the allowed form (traversal, hidden files, unknown extensions, too deep).
 */
export function mediaFile(path: string, root = uploadsRoot()): { file: string; type: string } | null {
  const segments = path.split('/');
  if (segments.length === 0 || segments.length > 4 || !segments.every((segment) => SEGMENT.test(segment))) return null;
  const extension = segments.at(-1)?.split('.')[1]?.toLowerCase();
  const type = extension === undefined ? undefined : MEDIA_TYPES[extension];
  if (type === undefined) return null;
  const file = resolve(root, ...segments);
  const inside = relative(root, file);
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) return null;
  return { file, type };
}

/**
 * Reads a media file for `/media/{path}`: null when the path is refused, the file is missing, is not a
 * regular file, or resolves (through a symbolic link) outside the uploads folder.
 */
export async function readMedia(
  path: string,
  root = uploadsRoot(),
): Promise<{ body: Uint8Array<ArrayBuffer>; type: string; etag: string } | null> {
  const target = mediaFile(path, root);
  if (!target) return null;
  try {
    const [realRoot, realFile] = await Promise.all([realpath(root), realpath(target.file)]);
    if (!realFile.startsWith(realRoot + sep)) return null;
    const info = await stat(realFile);
    if (!info.isFile()) return null;
    const body = await readFile(realFile);
    return { body, type: target.type, etag: `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"` };
  } catch {
    return null;
  }
}

/** Deletes the stored file a `/media/...` URL names (missing files and other URLs are ignored). */
export async function deleteMedia(url: string | null, root = uploadsRoot()): Promise<void> {
  if (!url?.startsWith(MEDIA_PREFIX)) return;
  const target = mediaFile(url.slice(MEDIA_PREFIX.length), root);
  if (!target) return;
  await unlink(target.file).catch(() => undefined);
}
