/**
 * The admin session as the admin screens handle it in the browser: the check on mount (who is signed
 * in; nobody -> the sign-in page), what a failed admin fetch does (log out, go home, report.failure) and
 * the admin logout (clear the admin state, go home). The API client and navigation are passed in, so the
 * rules are tested without a browser.
 *
 * @see docs/product-spec.md §6 ("Admin layout pages check the current admin on mount"),
 *   §4 (Logout: "Admin logout clears admin state and goes home"), §8 ("Admin fetch failure")
 */
import { type ApiClient, ApiError } from '~/client/api';
import { clearAdmin, setAdmin } from '~/features/session/store';
import type { SessionAdmin } from '~/features/session/types';
import type { FlashKey } from '~/ui/snackbar/flash';

/** `GET` current admin. @see spec §7 */
export const CURRENT_ADMIN_PATH = '/api/v1/admins/current_admin';
/** `DELETE` admin session (logout). @see spec §7 */
export const ADMIN_SESSION_PATH = '/api/v1/admin_session';

/** What the admin session rules need from the page. */
export interface AdminSessionDeps {
  client: ApiClient;
  /** Leaves for another page. */
  go: (path: string) => void;
  /** Leaves a message for the next page's snackbar. */
  flash: (key: FlashKey, color?: 'primary' | 'alert') => void;
  /** Locale-prefixed sign-in page and home. */
  paths: { session: string; home: string };
}

/** Whether an error means "no admin session here" (anonymous 401, or a user session's 403). */
export function isNotAdmin(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

/** Ends the admin session on the server; a failure there still forgets it here. */
async function endSession(deps: AdminSessionDeps): Promise<void> {
  try {
    await deps.client.del(ADMIN_SESSION_PATH);
  } catch {
    // The cookies expire on their own; the browser forgets the admin either way.
  }
  clearAdmin();
}

/** Admin fetch failure: log the admin out, go home, report.failure (alert). @see spec §8 */
export async function adminFetchFailure(deps: AdminSessionDeps): Promise<void> {
  await endSession(deps);
  deps.flash('report.failure', 'alert');
  deps.go(deps.paths.home);
}

/**
 * What a failed admin request does: no admin session -> the sign-in page (the server's guard shows
 * the sign-in alert there); anything else -> {@link adminFetchFailure}.
 */
export async function handleAdminError(deps: AdminSessionDeps, error: unknown): Promise<void> {
  if (isNotAdmin(error)) {
    clearAdmin();
    deps.flash('sessions.requireAdminLogin', 'alert');
    deps.go(deps.paths.session);
    return;
  }
  await adminFetchFailure(deps);
}

/**
 * The check every admin screen runs on mount: the signed-in admin (also stored in `$currentAdmin`), or
 * null after sending the browser away (see {@link handleAdminError}).
 */
export async function checkCurrentAdmin(deps: AdminSessionDeps): Promise<SessionAdmin | null> {
  try {
    const { currentAdmin } = await deps.client.get<{ currentAdmin: SessionAdmin | null }>(CURRENT_ADMIN_PATH);
    if (!currentAdmin) throw new ApiError(401, 'No admin', null);
    setAdmin(currentAdmin);
    return currentAdmin;
  } catch (error) {
    await handleAdminError(deps, error);
    return null;
  }
}

/** Admin logout: end the session, clear the admin state, go home with sessions.loggedOut. @see spec §4 */
export async function adminLogout(deps: AdminSessionDeps): Promise<void> {
  await endSession(deps);
  deps.flash('sessions.loggedOut');
  deps.go(deps.paths.home);
}
