/**
 * Data of the catalogue pages (`/market`, `/browse-category`, `/tokens`, `/nfts`, `/collection`,
 * `/creator`, `/search/{keyword}`): one page of cards, collections or creators for the filters, and
 * the choices of the filter forms (chains, collections), each load failing on its own into the
 * page's error state.
 *
 * @see docs/product-spec.md §2 (/browse-category, /market)
 */
import { sql } from 'drizzle-orm';
import { serverChains } from '~/features/chains/config.server';
import type { Locale } from '~/features/i18n/locales';
import type { Translate } from '~/features/i18n/t';
import { type Attempt, attempt } from '~/lib/attempt';
import type { CountedPage } from '~/lib/pagination';
import { database } from '~/server/db/client';
import type { Database } from '~/server/db/types';
import type { CardListFilters } from './cards/cardFilters';
import type { CardCounting } from './cards/cardQueries.server';
import { listCards } from './cards/cards.server';
import { type CategoryFilters, listCategories } from './collections/categories.server';
import { type CreatorFilters, listCreators } from './creators/creators.server';
import { localName } from './display';
import type { CardPage, CategorySummary, CreatorSummary } from './types';

/** Most collections offered in the filter form's collection list. */
export const CATEGORY_OPTION_LIMIT = 100;

/** One page of visible cards matching `filters`. */
export function loadCards(filters: CardListFilters, counting?: CardCounting): Promise<Attempt<CardPage>> {
  return attempt('cards', async () => listCards(await database(), filters, counting));
}

/** One page of visible collections matching `filters`. */
export function loadCategories(filters: CategoryFilters): Promise<Attempt<CountedPage<CategorySummary>>> {
  return attempt('categories', async () => listCategories(await database(), filters));
}

/** One page of creators matching `filters`. */
export function loadCreators(filters: CreatorFilters): Promise<Attempt<CountedPage<CreatorSummary>>> {
  return attempt('creators', async () => listCreators(await database(), filters));
}

/** The configured chains as filter choices, labelled in the page's language. */
export function chainOptions(t: Translate): { chainId: number; label: string }[] {
  return serverChains().map((chain) => ({ chainId: chain.chainId, label: t(`chain.${chain.key}`) }));
}

/**
 * The newest {@link CATEGORY_OPTION_LIMIT} visible collections (of one creator when given) as filter
 * choices; an empty list when they cannot be loaded (the form then simply has no collection choice).
 */
export async function categoryOptions(locale: Locale, creator?: string): Promise<{ id: number; label: string }[]> {
  const key = creator?.toLowerCase() ?? '';
  const cached = optionCache.get(key);
  const fresh = cached && Date.now() - cached.at < CATEGORY_OPTION_TTL_MS ? cached : undefined;
  const result = fresh
    ? ({ ok: true, value: fresh.rows } as const)
    : await attempt('category options', async () => {
        const rows = await loadCategoryOptions(await database(), key);
        optionCache.set(key, { at: Date.now(), rows });
        return rows;
      });
  return result.ok ? result.value.map((row) => ({ id: row.id, label: localName(row, locale) })) : [];
}

/** How long the filter's collection list is reused: it changes rarely and every /market view needs it. */
export const CATEGORY_OPTION_TTL_MS = 30_000;
type OptionRow = { id: number; name: string; nameEn: string | null };
const optionCache = new Map<string, { at: number; rows: OptionRow[] }>();

/** The newest visible collections (of one creator when given): ids and names only, no counts. */
async function loadCategoryOptions(db: Database, creator: string): Promise<OptionRow[]> {
  const rows = await db.execute<{ id: number | string; name: string; name_en: string | null }>(
    sql`select c.id, c.name, c.name_en from categories c
      ${creator ? sql`join illustrators i on i.id = c.creator_id join users u on u.id = i.user_id` : sql``}
      where not c.hidden ${creator ? sql`and u.wallet_address = ${creator}` : sql``}
      order by c.created_at desc, c.id desc limit ${CATEGORY_OPTION_LIMIT}`,
  );
  return rows.rows.map((row) => ({ id: Number(row.id), name: row.name, nameEn: row.name_en }));
}
