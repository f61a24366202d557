/**
 * The locale table of the site and the helpers that move a path between locales.
 * Japanese is the default locale and has no URL prefix; English lives under `/en`.
 * @see docs/product-spec.md §1, §3 (Locale), §9 (locale cookie)
 */
export const locales = {
  ja: { code: 'ja', iso: 'ja-JP', name: '日本語', alias: 'JP', file: 'ja.json' },
  en: { code: 'en', iso: 'en-US', name: 'English', alias: 'EN', file: 'en.json' },
} as const satisfies Record<string, { code: string; iso: string; name: string; alias: string; file: string }>;

export type Locale = keyof typeof locales;

export const defaultLocale: Locale = 'ja';
export const localeCodes = Object.keys(locales) as Locale[];

/** Name, lifetime and attributes of the cookie that remembers the chosen language (spec §9). */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Narrows any string to a supported locale, or undefined. */
export function asLocale(value: string | null | undefined): Locale | undefined {
  return value === 'ja' || value === 'en' ? value : undefined;
}

/**
 * Splits a request path into its locale and the path without the locale prefix.
 * `/en/terms` -> `{ locale: 'en', path: '/terms' }`; `/terms` -> `{ locale: 'ja', path: '/terms' }`.
 */
export function stripLocale(pathname: string): { locale: Locale; path: string } {
  if (pathname === '/en' || pathname.startsWith('/en/')) {
    return { locale: 'en', path: pathname.slice(3) || '/' };
  }
  return { locale: defaultLocale, path: pathname || '/' };
}

/**
 * Prefixes a locale-neutral path for a locale: `localizePath('/terms', 'en')` -> `/en/terms`,
 * `localizePath('/', 'en')` -> `/en`, and the Japanese path stays as it is.
 * Query strings and fragments are kept.
 */
export function localizePath(path: string, locale: Locale): string {
  const normalized = path.startsWith('/') ? path : `/${path}`;
  if (locale === defaultLocale) return normalized;
  if (normalized === '/' || normalized.startsWith('/?') || normalized.startsWith('/#')) {
    return `/${locale}${normalized.slice(1)}`;
  }
  return `/${locale}${normalized}`;
}

/** The same page in another locale, from the current (possibly prefixed) path. */
export function switchLocalePath(pathname: string, search: string, to: Locale): string {
  const { path } = stripLocale(pathname);
  return localizePath(path, to) + search;
}
