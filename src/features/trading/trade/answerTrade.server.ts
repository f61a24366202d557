/**
 * Answering a trade offer, by its taker only: accept (`POST /api/v1/trade_offers/{id}/accept`) answers the advanced
 * order to send to Seaport now, with the Kirafuda zone's signature for the taker (the offer is accepted when the
 * indexer reads the fill: ./tradeOffers.server.ts `markTradeAccepted`); decline ends it at once, without gas, since
 * the server signs no fill of it after. Counters are made in ./makeTrade.server.ts.
 */
import { getAddress, type Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { serverChains } from '~/features/chains/config.server';
import { conflict, HttpError } from '~/server/api/errors';
import type { Database } from '~/server/db/types';
import type { Seller } from '../orders/orderCalls.server';
import { advancedOrder } from '../seaport/advancedOrder';
import { orderParametersJson, parseOrderJson, plainJson, toOrderJson } from '../seaport/orderJson';
import { signOrderFill, type ZoneSigning } from '../zone/signOrderFill.server';
import { answerableTrade } from './makeTrade.server';
import { declineTradeOffer } from './tradeOffers.server';

/** What accepting needs besides the offer. */
export interface AcceptContext {
  chains?: readonly Chain[];
  signing: ZoneSigning | undefined;
  conduitKey: Hex;
  now?: Date;
}

/**
 * The fill of trade offer `id` for its taker: `{ trade_offer_id, chain_id, seaport, order, advanced_order,
 * fulfiller_conduit_key, expires_at }` (Seaport `fulfillAdvancedOrder(advanced_order, [], fulfiller_conduit_key,
 * 0x0)`; nothing to pay in native coin). 404 unknown, 403 not the taker, 409 no longer open, 503 no zone signer.
 */
export async function acceptTradeOffer(db: Database, user: Seller, id: number, context: AcceptContext) {
  const now = context.now ?? new Date();
  const row = await answerableTrade(db, user, id, now);
  const chain = (context.chains ?? serverChains()).find((candidate) => candidate.chainId === row.chainId);
  const order = parseOrderJson(row.order);
  if (!chain || !order) throw conflict('This trade offer can no longer be filled here');
  if (!context.signing) throw new HttpError(503, 'Fills are unavailable: no zone signer is configured');
  const taker = getAddress(user.walletAddress);
  const signed = await signOrderFill(context.signing, chain, order, taker, BigInt(Math.floor(now.getTime() / 1000)));
  const advanced = advancedOrder({ order, signature: row.signature as Hex }, 1n, 1n, signed.extraData);
  const parameters = orderParametersJson(order);
  return {
    trade_offer_id: row.id,
    chain_id: row.chainId,
    seaport: chain.contracts.exchange.toLowerCase(),
    order: toOrderJson(order),
    advanced_order: plainJson({ ...advanced, parameters }),
    fulfiller_conduit_key: context.conduitKey,
    expires_at: new Date(Number(signed.expiration) * 1000).toISOString(),
  };
}

/** Declines trade offer `id` (see the module comment); answers the offer's card for the change it makes. */
export async function declineTrade(db: Database, user: Seller, id: number, now = new Date()) {
  const row = await answerableTrade(db, user, id, now);
  if (!(await declineTradeOffer(db, row.id, now))) throw conflict('This trade offer is no longer open');
  return { ...row, status: 'declined' as const };
}
