/**
 * The cache tags of the catalogue, and which tags a change touches. A page carries the tags of everything it
 * shows; a change drops every page carrying one of its tags.
 *
 * - `card:{id}`: the token page (both URL forms) and its preview image;
 * - `collection:{id}`, `creator:{illustratorId}`, `user:{walletAddress}`: those pages;
 * - `market`: every list of cards (market, browse-category, search results, collections' and creators' grids);
 * - `rankings`, `home`;
 * - `cards`: every token page at once (what all of them show changed, e.g. the platform fee);
 * - `offers:{collectionId}`: the offers shown on a collection's page and on each of its token pages;
 *   `offers`: every page listing a wallet's offers (the user pages);
 * - `collection-cards:{collectionId}`: every token page of one collection (what they all show moved: rarity ranks);
 * - `sitemap:cards:{n}`: the sitemap of cards n × {@link SITEMAP_CARDS_PER_FILE} + 1 and on; `sitemap:cards`:
 *   every card sitemap (a collection's cards may all show or hide); `sitemap:collections`, `sitemap:creators`,
 *   `sitemap:pages` (the lists' `lastmod`); `sitemap`: the sitemap index (any of them changed).
 */

/** Cards in one sitemap file (two URLs each, one per language: well under the 50,000 URLs a file may hold). */
export const SITEMAP_CARDS_PER_FILE = 10_000;

/** Tag builders. */
export const tag = {
  card: (id: number) => `card:${id}`,
  collection: (id: number) => `collection:${id}`,
  creator: (id: number) => `creator:${id}`,
  user: (address: string) => `user:${address.toLowerCase()}`,
  market: 'market',
  rankings: 'rankings',
  home: 'home',
  cards: 'cards',
  offers: (collectionId: number) => `offers:${collectionId}`,
  collectionCards: (collectionId: number) => `collection-cards:${collectionId}`,
  allOffers: 'offers',
  sitemap: 'sitemap',
  /** The sitemap file holding card `id`. */
  sitemapCards: (id: number) => `sitemap:cards:${Math.floor((id - 1) / SITEMAP_CARDS_PER_FILE)}`,
  allSitemapCards: 'sitemap:cards',
  sitemapCollections: 'sitemap:collections',
  sitemapCreators: 'sitemap:creators',
  sitemapPages: 'sitemap:pages',
} as const;

/** Whether `name` is a collection page's tag (`collection:{id}`): that collection changed. */
export function isCollectionTag(name: string): boolean {
  return name.startsWith('collection:');
}

/** What changed (ids as the database has them; addresses in any case). */
export interface Change {
  cards?: readonly number[];
  collections?: readonly number[];
  creators?: readonly number[];
  users?: readonly string[];
  /** Lists, rankings and home show it too (a sale, a new listing, a mint). */
  lists?: boolean;
  /** Every token page (the platform fee, ...). */
  allCards?: boolean;
  /** Collections whose offers changed (made, accepted, cancelled, active again); lists show best offers too. */
  offers?: readonly number[];
  /** Collections whose token pages all changed (their cards' rarity ranks moved). */
  collectionCards?: readonly number[];
}

/** The tags a change drops. */
export function tagsOf(change: Change): string[] {
  const tags = new Set<string>();
  for (const id of change.cards ?? []) tags.add(tag.card(id));
  for (const id of change.collections ?? []) tags.add(tag.collection(id));
  for (const id of change.creators ?? []) tags.add(tag.creator(id));
  for (const address of change.users ?? []) tags.add(tag.user(address));
  if (change.lists) for (const name of [tag.market, tag.rankings, tag.home]) tags.add(name);
  if (change.allCards) tags.add(tag.cards);
  for (const id of change.offers ?? []) tags.add(tag.offers(id));
  for (const id of change.collectionCards ?? []) tags.add(tag.collectionCards(id));
  // Best offers show in the lists and rankings too.
  if (change.offers?.length) for (const name of [tag.allOffers, tag.market, tag.rankings, tag.home]) tags.add(name);
  // The sitemaps list these pages with when they last changed.
  const sitemaps = new Set<string>();
  for (const id of change.cards ?? []) sitemaps.add(tag.sitemapCards(id));
  if (change.collections?.length || change.allCards) sitemaps.add(tag.allSitemapCards);
  if (change.collections?.length) sitemaps.add(tag.sitemapCollections);
  if (change.creators?.length) sitemaps.add(tag.sitemapCreators);
  if (change.lists) sitemaps.add(tag.sitemapPages);
  if (sitemaps.size > 0) for (const name of [...sitemaps, tag.sitemap]) tags.add(name);
  return [...tags];
}

/** The tags of a token page: the card, every token page, its collection's token pages and offers (shown on it). */
export function tokenPageTags(card: { id: number; category: { id: number } | null }): string[] {
  const collection = card.category ? [tag.collectionCards(card.category.id), tag.offers(card.category.id)] : [];
  return [tag.card(card.id), tag.cards, ...collection];
}
