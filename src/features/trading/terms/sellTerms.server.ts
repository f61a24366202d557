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
import { platformFeeRecipient } from './platformAccounts.server';
import { getPlatformFee } from './platformFee.server';

/** The variables the terms read. */
export interface SellTermsEnv {
  CHAIN_ENV?: string | undefined;
  PLATFORM_FEE_RECIPIENT?: string | undefined;
  SEAPORT_CONDUIT_KEY?: string | undefined;
}

/** What a listing on one chain must carry. */
export interface SellTerms {
  chainId: number;
  /** Seaport 1.6 (the chain config's `exchange`): the EIP-712 verifying contract. */
  seaport: Address;
  /** Goes into the order's `conduitKey`; zero means Seaport itself moves the card. */
  conduitKey: Hex;
  /** Platform fee in basis points of the price. */
  feeBps: number;
  /** Who receives the fee; undefined when not configured (listings are then refused). */
  feeRecipient: Address | undefined;
}

/** The conduit key listings carry (see the module comment). */
export function platformConduitKey(env: SellTermsEnv = process.env): Hex {
  const configured = env.SEAPORT_CONDUIT_KEY?.trim();
  if (configured) {
    if (!/^0x[0-9a-fA-F]{64}$/.test(configured)) throw new Error('SEAPORT_CONDUIT_KEY must be 32 bytes of hex');
    return configured.toLowerCase() as Hex;
  }
  return serverEnvironment(env) === 'local' ? LOCAL_CONDUIT_KEY : zeroHash;
}

/** The terms of listings on `chain`. */
export async function sellTerms(db: Database, chain: Chain, env: SellTermsEnv = process.env): Promise<SellTerms> {
  const { feeBps } = await getPlatformFee(db, chain.chainId);
  return sellTermsWithFee(chain, feeBps, env);
}

/** The terms of listings on `chain` when its fee was read already (the token page reads it with the card). */
export function sellTermsWithFee(chain: Chain, feeBps: number, env: SellTermsEnv = process.env): SellTerms {
  return {
    chainId: chain.chainId,
    seaport: chain.contracts.exchange,
    conduitKey: platformConduitKey(env),
    feeBps,
    feeRecipient: platformFeeRecipient(env),
  };
}
