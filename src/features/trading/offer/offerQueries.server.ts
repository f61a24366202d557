/**
 * Reading offers for the API and the pages: those an owner could accept for one card (token offers on it,
 * collection offers on its collection, trait offers whose cards include it), a collection's, and a wallet's
 * (made, and received on the cards it owns), each with the cards it took already, best first.
 */
import { and, count, desc, eq, inArray, isNotNull, or, type SQL, sql } from 'drizzle-orm';
import { fromJson } from '~/lib/rowValues';
import { onContract, type TokenRef } from '~/server/db/onChainConditions';
import { cards, offers, sales } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { byBest, type OfferRow, type OfferView, offerView } from './offerView';

/** Most offers one list returns. */
const LIST_LIMIT = 100;

type Row = typeof offers.$inferSelect;

/** Views of `rows` with the cards each took already (one query); `tokenIdOf` picks the card a proof is for. */
async function withFilled(
  db: Database,
  rows: Row[],
  tokenIdOf: (row: Row) => bigint | undefined = () => undefined,
): Promise<OfferView[]> {
  const ids = rows.map((row) => row.id);
  const filled =
    ids.length === 0
      ? []
      : await db
          .select({ offerId: sales.offerId, n: count() })
          .from(sales)
          .where(inArray(sales.offerId, ids))
          .groupBy(sales.offerId);
  const byId = new Map(filled.map((entry) => [entry.offerId, entry.n]));
  return rows
    .map((row) => offerView(row, byId.get(row.id) ?? 0, tokenIdOf(row)))
    .filter((view) => view.remaining > 0 || view.status !== 'active');
}

/** A row of {@link cardOffersSql}'s array: an offer as stored (times as JSON writes them) and the cards it took. */
type OfferJson = Omit<OfferRow, 'startsAt' | 'expiresAt' | 'createdAt'> & {
  startsAt: string;
  expiresAt: string;
  createdAt: string;
  filled: number;
};

/**
 * The open offers an owner of a card could accept (token offers on it, collection offers on its collection,
 * trait offers whose cards include it), the highest 100, each with the cards it took, as one JSON array: a value
 * of its own statement, or a column of the token page's (`card` names that statement's columns). Read with
 * {@link cardOffersOf}. A trait offer's token ids (up to 20,000 a trait) come only `withTraitIds`: what a card's
 * proof is built from; a page that shows the offers without proofs leaves them in the database.
 */
export function cardOffersSql(card: TokenRef, { withTraitIds = true }: { withTraitIds?: boolean } = {}): SQL {
  const criteria = withTraitIds ? sql`criteria_token_ids` : sql`null`;
  return sql`(select coalesce(json_agg(json_build_object('chainId', chain_id, 'orderHash', order_hash, 'kind', kind,
        'offererAddress', offerer_address, 'contractAddress', contract_address, 'categoryId', category_id,
        'tokenId', token_id::text, 'traitType', trait_type, 'traitValue', trait_value,
        'criteriaTokenIds', ${criteria}, 'currencyCode', currency_code, 'price', price::text,
        'quantity', quantity, 'order', "order", 'signature', signature, 'startsAt', starts_at,
        'expiresAt', expires_at, 'status', status, 'inactiveReason', inactive_reason, 'createdAt', created_at,
        'filled', (select count(*) from ${sales} where ${sales.offerId} = open_offers.id))
        order by price desc), '[]')
    from (select * from ${offers}
      where ${onContract(offers, card.chainId, card.contractAddress)} and ${offers.status} = 'active'
        and ((${offers.kind} = 'token' and ${offers.tokenId} = ${card.tokenId}::numeric)
          or ${offers.kind} = 'collection'
          or (${offers.kind} = 'trait' and ${offers.criteriaTokenIds} ? (${card.tokenId})::text))
      order by ${offers.price} desc limit ${LIST_LIMIT}) open_offers)`;
}

/**
 * The offers in `value`, what {@link cardOffersSql} gave (a JSON array or its text), best first; with `proofFor`, a
 * trait offer's proof for that card (a merkle tree over the trait's cards: built only for those who accept).
 */
export function cardOffersOf(value: unknown, proofFor?: bigint): OfferView[] {
  const rows = (fromJson(value) ?? []) as OfferJson[];
  return rows
    .map(({ filled, ...row }) =>
      offerView(
        {
          ...row,
          startsAt: new Date(row.startsAt),
          expiresAt: new Date(row.expiresAt),
          createdAt: new Date(row.createdAt),
        },
        Number(filled),
        proofFor,
      ),
    )
    .filter((view) => view.remaining > 0 || view.status !== 'active')
    .sort(byBest);
}

/** The open offers an owner of the card could accept, best first (see {@link cardOffersSql}). */
export async function offersForCard(
  db: Database,
  card: { chainId: number; contractAddress: string; tokenId: bigint },
): Promise<OfferView[]> {
  const key = {
    chainId: card.chainId,
    contractAddress: card.contractAddress.toLowerCase(),
    tokenId: card.tokenId.toString(),
  };
  const { rows } = await db.execute<{ offers: unknown }>(sql`select ${cardOffersSql(key)} as offers`);
  return cardOffersOf(rows[0]?.offers, card.tokenId);
}

/** The open collection and trait offers of a collection, best first. */
export async function offersForCollection(db: Database, collectionId: number): Promise<OfferView[]> {
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.categoryId, collectionId),
        eq(offers.status, 'active'),
        inArray(offers.kind, ['collection', 'trait']),
      ),
    )
    .orderBy(desc(offers.price))
    .limit(LIST_LIMIT);
  return (await withFilled(db, rows)).sort(byBest);
}

/** A wallet's offers: those it made (newest first, any status) and the open ones on cards it owns. */
export async function offersOfWallet(
  db: Database,
  wallet: string,
): Promise<{ made: OfferView[]; received: OfferView[] }> {
  const address = wallet.toLowerCase();
  const made = await db
    .select()
    .from(offers)
    .where(eq(offers.offererAddress, address))
    .orderBy(desc(offers.createdAt))
    .limit(LIST_LIMIT);
  const owned = db
    .select({ chainId: cards.chainId, contract: cards.contractAddress, tokenId: cards.tokenId })
    .from(cards)
    .where(and(eq(cards.ownerAddress, address), eq(cards.hidden, false)))
    .as('owned');
  const received = await db
    .selectDistinct({ offer: offers, tokenId: owned.tokenId })
    .from(offers)
    .innerJoin(owned, and(eq(owned.chainId, offers.chainId), eq(owned.contract, offers.contractAddress)))
    .where(
      and(
        eq(offers.status, 'active'),
        sql`${offers.offererAddress} <> ${address}`,
        or(
          and(isNotNull(offers.tokenId), eq(offers.tokenId, owned.tokenId)),
          eq(offers.kind, 'collection'),
          and(eq(offers.kind, 'trait'), sql`${offers.criteriaTokenIds} ? (${owned.tokenId})::text`),
        ),
      ),
    )
    .orderBy(desc(offers.price))
    .limit(LIST_LIMIT * 5);
  // One entry per offer: a collection offer matches every owned card of the collection.
  const seen = new Map<number, { row: Row; tokenId: string }>();
  for (const entry of received)
    if (!seen.has(entry.offer.id)) seen.set(entry.offer.id, { row: entry.offer, tokenId: entry.tokenId });
  const tokenOf = new Map([...seen.values()].map(({ row, tokenId }) => [row.id, BigInt(tokenId)]));
  const receivedViews = await withFilled(
    db,
    [...seen.values()].map(({ row }) => row),
    (row) => tokenOf.get(row.id),
  );
  return {
    made: await withFilled(db, made),
    received: receivedViews.sort(byBest).slice(0, LIST_LIMIT),
  };
}

/** One offer by its order hash, with `forTokenId`'s proof when it is a trait offer; null when unknown. */
export async function offerByHash(db: Database, orderHash: string, forTokenId?: bigint): Promise<OfferView | null> {
  const rows = await db.select().from(offers).where(eq(offers.orderHash, orderHash.toLowerCase())).limit(1);
  const row = rows[0];
  if (!row) return null;
  const [view] = await withFilled(db, [row], () => forTokenId);
  return view ?? offerView(row, row.quantity, forTokenId);
}
