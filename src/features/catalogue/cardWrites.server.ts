/**
 * The one writer of card rows, their owner and their place in the price orders (src/server/db/writers.ts): the
 * indexer records the owner each transfer leaves and takes it back on a reorganisation, the minter records a card
 * it issued, and the sell path records the owner the chain just confirmed. Other columns (names, visibility) are
 * the catalogue's and the back office's to edit.
 *
 * The price ranks (`cards.price_asc_rank`, `cards.price_desc_rank`) are each card's place in the price orders
 * without a chosen currency, so those orders walk an index (`cards_price_asc_idx`, `cards_price_desc_idx`) as the
 * newest order does, instead of pricing every card's listing on each request (at a million cards, seconds a
 * page). A rank folds the listing's currency group and its price (in yen where the currency has a fresh rate)
 * into one number, highest first (./priceRank.server.ts). A card without a live listing ranks 0, after every
 * listed one. Beside the ranks, the live listing's currency group and sale type (`cards.listed_currency`,
 * `cards.listed_sale_type`, null without one): the listing filters find their cards by them.
 *
 * What moves a rank calls {@link refreshPriceRanks} where it happens: a listing stored or ended
 * (../trading/orders/orderStatus.server.ts), an owner changed (here: a listing by a former owner is not live), a
 * listing's start reached (the listing clock); and for all cards after each reading of the yen rates, every few
 * minutes, which also follows a declining price down (between two passes it ranks at its price of the last).
 */
import { eq, sql } from 'drizzle-orm';
import { recordEvent } from '~/features/events/marketEvents.server';
import { freshYenRates, type StoredRate } from '~/features/market/rates/yen';
import { onToken } from '~/server/db/onChainConditions';
import { cards, exchangeRates, sellOrders } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';
import { currencyGroup } from './cards/cardOrder.server';
import { activeListing } from './cards/cardQueries.server';
import { priceRanksSql } from './priceRank.server';

type NewCard = typeof cards.$inferInsert;
/** One card by its place on chain. */
export interface CardKeyOnChain {
  chainId: number;
  contractAddress: string;
  tokenId: string;
}

/** Rows one insert takes at most (a range of a fresh chain can move thousands of cards). */
const ROWS_PER_INSERT = 1_000;

/** Records the owner each card of `rows` was last transferred to, adding the cards not known yet. */
export async function recordTransferredCards(tx: Transaction, rows: readonly NewCard[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const saved = await tx
      .insert(cards)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflictDoUpdate({
        target: [cards.chainId, cards.contractAddress, cards.tokenId],
        set: { ownerAddress: sql`excluded.owner_address` },
      })
      .returning({ id: cards.id });
    await refreshPriceRanks(
      tx,
      saved.map((row) => row.id),
    );
  }
}

/**
 * Records a card the minter issued, or fills in what the indexer could not know when its transfer came first
 * (the owner stays the indexer's); answers the card's id.
 */
export async function recordIssuedCard(db: Database | Transaction, row: NewCard): Promise<number> {
  const { chainId: _c, contractAddress: _a, tokenId: _t, ownerAddress: _o, ...details } = row;
  const [saved] = await db
    .insert(cards)
    .values(row)
    .onConflictDoUpdate({ target: [cards.chainId, cards.contractAddress, cards.tokenId], set: details })
    .returning({ id: cards.id });
  if (!saved) throw new Error('card insert returned nothing');
  // Told once per card, however often the minter completes it (../events/marketEvents.server.ts).
  await recordEvent(db, {
    type: 'card.issued',
    factKey: `card:${saved.id}:issued`,
    chainId: row.chainId,
    contractAddress: row.contractAddress,
    data: {
      card_id: saved.id,
      chain_id: row.chainId,
      contract_address: row.contractAddress,
      token_id: row.tokenId,
      name: row.name ?? '',
      image: row.image ?? null,
      serial: row.serial ?? null,
      owner: row.mintedTo ?? row.ownerAddress,
      minted_at: (row.mintedAt ?? new Date()).toISOString(),
    },
    occurredAt: row.mintedAt ?? new Date(),
  });
  return saved.id;
}

/** Sets the owner of one card, by its id or its place on chain. */
export async function setCardOwner(
  db: Database | Transaction,
  card: { id: number } | CardKeyOnChain,
  ownerAddress: string,
): Promise<void> {
  const where = 'id' in card ? eq(cards.id, card.id) : onToken(cards, card.chainId, card.contractAddress, card.tokenId);
  const saved = await db
    .update(cards)
    .set({ ownerAddress: ownerAddress.toLowerCase() })
    .where(where)
    .returning({ id: cards.id });
  await refreshPriceRanks(
    db,
    saved.map((row) => row.id),
  );
}

// The price ranks (see the module comment)

/** The fresh yen rates as the pages read them, from the stored rates. */
async function freshRates(db: Database | Transaction, now: Date): Promise<Record<number, number>> {
  const rows = await db.select().from(exchangeRates);
  const stored = new Map<number, StoredRate>(
    rows.map((row) => [row.currencyCode, { jpy: row.jpy, observedAt: row.observedAt }]),
  );
  return freshYenRates(stored, now);
}

/**
 * Cards a full pass ranks in one statement, and ids it gathers in one. The full pass is cut in such statements so
 * that the pages asked meanwhile wait for one of them, not for the whole pass: at 1,000,000 cards with 100,000
 * listed, the pass took 3.5–4.1 s in one statement, and the embedded database, one thread, answered nothing else
 * for that long. Then gathering the 100,000 ranked ids took 650 ms in one statement (each read from its row: the
 * embedded database keeps no visibility map for an index-only scan), and ranking 1,000 cards 25–35 ms: now 2,000
 * ids a read and 500 cards a statement, 15–21 ms each, the longest 30–40 ms (the pass in all 5.5–6.8 s of the
 * database's time, against 3.6–4 s in fewer, longer statements).
 */
export const RANKS_PER_STATEMENT = 500;
export const IDS_PER_STATEMENT = 2_000;

/**
 * Sets the price ranks of `cardIds` (or, without them, of every card that is listed or ranked) from their live
 * listings at the stored fresh yen rates; answers how many cards' ranks moved. Writes only what moved. Without
 * `cardIds`, the ids are gathered and the cards ranked in short statements ({@link RANKS_PER_STATEMENT}).
 */
export async function refreshPriceRanks(
  db: Database | Transaction,
  cardIds?: readonly number[],
  now = new Date(),
): Promise<number> {
  if (cardIds?.length === 0) return 0;
  const rates = await freshRates(db, now);
  if (cardIds !== undefined) return rankCards(db, [...new Set(cardIds)], rates);
  const ids = [...new Set([...(await rankedCardIds(db)), ...(await listedCardIds(db))])].sort((a, b) => a - b);
  let moved = 0;
  for (let at = 0; at < ids.length; at += RANKS_PER_STATEMENT) {
    moved += await rankCards(db, ids.slice(at, at + RANKS_PER_STATEMENT), rates);
  }
  return moved;
}

/** The ids of the ranked cards, {@link IDS_PER_STATEMENT} a statement along their price order's index. */
async function rankedCardIds(db: Database | Transaction): Promise<number[]> {
  const ids: number[] = [];
  let after = { rank: 'Infinity', id: 0 };
  for (;;) {
    const { rows } = await db.execute<{ id: number | string; rank: string }>(sql`
      select ${cards.id} as id, ${cards.priceAscRank}::text as rank from ${cards}
      where ${cards.priceAscRank} > 0 and (${cards.priceAscRank}, ${cards.id}) < (${after.rank}::numeric, ${after.id})
      order by ${cards.priceAscRank} desc, ${cards.id} desc limit ${IDS_PER_STATEMENT}`);
    for (const row of rows) ids.push(Number(row.id));
    const last = rows.at(-1);
    if (!last || rows.length < IDS_PER_STATEMENT) return ids;
    after = { rank: last.rank, id: Number(last.id) };
  }
}

/** The cards of the live listings, {@link IDS_PER_STATEMENT} listings a statement (one without a card id finds it by token). */
async function listedCardIds(db: Database | Transaction): Promise<number[]> {
  const ids: number[] = [];
  let after = 0;
  for (;;) {
    const { rows } = await db.execute<{ id: number | string; card_id: number | string | null }>(sql`
      select ${sellOrders.id} as id, coalesce(${sellOrders.cardId}, (select ${cards.id} from ${cards}
        where ${onToken(cards, sellOrders.chainId, sellOrders.contractAddress, sellOrders.tokenId)})) as card_id
      from ${sellOrders} where ${sellOrders.status} = 'active' and ${sellOrders.id} > ${after}
      order by ${sellOrders.id} limit ${IDS_PER_STATEMENT}`);
    for (const row of rows) if (row.card_id !== null) ids.push(Number(row.card_id));
    const last = rows.at(-1);
    if (!last || rows.length < IDS_PER_STATEMENT) return ids;
    after = Number(last.id);
  }
}

/** Ranks the cards of `ids` (at most a few thousand) in one statement; answers how many moved. */
async function rankCards(db: Database | Transaction, ids: readonly number[], rates: Record<number, number>) {
  if (ids.length === 0) return 0;
  const listing = activeListing(db, undefined);
  const ranks = priceRanksSql(sql`${listing.price}::numeric`, sql`${listing.currencyCode}`, rates);
  // One array parameter: the statement's text is the same for every batch (kept parsed: src/server/db/statementNames.ts).
  const scope = sql`${cards.id} = any(${`{${ids.join(',')}}`}::bigint[])`;
  const moved = await db.execute<{ id: number }>(sql`
    update ${cards} set price_asc_rank = ranked.asc_rank, price_desc_rank = ranked.desc_rank,
      listed_currency = ranked.listed_currency, listed_sale_type = ranked.listed_sale_type
    from (
      select ${cards.id} as id,
        case when ${listing.id} is null then 0 else ${ranks.asc} end as asc_rank,
        case when ${listing.id} is null then 0 else ${ranks.desc} end as desc_rank,
        ${currencyGroup(sql`${listing.currencyCode}`)} as listed_currency,
        ${listing.saleType} as listed_sale_type
      from ${cards} left join lateral ${listing} on true
      where ${scope}
    ) ranked
    where ${cards.id} = ranked.id
      and (${cards.priceAscRank} <> ranked.asc_rank or ${cards.priceDescRank} <> ranked.desc_rank
        or ${cards.listedCurrency} is distinct from ranked.listed_currency
        or ${cards.listedSaleType} is distinct from ranked.listed_sale_type)
    returning ${cards.id}`);
  return moved.rows.length;
}
