/**
 * The catalogue: categories (a creator's project or collection = one NFT contract on one chain) and cards
 * (one token of such a contract).
 *
 * @see docs/product-spec.md §2 (/collection, /tokens/{chain_id}/{contract}/{token_id}), §3
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, numeric, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { illustrators } from './accounts.ts';
import { addressCheck, id, ref, timestamps, timestamptz } from './columns.ts';
import { contractOnChain, tokenOnChain } from './onChain.ts';
import type { SaleType } from './trading.ts';

/**
 * Categories: one NFT contract on one chain, shown as a project or collection with Japanese and English
 * names (both matched by the search box through trigram indexes).
 */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    ...contractOnChain(),
    name: text('name').notNull(),
    nameEn: text('name_en'),
    image: text('image'),
    description: text('description'),
    descriptionEn: text('description_en'),
    creatorId: ref('creator_id').references(() => illustrators.id, { onDelete: 'set null' }),
    hidden: boolean('hidden').notNull().default(false),
    /**
     * Whether the collection's royalty is guaranteed: its cards move by an operator only inside a fill the Kirafuda
     * zone authorized (their holder's own transfers stay free). Chosen by the creator with the collection's first
     * card, then fixed (the Card contract holds the same choice).
     */
    royaltyGuaranteed: boolean('royalty_guaranteed').notNull().default(false),
    /**
     * Sales of the collection's contract (kind `sale`), kept by the indexer as it records and rolls back sales
     * (src/features/market/salesCounts.server.ts), so the most-sold order walks an index.
     */
    salesCount: integer('sales_count').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    unique('categories_chain_contract_unique').on(t.chainId, t.contractAddress),
    // The list's orders (newest first, most sold first), walked by index over the visible collections.
    index('categories_newest_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.hidden}`),
    index('categories_sales_idx')
      .on(t.salesCount.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`not ${t.hidden}`),
    addressCheck('categories_contract_address_format', t.contractAddress),
    check('categories_chain_id_positive', sql`${t.chainId} > 0`),
    index('categories_creator_id_idx').on(t.creatorId),
    index('categories_name_trgm').using('gin', t.name.op('gin_trgm_ops')),
    index('categories_name_en_trgm').using('gin', t.nameEn.op('gin_trgm_ops')),
    // A keyword of one or two characters (no trigram holds it) among the names' short grams (migration 0037).
    index('categories_name_grams').using('gin', sql`kf_short_grams(${t.name})`),
    index('categories_name_en_grams').using('gin', sql`kf_short_grams(${t.nameEn})`),
  ],
);

/**
 * Cards: one token (`tokenId` is a uint256 as a decimal string) with its current owner as last seen by
 * the indexer, its token metadata JSON and the fields shown in grids (name, image).
 */
export const cards = pgTable(
  'cards',
  {
    id: id(),
    ...tokenOnChain(),
    /** Number of this card within its series, as printed on it (not the token id). */
    serial: integer('serial'),
    ownerAddress: text('owner_address').notNull(),
    metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
    name: text('name').notNull().default(''),
    image: text('image'),
    categoryId: ref('category_id').references(() => categories.id, { onDelete: 'set null' }),
    creatorId: ref('creator_id').references(() => illustrators.id, { onDelete: 'set null' }),
    hidden: boolean('hidden').notNull().default(false),
    views: bigint('views', { mode: 'number' }).notNull().default(0),
    mintedAt: timestamptz('minted_at'),
    /** Who the mint sent the card to (the illustrator, or the buyer of a paid card); unknown for older cards. */
    mintedTo: text('minted_to'),
    /**
     * The card's place in the price orders without a chosen currency, highest first: its live listing's yen
     * price where its currency has a fresh rate, else its price within its currency, folded with the
     * currency into one number; 0 without a live listing. Kept by one writer
     * (src/features/catalogue/cardWrites.server.ts) when listings, owners or rates change, so the price
     * orders walk an index instead of pricing every card on each request.
     */
    priceAscRank: numeric('price_asc_rank').notNull().default('0'),
    /** As {@link cards.priceAscRank}, for the dearest first. */
    priceDescRank: numeric('price_desc_rank').notNull().default('0'),
    /**
     * The currency group of the card's live listing (its currency code, POL's two codes as one), null without
     * one; with {@link cards.listedSaleType}, kept beside the price ranks by the same writer so the listing
     * filters find their cards by index before looking any listing up.
     */
    listedCurrency: integer('listed_currency'),
    /** How the card's live listing sells (fixed, declining, auction), null without one. */
    listedSaleType: text('listed_sale_type').$type<SaleType>(),
    ...timestamps(),
  },
  (t) => [
    unique('cards_token_unique').on(t.chainId, t.contractAddress, t.tokenId),
    addressCheck('cards_contract_address_format', t.contractAddress),
    addressCheck('cards_owner_address_format', t.ownerAddress),
    addressCheck('cards_minted_to_format', t.mintedTo),
    check('cards_token_id_not_negative', sql`${t.tokenId} >= 0`),
    check('cards_serial_positive', sql`${t.serial} > 0`),
    check('cards_views_not_negative', sql`${t.views} >= 0`),
    index('cards_owner_idx').on(t.ownerAddress, t.chainId),
    index('cards_category_id_idx').on(t.categoryId),
    // Owners of a collection counted from the index alone (market stats).
    index('cards_category_owner_idx').on(t.categoryId, t.ownerAddress),
    index('cards_creator_id_idx').on(t.creatorId),
    // The "most viewed" order (views desc, id desc) walks it instead of sorting the catalogue.
    index('cards_most_viewed_idx').on(t.views.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The price orders (rank desc, id desc), walked as the newest and most viewed orders are.
    index('cards_price_asc_idx').on(t.priceAscRank.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('cards_price_desc_idx').on(t.priceDescRank.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The price orders of one chain's cards (its page), by the key only they have (see
    // src/features/catalogue/cards/cardOrder.server.ts): walked as above.
    index('cards_chain_price_asc_idx').on(
      t.chainId,
      sql`(coalesce(${t.priceAscRank}, 0)) desc`,
      t.id.desc().nullsFirst(),
    ),
    index('cards_chain_price_desc_idx').on(
      t.chainId,
      sql`(coalesce(${t.priceDescRank}, 0)) desc`,
      t.id.desc().nullsFirst(),
    ),
    // One collection's cards in each order (its page; a collection of 10,000 cards would otherwise be read whole
    // and sorted, or passed through in the catalogue-wide order): walked as above, prices by the chain's key.
    index('cards_category_newest_idx').on(
      t.categoryId,
      sql`(coalesce(${t.mintedAt}, ${t.createdAt})) desc`,
      t.id.desc().nullsFirst(),
    ),
    index('cards_category_viewed_idx').on(t.categoryId, t.views.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('cards_category_price_asc_idx').on(
      t.categoryId,
      sql`(coalesce(${t.priceAscRank}, 0)) desc`,
      t.id.desc().nullsFirst(),
    ),
    index('cards_category_price_desc_idx').on(
      t.categoryId,
      sql`(coalesce(${t.priceDescRank}, 0)) desc`,
      t.id.desc().nullsFirst(),
    ),
    // The few hidden cards of a contract (a collection's activity leaves them out: without it, a generic plan
    // passes every card of a big collection for each event it shows).
    index('cards_hidden_token_idx').on(t.chainId, t.contractAddress, t.tokenId).where(sql`${t.hidden}`),
    // One chain's listed cards newest first (its row on the home page): walked without passing the unlisted ones.
    index('cards_chain_listed_newest_idx')
      .on(t.chainId, sql`(coalesce(${t.mintedAt}, ${t.createdAt})) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.listedCurrency} is not null`),
    // The price orders and ranges within one currency (a currency filter), walked or ranged as above.
    index('cards_listed_price_asc_idx')
      .on(t.listedCurrency, t.priceAscRank.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.listedCurrency} is not null`),
    index('cards_listed_price_desc_idx')
      .on(t.listedCurrency, t.priceDescRank.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.listedCurrency} is not null`),
    // One currency's listed cards newest first and most viewed (a currency filter with a wide price range walks
    // them: src/features/catalogue/cards/listedCardConditions.server.ts).
    index('cards_listed_newest_idx')
      .on(t.listedCurrency, sql`(coalesce(${t.mintedAt}, ${t.createdAt})) desc`, t.id.desc().nullsFirst())
      .where(sql`${t.listedCurrency} is not null`),
    index('cards_listed_viewed_idx')
      .on(t.listedCurrency, t.views.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.listedCurrency} is not null`),
    // The sale type filter (auctions, declining prices: a few cards in a hundred): its price orders walked, the
    // others found by it then sorted.
    index('cards_listed_sale_price_asc_idx')
      .on(t.listedSaleType, t.priceAscRank.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.listedSaleType} is not null`),
    index('cards_listed_sale_price_desc_idx')
      .on(t.listedSaleType, t.priceDescRank.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.listedSaleType} is not null`),
    // The search box: partial matches of the Japanese and English names (see categories_name_trgm).
    index('cards_name_trgm').using('gin', t.name.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('cards_name_en_trgm').using('gin', sql`(${t.metadata}->>'name_en') gin_trgm_ops`).with({ fastupdate: false }),
    // A keyword of one or two characters (no trigram holds it) among the names' short grams (migration 0037).
    index('cards_name_grams').using('gin', sql`kf_short_grams(${t.name})`).with({ fastupdate: false }),
    index('cards_name_en_grams')
      .using('gin', sql`kf_short_grams(${t.metadata}->>'name_en')`)
      .with({ fastupdate: false }),
  ],
);
