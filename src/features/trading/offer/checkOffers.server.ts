/**
 * Keeping stored offers true to the chain: offers past their end are marked expired; active offers are
 * re-checked (oldest check first; at once when the indexer saw their offerer's balance or allowance move, see
 * ../../indexer/applyExchange.server.ts) and each one's reason to be inactive is stored, or cleared when the
 * offerer has the funds again; offers the chain says are cancelled or voided by a counter are ended.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Address, Hex } from 'viem';
import type { Chain } from '~/features/chains/chains';
import { offers } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { readOfferState } from '../orders/offerState.server';
import { offerReason } from '../orders/orderFacts';
import { dueForCheck } from '../orders/orderHealth.server';
import { cancelOffer, expireOffers, markOffersChecked, setOfferReason } from '../orders/orderStatus.server';
import { parseOrderJson } from '../seaport/orderJson';
import { offerCurrencies } from './submitOffer.server';

/** Offers checked per chain and pass. */
const CHECKS_PER_PASS = 100;

/** The offered tokens of `chain` and the wallets with active offers there (whose funds the indexer follows). */
export async function followedOfferFunds(
  db: Database,
  chain: Chain,
): Promise<{ tokens: Address[]; owners: Address[] }> {
  const rows = await db
    .selectDistinct({ offerer: offers.offererAddress })
    .from(offers)
    .where(and(eq(offers.chainId, chain.chainId), eq(offers.status, 'active')));
  return {
    tokens: offerCurrencies(chain).map((currency) => currency.token),
    owners: rows.map((row) => row.offerer as Address),
  };
}

/**
 * Expires and re-checks the offers of `chain` (see the module comment). Resolves with the collections whose
 * offers changed.
 */
export async function checkOffers(db: Database, chain: Chain, now = new Date()): Promise<number[]> {
  const changed = new Set<number>(await expireOffers(db, chain.chainId, now));
  const rows = await db
    .select()
    .from(offers)
    .where(dueForCheck(offers, chain.chainId, now))
    .orderBy(sql`${offers.checkedAt} asc nulls first`, asc(offers.id))
    .limit(CHECKS_PER_PASS);
  /** Checked and found as they were: only their check time moves, all in one statement. */
  const same: number[] = [];
  for (const row of rows) {
    const order = parseOrderJson(row.order);
    const token = order?.offer[0]?.token;
    if (!order || !token) continue;
    const state = await readOfferState(chain, {
      seaport: row.exchange as Address,
      offerer: order.offerer,
      token,
      conduitKey: order.conduitKey,
      orderHash: row.orderHash as Hex,
      card: undefined,
      unitPrice: BigInt(row.price),
    });
    const reason = offerReason(
      { counter: BigInt(row.counter), endTime: order.endTime, amount: BigInt(row.price) },
      state,
      BigInt(Math.floor(now.getTime() / 1000)),
    );
    // Cancelled or voided on chain: over for good (a fill is recorded by the indexer from its event).
    const ended = reason === 'cancelled' || reason === 'counter';
    if (!ended && reason === row.inactiveReason) {
      same.push(row.id);
      continue;
    }
    if (row.categoryId !== null) changed.add(row.categoryId);
    if (ended) await cancelOffer(db, row.id, { at: now });
    else await setOfferReason(db, row.id, reason, now);
  }
  await markOffersChecked(db, same, now);
  return [...changed];
}
