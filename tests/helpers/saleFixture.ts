/**
 * A market ready for card sales, shared by the Seaport chain tests: anvil with everything deployed, a design
 * (royalty 5 % to a creator) with 20 serials owned by the seller, the seller's cards approved to the conduit,
 * and a buyer holding ATEM and wrapped native coin, both approved to the conduit. Its helpers list the next
 * card (reading counter and royalty from chain, building and signing the order), buy, and read balances,
 * owners and order status.
 */
import { type Address, erc20Abi, erc721Abi, type Hash, type Hex, maxUint256, parseEther } from 'viem';

import { cardAbi } from '../../src/features/trading/contracts/cardAbi';
import { wrappedNativeAbi } from '../../src/features/trading/contracts/wrappedNativeAbi';
import { buildSellOrder } from '../../src/features/trading/seaport/buildSellOrder';
import { fulfillOrder } from '../../src/features/trading/seaport/fulfillOrder';
import { orderHash } from '../../src/features/trading/seaport/orderHash';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi';
import type { OrderComponents } from '../../src/features/trading/seaport/seaportTypes';
import { signOrder } from '../../src/features/trading/seaport/signOrder';
import { feeTermsOf } from '../../src/features/trading/zone/feeTerms';
import { issueToSeller, type LocalMarket, startLocalMarket } from './localMarket';
import { zoneExtraData } from './testZone';

/** Fresh addresses with no balance, so what they receive is their whole balance. */
const FEE_RECIPIENT: Address = '0x000000000000000000000000000000000000fee0';
const CREATOR: Address = '0x0000000000000000000000000000000000c0ffee';
const FEE_BPS = 250;
const ROYALTY_BPS = 500;

/** Options of {@link SaleFixture.list}. */
export interface ListOptions {
  price: bigint;
  /** Token address, or the zero address for the native coin. */
  currency: Address;
  /** Seconds relative to the latest block's time (defaults -60 and +1 day). */
  startOffset?: bigint;
  endOffset?: bigint;
  /** A declining price's end (Dutch auction); a fixed price when absent. */
  endPrice?: bigint;
}

/** What {@link startSaleFixture} gives back. */
export interface SaleFixture {
  market: LocalMarket;
  feeRecipient: Address;
  creator: Address;
  /** The seller lists the next unsold card. */
  list: (options: ListOptions) => Promise<{ tokenId: bigint; order: OrderComponents; signature: Hex }>;
  /** The buyer fills an order through the conduit, with the zone's signature for them. */
  buy: (order: OrderComponents, signature: Hex, method?: 'auto' | 'standard', value?: bigint) => Promise<Hash>;
  /** Balances of `accounts` in the native coin or an ERC-20. */
  balances: (token: Address | 'native', accounts: readonly Address[]) => Promise<bigint[]>;
  ownerOf: (tokenId: bigint) => Promise<Address>;
  /** Seaport's `getOrderStatus`: [isValidated, isCancelled, totalFilled, totalSize]. */
  orderStatus: (hash: Hex) => Promise<readonly [boolean, boolean, bigint, bigint]>;
  /** What the seller, the platform and the creator must receive from a sale at `price`. */
  split: (price: bigint) => { proceeds: bigint; fee: bigint; royalty: bigint };
}

async function prepare(market: LocalMarket): Promise<void> {
  const { deployer, buyer, mined, contracts } = market;
  await issueToSeller(market, { creator: CREATOR, royaltyBps: ROYALTY_BPS, maxSerials: 50n, count: 20n });
  await mined(
    await deployer.writeContract({
      address: contracts.atem,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [buyer.account.address, parseEther('1000')],
    }),
  );
  await mined(
    await buyer.writeContract({
      address: contracts.wrappedNative,
      abi: wrappedNativeAbi,
      functionName: 'deposit',
      value: parseEther('100'),
    }),
  );
  for (const token of [contracts.atem, contracts.wrappedNative]) {
    await mined(
      await buyer.writeContract({
        address: token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [contracts.conduit, maxUint256],
      }),
    );
  }
}

/** Starts a local market on `chainId` (default 31337) and prepares it for sales. */
export async function startSaleFixture(chainId = 31_337): Promise<SaleFixture> {
  const market = await startLocalMarket({ chainId });
  try {
    await prepare(market);
  } catch (error) {
    await market.stop();
    throw error;
  }
  const { publicClient, seller, buyer, contracts } = market;
  let nextTokenId = 1n;

  const royaltyAt = async (tokenId: bigint, price: bigint) => {
    const [receiver, amount] = await publicClient.readContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [tokenId, price],
    });
    return { receiver, amount };
  };
  const list: SaleFixture['list'] = async ({ price, currency, startOffset = -60n, endOffset = 86_400n, endPrice }) => {
    const tokenId = nextTokenId++;
    const { timestamp } = await publicClient.getBlock();
    const counter = await publicClient.readContract({
      address: contracts.seaport,
      abi: seaportAbi,
      functionName: 'getCounter',
      args: [seller.account.address],
    });
    const { receiver, amount } = await royaltyAt(tokenId, price);
    const endAmount = endPrice === undefined ? undefined : (await royaltyAt(tokenId, endPrice)).amount;
    const order = buildSellOrder({
      seller: seller.account.address,
      nft: { contract: contracts.card, tokenId },
      price,
      currency,
      platformFee: { bps: FEE_BPS, recipient: FEE_RECIPIENT },
      royalty: { receiver, amount, ...(endAmount === undefined ? {} : { endAmount }) },
      ...(endPrice === undefined ? {} : { endPrice }),
      startTime: timestamp + startOffset,
      endTime: timestamp + endOffset,
      salt: tokenId * 1_000_003n,
      counter,
      conduitKey: contracts.conduitKey,
      zone: contracts.zone,
    });
    const signature = await signOrder(seller, { order, chainId: market.chain.id, seaport: contracts.seaport });
    return { tokenId, order, signature };
  };

  return {
    market,
    feeRecipient: FEE_RECIPIENT,
    creator: CREATOR,
    list,
    buy: async (order, signature, method = 'auto', value) =>
      fulfillOrder(buyer, {
        seaport: contracts.seaport,
        order,
        signature,
        fulfillerConduitKey: contracts.conduitKey,
        method,
        ...(value === undefined ? {} : { value }),
        extraData: await zoneExtraData(market, orderHash(order), buyer.account.address, {
          context: feeTermsOf(order, FEE_RECIPIENT),
          seconds: 86_400,
        }),
      }),
    balances: (token, accounts) =>
      Promise.all(
        accounts.map((address) =>
          token === 'native'
            ? publicClient.getBalance({ address })
            : publicClient.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address] }),
        ),
      ),
    ownerOf: (tokenId) =>
      publicClient.readContract({ address: contracts.card, abi: erc721Abi, functionName: 'ownerOf', args: [tokenId] }),
    orderStatus: (hash) =>
      publicClient.readContract({
        address: contracts.seaport,
        abi: seaportAbi,
        functionName: 'getOrderStatus',
        args: [hash],
      }),
    split: (price) => {
      const fee = (price * BigInt(FEE_BPS)) / 10_000n;
      const royalty = (price * BigInt(ROYALTY_BPS)) / 10_000n;
      return { proceeds: price - fee - royalty, fee, royalty };
    },
  };
}
