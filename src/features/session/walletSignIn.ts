import { api } from '~/client/siteApi';
import { type Eip1193Provider, rpcErrorCode } from '~/features/wallet/eip1193';
import { personalSign } from '~/features/wallet/personalSign';
import { NO_WALLET, SIGN_REFUSED } from '~/lib/errors';
import { $networkId, $ownAddress, type CurrentUser, setCurrentUser, signInOnce } from './store';

/** Wallets answer 4001 when the person refuses to sign. */
const USER_REJECTED = 4001;

/**
 * Wallet login: unlock the wallet, ask the API for a one-time sign-in message, sign it
 * (`personal_sign`) and send it back. Ignored (undefined) while another sign-in runs. Throws the
 * spec's messages for a missing wallet and for a refusal (to connect or to sign).
 * @see docs/product-spec.md §4 (Sign-in), §7, §8
 */
export function signInWithWallet(provider: Eip1193Provider | null): Promise<CurrentUser | undefined> {
  return signInOnce(async () => {
    try {
      return await signIn(provider);
    } catch (error) {
      if (rpcErrorCode(error) === USER_REJECTED) throw new Error(SIGN_REFUSED);
      throw error;
    }
  });
}

async function signIn(provider: Eip1193Provider | null): Promise<CurrentUser> {
  if (!provider) throw new Error(NO_WALLET);
  const accounts = (await provider.request({ method: 'eth_requestAccounts' })) as unknown;
  const address = Array.isArray(accounts) && typeof accounts[0] === 'string' ? accounts[0] : undefined;
  if (!address) throw new Error(NO_WALLET);
  const chainHex = await provider.request({ method: 'eth_chainId' }).catch(() => null);
  const chainId = typeof chainHex === 'string' ? Number.parseInt(chainHex, 16) : undefined;
  $ownAddress.set(address.toLowerCase());
  if (chainId) $networkId.set(chainId);
  const { message } = await api.get<{ message: string }>('/api/v1/mch_session/nonce', {
    query: { wallet_address: address, chain_id: chainId },
  });
  const signature = await personalSign(provider, address, message);
  const { currentUser } = await api.post<{ currentUser: CurrentUser }>('/api/v1/mch_session', {
    wallet_address: address,
    signature,
    message,
  });
  setCurrentUser(currentUser);
  return currentUser;
}
