/**
 * The card catalogue: the filtered card list, the token page's card (by chain, contract and token id,
 * or by id for `/nfts/{id}`) with its activity, and view counting.
 *
 * @see docs/product-spec.md §2 (/browse-category, /market, /tokens/..., /nfts/{id})
 */
import { and, eq, sql } from 'drizzle-orm';
import { toPage } from '~/lib/pagination';
import { cards } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import { hitRateLimit } from '~/server/rateLimit.server';
import { cardActivityOf, cardActivitySql } from '../activity/cardActivity.server';
import type { CardDetail, CardPage } from '../types';
import { CARD_ROW, type CardKey, type CardSections, queryCardDetail } from './cardDetail.server';
import type { CardListFilters } from './cardFilters';
import { type CardCounting, queryCards } from './cardQueries.server';

/** How many activity rows the token page shows. */
export const CARD_ACTIVITY_LIMIT = 50;

/**
 * One page of visible cards matching `filters` (see {@link CardListFilters}); `totalExact` is false when
 * `total` is only a lower bound (see {@link queryCards}); `next` is the cursor of the next page (`?after=`),
 * null on the last.
 */
export async function listCards(db: Database, filters: CardListFilters, counting?: CardCounting): Promise<CardPage> {
  const { items, total, exact, next } = await queryCards(db, filters, counting);
  return { ...toPage(items, total, filters), totalExact: exact, next };
}

/**
 * A visible card with traits, category, creator, owner, active listing, its latest
 * {@link CARD_ACTIVITY_LIMIT} activity rows, last sale, favourite count and rarity rank; null when unknown or hidden.
 */
export async function getCard(db: Database, key: CardKey): Promise<CardDetail | null>;
/** The same, with `sections` read in the same statement (their raw values in `sections`). */
export async function getCard(
  db: Database,
  key: CardKey,
  sections: CardSections,
): Promise<(CardDetail & { sections: Record<string, unknown> }) | null>;
export async function getCard(db: Database, key: CardKey, sections?: CardSections) {
  const found = await queryCardDetail(db, key, {
    name: sections ? `activity_${sections.name}` : 'activity',
    columns: { ...sections?.columns, activity: ACTIVITY },
  });
  if (!found) return null;
  const { sections: read, ...card } = found;
  const { activity, ...rest } = read;
  const detail: CardDetail = { ...card, activity: cardActivityOf(activity, card, CARD_ACTIVITY_LIMIT) };
  return sections ? { ...detail, sections: rest } : detail;
}

/** The card's activity, read with it (a section of its statement: see `CardSections`). */
const ACTIVITY = cardActivitySql(CARD_ROW, CARD_ACTIVITY_LIMIT);

/** Views counted per IP and card in one window. */
export const VIEW_WINDOW_SECONDS = 3600;

/** What {@link recordCardView} did. */
export interface RecordViewResult {
  /** Whether this view was counted (false: the same IP already viewed this card in this hour). */
  counted: boolean;
  views: number;
}

/**
 * Counts a view of a visible card, at most once per IP address and card per hour (a fixed window in
 * the shared rate-limit table, so every server process agrees). Null when the card is unknown or hidden.
 */
export async function recordCardView(db: Database, cardId: number, ip: string): Promise<RecordViewResult | null> {
  const [card] = await db
    .select({ views: cards.views })
    .from(cards)
    .where(and(eq(cards.id, cardId), eq(cards.hidden, false)));
  if (!card) return null;
  const limit = await hitRateLimit(db, `card-view:${cardId}:${ip}`, 1, VIEW_WINDOW_SECONDS);
  if (!limit.allowed) return { counted: false, views: card.views };
  const [updated] = await db
    .update(cards)
    // updated_at stays: a view is not a change of the card.
    .set({ views: sql`${cards.views} + 1`, updatedAt: sql`${cards.updatedAt}` })
    .where(eq(cards.id, cardId))
    .returning({ views: cards.views });
  return { counted: true, views: updated?.views ?? card.views + 1 };
}
