import { api } from '~/client/siteApi';
import { SOCIAL_LOGIN_KEY, type SocialLoginConfig } from '~/features/wallet/socialLoginConfig';
import { clearSession } from './store';

/**
 * Logs the wallet user out: ends the server session (a failure there still logs out locally), clears
 * address, user and logged-in flag, resets start-up and goes home.
 * @see docs/product-spec.md §4 (Logout)
 */
export async function logout(homePath: string, social: SocialLoginConfig | null = null): Promise<void> {
  // Social-wallet users use social logout (spec §4): the Web3Auth session ends too.
  if (social && localStorage.getItem(SOCIAL_LOGIN_KEY) === '1') {
    const { socialLogout } = await import('~/features/wallet/socialLogin');
    await socialLogout(social);
  }
  try {
    await api.del('/api/v1/session');
  } catch {
    // The browser forgets the session either way; the server's cookie expires on its own.
  }
  clearSession();
  window.location.assign(homePath);
}
