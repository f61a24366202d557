/**
 * Reading offers for the API and the pages: those an owner could accept for one card (token offers on it,
 * collection offers on its collection, trait offers whose cards include it), a collection's, and a wallet's
 * (made, and received on the cards it owns), each with the cards it took already, best first.
 */
import { and, count, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { cards, offers, sales } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { byBest, type OfferView, offerView } from './offerView';

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

/** The open offers an owner of the card could accept, best first. */
export async function offersForCard(
  db: Database,
  card: { chainId: number; contractAddress: string; tokenId: bigint },
): Promise<OfferView[]> {
  const contract = card.contractAddress.toLowerCase();
  const tokenId = card.tokenId.toString();
  const rows = await db
    .select()
    .from(offers)
    .where(
      and(
        eq(offers.chainId, card.chainId),
        eq(offers.contractAddress, contract),
        eq(offers.status, 'active'),
        or(
          and(eq(offers.kind, 'token'), eq(offers.tokenId, tokenId)),
          eq(offers.kind, 'collection'),
          and(eq(offers.kind, 'trait'), sql`${offers.criteriaTokenIds} ? ${tokenId}`),
        ),
      ),
    )
    .orderBy(desc(offers.price))
    .limit(LIST_LIMIT);
  return (await withFilled(db, rows, () => card.tokenId)).sort(byBest);
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
