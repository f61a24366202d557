/**
 * The Kirafuda zone's fulfilment signer on the server: signs SIP-7's `SignedOrder(fulfiller, expiration, orderHash,
 * context)` in the zone's EIP-712 domain and hands back the advanced order's `extraData`. Only the callers that
 * decided an order is live may ask (./fulfilmentData.server.ts for any filler, the auction settlement for its own
 * fills): a signature is a promise that the fill may happen now. `ZONE_SIGNER_PRIVATE_KEY` configures the key;
 * local chains default to a fixed local key (../../chains/localDefaults.ts). Without it no order fills.
 * @see ./zoneExtraData.ts
 */
import { type Address, type Hex, type PrivateKeyAccount, parseSignature } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { serverEnvironment } from '~/features/chains/config.server';
import { LOCAL_ZONE_SIGNER_KEY } from '~/features/chains/localDefaults';
import type { Settings } from '~/server/settings/schema';
import {
  encodeZoneContext,
  encodeZoneExtraData,
  signedOrderTypes,
  type ZoneContext,
  zoneDomain,
} from './zoneExtraData';

/** The settings read here. */
export type ZoneSignerSettings = Pick<Settings, 'CHAIN_ENV' | 'ZONE_SIGNER_PRIVATE_KEY' | 'ZONE_SIGNATURE_SECONDS'>;

const accounts = new Map<Hex, PrivateKeyAccount>();

/** The signer's account, or undefined when none is configured (then nothing can be filled). */
export function zoneSignerAccount(settings: ZoneSignerSettings): PrivateKeyAccount | undefined {
  const key =
    settings.ZONE_SIGNER_PRIVATE_KEY ?? (serverEnvironment(settings) === 'local' ? LOCAL_ZONE_SIGNER_KEY : undefined);
  if (!key) return undefined;
  let account = accounts.get(key);
  if (!account) {
    account = privateKeyToAccount(key);
    accounts.set(key, account);
  }
  return account;
}

/** What to sign. */
export interface FulfilmentToSign {
  chainId: number;
  zone: Address;
  orderHash: Hex;
  fulfiller: Address;
  context: ZoneContext;
  /** Unix seconds now; the signature holds `ZONE_SIGNATURE_SECONDS` from it. */
  now: bigint;
}

/** The signed `extraData` and when it stops holding (unix seconds). */
export interface SignedFulfilment {
  extraData: Hex;
  expiration: bigint;
}

/** Signs a fulfilment with `account` (see the module comment). */
export async function signFulfilment(
  account: PrivateKeyAccount,
  settings: Pick<Settings, 'ZONE_SIGNATURE_SECONDS'>,
  request: FulfilmentToSign,
): Promise<SignedFulfilment> {
  const expiration = request.now + BigInt(settings.ZONE_SIGNATURE_SECONDS);
  const context = encodeZoneContext(request.context);
  const signature = await account.signTypedData({
    domain: zoneDomain(request.chainId, request.zone),
    types: signedOrderTypes,
    primaryType: 'SignedOrder',
    message: { fulfiller: request.fulfiller, expiration, orderHash: request.orderHash, context },
  });
  const extraData = encodeZoneExtraData({
    fulfiller: request.fulfiller,
    expiration,
    signature: parseSignature(signature),
    context,
  });
  return { extraData, expiration };
}
