/**
 * The Seaport orders of the demo listings, laid out as the product builds them: a fixed price (every item's
 * start amount equal to its end amount), a declining price (each item moving from the split of the start
 * price to the split of the end price, as `buildSellOrder` does), and a timed auction (restricted to the
 * platform's settlement account, asking the seller's share of the reserve in an ERC-20, as
 * `buildAuctionListing` does). The demo signatures are made up; on local chains the listings are signed
 * again for real (../localchain/demoListings.server.ts).
 *
 * @see ../../features/trading/seaport/buildSellOrder.ts, ../../features/trading/auction/auctionRules.ts
 */
import { privateKeyToAccount } from 'viem/accounts';
import type { CurrencyCode } from '~/features/chains/currencies.ts';
import { LOCAL_SETTLER_KEY } from '~/features/chains/localDefaults.ts';
import type { PlannedCard, PlannedOrder } from './demoPlan.ts';
import { fakeSignature, hash32 } from './deterministic.ts';
import { DEMO_FEE_RECIPIENT, type PriceSplit, paymentItem, splitPrice } from './prices.ts';

const ZERO_BYTES32 = `0x${'0'.repeat(64)}`;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;
/** Seaport 1.6, the same address on every chain (as `SEAPORT_1_6_ADDRESS` in features/chains/chainConfig.ts). */
export const DEMO_EXCHANGE = '0x0000000000000068f116a894984e2db1123eb395';
/** The local auction settlement account (anvil account 9): the zone of the demo auctions. */
export const DEMO_SETTLER = privateKeyToAccount(LOCAL_SETTLER_KEY).address.toLowerCase();
/** How long an auction listing stays fillable after bidding ends (`SETTLEMENT_WINDOW_SECONDS`). */
export const DEMO_SETTLEMENT_WINDOW_MS = 86_400_000;
/** The latest an auction's end may move before its listing ends (`SETTLEMENT_MARGIN_SECONDS`). */
export const DEMO_SETTLEMENT_MARGIN_MS = 3_600_000;

/** How a demo listing sells. */
export type DemoSale = { type: 'fixed' } | { type: 'declining'; endPrice: string } | { type: 'auction'; endsAt: Date };

/** What one listing is: which card, by whom, when, how it sells and how it ended. */
export interface DemoListing {
  card: PlannedCard;
  seller: string;
  creatorWallet: string;
  currency: CurrencyCode;
  /** The price (a declining listing's start price, an auction's reserve). */
  price: string;
  sale: DemoSale;
  startsAt: Date;
  expiresAt: Date;
  status: PlannedOrder['status'];
  closedAt: Date | null;
  label: string;
}

/** Unix seconds as a decimal string (Seaport's uint256 times). */
const unix = (date: Date): string => String(Math.floor(date.getTime() / 1000));

/** The Seaport OrderComponents of a listing (uint256 fields as decimal strings). */
function orderComponents(listing: DemoListing, resale: boolean): Record<string, unknown> {
  const { itemType, token } = paymentItem(listing.currency);
  const start = splitPrice(listing.price, resale);
  const end = listing.sale.type === 'declining' ? splitPrice(listing.sale.endPrice, resale) : start;
  const pay = (part: keyof PriceSplit, recipient: string) => ({
    itemType,
    token,
    identifierOrCriteria: '0',
    startAmount: start[part],
    endAmount: end[part],
    recipient,
  });
  const auction = listing.sale.type === 'auction';
  const consideration = auction
    ? [pay('sellerProceeds', listing.seller)]
    : [pay('sellerProceeds', listing.seller), pay('platformFee', DEMO_FEE_RECIPIENT)];
  if (!auction && start.royalty !== '0') consideration.push(pay('royalty', listing.creatorWallet));
  return {
    offerer: listing.seller,
    zone: auction ? DEMO_SETTLER : ZERO_ADDRESS,
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
    orderType: auction ? 2 : 0,
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
export function orderRow(listing: DemoListing): PlannedOrder {
  const resale = listing.seller !== listing.creatorWallet;
  return {
    chainId: listing.card.chainId,
    contractAddress: listing.card.contractAddress,
    tokenId: listing.card.tokenId,
    price: listing.price,
    endPrice: listing.sale.type === 'declining' ? listing.sale.endPrice : null,
    saleType: listing.sale.type,
    signature: fakeSignature(`order:${listing.label}`),
    sellerAddress: listing.seller,
    exchange: DEMO_EXCHANGE,
    currencyCode: listing.currency,
    order: orderComponents(listing, resale),
    orderHash: hash32(`order:${listing.label}`),
    counter: '0',
    startsAt: listing.startsAt,
    expiresAt: listing.expiresAt,
    status: listing.status,
    closedAt: listing.closedAt,
    createdAt: listing.startsAt,
  };
}
