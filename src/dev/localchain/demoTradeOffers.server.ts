/**
 * The demo's card-for-card trade: on each local chain one development account offers one of its cards for another
 * account's card, a real order signed through the Kirafuda zone and stored as the API stores it
 * (../../features/trading/trade/makeTrade.server.ts), so the wanted card's page shows an open trade offer its holder
 * can accept, decline or counter. Idempotent: a chain with any trade offer is left alone.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import { seaportAbi } from '~/features/trading/seaport/seaportAbi';
import type { SellTerms } from '~/features/trading/terms/sellTerms.server';
import { makeTradeOffer } from '~/features/trading/trade/makeTrade.server';
import { buildTradeOrder } from '~/features/trading/trade/tradeOrder';
import { cards, tradeOffers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { ANVIL_ACCOUNTS } from '../seed/accounts';
import { signAsMaker } from './demoSignatures.server';
import type { LocalChainClients } from './localClients.server';

/** How long the demo's trade offer stays open. */
const OPEN_DAYS = 30n;

/** Stores the chain's demo trade offer unless it has one; answers whether it stored one. */
export async function seedDemoTradeOffer(db: Database, clients: LocalChainClients, terms: SellTerms): Promise<boolean> {
  const { chain, publicClient } = clients;
  const [existing] = await db
    .select({ id: tradeOffers.id })
    .from(tradeOffers)
    .where(eq(tradeOffers.chainId, chain.chainId))
    .limit(1);
  if (existing) return false;
  const held = await db
    .select({ contract: cards.contractAddress, tokenId: cards.tokenId, owner: cards.ownerAddress })
    .from(cards)
    .where(
      and(
        eq(cards.chainId, chain.chainId),
        eq(cards.hidden, false),
        inArray(
          cards.ownerAddress,
          ANVIL_ACCOUNTS.map((account) => account.toLowerCase()),
        ),
      ),
    )
    .orderBy(asc(cards.contractAddress), asc(cards.tokenId));
  const wanted = held[0];
  const given = held.find((card) => wanted && card.owner !== wanted.owner);
  if (!wanted || !given) return false;
  const offerer = getAddress(given.owner) as Address;
  const [counter, block] = await Promise.all([
    publicClient.readContract({
      address: chain.contracts.exchange,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [offerer],
    }),
    publicClient.getBlock(),
  ]);
  const now =
    block.timestamp > BigInt(Math.floor(Date.now() / 1000)) ? block.timestamp : BigInt(Math.floor(Date.now() / 1000));
  const order = buildTradeOrder({
    offerer,
    give: [{ contract: getAddress(given.contract), tokenId: BigInt(given.tokenId) }],
    want: [{ contract: getAddress(wanted.contract), tokenId: BigInt(wanted.tokenId) }],
    platformFee: { bps: terms.feeBps, recipient: terms.feeRecipient },
    startTime: now - 60n,
    endTime: now + OPEN_DAYS * 86_400n,
    salt: now,
    counter,
    conduitKey: terms.conduitKey,
    zone: terms.zone,
  });
  const { signature } = await signAsMaker(clients, offerer, order, counter);
  await makeTradeOffer(
    db,
    { walletAddress: offerer.toLowerCase() },
    { chain_id: chain.chainId, order, signature },
    { chains: [chain], now: new Date(Number(now) * 1000) },
  );
  return true;
}
