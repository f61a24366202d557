/** JSON responses of the API: every body is JSON, errors are `{ "message": "..." }`. */
const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' };

/** A JSON response with the given status (200 by default). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...JSON_HEADERS, ...headers } });
}

/** An error response `{ message }`. */
export function jsonError(status: number, message: string, headers: Record<string, string> = {}): Response {
  return json({ message }, status, headers);
}
