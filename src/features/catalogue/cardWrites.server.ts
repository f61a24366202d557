/**
 * The one writer of card rows and their owner (src/server/db/writers.ts): the indexer records the owner each
 * transfer leaves and takes it back on a reorganisation, the minter records a card it issued, and the sell path
 * records the owner the chain just confirmed. Other columns (names, visibility) are the catalogue's and the
 * back office's to edit.
 */
import { and, eq, sql } from 'drizzle-orm';
import { recordEvent } from '~/features/events/marketEvents.server';
import { cards } from '~/server/db/schema';
import type { Database, Transaction } from '~/server/db/types';

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
    await tx
      .insert(cards)
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflictDoUpdate({
        target: [cards.chainId, cards.contractAddress, cards.tokenId],
        set: { ownerAddress: sql`excluded.owner_address` },
      });
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
  const where =
    'id' in card
      ? eq(cards.id, card.id)
      : and(
          eq(cards.chainId, card.chainId),
          eq(cards.contractAddress, card.contractAddress),
          eq(cards.tokenId, card.tokenId),
        );
  await db.update(cards).set({ ownerAddress: ownerAddress.toLowerCase() }).where(where);
}
