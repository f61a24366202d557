/**
 * Compresses a response Astro rendered that the page cache does not keep (API JSON, CSV, private pages):
 * Brotli or gzip when the browser accepts one, for text bodies of 1 KiB or more. Streams (Server-Sent
 * Events), bodies already encoded and answers without a body pass through untouched.
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { acceptedEncoding } from '../serve/encoding';
import { carryCookies } from './astroCookies';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Content types worth compressing. */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;
/** Smaller bodies gain nothing. */
const MIN_BYTES = 1024;

/** The response, compressed when it is worth it (see the module comment). */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  if (!response.body || response.headers.has('content-encoding') || !COMPRESSIBLE.test(type)) return response;
  if ([204, 206, 304].includes(response.status)) return response;
  const encoding = acceptedEncoding(request.headers.get('accept-encoding'));
  const declared = Number(response.headers.get('content-length') ?? Number.NaN);
  if (!encoding || declared < MIN_BYTES) return response;
  const plain = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (plain.length < MIN_BYTES) {
    headers.set('Content-Length', String(plain.length));
    return carryCookies(
      response,
      new Response(new Uint8Array(plain), { status: response.status, statusText: response.statusText, headers }),
    );
  }
  const body =
    encoding === 'br'
      ? await brotli(plain, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: plain.length },
        })
      : await gzipAsync(plain, { level: 6 });
  headers.set('Content-Encoding', encoding);
  headers.set('Content-Length', String(body.length));
  return carryCookies(
    response,
    new Response(new Uint8Array(body), { status: response.status, statusText: response.statusText, headers }),
  );
}
