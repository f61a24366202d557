/**
 * A wallet login that finishes the way the connect modal does: on success the page reloads with
 * sessions.success; a refusal to connect or sign and a missing wallet are shown as alerts; any other failure
 * clears the logged-in flag and reloads with sessions.failure (spec §8).
 *
 * @see ./walletSignIn.ts, docs/product-spec.md §4 (Sign-in), §8
 */

import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { NO_WALLET, SIGN_REFUSED } from '~/lib/errors';
import { flashNextPage } from '~/ui/snackbar/flash';
import { showSnackbar } from '~/ui/snackbar/store';
import { clearSession } from './store';
import { signInWithWallet } from './walletSignIn';

/** Signs in with `provider` and reloads (see the module comment); nothing happens while a sign-in runs. */
export async function signInAndReload(provider: Eip1193Provider | null): Promise<void> {
  try {
    const signedIn = await signInWithWallet(provider);
    if (!signedIn) return;
    flashNextPage('sessions.success');
    window.location.reload();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (message === SIGN_REFUSED || message === NO_WALLET) {
      showSnackbar(message, { color: 'alert', timeout: 3000 });
      return;
    }
    clearSession();
    flashNextPage('sessions.failure');
    window.location.reload();
  }
}
