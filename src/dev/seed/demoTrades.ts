/**
 * The demo market's history: per collection, the creator's first sales to collectors (primary revenue),
 * a few resales between collectors (royalty revenue), open listings in several currencies, and some
 * cancelled and expired ones.
 *
 * @see docs/product-spec.md §3 (sell-card payload), §7 (sell_card)
 */
import type { CurrencyCode } from '../../features/chains/currencies.ts';
import { anvilAddress } from './accounts.ts';
import { DEMO_COLLECTORS, DEMO_CREATORS } from './demoPeople.ts';
import type { PlannedCard, PlannedOrder, PlannedRevenue, PlannedSale } from './demoPlan.ts';
import { daysAgo, fakeSignature, hash32, type Random, seededRandom } from './deterministic.ts';
import { DEMO_FEE_RECIPIENT, type PriceSplit, paymentItem, pickCurrency, pickPrice, splitPrice } from './prices.ts';

/** Latest block and seconds per block of each demo chain, to give sales plausible block numbers. */
const CHAIN_BLOCKS: Readonly<Record<number, { head: number; seconds: number }>> = {
  1: { head: 21_500_000, seconds: 12 },
  56: { head: 45_000_000, seconds: 3 },
  8217: { head: 175_000_000, seconds: 1 },
  137: { head: 66_000_000, seconds: 2 },
};

const ZERO_BYTES32 = `0x${'0'.repeat(64)}`;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;
/** Seaport 1.6, the same address on every chain (as `SEAPORT_1_6_ADDRESS` in features/chains/chainConfig.ts). */
const EXCHANGE = '0x0000000000000068f116a894984e2db1123eb395';

/** What one listing is: which card, by whom, when, and how it ended. */
interface Listing {
  card: PlannedCard;
  seller: string;
  creatorWallet: string;
  currency: CurrencyCode;
  price: string;
  startsAt: Date;
  expiresAt: Date;
  status: PlannedOrder['status'];
  closedAt: Date | null;
  label: string;
}

/** Unix seconds as a decimal string (Seaport's uint256 times). */
const unix = (date: Date): string => String(Math.floor(date.getTime() / 1000));

/** The Seaport OrderComponents of a listing (uint256 fields as decimal strings). */
function orderComponents(listing: Listing, split: PriceSplit): Record<string, unknown> {
  const { itemType, token } = paymentItem(listing.currency);
  const pay = (amount: string, recipient: string) => ({
    itemType,
    token,
    identifierOrCriteria: '0',
    startAmount: amount,
    endAmount: amount,
    recipient,
  });
  const consideration = [pay(split.sellerProceeds, listing.seller), pay(split.platformFee, DEMO_FEE_RECIPIENT)];
  if (split.royalty !== '0') consideration.push(pay(split.royalty, listing.creatorWallet));
  return {
    offerer: listing.seller,
    zone: ZERO_ADDRESS,
    offer: [
      {
        itemType: 2,
        token: listing.card.contractAddress,
        identifierOrCriteria: listing.card.tokenId,
        startAmount: '1',
        endAmount: '1',
      },
    ],
    consideration,
    orderType: 0,
    startTime: unix(listing.startsAt),
    endTime: unix(listing.expiresAt),
    zoneHash: ZERO_BYTES32,
    salt: BigInt(hash32(`salt:${listing.label}`).slice(0, 34)).toString(),
    conduitKey: ZERO_BYTES32,
    counter: '0',
    totalOriginalConsiderationItems: consideration.length,
  };
}

/** The sell order row of a listing. */
function orderRow(listing: Listing): PlannedOrder {
  const resale = listing.seller !== listing.creatorWallet;
  const split = splitPrice(listing.price, resale);
  return {
    chainId: listing.card.chainId,
    contractAddress: listing.card.contractAddress,
    tokenId: listing.card.tokenId,
    price: listing.price,
    signature: fakeSignature(`order:${listing.label}`),
    sellerAddress: listing.seller,
    exchange: EXCHANGE,
    currencyCode: listing.currency,
    order: orderComponents(listing, split),
    orderHash: hash32(`order:${listing.label}`),
    counter: '0',
    startsAt: listing.startsAt,
    expiresAt: listing.expiresAt,
    status: listing.status,
    closedAt: listing.closedAt,
    createdAt: listing.startsAt,
  };
}

/**
 * Plans the orders, sales and revenues of the demo cards, and sets each card's `ownerAddress` to its
 * owner after those sales (the cards are changed in place).
 */
export function planTrades(
  cards: PlannedCard[],
  now: Date,
): { orders: PlannedOrder[]; sales: PlannedSale[]; revenues: PlannedRevenue[] } {
  const random: Random = seededRandom(42);
  const orders: PlannedOrder[] = [];
  const sales: PlannedSale[] = [];
  const revenues: PlannedRevenue[] = [];
  const collector = (except?: string): string => {
    for (;;) {
      const wallet = anvilAddress(random.pick(DEMO_COLLECTORS).account);
      if (wallet !== except) return wallet;
    }
  };

  const creatorWallets = new Map(DEMO_CREATORS.map((creator) => [creator.uid, anvilAddress(creator.account)]));
  const creatorWalletOf = (card: PlannedCard): string => {
    const wallet = creatorWallets.get(card.creatorUid);
    if (!wallet) throw new Error(`no demo creator ${card.creatorUid}`);
    return wallet;
  };

  const list = (
    card: PlannedCard,
    label: string,
    fields: Pick<Listing, 'startsAt' | 'expiresAt' | 'status' | 'closedAt'>,
  ) => {
    const currency = pickCurrency(card.chainId, random);
    const listing: Listing = {
      card,
      seller: card.ownerAddress,
      creatorWallet: creatorWalletOf(card),
      currency,
      price: pickPrice(currency, Math.floor(card.position / 2), random),
      label: `${card.contractAddress}:${card.tokenId}:${label}`,
      ...fields,
    };
    const order = orderRow(listing);
    orders.push(order);
    return { order, listing };
  };

  const sell = (card: PlannedCard, soldDaysAgo: number, label: string) => {
    const soldAt = daysAgo(now, soldDaysAgo, random.int(0, 1439));
    const { order, listing } = list(card, label, {
      startsAt: daysAgo(soldAt, random.int(1, 20)),
      expiresAt: daysAgo(soldAt, -90),
      status: 'sold',
      closedAt: soldAt,
    });
    const buyer = collector(card.ownerAddress);
    const resale = card.ownerAddress !== listing.creatorWallet;
    const split = splitPrice(listing.price, resale);
    const chain = CHAIN_BLOCKS[card.chainId] ?? { head: 1_000_000, seconds: 12 };
    const txHash = hash32(`sale:${listing.label}`);
    sales.push({
      chainId: card.chainId,
      orderHash: order.orderHash,
      contractAddress: card.contractAddress,
      tokenId: card.tokenId,
      buyerAddress: buyer,
      sellerAddress: card.ownerAddress,
      price: listing.price,
      currencyCode: listing.currency,
      platformFee: split.platformFee,
      royalty: split.royalty,
      txHash,
      blockNumber: chain.head - Math.floor((now.getTime() - soldAt.getTime()) / 1000 / chain.seconds),
      logIndex: random.int(0, 180),
      soldAt,
      createdAt: soldAt,
    });
    revenues.push({
      txHash,
      uid: card.creatorUid,
      kind: resale ? 'royalty' : 'primary',
      settlement: 'onchain',
      chainId: card.chainId,
      amount: resale ? split.royalty : split.sellerProceeds,
      currencyCode: listing.currency,
      createdAt: soldAt,
    });
    card.ownerAddress = buyer;
  };

  const active = (card: PlannedCard, label: string) =>
    list(card, label, {
      startsAt: daysAgo(now, random.int(1, 30)),
      expiresAt: daysAgo(now, -random.int(30, 180)),
      status: 'active',
      closedAt: null,
    });

  for (const card of cards) {
    const k = card.position;
    if (k >= 4) sell(card, random.int(40, 120), 'primary');
    if (k === 6 || k === 7) sell(card, random.int(2, 35), 'resale');
    if (k === 2) {
      list(card, 'cancelled', {
        startsAt: daysAgo(now, 60),
        expiresAt: daysAgo(now, -30),
        status: 'cancelled',
        closedAt: daysAgo(now, random.int(35, 50)),
      });
    }
    if (k === 9) {
      const expiresAt = daysAgo(now, random.int(3, 20));
      list(card, 'expired', { startsAt: daysAgo(expiresAt, 60), expiresAt, status: 'expired', closedAt: expiresAt });
    }
    if (k === 0 || k === 1 || k === 5 || k === 8 || (k === 3 && random.next() < 0.5)) active(card, 'active');
  }
  return { orders, sales, revenues };
}
