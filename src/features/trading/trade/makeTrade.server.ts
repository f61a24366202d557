/**
 * Making a trade offer (`POST /api/v1/trade_offers`) or countering one (`POST /api/v1/trade_offers/{id}/counter`):
 * the signed order is read against the chain's terms (./tradeRules.ts), its cards against the catalogue (every card
 * it gives held by its offerer, the card it asks held by someone else: that holder is who answers it), its coin's
 * royalty against the wanted card's ERC-2981 answer, and its signature checked (ERC-1271 wallets too); then it is
 * stored open and its taker told (./tradeOffers.server.ts). A counter is made by the taker of an open offer, gives
 * the card that offer asked for, and is private to the offer's collector; storing it ends the offer it answers.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Chain } from '~/features/chains/chains';
import { serverChains } from '~/features/chains/config.server';
import { publicClientFor } from '~/features/chains/publicClients.server';
import { conflict, forbidden, notFound, unprocessable } from '~/server/api/errors';
import { cards, categories, tradeOffers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { cardAbi } from '../contracts/cardAbi';
import { offerCurrencies } from '../offer/submitOffer.server';
import { type OrderOptions, onChain, type Seller } from '../orders/orderCalls.server';
import { orderHash } from '../seaport/orderHash';
import { toOrderJson } from '../seaport/orderJson';
import { isOrderSignatureValid } from '../seaport/orderSignature.server';
import { currencyOfToken } from '../terms/currencyTokens';
import { sellTerms } from '../terms/sellTerms.server';
import { insertTradeOffer, type TradeOfferRow } from './tradeOffers.server';
import { TradeShapeError } from './tradeOrder';
import type { TradePayload } from './tradePayload';
import { type ReadTrade, readTrade } from './tradeRules';

/** A trade offer's body as ./tradePayload.ts parses it: the chain, the signed order and its signature. */
export type TradeInput = TradePayload;

/** Reads and checks the order of `input` (see the module comment); answers the chain and the trade. */
async function checkedTrade(db: Database, user: Seller, input: TradeInput, options: OrderOptions) {
  const chain = (options.chains ?? serverChains()).find((candidate) => candidate.chainId === input.chain_id);
  if (!chain) throw unprocessable('chain_id: this site does not run that chain');
  const { order } = input;
  if (order.offerer.toLowerCase() !== user.walletAddress.toLowerCase()) {
    throw forbidden('The order must be made by your own wallet');
  }
  const terms = await sellTerms(db, chain, options.settings ?? serverSettings());
  let trade: ReadTrade;
  try {
    trade = readTrade(order, { ...terms, coins: offerCurrencies(chain).map((coin) => coin.token) });
  } catch (error) {
    if (error instanceof TradeShapeError) throw unprocessable(error.message);
    throw error;
  }
  const now = BigInt(Math.floor((options.now ?? new Date()).getTime() / 1000));
  if (order.endTime <= now + 60n) throw unprocessable('The trade offer has expired');
  if (order.endTime > now + 180n * 86_400n) throw unprocessable('A trade offer lasts 180 days at most');
  return { chain, order, trade, now };
}

/** The catalogue's rows of `trade`'s cards on `chain`: every card must be on the marketplace, in a shown collection. */
async function cardRows(db: Database, chain: Chain, trade: ReadTrade) {
  const all = [...trade.give, ...trade.want];
  const rows = await db
    .select({
      contract: cards.contractAddress,
      tokenId: cards.tokenId,
      owner: cards.ownerAddress,
      hidden: categories.hidden,
    })
    .from(cards)
    .innerJoin(
      categories,
      and(eq(categories.chainId, cards.chainId), eq(categories.contractAddress, cards.contractAddress)),
    )
    .where(
      and(
        eq(cards.chainId, chain.chainId),
        inArray(
          cards.contractAddress,
          all.map((card) => card.contract.toLowerCase()),
        ),
      ),
    );
  const owner = (card: { contract: string; tokenId: bigint }) => {
    const row = rows.find((r) => r.contract === card.contract.toLowerCase() && r.tokenId === card.tokenId.toString());
    if (!row || row.hidden) throw notFound(`Card ${card.tokenId} is not on the marketplace`);
    return row.owner?.toLowerCase() ?? '';
  };
  const offerer = trade.offerer.toLowerCase();
  for (const card of trade.give) if (owner(card) !== offerer) throw unprocessable('You can only give cards you hold');
  const holders = new Set(trade.want.map(owner));
  if (holders.size !== 1 || holders.has(offerer) || holders.has('')) {
    throw unprocessable('A trade asks for cards of one other holder');
  }
  return { taker: [...holders][0] as string };
}

/** The wanted card's royalty on the coin must be paid, as the zone checks at the fill. */
async function checkRoyalty(chain: Chain, trade: ReadTrade) {
  const [wanted] = trade.want;
  if (!trade.coin || !wanted) return;
  const [receiver, amount] = await onChain(chain, () =>
    publicClientFor(chain).readContract({
      address: wanted.contract,
      abi: cardAbi,
      functionName: 'royaltyInfo',
      args: [wanted.tokenId, trade.coin?.amount ?? 0n],
    }),
  );
  if (amount > 0n && (trade.paid.get(receiver.toLowerCase()) ?? 0n) < amount) {
    throw unprocessable('A trade with coin pays the wanted card’s royalty on it');
  }
}

/** Stores a checked trade (see the module comment). */
async function storeTrade(
  db: Database,
  user: Seller,
  input: TradeInput,
  options: OrderOptions,
  counterOf?: TradeOfferRow,
): Promise<{ row: TradeOfferRow; created: boolean }> {
  const { chain, order, trade } = await checkedTrade(db, user, input, options);
  const { taker } = await cardRows(db, chain, trade);
  if (counterOf) {
    const gives = trade.give.some(
      (card) =>
        card.contract.toLowerCase() === counterOf.contractAddress && card.tokenId.toString() === counterOf.tokenId,
    );
    if (!gives || trade.taker?.toLowerCase() !== counterOf.offererAddress || taker !== counterOf.offererAddress) {
      throw unprocessable('A counter gives the card asked for, private to the collector who asked, for their cards');
    }
  } else if (trade.taker) {
    throw unprocessable('A private trade is made as a counter to an offer');
  }
  await checkRoyalty(chain, trade);
  if (!(await onChain(chain, () => isOrderSignatureValid(chain, chain.contracts.exchange, order, input.signature)))) {
    throw unprocessable('The signature is not the offerer’s signature of this order');
  }
  const [wanted] = trade.want;
  const [given] = trade.give;
  const card = counterOf ? given : wanted;
  if (!card) throw unprocessable('A trade asks for a card');
  const coinCode = trade.coin ? currencyOfToken(chain, 1, trade.coin.token) : undefined;
  return insertTradeOffer(db, {
    chainId: chain.chainId,
    exchange: chain.contracts.exchange.toLowerCase(),
    orderHash: orderHash(order),
    offererAddress: trade.offerer.toLowerCase(),
    takerAddress: taker,
    contractAddress: card.contract.toLowerCase(),
    tokenId: card.tokenId.toString(),
    coinAmount: trade.coin ? trade.coin.amount.toString() : null,
    currencyCode: trade.coin ? (coinCode ?? null) : null,
    counterOf: counterOf?.id ?? null,
    order: toOrderJson(order),
    signature: input.signature.toLowerCase(),
    expiresAt: new Date(Number(order.endTime) * 1000),
  });
}

/** Makes a trade offer (see the module comment). */
export function makeTradeOffer(db: Database, user: Seller, input: TradeInput, options: OrderOptions = {}) {
  return storeTrade(db, user, input, options);
}

/** The open trade offer `id` that `user` may answer (404 unknown, 403 not theirs, 409 no longer open). */
export async function answerableTrade(
  db: Database,
  user: Seller,
  id: number,
  now = new Date(),
): Promise<TradeOfferRow> {
  const [row] = await db.select().from(tradeOffers).where(eq(tradeOffers.id, id));
  if (!row) throw notFound('No such trade offer');
  if (row.takerAddress !== user.walletAddress.toLowerCase()) throw forbidden('This trade offer is not for you');
  if (row.status !== 'open') throw conflict(`This trade offer is ${row.status}`);
  if (row.expiresAt <= now) throw conflict('This trade offer has expired');
  return row;
}

/** Counters trade offer `id` with the taker's own signed order (see the module comment). */
export async function counterTradeOffer(
  db: Database,
  user: Seller,
  id: number,
  input: TradeInput,
  options: OrderOptions = {},
) {
  const offer = await answerableTrade(db, user, id, options.now);
  if (input.chain_id !== offer.chainId) throw unprocessable('chain_id: a counter is on the offer’s chain');
  return storeTrade(db, user, input, options, offer);
}
