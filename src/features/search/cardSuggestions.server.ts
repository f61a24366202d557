/**
 * The cards of the header's search suggestions: visible cards whose Japanese or English name contains the
 * keyword, names starting with it first. Card names are too many to hold in memory like the collections and
 * creators (./nameIndex.server.ts), so this asks the database, looking at the first
 * {@link CARD_CANDIDATES} matches only: a broad keyword stops early instead of ranking the catalogue.
 *
 * @see docs/product-spec.md §5 (Search)
 */
import { sql } from 'drizzle-orm';
import { nameContains } from '~/server/db/listConditions';
import type { Database } from '~/server/db/types';
import { escapeLike, hasCasedLetters, SEARCH_LIMIT, type SearchItem } from './search.server';

/** Matching cards looked at before ranking. */
export const CARD_CANDIDATES = 50;

interface Row {
  id: number | string;
  chain_id: number | string;
  contract_address: string;
  token_id: string;
  name: string;
  name_en: string | null;
  image: string | null;
  [column: string]: unknown;
}

/**
 * At most {@link SEARCH_LIMIT} cards whose name contains `rawKeyword`, each leading to its token page
 * (`redirectUrl` `tokens`, `address` = chain id / contract / token id), named in `locale`.
 */
export async function suggestCards(db: Database, rawKeyword: string, locale: 'ja' | 'en'): Promise<SearchItem[]> {
  const keyword = rawKeyword.trim().normalize('NFKC');
  if (keyword === '') return [];
  const like = sql.raw(hasCasedLetters(keyword) ? 'ilike' : 'like');
  const prefix = `${escapeLike(keyword)}%`;
  const { rows } = await db.execute<Row>(sql`with c as (
      select cards.id, cards.chain_id, cards.contract_address, cards.token_id, cards.name, cards.image,
        nullif(btrim(cards.metadata->>'name_en'), '') as name_en
      from cards left join categories on categories.id = cards.category_id
      where not cards.hidden and (categories.id is null or not categories.hidden)
        and ${nameContains(keyword, [sql`cards.name`, sql`cards.metadata->>'name_en'`], hasCasedLetters(keyword) ? 'ilike' : 'like')}
      limit ${CARD_CANDIDATES})
    select * from c
    order by case when c.name ${like} ${prefix} or coalesce(c.name_en ${like} ${prefix}, false) then 0 else 1 end,
      length(c.name), c.id
    limit ${SEARCH_LIMIT}`);
  return rows.map((row) => ({
    name: locale === 'en' && row.name_en ? row.name_en : row.name,
    image: row.image ?? '',
    redirectUrl: 'tokens',
    address: `${row.chain_id}/${row.contract_address}/${row.token_id}`,
  }));
}
