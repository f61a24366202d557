import { NO_WALLET } from '../../lib/errors';
import type { Eip1193Provider } from '../wallet/eip1193';
import { $ownAddress, signInOnce } from './store';

/**
 * First step of a wallet login: unlock the chosen wallet and learn its account. Ignored while another
 * sign-in is in progress. Throws `[Error] There is no Ethereum wallet.` when there is no wallet.
 * @see ../../../../shared/spec/marketplace-spec.md §4 (Sign-in), §8 (No wallet)
 */
export function unlockWallet(provider: Eip1193Provider | null): Promise<string | undefined> {
  return signInOnce(async () => {
    if (!provider) throw new Error(NO_WALLET);
    const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as unknown;
    const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined;
    if (!address) throw new Error(NO_WALLET);
    $ownAddress.set(address.toLowerCase());
    return address;
  });
}
