/**
 * Reads a signed trade order against the platform's terms (./tradeOrder.ts lays one out): restricted to the chain's
 * Kirafuda zone through the platform's conduit, whole (FULL_RESTRICTED), cards of one chain both ways, at most
 * one coin (an ERC-20 the chain lists) from the offerer for one wanted card, paying the platform fee on it; a
 * counter names the collector it answers in its zone hash. Pure: the API and the token page's island share it.
 */
import { type Address, getAddress, type Hex } from 'viem';
import { unitFee } from '../seaport/buildOffer';
import { ItemType, type OrderComponents, OrderType } from '../seaport/seaportTypes';
import { privateTaker } from '../zone/zoneHash';
import { checkTradeShape, type TradeCard, TradeShapeError } from './tradeOrder';

/** What the order must carry (a chain's sell terms). */
export interface TradeTerms {
  zone: Address;
  conduitKey: Hex;
  feeBps: number;
  feeRecipient: Address | undefined;
  /** The ERC-20s offers may be made in on the chain. */
  coins: readonly Address[];
}

/** A trade as the server stores it. */
export interface ReadTrade {
  offerer: Address;
  give: TradeCard[];
  want: TradeCard[];
  coin: { token: Address; amount: bigint } | undefined;
  /** A counter's collector (the only address that may fill it). */
  taker: Address | undefined;
  /** What the consideration pays in coin, by recipient (lower-case), for the royalty check. */
  paid: ReadonlyMap<string, bigint>;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The trade `order` is, or a {@link TradeShapeError} saying why it is not one the platform takes. */
export function readTrade(order: OrderComponents, terms: TradeTerms): ReadTrade {
  if (!same(order.zone, terms.zone) || order.orderType !== OrderType.FULL_RESTRICTED) {
    throw new TradeShapeError('A trade must be a whole order restricted to the Kirafuda zone');
  }
  if (!same(order.conduitKey, terms.conduitKey)) throw new TradeShapeError('A trade must use the platform’s conduit');
  const give: TradeCard[] = [];
  let coin: ReadTrade['coin'];
  for (const item of order.offer) {
    if (item.startAmount !== item.endAmount) throw new TradeShapeError('A trade’s amounts do not change over time');
    if (item.itemType === ItemType.ERC721 && item.startAmount === 1n) {
      give.push({ contract: getAddress(item.token), tokenId: item.identifierOrCriteria });
    } else if (item.itemType === ItemType.ERC20 && !coin && terms.coins.some((token) => same(token, item.token))) {
      coin = { token: getAddress(item.token), amount: item.startAmount };
    } else {
      throw new TradeShapeError('A trade gives cards and at most one coin the chain lists');
    }
  }
  const want: TradeCard[] = [];
  const paid = new Map<string, bigint>();
  for (const item of order.consideration) {
    if (item.startAmount !== item.endAmount) throw new TradeShapeError('A trade’s amounts do not change over time');
    if (item.itemType === ItemType.ERC721 && item.startAmount === 1n && same(item.recipient, order.offerer)) {
      want.push({ contract: getAddress(item.token), tokenId: item.identifierOrCriteria });
    } else if (item.itemType === ItemType.ERC20 && coin && same(item.token, coin.token)) {
      const to = item.recipient.toLowerCase();
      paid.set(to, (paid.get(to) ?? 0n) + item.startAmount);
    } else {
      throw new TradeShapeError('A trade asks for cards to its offerer, and pays fee and royalty from its coin');
    }
  }
  checkTradeShape({ give, want, coin });
  const taker = privateTaker(order.zoneHash);
  if (!taker && BigInt(order.zoneHash) !== 0n) throw new TradeShapeError('A trade is open or private to one address');
  if (coin) {
    if (coin.amount <= 0n) throw new TradeShapeError('Coin added to a trade must be more than zero');
    const fee = unitFee(coin.amount, terms.feeBps);
    const feePaid = terms.feeRecipient ? (paid.get(terms.feeRecipient.toLowerCase()) ?? 0n) : 0n;
    if (fee > 0n && (!terms.feeRecipient || feePaid < fee)) {
      throw new TradeShapeError('A trade with coin pays the platform fee on it');
    }
    const spent = [...paid.values()].reduce((sum, amount) => sum + amount, 0n);
    if (spent > coin.amount) throw new TradeShapeError('A trade cannot pay out more coin than it gives');
  }
  return { offerer: getAddress(order.offerer), give, want, coin, taker, paid };
}
