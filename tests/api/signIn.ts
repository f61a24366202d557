/** Signs a client in the way the site does: nonce -> personal_sign -> POST mch_session. */
import type { PrivateKeyAccount } from 'viem/accounts';
import type { ApiClient, RequestOptions } from '../helpers/api.ts';

/** Signs `client` in as `account`; `options` go with both requests (e.g. a proxy's `X-Forwarded-For`). */
export async function walletSignIn(client: ApiClient, account: PrivateKeyAccount, options: RequestOptions = {}) {
  const nonce = await client.get<{ message: string }>(
    `/api/v1/mch_session/nonce?wallet_address=${account.address}`,
    options,
  );
  const signature = await account.signMessage({ message: nonce.body.message });
  return client.post<{ currentUser: { walletAddress: string; role: string } }>(
    '/api/v1/mch_session',
    { wallet_address: account.address, signature, message: nonce.body.message },
    options,
  );
}
