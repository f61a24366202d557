/**
 * The signed-in user and admin as the API returns them; one definition shared by server and islands.
 * @see docs/product-spec.md §3 (currentUser, currentAdmin)
 */
export type { CurrentAdmin as SessionAdmin, CurrentUser as SessionUser } from './store';

/** The role value that marks an illustrator (spec §3). */
export const ILLUSTRATOR_ROLE = 'illustrator';

/**
 * A cookie the page's script can read (not HttpOnly, no secret in it): "a user session exists", so pages, the
 * same HTML for everyone, know to ask `current_user` who it is. Set and cleared with the user session's cookies.
 */
export const SIGNED_IN_HINT = 'kf_signed_in';
