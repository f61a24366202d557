/**
 * The Content-Type of served bytes, told from the content (a UnixFS file has no type of its own): the image
 * formats cards use (PNG, JPEG, WebP, GIF, SVG), JSON (metadata documents), else `application/octet-stream`.
 */
import { detectImageType } from '~/server/uploads.server';

const IMAGE_TYPES = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif' } as const;

/** The type of a file whose first bytes are `head` (at most a few kB) and whose whole size is `size`. */
export function contentTypeOf(head: Uint8Array, size: number, whole: Uint8Array | undefined): string {
  const image = detectImageType(head);
  if (image) return IMAGE_TYPES[image];
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head).trimStart();
  if (/^(<\?xml[^>]*>\s*)?<svg[\s>]/i.test(text)) return 'image/svg+xml';
  if ((text.startsWith('{') || text.startsWith('[')) && whole && whole.length === size) {
    try {
      JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(whole));
      return 'application/json';
    } catch {
      // not JSON after all
    }
  }
  return 'application/octet-stream';
}
