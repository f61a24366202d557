/**
 * A file the API answers as a download (a CSV report, a yearly statement): its body and type, the file name the
 * browser saves it as, and never kept by a cache (`private` too for a caller's own records). Not a route itself
 * (its name starts with `_`).
 */

/** The type of a CSV download. */
export const CSV_TYPE = 'text/csv; charset=utf-8';

/** `body` as a download named `filename` (see the module comment). */
export function download(
  body: BodyInit,
  filename: string,
  type: string,
  cache: 'no-store' | 'private, no-store' = 'no-store',
): Response {
  return new Response(body, {
    headers: {
      'Content-Type': type,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': cache,
    },
  });
}
