/**
 * Signs the zone's fulfilment of one stored order for one fulfiller, with the fee terms the order carries
 * (./feeTerms.ts): what the fulfilment API answers a filler (./fulfilmentData.server.ts) and what the auction
 * settlement signs for its own match. Callers decide first that the order is live.
 */
import type { Address, Hex, PrivateKeyAccount } from 'viem';
import type { Chain } from '~/features/chains/chains';
import type { Settings } from '~/server/settings/schema';
import { orderHash } from '../seaport/orderHash';
import type { OrderComponents } from '../seaport/seaportTypes';
import { platformFeeRecipient } from '../terms/platformAccounts.server';
import { feeTermsOf } from './feeTerms';
import { type SignedFulfilment, signFulfilment, type ZoneSignerSettings, zoneSignerAccount } from './zoneSigner.server';

/** What signing needs: the signer, how long a signature holds, and the platform's fee recipient. */
export interface ZoneSigning {
  account: PrivateKeyAccount;
  settings: Pick<Settings, 'ZONE_SIGNATURE_SECONDS'>;
  feeRecipient: Address;
}

/** The zone's `extraData` for `fulfiller` filling `order` now; `pairedWith` for a listing its bid pays for. */
export function signOrderFill(
  signing: ZoneSigning,
  chain: Pick<Chain, 'chainId' | 'contracts'>,
  order: OrderComponents,
  fulfiller: Address,
  now: bigint,
  pairedWith?: Hex,
): Promise<SignedFulfilment> {
  return signFulfilment(signing.account, signing.settings, {
    chainId: chain.chainId,
    zone: chain.contracts.zone,
    orderHash: orderHash(order),
    fulfiller,
    context: { ...feeTermsOf(order, signing.feeRecipient), pairedOrderHash: pairedWith },
    now,
  });
}

/** The server's zone signing from its settings, or undefined without a signer or a fee recipient. */
export function zoneSigningOf(
  settings: ZoneSignerSettings & Pick<Settings, 'PLATFORM_FEE_RECIPIENT'>,
): ZoneSigning | undefined {
  const account = zoneSignerAccount(settings);
  const feeRecipient = platformFeeRecipient(settings);
  return account && feeRecipient ? { account, settings, feeRecipient } : undefined;
}
