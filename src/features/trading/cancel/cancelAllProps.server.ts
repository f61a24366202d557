/**
 * The chains where a wallet has active listings or offers (one counter bump on Seaport ends both), with what
 * the cancel-all island needs for each (the chain to switch the wallet to and its Seaport), for the wallet's
 * own items page.
 *
 * @see ./CancelAllListings.tsx
 */
import { and, count, eq } from 'drizzle-orm';
import { toWalletChain } from '~/features/chains/chainOption';
import type { Chain } from '~/features/chains/chains';
import { offers, sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { CancelAllChain } from './CancelAllListings';

/** The seller's listing chains that this server runs, in the order of `chains`. */
export async function cancelAllChains(
  db: Database,
  sellerAddress: string,
  chains: readonly Chain[],
): Promise<CancelAllChain[]> {
  const wallet = sellerAddress.toLowerCase();
  const [listed, offered] = await Promise.all([
    db
      .select({ chainId: sellOrders.chainId, exchange: sellOrders.exchange, n: count() })
      .from(sellOrders)
      .where(and(eq(sellOrders.sellerAddress, wallet), eq(sellOrders.status, 'active')))
      .groupBy(sellOrders.chainId, sellOrders.exchange),
    db
      .select({ chainId: offers.chainId, exchange: offers.exchange, n: count() })
      .from(offers)
      .where(and(eq(offers.offererAddress, wallet), eq(offers.status, 'active')))
      .groupBy(offers.chainId, offers.exchange),
  ]);
  return chains.flatMap((chain) => {
    const on = (row: { chainId: number; exchange: string }) =>
      row.chainId === chain.chainId && row.exchange === chain.contracts.exchange.toLowerCase();
    const total = [...listed, ...offered].filter(on).reduce((sum, row) => sum + row.n, 0);
    if (total === 0) return [];
    return [{ chain: toWalletChain(chain), seaport: chain.contracts.exchange, listings: total }];
  });
}
