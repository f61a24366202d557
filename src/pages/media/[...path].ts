import type { APIRoute } from 'astro';
import { readMedia } from '~/server/uploads.server';

/** Uploaded files never change (random names), so clients and CDNs may keep them for a year. */
const CACHE = 'public, max-age=31536000, immutable';

/**
 * `GET /media/{path}`: serves an uploaded image (profile icons, card and collection images) from the media store
 * (PostgreSQL, or `DATA_DIR/uploads`), with the hash of its bytes as ETag. Only plain names with an image
 * extension are served; anything else (traversal, other types) is 404.
 */
export const GET: APIRoute = async (ctx) => {
  const media = await readMedia(ctx.params.path ?? '');
  if (!media)
    return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const headers = {
    'Content-Type': media.type,
    'Cache-Control': CACHE,
    ETag: media.etag,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
  if (ctx.request.headers.get('if-none-match') === media.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(media.body), {
    headers: { ...headers, 'Content-Length': String(media.body.byteLength) },
  });
};
