/**
 * A route's contract: its method and path, what it reads (path parameters, query, body) and what it answers, as
 * zod schemas declared once. The route parses with them and the OpenAPI document (./document.ts) is generated
 * from them, so the two cannot drift; `./contracts.test.ts` fails for a public route file the document does not
 * name. Pure.
 *
 * @see https://spec.openapis.org/oas/v3.1.1.html (Operation Object)
 */
import { z } from 'zod';

/** How a caller proves who they are: none, the site's session cookie, an API key (`Authorization: Bearer`), or either. */
export type RouteAuth = 'none' | 'session' | 'key' | 'session_or_key';

/** HTTP methods the API uses. */
export type RouteMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One route's contract. */
export interface RouteContract {
  method: RouteMethod;
  /** The path as OpenAPI writes it: `/api/v1/webhooks/{id}`. */
  path: string;
  operationId: string;
  summary: string;
  /** A longer description (Markdown), when the summary is not enough. */
  description?: string;
  tag: string;
  auth: RouteAuth;
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The body's media type when it is not JSON (`multipart/form-data` for an upload). */
  bodyType?: string;
  answer: {
    status: number;
    description: string;
    /** The JSON answer's schema (none: no body, or not JSON as `contentType` says). */
    schema?: z.ZodType;
    contentType?: string;
  };
  /** The error statuses it may answer, each with the error shape. */
  errors: readonly number[];
}

/** Declares a contract (typed as given, so routes read its schemas with their own types). */
export function defineRoute<const T extends RouteContract>(contract: T): T {
  return contract;
}

/** The shape of every error answer: `{ "message": "..." }`. */
export const errorSchema = z
  .object({ message: z.string().meta({ description: 'What went wrong, for a person to read.' }) })
  .meta({ id: 'Error', description: 'Every error answer of the API.' });

/**
 * An answer this document describes by its fields in words only (the route builds it from the feature's own
 * types): an object titled `title`, with `description` saying what it holds.
 */
export function describedObject(title: string, description: string) {
  return z.looseObject({}).meta({ title, description });
}
