/**
 * Builds the Seaport order of a trade offer, cards for cards: the offerer gives one or more of their cards (and
 * optionally an ERC-20 amount) and asks for the cards they want, each to themself. The owner of the wanted card
 * accepts by filling it (Seaport moves the offered cards to them and theirs to the offerer in one transaction);
 * a counter is the same order made by the owner, private to the collector it answers (its zone hash names them,
 * and the Kirafuda zone lets no one else fill it).
 *
 * The fee policy of a trade, enforced by the zone (contracts/KirafudaZone.sol `_checkPayments`): a trade that moves
 * no coin pays no platform fee and no royalty; a trade with coin pays the platform fee and the wanted card's
 * ERC-2981 royalty on that coin, out of it, as an offer of that amount for the card would. Why: a fee with no price
 * would need a coin the parties may not hold (a holder with no coin could not trade, and a flat fee per chain would
 * have to be re-priced in each chain's coin), and a royalty is by ERC-2981 a share of a sale price, which a swap
 * has not. Charging on the money that moves keeps one rule on every chain. The price of that choice: a swap of a
 * royalty-guaranteed card for another pays its creator nothing, as a gift between holders does not.
 *
 * @see https://github.com/ProjectOpenSea/seaport/blob/main/docs/SeaportDocumentation.md
 */
import { type Address, zeroAddress, zeroHash } from 'viem';
import { unitFee } from '../seaport/buildOffer';
import type { OrderFrame } from '../seaport/orderFrame';
import {
  type ConsiderationItem,
  ItemType,
  type OfferItem,
  type OrderComponents,
  OrderType,
} from '../seaport/seaportTypes';
import { privateZoneHash } from '../zone/zoneHash';

/** One card of a trade. */
export interface TradeCard {
  contract: Address;
  tokenId: bigint;
}

/** Parameters of {@link buildTradeOrder}. */
export interface BuildTradeParameters extends OrderFrame {
  offerer: Address;
  /** The offerer's cards, given. */
  give: readonly TradeCard[];
  /** The cards asked, each to the offerer. */
  want: readonly TradeCard[];
  /** Coin the offerer adds (an ERC-20: the offerer's balance backs it); only with exactly one wanted card. */
  coin?: { token: Address; amount: bigint } | undefined;
  platformFee: { bps: number; recipient: Address | undefined };
  /** The wanted card's royalty on `coin.amount` (ERC-2981), when there is one. */
  royalty?: { receiver: Address; amount: bigint } | undefined;
  /** A counter: only this address may fill it. */
  taker?: Address | undefined;
}

/** Why a trade cannot be built, for a caller to show (the API answers 422 with it). */
export class TradeShapeError extends Error {}

/** The most cards on one side of a trade (an order stays well under a block's gas). */
export const MAX_TRADE_CARDS = 10;

const key = (card: TradeCard) => `${card.contract.toLowerCase()}:${card.tokenId}`;

/** Refuses a trade no fill could settle (see {@link TradeShapeError}); returns nothing when it holds. */
export function checkTradeShape(parameters: Pick<BuildTradeParameters, 'give' | 'want' | 'coin'>): void {
  const { give, want, coin } = parameters;
  if (give.length === 0 || want.length === 0) throw new TradeShapeError('A trade gives and asks at least one card');
  if (give.length > MAX_TRADE_CARDS || want.length > MAX_TRADE_CARDS) {
    throw new TradeShapeError(`A trade moves at most ${MAX_TRADE_CARDS} cards each way`);
  }
  const keys = [...give, ...want].map(key);
  if (new Set(keys).size !== keys.length) throw new TradeShapeError('A card appears twice in the trade');
  if (coin && coin.amount > 0n && want.length !== 1) {
    throw new TradeShapeError('Coin can be added only for one wanted card (it is that card’s price)');
  }
}

/** The trade's `OrderComponents` (see the module comment). */
export function buildTradeOrder(parameters: BuildTradeParameters): OrderComponents {
  checkTradeShape(parameters);
  const { offerer, coin } = parameters;
  const offer: OfferItem[] = parameters.give.map((card) => ({
    itemType: ItemType.ERC721,
    token: card.contract,
    identifierOrCriteria: card.tokenId,
    startAmount: 1n,
    endAmount: 1n,
  }));
  const consideration: ConsiderationItem[] = parameters.want.map((card) => ({
    itemType: ItemType.ERC721,
    token: card.contract,
    identifierOrCriteria: card.tokenId,
    startAmount: 1n,
    endAmount: 1n,
    recipient: offerer,
  }));
  if (coin && coin.amount > 0n) {
    offer.push({
      itemType: ItemType.ERC20,
      token: coin.token,
      identifierOrCriteria: 0n,
      startAmount: coin.amount,
      endAmount: coin.amount,
    });
    const pay = (amount: bigint, recipient: Address) =>
      consideration.push({
        itemType: ItemType.ERC20,
        token: coin.token,
        identifierOrCriteria: 0n,
        startAmount: amount,
        endAmount: amount,
        recipient,
      });
    const fee = unitFee(coin.amount, parameters.platformFee.bps);
    if (fee > 0n && parameters.platformFee.recipient) pay(fee, parameters.platformFee.recipient);
    const royalty = parameters.royalty;
    if (royalty && royalty.amount > 0n && royalty.receiver !== zeroAddress) pay(royalty.amount, royalty.receiver);
  }
  return {
    offerer,
    zone: parameters.zone,
    offer,
    consideration,
    orderType: OrderType.FULL_RESTRICTED,
    startTime: parameters.startTime,
    endTime: parameters.endTime,
    zoneHash: parameters.taker ? privateZoneHash(parameters.taker) : zeroHash,
    salt: parameters.salt,
    conduitKey: parameters.conduitKey,
    counter: parameters.counter,
  };
}

/** Whether a filled order moved cards both ways (a trade): the indexer books each card as its own sale. */
export function isTrade(order: {
  offer: readonly { itemType: number }[];
  consideration: readonly { itemType: number }[];
}): boolean {
  const card = (item: { itemType: number }) => item.itemType === ItemType.ERC721;
  return order.offer.some(card) && order.consideration.some(card);
}
