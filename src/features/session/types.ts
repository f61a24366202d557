/**
 * The signed-in user and admin as the API returns them; one definition shared by server and islands.
 * @see ../../../../shared/spec/marketplace-spec.md §3 (currentUser, currentAdmin)
 */
export type { CurrentAdmin as SessionAdmin, CurrentUser as SessionUser } from './store';

/** The role value that marks an illustrator (spec §3). */
export const ILLUSTRATOR_ROLE = 'illustrator';
