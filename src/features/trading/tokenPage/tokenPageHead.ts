/**
 * What a token page puts in its layout's head: the card's own title, description and Open Graph image
 * (`/og/tokens/...png`), or the token list's title when the card could not be loaded; and the card's one
 * canonical path, whichever of its two paths (`/tokens/{chain_id}/{contract}/{token_id}`, `/nfts/{id}`) was
 * asked. The page files put the layout around ./TokenPage.astro with it (no feature imports a layout).
 */
import { tokenMeta, tokenPath } from '~/features/catalogue/cards/tokenMeta';
import type { CardDetail } from '~/features/catalogue/types';
import type { Locale } from '~/features/i18n/locales';
import type { Translate } from '~/features/i18n/t';
import type { Attempt } from '~/lib/attempt';

/** The head of a token page (see the module comment). */
export interface TokenPageHead {
  title: string;
  description: string | undefined;
  image: string | undefined;
  /** The card's canonical path; undefined when the card could not be loaded. */
  canonicalPath: string | undefined;
}

/** The head of the token page showing `result`. */
export function tokenPageHead(result: Attempt<CardDetail | null>, locale: Locale, t: Translate): TokenPageHead {
  const card = result.ok ? result.value : null;
  if (!card)
    return { title: t('page.tokens.title'), description: undefined, image: undefined, canonicalPath: undefined };
  return { ...tokenMeta(card, locale, t), canonicalPath: tokenPath(card) };
}
