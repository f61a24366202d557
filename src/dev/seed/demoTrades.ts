/**
 * The demo market's history: per collection, the creator's first sales to collectors (primary revenue),
 * a few resales between collectors (royalty revenue), open listings in several currencies, and some
 * cancelled and expired ones; on each chain, a timed auction and a declining-price listing. Dates follow
 * each other: a card is listed only after its seller got it (minted, or bought), sold after it was listed.
 *
 * @see docs/product-spec.md §3 (sell-card payload), §7 (sell_card)
 */
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { anvilAddress } from './accounts.ts';
import { DEMO_CATEGORIES, demoContractAddress } from './demoCatalogue.ts';
import { DEMO_SETTLEMENT_MARGIN_MS, DEMO_SETTLEMENT_WINDOW_MS, type DemoListing, orderRow } from './demoOrders.ts';
import { DEMO_COLLECTORS, DEMO_CREATORS } from './demoPeople.ts';
import type { PlannedAuction, PlannedCard, PlannedOrder, PlannedRevenue, PlannedSale } from './demoPlan.ts';
import { daysAgo, hash32, type Random, seededRandom } from './deterministic.ts';
import { pickCurrency, pickPrice, splitPrice } from './prices.ts';

/** Latest block and seconds per block of each demo chain, to give sales plausible block numbers. */
const CHAIN_BLOCKS: Readonly<Record<number, { head: number; seconds: number }>> = {
  1: { head: 21_500_000, seconds: 12 },
  56: { head: 45_000_000, seconds: 3 },
  8217: { head: 175_000_000, seconds: 1 },
  137: { head: 66_000_000, seconds: 2 },
};

/** The ERC-20 each chain's demo auction takes bids in (its wrapped coin). */
const AUCTION_CURRENCY: Readonly<Record<number, CurrencyCode>> = {
  1: CurrencyCode.WETH,
  56: CurrencyCode.WBNB,
  8217: CurrencyCode.WKLAY,
  137: CurrencyCode.WPOL,
};

/** The native coin of each chain, the currency of its demo declining-price listing. */
const NATIVE_CURRENCY: Readonly<Record<number, CurrencyCode>> = {
  1: CurrencyCode.ETH,
  56: CurrencyCode.BNB,
  8217: CurrencyCode.KLAYTN,
  137: CurrencyCode.POL,
};

/** The first demo collection of each chain: its second card is in a timed auction, its fourth declines in price. */
const SHOWCASE_CONTRACTS = new Set(
  Object.keys(NATIVE_CURRENCY).flatMap((chainId) => {
    const first = DEMO_CATEGORIES.find((category) => category.chainId === Number(chainId));
    return first ? [demoContractAddress(first.slug)] : [];
  }),
);

/** The earliest a card's holder can list it: an hour after they got it. */
const HOUR_MS = 3_600_000;
const later = (a: Date, b: Date): Date => (a.getTime() >= b.getTime() ? a : b);

/**
 * Plans the orders, sales and revenues of the demo cards, and sets each card's `ownerAddress` to its
 * owner after those sales (the cards are changed in place). Also plans the auctions of the demo's timed
 * auction listings.
 */
export function planTrades(
  cards: PlannedCard[],
  now: Date,
): { orders: PlannedOrder[]; sales: PlannedSale[]; revenues: PlannedRevenue[]; auctions: PlannedAuction[] } {
  const random: Random = seededRandom(42);
  const orders: PlannedOrder[] = [];
  const sales: PlannedSale[] = [];
  const revenues: PlannedRevenue[] = [];
  const auctions: PlannedAuction[] = [];
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
  /** When the card's current owner got it (minted to the creator, or bought). */
  const acquired = new Map<PlannedCard, Date>();
  const acquiredAt = (card: PlannedCard): Date => acquired.get(card) ?? card.mintedAt ?? now;

  const list = (
    card: PlannedCard,
    label: string,
    fields: Pick<DemoListing, 'startsAt' | 'expiresAt' | 'status' | 'closedAt'> & {
      sale?: DemoListing['sale'];
      currency?: CurrencyCode;
      price?: string;
    },
  ) => {
    const currency = fields.currency ?? pickCurrency(card.chainId, random);
    const listing: DemoListing = {
      card,
      seller: card.ownerAddress,
      creatorWallet: creatorWalletOf(card),
      currency,
      price: fields.price ?? pickPrice(currency, Math.floor(card.position / 2), random),
      sale: fields.sale ?? { type: 'fixed' },
      label: `${card.contractAddress}:${card.tokenId}:${label}`,
      // Never before the seller had the card.
      startsAt: later(fields.startsAt, new Date(acquiredAt(card).getTime() + HOUR_MS)),
      expiresAt: fields.expiresAt,
      status: fields.status,
      closedAt: fields.closedAt,
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
    acquired.set(card, soldAt);
  };

  const active = (card: PlannedCard, label: string) =>
    list(card, label, {
      startsAt: daysAgo(now, random.int(1, 30)),
      expiresAt: daysAgo(now, -random.int(30, 180)),
      status: 'active',
      closedAt: null,
    });

  /** A timed auction in the chain's wrapped coin: started a day ago, bidding ends in two to five days. */
  const auction = (card: PlannedCard) => {
    const currency = AUCTION_CURRENCY[card.chainId] ?? CurrencyCode.ATEM;
    const endsAt = daysAgo(now, -random.int(2, 5), random.int(0, 600));
    const { order } = list(card, 'auction', {
      sale: { type: 'auction', endsAt },
      currency,
      startsAt: daysAgo(now, 1),
      expiresAt: new Date(endsAt.getTime() + DEMO_SETTLEMENT_WINDOW_MS),
      status: 'active',
      closedAt: null,
    });
    auctions.push({
      orderHash: order.orderHash,
      chainId: card.chainId,
      contractAddress: card.contractAddress,
      tokenId: card.tokenId,
      sellerAddress: order.sellerAddress,
      currencyCode: currency,
      reservePrice: order.price,
      minStepBps: 500,
      endsAt,
      scheduledEndsAt: endsAt,
      latestEndsAt: new Date(order.expiresAt.getTime() - DEMO_SETTLEMENT_MARGIN_MS),
      createdAt: order.startsAt,
    });
  };

  /** A price declining to 40 % of the start over eight days, started two days ago, in the native coin. */
  const declining = (card: PlannedCard) => {
    const currency = NATIVE_CURRENCY[card.chainId] ?? pickCurrency(card.chainId, random);
    const price = pickPrice(currency, Math.floor(card.position / 2) + 1, random);
    list(card, 'declining', {
      sale: { type: 'declining', endPrice: ((BigInt(price) * 40n) / 100n).toString() },
      currency,
      price,
      startsAt: daysAgo(now, 2),
      expiresAt: daysAgo(now, -6),
      status: 'active',
      closedAt: null,
    });
  };

  for (const card of cards) {
    const k = card.position;
    const showcase = SHOWCASE_CONTRACTS.has(card.contractAddress);
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
    if (showcase && k === 1) auction(card);
    else if (showcase && k === 3) declining(card);
    else if (k === 0 || k === 1 || k === 5 || k === 8 || (k === 3 && random.next() < 0.5)) active(card, 'active');
  }
  return { orders, sales, revenues, auctions };
}
