import { asLocale, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE } from './locales';

const SCROLL_KEY = 'kf:lang-scroll';

interface SwitchEnv {
  doc: Document;
  win: Pick<Window, 'scrollY' | 'scrollTo' | 'location'>;
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

/**
 * Makes the JP/EN links keep the reader's place: a click remembers the scroll offset and the chosen
 * language (cookie `i18n_redirected`, 365 days); the page in the other language scrolls back to it.
 * Without JavaScript the links still switch the language.
 * @see docs/product-spec.md §1 (language switch keeps the scroll position), §9
 */
export function installLanguageSwitch({ doc, win, storage }: SwitchEnv): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a[data-lang-switch]');
    if (!(link instanceof HTMLAnchorElement)) return;
    const locale = asLocale(link.dataset['langSwitch']);
    if (!locale) return;
    doc.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=${LOCALE_COOKIE_MAX_AGE}; SameSite=Lax`;
    const target = new URL(link.href, win.location.href);
    storage.setItem(SCROLL_KEY, JSON.stringify({ path: target.pathname, y: win.scrollY }));
  });
  restoreScroll({ win, storage });
}

/** Scrolls back to the offset remembered by the language switch, once, on the page it pointed to. */
export function restoreScroll({ win, storage }: Pick<SwitchEnv, 'win' | 'storage'>): void {
  const raw = storage.getItem(SCROLL_KEY);
  if (!raw) return;
  storage.removeItem(SCROLL_KEY);
  try {
    const saved = JSON.parse(raw) as { path?: unknown; y?: unknown };
    if (saved.path === win.location.pathname && typeof saved.y === 'number') win.scrollTo(0, saved.y);
  } catch {
    // A malformed entry is dropped; the page simply opens at the top.
  }
}
