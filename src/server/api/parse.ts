import type { z } from 'zod';
import { HttpError } from './errors';
import { mediaType } from './siteRequest';

/** Largest JSON body the API reads (uploads have their own limit). */
export const MAX_JSON_BODY_BYTES = 64 * 1024;

/** Turns a zod failure into one readable sentence naming the fields. */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message))
    .join('; ');
}

/** Validates a value against a schema, or throws 422 naming what is wrong. */
export function validate<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new HttpError(422, describeZodError(result.error));
  return result.data;
}

/**
 * Reads and validates a JSON body: 415 for any media type but exactly `application/json`, 413 past `maxBytes`, 400 for text that
 * is not JSON, 422 for JSON of the wrong shape.
 */
export async function readJson<T extends z.ZodType>(
  request: Request,
  schema: T,
  maxBytes = MAX_JSON_BODY_BYTES,
): Promise<z.output<T>> {
  if (mediaType(request.headers.get('content-type')) !== 'application/json')
    throw new HttpError(415, 'The body must be JSON (Content-Type: application/json)');
  const text = await readLimited(request, maxBytes);
  let value: unknown;
  try {
    value = text === '' ? {} : JSON.parse(text);
  } catch {
    throw new HttpError(400, 'The body is not valid JSON');
  }
  return validate(schema, value);
}

/** Reads a request body up to `maxBytes`, or throws 413 (with `tooLarge`) as soon as it is longer, declared or read. */
export async function readLimitedBytes(
  request: Request,
  maxBytes: number,
  tooLarge: string,
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

/** Reads the body as text, or throws 413 past `maxBytes` (declared or read). */
export async function readLimited(request: Request, maxBytes: number): Promise<string> {
  return new TextDecoder().decode(
    await readLimitedBytes(request, maxBytes, `The body is larger than ${maxBytes} bytes`),
  );
}

/** Validates the query string (each key's first value) against a schema, or throws 422. */
export function readQuery<T extends z.ZodType>(url: URL, schema: T): z.output<T> {
  return validate(schema, Object.fromEntries(url.searchParams.entries()));
}
