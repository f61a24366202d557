/**
 * The public API's OpenAPI document, built once per process from every public route's contract.
 *
 * @see ./document.ts, ./contracts/index.ts
 */
import { PUBLIC_ROUTES } from './contracts/index';
import { openApiDocument } from './document';

let built: Record<string, unknown> | undefined;

/** The document (see the module comment). */
export function apiDocument(): Record<string, unknown> {
  built ??= openApiDocument(PUBLIC_ROUTES);
  return built;
}
