/**
 * The chains where a seller has active listings, with what the cancel-all island needs for each (the chain
 * to switch the wallet to and its Seaport), for the seller's own items page.
 *
 * @see ./CancelAllListings.tsx
 */
import { and, count, eq } from 'drizzle-orm';
import { toWalletChain } from '~/features/chains/chainOption';
import type { Chain } from '~/features/chains/chains';
import { sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { CancelAllChain } from './CancelAllListings';

/** The seller's listing chains that this server runs, in the order of `chains`. */
export async function cancelAllChains(
  db: Database,
  sellerAddress: string,
  chains: readonly Chain[],
): Promise<CancelAllChain[]> {
  const rows = await db
    .select({ chainId: sellOrders.chainId, exchange: sellOrders.exchange, listings: count() })
    .from(sellOrders)
    .where(and(eq(sellOrders.sellerAddress, sellerAddress.toLowerCase()), eq(sellOrders.status, 'active')))
    .groupBy(sellOrders.chainId, sellOrders.exchange);
  return chains.flatMap((chain) => {
    const row = rows.find(
      (candidate) =>
        candidate.chainId === chain.chainId && candidate.exchange === chain.contracts.exchange.toLowerCase(),
    );
    if (!row) return [];
    return [
      {
        chain: toWalletChain(chain),
        seaport: chain.contracts.exchange,
        listings: row.listings,
      },
    ];
  });
}
