import { api } from '~/client/siteApi';
import { getInjectedProvider } from '~/features/wallet/eip1193';
import { NO_WALLET } from '~/lib/errors';
import { $currentUser, $ownAddress, type AuthStep, type CurrentUser, runStartup, setCurrentUser } from './store';
import { ILLUSTRATOR_ROLE } from './types';

/**
 * The browser's start-up (spec §4): read the wallet's account and network without prompting, then
 * (only when the server rendered a signed-in page) the login state, then check that the wallet in
 * use is the signed-in wallet. Records where it stopped in `$authStep`. Without a usable wallet the login
 * state is still read afterwards, for the header (the server no longer puts the user in the page).
 */
export async function startSession(signedIn: boolean, win: Window = window): Promise<AuthStep> {
  const fetchUser = async () => (await api.get<{ currentUser: CurrentUser }>('/api/v1/current_user')).currentUser;
  const step = await runStartup({
    async readWallet() {
      const provider = getInjectedProvider(win as { ethereum?: unknown });
      if (!provider) throw new Error(NO_WALLET);
      const [accounts, chainHex] = await Promise.all([
        provider.request({ method: 'eth_accounts' }),
        provider.request({ method: 'eth_chainId' }).catch(() => null),
      ]);
      const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0].toLowerCase() : null;
      return { address, networkId: typeof chainHex === 'string' ? Number.parseInt(chainHex, 16) : null };
    },
    async fetchLoginState() {
      return signedIn ? fetchUser() : null;
    },
    async startupFunctions() {
      // A wallet user's session belongs to one wallet: another account in the wallet is not that user.
      const user = $currentUser.get();
      if (user && user.role !== ILLUSTRATOR_ROLE && user.walletAddress.toLowerCase() !== $ownAddress.get()) {
        throw new Error('The wallet account is not the signed-in account');
      }
    },
  });
  // Start-up stops before the login state without a usable wallet, but the page still shows who is signed in
  // (an illustrator needs no wallet; the page itself is the same for everyone).
  if (signedIn && (step === 'no wallet' || step === 'wallet locked') && $currentUser.get() === null) {
    const user = await fetchUser().catch(() => null);
    if (user && $currentUser.get() === null) setCurrentUser(user);
  }
  return step;
}
