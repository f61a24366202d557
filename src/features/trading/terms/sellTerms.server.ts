/**
 * The terms every listing on a chain must carry: the Seaport it is signed for, the conduit key sellers
 * approve through, and the platform fee (basis points from `platform_fees`, paid to the platform's fee
 * recipient). The sell form reads them to build the order; `sell_card` checks them.
 *
 * Configuration (environment):
 * - `PLATFORM_FEE_RECIPIENT`: see ./platformAccounts.server.ts.
 * - `SEAPORT_CONDUIT_KEY`: conduit key of the platform's conduit (the chain config's `market`). Local chains
 *   default to the conduit `npm start` deploys; elsewhere unset means no conduit (sellers approve Seaport).
 *
 * Spec §2 (/admins/platform-fee), §3 (sell-card payload).
 */
import { type Address, type Hex, zeroHash } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { serverEnvironment } from '~/features/chains/config.server';
import { LOCAL_CONDUIT_KEY } from '~/features/chains/localDefaults';
import type { Database } from '~/server/db/types';
import type { Settings } from '~/server/settings/schema';
import { platformFeeRecipient } from './platformAccounts.server';
import { getPlatformFee } from './platformFee.server';

/** The settings the terms read. */
export type SellTermsSettings = Pick<Settings, 'CHAIN_ENV' | 'PLATFORM_FEE_RECIPIENT' | 'SEAPORT_CONDUIT_KEY'>;

/** What a listing on one chain must carry. */
export interface SellTerms {
  chainId: number;
  /** Seaport 1.6 (the chain config's `exchange`): the EIP-712 verifying contract. */
  seaport: Address;
  /** Goes into the order's `conduitKey`; zero means Seaport itself moves the card. */
  conduitKey: Hex;
  /** The Kirafuda zone every order must name (the chain config's `zone`). */
  zone: Address;
  /** Platform fee in basis points of the price. */
  feeBps: number;
  /** Who receives the fee; undefined when not configured (listings are then refused). */
  feeRecipient: Address | undefined;
}

/** The conduit key listings carry (see the module comment). */
export function platformConduitKey(settings: Pick<Settings, 'CHAIN_ENV' | 'SEAPORT_CONDUIT_KEY'>): Hex {
  const configured = settings.SEAPORT_CONDUIT_KEY;
  if (configured) return configured.toLowerCase() as Hex;
  return serverEnvironment(settings) === 'local' ? LOCAL_CONDUIT_KEY : zeroHash;
}

/** The terms of listings on `chain`. */
export async function sellTerms(db: Database, chain: Chain, settings: SellTermsSettings): Promise<SellTerms> {
  const { feeBps } = await getPlatformFee(db, chain.chainId);
  return sellTermsWithFee(chain, feeBps, settings);
}

/** The terms of listings on `chain` when its fee was read already (the token page reads it with the card). */
export function sellTermsWithFee(chain: Chain, feeBps: number, settings: SellTermsSettings): SellTerms {
  return {
    chainId: chain.chainId,
    seaport: chain.contracts.exchange,
    conduitKey: platformConduitKey(settings),
    zone: chain.contracts.zone,
    feeBps,
    feeRecipient: platformFeeRecipient(settings),
  };
}
