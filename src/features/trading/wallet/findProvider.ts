/**
 * The wallet the trading islands talk to: the first wallet announced through EIP-6963 (asked for briefly),
 * else the legacy `window.ethereum`, else null.
 */
import { getInjectedProvider } from '~/features/wallet/eip1193';
import { type AnnouncedWallet, watchAnnouncedWallets } from '~/features/wallet/eip6963';
import { pickProvider } from './walletModel';

/** The wallet to talk to: an EIP-6963 announced one (asked for briefly), else `window.ethereum`. */
export async function findProvider() {
  const announced = await new Promise<AnnouncedWallet[]>((resolve) => {
    let found: AnnouncedWallet[] = [];
    const stop = watchAnnouncedWallets((wallets) => {
      found = wallets;
    });
    setTimeout(() => {
      stop();
      resolve(found);
    }, 150);
  });
  return pickProvider(announced, getInjectedProvider());
}
