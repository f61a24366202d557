/**
 * How catalogue items are named and described on the pages: the English name in the English pages
 * when there is one, else the Japanese one, and descriptions shortened for previews. Pure. Prices:
 * ~/ui/data/priceText.ts.
 *
 * @see docs/product-spec.md §1 (Japanese and English)
 */
import type { Locale } from '~/features/i18n/locales';
import type { Translate } from '~/features/i18n/t';
import type { CardDetail, CardTrait } from './types';

/** A thing with a Japanese name and maybe an English one (category, creator). */
export interface Named {
  name: string;
  nameEn: string | null;
}

/** The name to show in `locale`: English when asked for and not blank, else Japanese. */
export function localName(item: Named, locale: Locale): string {
  return locale === 'en' && item.nameEn !== null && item.nameEn.trim() !== '' ? item.nameEn : item.name;
}

/** A metadata field as text, or null. */
function metadataText(metadata: Record<string, unknown>, key: string): string | null {
  const value = metadata[key];
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A card's name in `locale` (English from its metadata's `name_en`). */
export function cardName(card: Pick<CardDetail, 'name' | 'metadata'>, locale: Locale): string {
  return localName({ name: card.name, nameEn: metadataText(card.metadata, 'name_en') }, locale);
}

/** A card's description in `locale`, falling back to the other language, or null. */
export function cardDescription(
  card: Pick<CardDetail, 'description' | 'descriptionEn'>,
  locale: Locale,
): string | null {
  return locale === 'en' ? (card.descriptionEn ?? card.description) : (card.description ?? card.descriptionEn);
}

/** Trait types the pages name in their own language (what the demo and the issue form write). */
const KNOWN_TRAIT_TYPES = ['rarity', 'element', 'series', 'creator', 'artist', 'serial'] as const;

/**
 * A trait as a page in `locale` shows it: a well-known type in the page's words (`Rarity` is レアリティ on the
 * Japanese pages), the value in the page's language when the metadata gives it, numbers grouped.
 */
export function traitText(trait: CardTrait, locale: Locale, t: Translate): { type: string; value: string } {
  const known = KNOWN_TRAIT_TYPES.find((type) => type === trait.traitType.trim().toLowerCase());
  const type = known ? t(`token.traitTypes.${known}`) : trait.traitType || t('token.trait');
  const localValue = locale === 'en' ? trait.valueEn : trait.valueJa;
  const value =
    localValue ??
    (typeof trait.value === 'number'
      ? trait.value.toLocaleString(locale === 'en' ? 'en-US' : 'ja-JP')
      : String(trait.value));
  return { type, value };
}

/** Shortens text to `max` characters on a word or character boundary, with an ellipsis. */
export function truncate(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  return `${flat.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}
