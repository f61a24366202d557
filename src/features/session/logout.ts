import { api } from '../../client/siteApi';
import { clearSession } from './store';

/**
 * Logs the wallet user out: ends the server session (a failure there still logs out locally), clears
 * address, user and logged-in flag, resets start-up and goes home.
 * @see ../../../../shared/spec/marketplace-spec.md §4 (Logout)
 */
export async function logout(homePath: string): Promise<void> {
  try {
    await api.del('/api/v1/session');
  } catch {
    // The browser forgets the session either way; the server's cookie expires on its own.
  }
  clearSession();
  window.location.assign(homePath);
}
