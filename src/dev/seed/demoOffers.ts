/**
 * The demo offers, laid out as the product builds them (../../features/trading/seaport/buildOffer.ts): on each
 * chain, a collector's offer for a card that is not listed (in the chain's wrapped coin) and another's offer for
 * any two cards of a collection (in ATEM). The platform fee and the creator's royalty are paid out of the
 * offered amount. The signatures are made up; on local chains the offers are signed again for real
 * (../localchain/demoOffers.server.ts).
 *
 * @see docs/architecture.md (Offers)
 */
import { CurrencyCode } from '~/features/chains/currencies.ts';
import { anvilAddress } from './accounts.ts';
import { DEMO_CATEGORIES, demoContractAddress } from './demoCatalogue.ts';
import { DEMO_EXCHANGE } from './demoOrders.ts';
import { DEMO_COLLECTORS, DEMO_CREATORS } from './demoPeople.ts';
import type { PlannedCard, PlannedOffer, PlannedOrder } from './demoPlan.ts';
import { daysAgo, fakeSignature, hash32, seededRandom } from './deterministic.ts';
import {
  DEMO_FEE_RECIPIENT,
  DEMO_PLATFORM_FEE_BPS,
  DEMO_ROYALTY_BPS,
  paymentItem,
  pickPrice,
  share,
} from './prices.ts';

/** The wrapped coin of each chain, the currency of its demo card offer. */
const WRAPPED: Readonly<Record<number, CurrencyCode>> = {
  1: CurrencyCode.WETH,
  56: CurrencyCode.WBNB,
  8217: CurrencyCode.WKLAY,
  137: CurrencyCode.WPOL,
};

const ZERO_BYTES32 = `0x${'0'.repeat(64)}`;
const ZERO_ADDRESS = `0x${'0'.repeat(40)}`;
const unix = (date: Date): string => String(Math.floor(date.getTime() / 1000));

/** One offer to plan. */
interface OfferSpec {
  offerer: string;
  contractAddress: string;
  chainId: number;
  /** The card of a token offer; undefined for a collection offer. */
  tokenId?: string;
  currency: CurrencyCode;
  unitPrice: string;
  quantity: number;
  royaltyReceiver: string;
  startsAt: Date;
  expiresAt: Date;
  label: string;
}

/** The offer's row: its Seaport order (uint256 fields as decimal strings) and the columns the site keeps. */
function offerRow(spec: OfferSpec): PlannedOffer {
  const { token } = paymentItem(spec.currency);
  const quantity = BigInt(spec.quantity);
  const unit = BigInt(spec.unitPrice);
  const pay = (amount: string, recipient: string) => ({
    itemType: 1,
    token,
    identifierOrCriteria: '0',
    startAmount: (BigInt(amount) * quantity).toString(),
    endAmount: (BigInt(amount) * quantity).toString(),
    recipient,
  });
  const wanted = {
    itemType: spec.tokenId === undefined ? 4 : 2,
    token: spec.contractAddress,
    identifierOrCriteria: spec.tokenId ?? '0',
    startAmount: quantity.toString(),
    endAmount: quantity.toString(),
    recipient: spec.offerer,
  };
  const consideration = [
    wanted,
    pay(share(spec.unitPrice, DEMO_PLATFORM_FEE_BPS), DEMO_FEE_RECIPIENT),
    pay(share(spec.unitPrice, DEMO_ROYALTY_BPS), spec.royaltyReceiver),
  ];
  const total = (unit * quantity).toString();
  return {
    chainId: spec.chainId,
    exchange: DEMO_EXCHANGE,
    orderHash: hash32(`offer:${spec.label}`),
    offererAddress: spec.offerer,
    kind: spec.tokenId === undefined ? 'collection' : 'token',
    contractAddress: spec.contractAddress,
    tokenId: spec.tokenId ?? null,
    currencyCode: spec.currency,
    price: spec.unitPrice,
    quantity: spec.quantity,
    order: {
      offerer: spec.offerer,
      zone: ZERO_ADDRESS,
      offer: [{ itemType: 1, token, identifierOrCriteria: '0', startAmount: total, endAmount: total }],
      consideration,
      orderType: spec.quantity > 1 ? 1 : 0,
      startTime: unix(spec.startsAt),
      endTime: unix(spec.expiresAt),
      zoneHash: ZERO_BYTES32,
      salt: BigInt(hash32(`salt:offer:${spec.label}`).slice(0, 34)).toString(),
      conduitKey: ZERO_BYTES32,
      counter: '0',
    },
    signature: fakeSignature(`offer:${spec.label}`),
    counter: '0',
    startsAt: spec.startsAt,
    expiresAt: spec.expiresAt,
    status: 'active',
    createdAt: spec.startsAt,
  };
}

/**
 * Plans the offers (see the module comment): each chain's card offer asks for the third card of its first
 * collection (never listed, still its creator's), the collection offer asks for any two cards of its second
 * collection. Offerers are collectors who own none of the cards asked for.
 */
export function planOffers(cards: readonly PlannedCard[], orders: readonly PlannedOrder[], now: Date): PlannedOffer[] {
  const random = seededRandom(77);
  const listed = new Set(orders.filter((o) => o.status === 'active').map((o) => `${o.contractAddress}:${o.tokenId}`));
  const creatorWallet = (uid: string) => anvilAddress(DEMO_CREATORS.find((c) => c.uid === uid)?.account ?? 0);
  const offers: PlannedOffer[] = [];
  for (const [index, chainId] of [1, 56, 8217, 137].entries()) {
    const [first, second] = DEMO_CATEGORIES.filter((category) => category.chainId === chainId);
    if (!first || !second) continue;
    const firstContract = demoContractAddress(first.slug);
    const secondContract = demoContractAddress(second.slug);
    const wanted = cards.find(
      (card) =>
        card.contractAddress === firstContract &&
        card.position === 2 &&
        !listed.has(`${card.contractAddress}:${card.tokenId}`),
    );
    const owners = new Set(cards.filter((card) => card.contractAddress === secondContract).map((c) => c.ownerAddress));
    const pickCollector = (offset: number, except: Set<string>) => {
      for (let step = 0; step < DEMO_COLLECTORS.length; step += 1) {
        const wallet = anvilAddress(
          DEMO_COLLECTORS[(index * 3 + offset + step) % DEMO_COLLECTORS.length]?.account ?? 8,
        );
        if (!except.has(wallet)) return wallet;
      }
      return anvilAddress(DEMO_COLLECTORS[0]?.account ?? 8);
    };
    if (wanted) {
      const currency = WRAPPED[chainId] ?? CurrencyCode.ATEM;
      offers.push(
        offerRow({
          offerer: pickCollector(0, new Set([wanted.ownerAddress])),
          contractAddress: wanted.contractAddress,
          chainId,
          tokenId: wanted.tokenId,
          currency,
          unitPrice: pickPrice(currency, 1, random),
          quantity: 1,
          royaltyReceiver: creatorWallet(wanted.creatorUid),
          startsAt: daysAgo(now, random.int(1, 4)),
          expiresAt: daysAgo(now, -random.int(7, 21)),
          label: `${chainId}:token`,
        }),
      );
    }
    const sample = cards.find((card) => card.contractAddress === secondContract);
    if (sample) {
      offers.push(
        offerRow({
          offerer: pickCollector(1, owners),
          contractAddress: secondContract,
          chainId,
          currency: CurrencyCode.ATEM,
          unitPrice: pickPrice(CurrencyCode.ATEM, 0, random),
          quantity: 2,
          royaltyReceiver: creatorWallet(sample.creatorUid),
          startsAt: daysAgo(now, random.int(1, 4)),
          expiresAt: daysAgo(now, -random.int(7, 21)),
          label: `${chainId}:collection`,
        }),
      );
    }
  }
  return offers;
}
