/**
 * What the token page tells crawlers and social sites: its title, its description (the card's own,
 * shortened, or one made from its collection, creator and price) and its Open Graph image. Pure.
 *
 * @see docs/product-spec.md §1 (social preview tags), §2 (/tokens/..., /nfts/{id})
 */
import type { Locale } from '~/features/i18n/locales';
import type { Translate } from '~/features/i18n/t';
import { priceText } from '~/ui/data/priceText';
import { cardDescription, cardName, localName, truncate } from '../display';
import type { CardDetail } from '../types';

/** Longest meta description; search engines show about this much. */
export const META_DESCRIPTION_LENGTH = 160;

/** The path of a token's Open Graph image (`src/pages/og/tokens/...`). */
export function tokenOgImagePath(card: Pick<CardDetail, 'chainId' | 'contractAddress' | 'tokenId'>): string {
  return `/og/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}.png`;
}

/** The token page's canonical path: `/tokens/{chain_id}/{contract}/{token_id}` (also for `/nfts/{id}`). */
export function tokenPath(card: Pick<CardDetail, 'chainId' | 'contractAddress' | 'tokenId'>): string {
  return `/tokens/${card.chainId}/${card.contractAddress}/${card.tokenId}`;
}

/** Title, description and image of the token page. */
export interface TokenMeta {
  title: string;
  description: string;
  image: string;
}

/** The head tags' content of `card`'s page in `locale`. */
export function tokenMeta(card: CardDetail, locale: Locale, t: Translate): TokenMeta {
  const name = cardName(card, locale);
  const title = card.serial === null ? name : `${name} #${card.serial}`;
  const price = card.listing
    ? t('token.meta.price', { price: priceText(card.listing.currentPrice, card.listing.currencyCode) })
    : t('token.notListed');
  const own = cardDescription(card, locale);
  const made = t('token.meta.description', {
    name,
    collection: card.category ? localName(card.category, locale) : t('site.name'),
    creator: card.creator ? localName(card.creator, locale) : '—',
  });
  return {
    title,
    description: truncate(`${own ?? made} — ${price}`, META_DESCRIPTION_LENGTH),
    image: tokenOgImagePath(card),
  };
}
