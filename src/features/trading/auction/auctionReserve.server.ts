/**
 * The lowest reserve a timed auction may have on a chain, in its currency. The platform's settlement account
 * pays the gas of every settlement (about 285,000 gas); a wash auction (a seller bidding on their own card
 * from a second wallet at a reserve of a few wei) would cost the platform that gas and pay it nothing. So an
 * auction's reserve must be at least what an admin set for the chain and currency (`auction_min_reserves`,
 * `/admins/platform-fee`), or, with no setting, for the chain's wrapped coin, what makes the platform fee on
 * it pay a settlement's gas at the chain's gas price now. Another token (ATEM) has no price in the coin, so
 * auctions in it wait for an admin's setting.
 */
import { and, eq } from 'drizzle-orm';
import type { Chain } from '~/features/chains/chains';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { auctionMinReserves } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { currencyToken } from '../terms/currencyTokens';

/** Gas a settlement is budgeted at (`matchAdvancedOrders` of a listing and a bid with fee and royalty). */
export const SETTLEMENT_GAS = 300_000n;

/** The minimum reserve: the admin's setting, else the default (see the module comment); undefined when none. */
export interface MinimumReserve {
  amount: bigint | undefined;
  /** Whether an admin set it (else it follows the gas price). */
  set: boolean;
}

/** The admin's minimum of `chainId` and `currencyCode`, if set. */
export async function setMinimumReserve(db: Database, chainId: number, currencyCode: number) {
  const [row] = await db
    .select({ minReserve: auctionMinReserves.minReserve })
    .from(auctionMinReserves)
    .where(and(eq(auctionMinReserves.chainId, chainId), eq(auctionMinReserves.currencyCode, currencyCode)));
  return row ? BigInt(row.minReserve) : undefined;
}

/**
 * The default minimum in the chain's wrapped coin: the reserve whose fee at `feeBps` pays
 * {@link SETTLEMENT_GAS} at `gasPrice` (rounded up); undefined without a fee (nothing would pay the gas).
 */
export function gasCoveringReserve(gasPrice: bigint, feeBps: number): bigint | undefined {
  if (feeBps <= 0) return undefined;
  const cost = SETTLEMENT_GAS * gasPrice * 10_000n;
  return (cost + BigInt(feeBps) - 1n) / BigInt(feeBps);
}

/** The minimum reserve of an auction on `chain` in `currencyCode` with the platform fee `feeBps`. */
export async function minimumReserve(
  db: Database,
  chain: Chain,
  currencyCode: number,
  feeBps: number,
): Promise<MinimumReserve> {
  const set = await setMinimumReserve(db, chain.chainId, currencyCode);
  if (set !== undefined) return { amount: set, set: true };
  const token = currencyToken(chain, currencyCode);
  if (!token || token.token.toLowerCase() !== chain.contracts.payment.toLowerCase()) {
    return { amount: undefined, set: false };
  }
  const gasPrice = await publicClientFor(chain).getGasPrice();
  return { amount: gasCoveringReserve(gasPrice, feeBps), set: false };
}
