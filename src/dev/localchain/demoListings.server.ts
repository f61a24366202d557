/**
 * Makes the active listings of a local chain buyable: the demo seed writes listings with made-up
 * signatures; here every active listing whose signature does not hold for the chain's Seaport, and whose
 * seller is a local development account, is built again as a real Seaport order (same price, currency and
 * window; the chain's counter, conduit, platform fee and ERC-2981 royalty) and signed by the seller's
 * account (anvil signs for its unlocked accounts): a fixed or declining price as the sell form builds it, a
 * timed auction as the auction form does (restricted to the settlement account, asking the seller's share of
 * the reserve). Sellers get their cards approved to the conduit. Listings that hold already are left alone,
 * so running it again changes nothing.
 *
 * @see ../../features/trading/seaport/buildSellOrder.ts, ../../features/trading/auction/auctionRules.ts,
 *   ../seed/demoTrades.ts
 */
import { and, eq } from 'drizzle-orm';
import { type Address, erc721Abi, getAddress } from 'viem';
import { auctionEnd, buildAuctionListing } from '~/features/trading/auction/auctionRules';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { settlerAccount } from '~/features/trading/orders/settler.server';
import { buildSellOrder } from '~/features/trading/seaport/buildSellOrder';
import { seaportAbi } from '~/features/trading/seaport/seaportAbi';
import { ItemType, type OrderComponents } from '~/features/trading/seaport/seaportTypes';
import { currencyToken } from '~/features/trading/terms/currencyTokens';
import type { SellTerms } from '~/features/trading/terms/sellTerms.server';
import { sellOrders } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { orderHolds, resignEach, signAsMaker } from './demoSignatures.server';
import { isLocalAccount } from './localAccounts';
import type { LocalChainClients } from './localClients.server';

type Row = typeof sellOrders.$inferSelect;

/** Approves the conduit for the seller's cards of `contract` unless it is already. */
async function approveConduit(clients: LocalChainClients, seller: Address, contract: Address): Promise<void> {
  const conduit = clients.chain.contracts.market;
  const approved = await clients.publicClient.readContract({
    address: contract,
    abi: erc721Abi,
    functionName: 'isApprovedForAll',
    args: [seller, conduit],
  });
  if (approved) return;
  await clients.mined(
    await clients.wallet(seller).writeContract({
      address: contract,
      abi: erc721Abi,
      functionName: 'setApprovalForAll',
      args: [conduit, true],
    }),
  );
}

/** Builds and signs the real order of one listing; undefined when it cannot be made buyable. */
async function resign(clients: LocalChainClients, row: Row, terms: SellTerms) {
  const { chain, publicClient } = clients;
  const seller = getAddress(row.sellerAddress);
  const contract = getAddress(row.contractAddress);
  const tokenId = BigInt(row.tokenId);
  const price = BigInt(row.price);
  const currency = currencyToken(chain, row.currencyCode);
  if (!currency || !terms.feeRecipient || !isLocalAccount(seller)) return undefined;
  const owner = await publicClient
    .readContract({ address: contract, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] })
    .catch(() => undefined);
  if (owner?.toLowerCase() !== seller.toLowerCase()) return undefined;
  await approveConduit(clients, seller, contract);
  const royaltyAt = (amount: bigint) =>
    publicClient.readContract({
      address: contract,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [tokenId, amount],
    });
  const endPrice = row.saleType === 'declining' && row.endPrice ? BigInt(row.endPrice) : undefined;
  const [[receiver, amount], endRoyalty, counter] = await Promise.all([
    royaltyAt(price),
    endPrice === undefined ? undefined : royaltyAt(endPrice),
    publicClient.readContract({
      address: chain.contracts.exchange,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [seller],
    }),
  ]);
  const old = row.order as { salt?: unknown };
  const salt = typeof old.salt === 'string' && /^\d+$/.test(old.salt) ? BigInt(old.salt) : BigInt(row.id);
  const startTime = BigInt(Math.floor(row.startsAt.getTime() / 1000));
  const endTime = BigInt(Math.floor(row.expiresAt.getTime() / 1000));
  let order: OrderComponents;
  if (row.saleType === 'auction') {
    const settler = settlerAccount({ CHAIN_ENV: 'local', AUCTION_SETTLER_PRIVATE_KEY: undefined });
    if (!settler || currency.itemType !== ItemType.ERC20) return undefined;
    order = buildAuctionListing({
      seller,
      nft: { contract, tokenId },
      reserve: price,
      currency: currency.token,
      feeBps: terms.feeBps,
      royalty: amount,
      settler: settler.address,
      startTime,
      endsAt: auctionEnd({ endTime }),
      salt,
      counter,
      conduitKey: terms.conduitKey,
    });
  } else {
    const ownRoyalty = receiver.toLowerCase() === seller.toLowerCase();
    order = buildSellOrder({
      seller,
      nft: { contract, tokenId },
      price,
      ...(endPrice === undefined ? {} : { endPrice }),
      currency: currency.token,
      platformFee: { bps: terms.feeBps, recipient: terms.feeRecipient },
      ...(ownRoyalty ? {} : { royalty: { receiver, amount, ...(endRoyalty ? { endAmount: endRoyalty[1] } : {}) } }),
      startTime,
      endTime,
      salt,
      counter,
      conduitKey: terms.conduitKey,
    });
  }
  return signAsMaker(clients, seller, order, counter);
}

/** Re-signs the chain's active listings that do not hold yet (see the module comment); resolves with how many. */
export async function signCatalogueListings(
  db: Database,
  clients: LocalChainClients,
  terms: SellTerms,
): Promise<number> {
  const { chain } = clients;
  const rows = await db
    .select()
    .from(sellOrders)
    .where(and(eq(sellOrders.chainId, chain.chainId), eq(sellOrders.status, 'active')));
  return resignEach(clients, rows, {
    kind: 'listing',
    keep: async (row) => {
      if (!(await orderHolds(clients, row))) return false;
      // A chain started afresh keeps the addresses (and so the signatures) but not the approvals.
      if (isLocalAccount(row.sellerAddress)) {
        await approveConduit(clients, getAddress(row.sellerAddress), getAddress(row.contractAddress)).catch(() => {});
      }
      return true;
    },
    resign: (row) => resign(clients, row, terms),
    save: (row, columns) => db.update(sellOrders).set(columns).where(eq(sellOrders.id, row.id)),
  });
}
