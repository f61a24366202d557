/**
 * The token page's card: one visible card with its category, creator, owner's name, active listing, the
 * chain's platform fee, its last sale and how many favour it, by id (`/nfts/{id}`) or by chain, contract and
 * token id; one statement (each further round trip to the database cost a miss ~1.4 ms of CPU), prepared once
 * per connection.
 *
 * @see ./cardQueries.server.ts (the columns and joins it shares with the card list)
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { SalePoint } from '~/features/market/priceHistory.server';
import { toIso, toIsoOrNull, toNumber } from '~/lib/rowValues';
import { onToken } from '~/server/db/onChainConditions';
import { cards, categories, favorites, illustrators, platformFees, sales } from '~/server/db/schema';
import type { Database } from '~/server/db/types';
import type { CardDetail } from '../types';
import { metadataText, ownerNameOf, traitsOf } from './cardMetadata';
import { activeListing, cardColumns, joinCards, toSummary, visibleCard } from './cardQueries.server';

/** Which card the token page asks for: by id, or by chain, contract and token id. */
export type CardKey = { id: number } | { chainId: number; contractAddress: string; tokenId: string };

/**
 * What a caller reads with the card in the same statement: named JSON columns, each a subquery on the card's row
 * ({@link CARD_ROW}), made once (the statement is prepared under `name`). One round trip instead of one a
 * section: each cost a token page's miss ~0.3 ms of CPU across both threads.
 */
export interface CardSections {
  name: string;
  columns: Record<string, SQL<unknown>>;
}

/** The card statement's row as its sections' subqueries name it: its id and its token. */
export const CARD_ROW = {
  id: cards.id,
  chainId: cards.chainId,
  contractAddress: cards.contractAddress,
  tokenId: cards.tokenId,
} as const;

/** The token page's card query, prepared by id or by token (the statement is planned once per connection). */
function cardDetailStatement(db: Database, by: 'id' | 'token', sections: CardSections | undefined) {
  const listing = activeListing(db, undefined);
  const match =
    by === 'id'
      ? eq(cards.id, sql.placeholder('id'))
      : onToken(cards, sql.placeholder('chainId'), sql.placeholder('contractAddress'), sql.placeholder('tokenId'));
  return joinCards(
    db
      .select({
        ...cardColumns(listing),
        metadata: cards.metadata,
        mintedAt: cards.mintedAt,
        categoryImage: categories.image,
        categoryContract: categories.contractAddress,
        royaltyGuaranteed: categories.royaltyGuaranteed,
        creatorImage: illustrators.image,
        listingStartsAt: listing.startsAt,
        listingSeller: listing.sellerAddress,
        listingExchange: listing.exchange,
        listingCounter: listing.counter,
        listingOrder: listing.order,
        listingSignature: listing.signature,
        feeBps: sql<number | null>`(select ${platformFees.feeBps} from ${platformFees}
          where ${platformFees.chainId} = ${cards.chainId})`,
        ownerName: sql<{ name: string; nameEn: string | null } | null>`(select case
            when nullif(btrim(ou.profile_name), '') is not null then json_build_object('name', btrim(ou.profile_name), 'nameEn', null)
            when oi.name is not null then json_build_object('name', oi.name, 'nameEn', oi.name_en) end
          from users ou left join illustrators oi on oi.user_id = ou.id
          where ou.wallet_address = ${cards.ownerAddress} and not ou.suspended order by oi.id limit 1)`,
        // The price as text: a JSON number would lose wei past 2^53.
        // Its time as PostgreSQL writes a timestamp in JSON (made ISO below).
        lastSale: sql<SalePoint | null>`(select json_build_object('at', ${sales.soldAt}, 'price', ${sales.price}::text,
            'currencyCode', ${sales.currencyCode}, 'from', ${sales.sellerAddress}, 'to', ${sales.buyerAddress},
            'txHash', ${sales.txHash})
          from ${sales} where (${sales.chainId}, ${sales.contractAddress}, ${sales.tokenId})
            = (${cards.chainId}, ${cards.contractAddress}, ${cards.tokenId})
            and ${sales.kind} = 'sale'
          order by ${sales.soldAt} desc, ${sales.logIndex} desc limit 1)`,
        favoriteCount: sql<number>`(select count(*)::int from ${favorites} where ${favorites.cardId} = ${cards.id})`,
        ...sections?.columns,
      })
      .from(cards)
      .$dynamic(),
    listing,
  )
    .where(and(match, visibleCard()))
    .limit(1)
    .prepare(sections ? `card_detail_by_${by}_${sections.name}` : `card_detail_by_${by}`);
}

type CardDetailStatement = ReturnType<typeof cardDetailStatement>;
const statements = new WeakMap<Database, Map<string, CardDetailStatement>>();

/** The card's detail with its sections' values (raw, for the caller's readers). */
export type CardDetailRow = Omit<CardDetail, 'activity'> & { sections: Record<string, unknown> };

/**
 * One visible card with its detail and its chain's platform fee, and `sections` read with it (activity left for
 * the caller), or null.
 */
export async function queryCardDetail(
  db: Database,
  key: CardKey,
  sections?: CardSections,
): Promise<CardDetailRow | null> {
  const by = 'id' in key ? 'id' : 'token';
  let prepared = statements.get(db);
  if (!prepared) {
    prepared = new Map();
    statements.set(db, prepared);
  }
  const name = `${by}:${sections?.name ?? ''}`;
  let statement = prepared.get(name);
  if (!statement) {
    statement = cardDetailStatement(db, by, sections);
    prepared.set(name, statement);
  }
  const [row] = await statement.execute(key);
  if (!row) return null;
  const read: Record<string, unknown> = row;
  const summary = toSummary(row);
  const metadata = row.metadata ?? {};
  return {
    ...summary,
    sections: Object.fromEntries(Object.keys(sections?.columns ?? {}).map((column) => [column, read[column]])),
    description: metadataText(metadata, 'description'),
    descriptionEn: metadataText(metadata, 'description_en'),
    metadata,
    traits: traitsOf(metadata),
    mintedAt: toIsoOrNull(row.mintedAt),
    category: summary.category && {
      ...summary.category,
      image: row.categoryImage,
      contractAddress: row.categoryContract ?? summary.contractAddress,
    },
    creator: summary.creator && { ...summary.creator, image: row.creatorImage },
    platformFeeBps: row.feeBps === null ? null : toNumber(row.feeBps),
    royaltyGuaranteed: row.royaltyGuaranteed === true,
    ownerName: ownerNameOf(row.ownerName),
    lastSale: row.lastSale && { ...row.lastSale, at: toIso(row.lastSale.at) },
    favoriteCount: toNumber(row.favoriteCount),
    listing:
      summary.listing && row.listingId !== null
        ? {
            ...summary.listing,
            id: row.listingId,
            sellerAddress: row.listingSeller ?? '',
            startsAt: toIso(row.listingStartsAt),
            exchange: row.listingExchange ?? '',
            counter: row.listingCounter ?? '0',
            order: row.listingOrder ?? {},
            signature: row.listingSignature ?? '',
          }
        : null,
  };
}
