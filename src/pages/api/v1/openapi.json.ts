import { apiDocument } from './_contracts';

/** Built at build time: the document is the code's, the same for every request. */
export const prerender = true;

/**
 * `GET /api/v1/openapi.json` -> the OpenAPI 3.1 document of every public route, generated from the zod schemas
 * the routes parse with (./_contracts.ts, src/features/developers/openapi/).
 */
export function GET(): Response {
  return new Response(`${JSON.stringify(apiDocument(), null, 2)}\n`, {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
}
