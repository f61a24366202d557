import { asLocale, type Locale } from './locales';

/**
 * Picks the language a visitor of the root page wants: the `i18n_redirected` cookie first, then the
 * first supported language of `Accept-Language` (by quality), else Japanese.
 * @see docs/product-spec.md §4 (Locale choice), §9
 */
export function detectLocale(cookieValue: string | undefined, acceptLanguage: string | null): Locale {
  const fromCookie = asLocale(cookieValue);
  if (fromCookie) return fromCookie;
  if (!acceptLanguage) return 'ja';
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return { lang: tag.toLowerCase().split('-')[0] ?? '', quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  for (const entry of ranked) {
    const locale = asLocale(entry.lang);
    if (locale) return locale;
  }
  return 'ja';
}
