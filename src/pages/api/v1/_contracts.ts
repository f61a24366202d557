/**
 * Every public route's contracts, gathered from the route files themselves: each exports `openapi`, the contracts
 * whose schemas it parses with (src/features/developers/openapi/contract.ts). The OpenAPI document and the
 * developer page are built from this list; the API tests fail for a public route file it does not name. Files
 * whose name starts with `_` are not routes.
 */
import type { RouteContract } from '~/features/developers/openapi/contract';
import { openApiRoute } from '~/features/developers/openapi/contracts/developers';
import { openApiDocument } from '~/features/developers/openapi/document';

// The document's own route is added below: importing itself would be a cycle.
const modules = import.meta.glob<{ openapi?: readonly RouteContract[] }>(
  ['./**/*.ts', '!./**/_*.ts', '!./openapi.json.ts'],
  { eager: true },
);

/** The public routes, by path and method. */
export const PUBLIC_ROUTES: readonly RouteContract[] = [
  ...Object.values(modules).flatMap((module) => module.openapi ?? []),
  openApiRoute,
].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));

let built: Record<string, unknown> | undefined;

/** The OpenAPI document of {@link PUBLIC_ROUTES}, built once. */
export function apiDocument(): Record<string, unknown> {
  built ??= openApiDocument(PUBLIC_ROUTES);
  return built;
}
