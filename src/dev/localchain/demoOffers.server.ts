/**
 * Makes the demo offers of a local chain acceptable: the demo seed writes offers with made-up signatures;
 * here every active offer whose signature does not hold for the chain's Seaport, and whose offerer is a local
 * development account, is built again as the offer form builds it (same card or collection, price, quantity,
 * currency and window; the chain's counter, conduit, platform fee and ERC-2981 royalty) and signed by the
 * offerer's account. The offerer gets enough of the ERC-20 (wrapping its own native coin for a wrapped
 * currency) and lets the conduit move it. Offers that hold already are left alone.
 *
 * @see ../../features/trading/seaport/buildOffer.ts, ../seed/demoOffers.ts
 */
import { and, eq } from 'drizzle-orm';
import { type Address, erc20Abi, getAddress, maxUint256 } from 'viem';
import { cardAbi } from '~/features/trading/contracts/cardAbi';
import { wrappedNativeAbi } from '~/features/trading/contracts/wrappedNativeAbi';
import { buildOffer } from '~/features/trading/seaport/buildOffer';
import { seaportAbi } from '~/features/trading/seaport/seaportAbi';
import { ItemType } from '~/features/trading/seaport/seaportTypes';
import { currencyToken } from '~/features/trading/terms/currencyTokens';
import type { SellTerms } from '~/features/trading/terms/sellTerms.server';
import { offers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { orderHolds, resignEach, signAsMaker } from './demoSignatures.server';
import { isLocalAccount } from './localAccounts';
import type { LocalChainClients } from './localClients.server';

type Row = typeof offers.$inferSelect;

/** Gives `offerer` at least `total` of `token` (wrapping native coin for the wrapped one) and approves the conduit. */
async function fund(clients: LocalChainClients, offerer: Address, token: Address, total: bigint): Promise<void> {
  const { publicClient, wallet, mined, chain } = clients;
  const read = (functionName: 'balanceOf' | 'allowance') =>
    functionName === 'balanceOf'
      ? publicClient.readContract({ address: token, abi: erc20Abi, functionName, args: [offerer] })
      : publicClient.readContract({
          address: token,
          abi: erc20Abi,
          functionName,
          args: [offerer, chain.contracts.market],
        });
  const [balance, allowance] = await Promise.all([read('balanceOf'), read('allowance')]);
  if (balance < total && token.toLowerCase() === chain.contracts.payment.toLowerCase()) {
    await mined(
      await wallet(offerer).writeContract({
        address: token,
        abi: wrappedNativeAbi,
        functionName: 'deposit',
        value: total - balance,
      }),
    );
  }
  if (allowance < total) {
    await mined(
      await wallet(offerer).writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [chain.contracts.market, maxUint256],
      }),
    );
  }
}

/** Builds, funds and signs the real order of one offer; undefined when it cannot be made acceptable. */
async function resign(clients: LocalChainClients, row: Row, terms: SellTerms) {
  const { chain, publicClient } = clients;
  const offerer = getAddress(row.offererAddress);
  const contract = getAddress(row.contractAddress);
  const currency = currencyToken(chain, row.currencyCode);
  if (!currency || currency.itemType !== ItemType.ERC20 || !isLocalAccount(offerer)) return undefined;
  const unitPrice = BigInt(row.price);
  const tokenId = row.tokenId === null ? null : BigInt(row.tokenId);
  const [[receiver, royalty], counter] = await Promise.all([
    publicClient.readContract({
      address: contract,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [tokenId ?? 1n, unitPrice],
    }),
    publicClient.readContract({
      address: chain.contracts.exchange,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [offerer],
    }),
  ]);
  await fund(clients, offerer, currency.token, unitPrice * BigInt(row.quantity));
  const old = row.order as { salt?: unknown };
  const order = buildOffer({
    offerer,
    target: tokenId === null ? { kind: 'collection', contract } : { kind: 'token', contract, tokenId },
    quantity: row.quantity,
    unitPrice,
    token: currency.token,
    platformFee: { bps: terms.feeBps, recipient: terms.feeRecipient },
    royalty: { receiver, amount: royalty },
    startTime: BigInt(Math.floor(row.startsAt.getTime() / 1000)),
    endTime: BigInt(Math.floor(row.expiresAt.getTime() / 1000)),
    salt: typeof old.salt === 'string' && /^\d+$/.test(old.salt) ? BigInt(old.salt) : BigInt(row.id),
    counter,
    conduitKey: terms.conduitKey,
  });
  return signAsMaker(clients, offerer, order, counter);
}

/** Re-signs the chain's active token and collection offers that do not hold yet; resolves with how many. */
export async function signCatalogueOffers(db: Database, clients: LocalChainClients, terms: SellTerms): Promise<number> {
  const { chain } = clients;
  const rows = await db
    .select()
    .from(offers)
    .where(and(eq(offers.chainId, chain.chainId), eq(offers.status, 'active')));
  return resignEach(clients, rows, {
    kind: 'offer',
    keep: async (row) => row.kind === 'trait' || (await orderHolds(clients, row)),
    resign: (row) => resign(clients, row, terms),
    save: (row, columns) => db.update(offers).set(columns).where(eq(offers.id, row.id)),
  });
}
