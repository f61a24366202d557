import type { GuardName } from './guards';

/**
 * Which guards protect which locale-neutral path. The README lists the same table for readers.
 * @see docs/product-spec.md §2 (Route guards), §6
 */
export const ROUTE_GUARDS: ReadonlyArray<readonly [RegExp, readonly (GuardName | (string & {}))[]]> = [
  [/^\/admins(\/|$)/, ['authenticated-admin']],
  [/^\/dashboard(\/|$)/, ['authenticated', 'authenticated-illustrators']],
  [/^\/card_issue\/?$/, ['authenticated', 'authenticated-illustrators']],
  [/^\/profiles\/edit\/?$/, ['authenticated', 'forbid-illustrators', 'authenticated-wallet']],
  [/^\/profile\/?$/, ['authenticated']],
  [/^\/(session|connect-wallet)\/?$/, ['redirect-new-version']],
];

/** The guards for a locale-neutral path (all matching rows, in table order). */
export function guardsForPath(path: string, table = ROUTE_GUARDS): string[] {
  return table.filter(([pattern]) => pattern.test(path)).flatMap(([, names]) => names);
}
