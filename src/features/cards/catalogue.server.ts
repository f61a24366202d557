/**
 * Data of the catalogue pages (`/market`, `/browse-category`, `/tokens`, `/nfts`, `/collection`,
 * `/creator`, `/search/{keyword}`): one page of cards, collections or creators for the filters, and
 * the choices of the filter forms (chains, collections), each load failing on its own into the
 * page's error state.
 *
 * @see /work/shared/spec/marketplace-spec.md §2 (/browse-category, /market)
 */
import { database } from '../../server/db/client';
import { type CategoryFilters, listCategories } from '../categories/categories.server';
import { serverChains } from '../chains/config.server';
import { type CreatorFilters, listCreators } from '../creators/creators.server';
import type { Locale } from '../i18n/locales';
import type { Translate } from '../i18n/t';
import { type Attempt, attempt } from './attempt';
import type { CardListFilters } from './cardFilters';
import { listCards } from './cards.server';
import { localName } from './display';
import type { Page } from './pagination';
import type { CardSummary, CategorySummary, CreatorSummary } from './types';

/** Most collections offered in the filter form's collection list. */
export const CATEGORY_OPTION_LIMIT = 100;

/** One page of visible cards matching `filters`. */
export function loadCards(filters: CardListFilters): Promise<Attempt<Page<CardSummary>>> {
  return attempt('cards', async () => listCards(await database(), filters));
}

/** One page of visible collections matching `filters`. */
export function loadCategories(filters: CategoryFilters): Promise<Attempt<Page<CategorySummary>>> {
  return attempt('categories', async () => listCategories(await database(), filters));
}

/** One page of creators matching `filters`. */
export function loadCreators(filters: CreatorFilters): Promise<Attempt<Page<CreatorSummary>>> {
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
  const result = await attempt('category options', async () =>
    listCategories(await database(), { page: 1, perPage: CATEGORY_OPTION_LIMIT, sort: 'newest', creator }),
  );
  return result.ok
    ? result.value.items.map((category) => ({ id: category.id, label: localName(category, locale) }))
    : [];
}
