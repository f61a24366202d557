/**
 * Test support (imported by tests only): a market on a real anvil chain with chain id 1, configured the way
 * the server sees it (`loadChainConfig('local', overrides)` with the anvil's URL and the deployed
 * addresses), a card collection whose creator (anvil account 3) takes a 5 % royalty, 20 cards owned by the
 * seller (account 1, conduit approved), and helpers to seed a catalogue database and sign listings (one by
 * one, or several at once as a Seaport bulk order).
 *
 * @see ./localMarket.ts
 */
import { type Address, type Hex, zeroAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { type ChainOverrides, loadChainConfig } from '../../src/features/chains/chainConfig';
import type { Chain } from '../../src/features/chains/chains';
import { CurrencyCode } from '../../src/features/chains/currencies';
import { syncChain } from '../../src/features/indexer/indexChain.server';
import { signBulkOrder } from '../../src/features/trading/bulk/bulkOrder';
import { cardAbi } from '../../src/features/trading/contracts/cardAbi';
import type { SellCardInput } from '../../src/features/trading/orders/sellCardPayload';
import { buildSellOrder } from '../../src/features/trading/seaport/buildSellOrder';
import { orderHash } from '../../src/features/trading/seaport/orderHash';
import { toOrderJson } from '../../src/features/trading/seaport/orderJson';
import { seaportAbi } from '../../src/features/trading/seaport/seaportAbi';
import type { OrderComponents } from '../../src/features/trading/seaport/seaportTypes';
import { signOrder } from '../../src/features/trading/seaport/signOrder';
import { categories, illustrators, platformFees, type sellOrders, users } from '../../src/server/db/schema';
import type { Database } from '../../src/server/db/types';
import { loadSettings } from '../../src/server/settings/settings.server';
import { issueToSeller, type LocalMarket, type LocalWallet, startLocalMarket } from './localMarket';
import { ANVIL_KEYS } from './testWallet';

/** Receives the platform fee in these tests. */
export const TEST_FEE_RECIPIENT: Address = '0x000000000000000000000000000000000000fee0';
/** Settings of the sell terms in these tests (local chain, the fee recipient above). */
export const TEST_SETTINGS = loadSettings({ CHAIN_ENV: 'local', PLATFORM_FEE_RECIPIENT: TEST_FEE_RECIPIENT });
export const TEST_FEE_BPS = 250;
export const TEST_ROYALTY_BPS = 500;

/** What {@link startTestMarket} gives back. */
export interface TestMarket {
  market: LocalMarket;
  chain: Chain;
  /** The chain settings the server takes as `CHAIN_OVERRIDES_JSON` to run on this market. */
  overrides: ChainOverrides;
  creator: ReturnType<typeof privateKeyToAccount>;
  card: Address;
}

/** Starts anvil (chain id 1), deploys, issues a design of 20 cards to the seller and approves the conduit. */
export async function startTestMarket(): Promise<TestMarket> {
  const market = await startLocalMarket({ chainId: 1 });
  const creator = privateKeyToAccount(ANVIL_KEYS[3]);
  const { contracts } = market;
  await issueToSeller(market, { creator: creator.address, royaltyBps: TEST_ROYALTY_BPS, maxSerials: 50n, count: 20n });
  const overrides = {
    ETH: {
      rpcUrls: [market.anvil.rpcUrl],
      contracts: {
        exchange: contracts.seaport,
        market: contracts.conduit,
        atem: contracts.atem,
        payment: contracts.wrappedNative,
      },
    },
  };
  const [chain] = loadChainConfig('local', overrides);
  if (!chain) throw new Error('no chain');
  return { market, chain, overrides, creator, card: contracts.card };
}

/**
 * The `sell_orders` row of the seller's signed fixed-price listing of `tokenId` at `price` in ether, as sell_card
 * stores it (its `orderHash` is the order's).
 */
export function storedListing(
  fixture: TestMarket,
  tokenId: bigint,
  price: bigint,
  { order, signature }: { order: OrderComponents; signature: Hex },
) {
  return {
    chainId: 1,
    contractAddress: fixture.card.toLowerCase(),
    tokenId: tokenId.toString(),
    price: price.toString(),
    signature,
    sellerAddress: fixture.market.seller.account.address.toLowerCase(),
    exchange: fixture.market.contracts.seaport.toLowerCase(),
    currencyCode: CurrencyCode.ETH,
    order: toOrderJson(order),
    orderHash: orderHash(order),
    counter: order.counter.toString(),
    startsAt: new Date(Number(order.startTime) * 1000),
    expiresAt: new Date(Number(order.endTime) * 1000),
  } satisfies typeof sellOrders.$inferInsert;
}

/** Indexes the test market's chain into `db` up to its latest block at once (no confirmations, no finality wait). */
export function syncTestChain(db: Database, fixture: TestMarket): ReturnType<typeof syncChain> {
  return syncChain(db, fixture.chain, {
    settings: { confirmations: 0, finalityBlocks: 0, batchBlocks: 5_000, pollMs: 50, startBlock: 0n },
    feeRecipient: TEST_FEE_RECIPIENT,
  });
}

/** Seeds users (seller, buyer, creator), the creator's illustrator account, the collection and the fee. */
export async function seedCatalogue(db: Database, fixture: TestMarket): Promise<{ illustratorId: number }> {
  const { seller, buyer } = fixture.market;
  const rows = await db
    .insert(users)
    .values(
      [seller.account.address, buyer.account.address, fixture.creator.address].map((wallet, index) => ({
        walletAddress: wallet.toLowerCase(),
        role: index === 2 ? ('illustrator' as const) : ('user' as const),
      })),
    )
    .returning({ id: users.id, wallet: users.walletAddress });
  const creatorUser = rows.find((row) => row.wallet === fixture.creator.address.toLowerCase());
  const [illustrator] = await db
    .insert(illustrators)
    .values({ uid: 'creator', passwordHash: 'x', userId: creatorUser?.id ?? 0, name: 'Creator' })
    .returning({ id: illustrators.id });
  if (!illustrator) throw new Error('no illustrator');
  await db.insert(categories).values({
    chainId: 1,
    contractAddress: fixture.card.toLowerCase(),
    name: 'Test collection',
    creatorId: illustrator.id,
  });
  await db.insert(platformFees).values({ chainId: 1, feeBps: TEST_FEE_BPS });
  return { illustratorId: illustrator.id };
}

/** `who`'s Seaport counter and the card's ERC-2981 `royaltyInfo(tokenId, price)` ([receiver, amount]). */
export function counterAndRoyalty(fixture: TestMarket, who: Address, tokenId: bigint, price: bigint) {
  const { publicClient, contracts } = fixture.market;
  return Promise.all([
    publicClient.readContract({ address: contracts.seaport, abi: seaportAbi, functionName: 'getCounter', args: [who] }),
    publicClient.readContract({
      address: contracts.card,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [tokenId, price],
    }),
  ]);
}

/** Options of {@link signListing}. */
export interface SignListingOptions {
  price: bigint;
  /** A declining price's end (Dutch auction); fixed when absent. */
  endPrice?: bigint;
  /** Seconds from the latest block's time (default -60 and +1 day). */
  startOffset?: bigint;
  endOffset?: bigint;
  feeBps?: number;
  /** Leave the royalty out (an order the server must refuse). */
  noRoyalty?: boolean;
  salt?: bigint;
  /** Overrides of what the order carries (orders the server must refuse). */
  conduitKey?: Hex;
  counter?: bigint;
  /** Who signs (default the seller). */
  signer?: LocalWallet;
  /** Who lists: the order's offerer and the payload's seller (default the fixture's seller). */
  seller?: LocalWallet;
  /** A contract wallet listing instead (the order's offerer and the payload's seller); `signer` signs for it. */
  offerer?: Address;
}

/** The seller's native-currency listing of `tokenId` (unsigned), as {@link signListing} signs it. */
export async function listingOrder(
  fixture: TestMarket,
  tokenId: bigint,
  options: SignListingOptions,
): Promise<OrderComponents> {
  const { publicClient, contracts } = fixture.market;
  const seller = options.offerer ?? (options.seller ?? fixture.market.seller).account.address;
  const { timestamp } = await publicClient.getBlock();
  const [counter, [receiver, amount]] = await counterAndRoyalty(fixture, seller, tokenId, options.price);
  const { endPrice } = options;
  const endAmount =
    endPrice === undefined
      ? undefined
      : (
          await publicClient.readContract({
            address: contracts.card,
            abi: cardAbi,
            functionName: 'royaltyInfo',
            args: [tokenId, endPrice],
          })
        )[1];
  return buildSellOrder({
    seller,
    nft: { contract: contracts.card, tokenId },
    price: options.price,
    ...(endPrice === undefined ? {} : { endPrice }),
    currency: zeroAddress,
    platformFee: { bps: options.feeBps ?? TEST_FEE_BPS, recipient: TEST_FEE_RECIPIENT },
    ...(options.noRoyalty ? {} : { royalty: { receiver, amount, ...(endAmount === undefined ? {} : { endAmount }) } }),
    startTime: timestamp + (options.startOffset ?? -60n),
    endTime: timestamp + (options.endOffset ?? 86_400n),
    salt: options.salt ?? tokenId * 7_919n + BigInt(Date.now()),
    counter: options.counter ?? counter,
    conduitKey: options.conduitKey ?? contracts.conduitKey,
  });
}

/** The sell-card payload of `order` (a native-currency listing by `seller` at `price`) signed with `signature`. */
function sellCardInput(
  fixture: TestMarket,
  { order, price, signature, seller }: { order: OrderComponents; price: bigint; signature: Hex; seller: Address },
): SellCardInput {
  const { contracts } = fixture.market;
  return {
    chain_id: 1,
    contract_address: contracts.card,
    token_id: order.offer[0]?.identifierOrCriteria ?? 0n,
    price,
    signature,
    seller_address: seller,
    exchange: contracts.seaport,
    currency_code: CurrencyCode.ETH,
    order,
  };
}

/** The seller's signed native-currency listing of `tokenId`, as order and as sell-card payload. */
export async function signListing(
  fixture: TestMarket,
  tokenId: bigint,
  options: SignListingOptions,
): Promise<{ order: OrderComponents; signature: Hex; input: SellCardInput }> {
  const seller = options.seller ?? fixture.market.seller;
  const order = await listingOrder(fixture, tokenId, options);
  const signer = options.signer ?? seller;
  const signature = await signOrder(signer, {
    order,
    chainId: 1,
    seaport: fixture.market.contracts.seaport,
    account: signer.account,
  });
  const offerer = options.offerer ?? seller.account.address;
  return {
    order,
    signature,
    input: sellCardInput(fixture, { order, price: options.price, signature, seller: offerer }),
  };
}

/**
 * The seller's listings of `tokenIds` at `prices` signed once as a Seaport bulk order (`compact`: the
 * 64-byte EIP-2098 signature inside, as seaport-js makes them), as orders and as sell-card payloads.
 */
export async function signBulkListings(
  fixture: TestMarket,
  tokenIds: readonly bigint[],
  prices: readonly bigint[],
  options: { compact?: boolean } = {},
): Promise<{ orders: OrderComponents[]; signatures: Hex[]; inputs: SellCardInput[] }> {
  const { seller, contracts } = fixture.market;
  const price = (i: number) => prices[i] ?? 1n;
  const orders = await Promise.all(tokenIds.map((tokenId, i) => listingOrder(fixture, tokenId, { price: price(i) })));
  const signatures = await signBulkOrder(seller, {
    orders,
    chainId: 1,
    seaport: contracts.seaport,
    ...(options.compact ? { compact: true } : {}),
  });
  const inputs = orders.map((order, i) =>
    sellCardInput(fixture, { order, price: price(i), signature: signatures[i] as Hex, seller: seller.account.address }),
  );
  return { orders, signatures, inputs };
}
