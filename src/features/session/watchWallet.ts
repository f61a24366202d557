/**
 * Follows the injected wallet's `accountsChanged` and `chainChanged` events and checks its chain on load,
 * doing what `walletEvents.ts` decides: log out, start a wallet login, set the current chain and go home,
 * or ask the wallet to switch to the first supported chain. Loaded by the page bootstrap only when a wallet
 * is injected (a dynamic import), so pages without a wallet carry none of this; logout and sign-in load
 * only when needed.
 *
 * @see ../wallet/walletEvents.ts, docs/product-spec.md §2 "Chain and account changes"
 */
import type { ChainKey } from '~/features/chains/chainKey';
import { setCurrentChain } from '~/features/chains/store';
import { addableChain } from '~/features/wallet/addableChain';
import type { Eip1193Provider } from '~/features/wallet/eip1193';
import { switchWalletChain, takeSiteSwitch } from '~/features/wallet/switchChain';
import { onAccountsChanged, onWalletChain, type SignedIn } from '~/features/wallet/walletEvents';

/** What the watcher needs from the page. */
export interface WatchWalletOptions {
  provider: Eip1193Provider;
  /** The chains run here (what a wallet needs to add one is asked for when it is needed). */
  chains: readonly { key: ChainKey; chainId: number }[];
  signedIn: SignedIn;
  /** The home page in the page's locale. */
  homePath: string;
  /** Navigation (home after a chain change made in the wallet). */
  location: Pick<Location, 'assign'>;
  /** Where the on-load chain request is remembered for the tab (sessionStorage); always asks without. */
  storage?: Pick<Storage, 'getItem' | 'setItem'>;
}

/** Asks the wallet for a supported chain; a refusal is the person's choice and is only logged. */
async function askForChain(provider: Eip1193Provider, chainId: number): Promise<void> {
  try {
    await switchWalletChain(provider, await addableChain(chainId));
  } catch (error) {
    console.warn('The wallet did not switch chain', error);
  }
}

/** Starts watching; returns once the on-load chain check has run. */
export async function watchWallet(options: WatchWalletOptions): Promise<void> {
  const { provider, chains, signedIn, homePath, location } = options;
  provider.on?.('accountsChanged', (accounts) => {
    const action = onAccountsChanged(accounts, signedIn);
    if (action === 'logout') {
      void import('./logout').then(({ logout }) => logout(homePath));
    } else if (action === 'signIn') {
      void import('./signInAndReload').then(({ signInAndReload }) => signInAndReload(provider));
    }
  });
  provider.on?.('chainChanged', (chainId) => {
    const action = onWalletChain(chainId, chains);
    if (action.kind === 'use') {
      setCurrentChain(action.chain.key);
      // A switch the site asked for (chain selector, a trade on another chain) is not a reason to leave the
      // page: the selector goes home itself, and a purchase must not be interrupted.
      if (!takeSiteSwitch(action.chain.chainId)) location.assign(homePath);
    } else if (action.kind === 'switchWallet') {
      void askForChain(provider, action.chain.chainId);
    }
  });
  const current = await provider.request({ method: 'eth_chainId' }).catch(() => null);
  const onLoad = onWalletChain(current, chains);
  // Asked once per tab session: a person who declined is not asked again on every page they open.
  if (onLoad.kind === 'switchWallet' && !options.storage?.getItem(ASKED_KEY)) {
    options.storage?.setItem(ASKED_KEY, '1');
    await askForChain(provider, onLoad.chain.chainId);
  }
}

/** sessionStorage key: the on-load request for a supported chain was made in this tab. */
const ASKED_KEY = 'kirafuda.chainAsked';
