import { describe, expect, it } from 'vitest';
import { detectLocale } from './detect';
import en from './en.json';
import { interpolate } from './format';
import ja from './ja.json';
import { localizePath, stripLocale, switchLocalePath } from './locales';
import { getT, pickMessages } from './t';

describe('message files', () => {
  it('ja and en have exactly the same keys', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(ja).sort());
  });

  it('no message is empty', () => {
    for (const [key, value] of [...Object.entries(ja), ...Object.entries(en)]) expect(value.trim(), key).not.toBe('');
  });

  it('Japanese strings are written in Japanese where they are not names', () => {
    const japanese = /[\u3040-\u30ff\u4e00-\u9faf]/;
    const untranslated = Object.entries(ja).filter(
      ([key, value]) => !japanese.test(value) && value === en[key as keyof typeof en],
    );
    const allowed = ['site.name', 'notFound.', 'chain.', 'footer.copyright', 'form.uid', 'page.nfts.', 'admin.menu.'];
    expect(untranslated.map(([key]) => key).filter((key) => !allowed.some((prefix) => key.startsWith(prefix)))).toEqual(
      [],
    );
  });
});

describe('getT', () => {
  it('gives a translate function fixed to one locale, whatever other requests do', () => {
    const tJa = getT('ja');
    const tEn = getT('en');
    expect(tEn('header.contact')).toBe('Contact');
    expect(tJa('header.contact')).toBe('お問い合わせ');
    expect(tEn('page.search.title', { keyword: 'dragon' })).toBe('Results for “dragon”');
  });

  it('answers every message without variables as i18next does (plain ones are looked up directly)', async () => {
    const { default: i18next } = await import('i18next');
    const reference = i18next.createInstance();
    await reference.init({
      resources: { ja: { translation: ja }, en: { translation: en } },
      lng: 'ja',
      fallbackLng: 'ja',
      keySeparator: false,
      nsSeparator: false,
      interpolation: { escapeValue: false },
    });
    for (const locale of ['ja', 'en'] as const) {
      const t = getT(locale);
      const fixed = reference.getFixedT(locale);
      for (const key of Object.keys(ja) as (keyof typeof ja)[]) expect(t(key), `${locale} ${key}`).toBe(fixed(key, {}));
    }
  });

  it('picks the strings an island needs', () => {
    expect(pickMessages(getT('en'), ['menu.logout', 'menu.market'])).toEqual({
      'menu.logout': 'Logout',
      'menu.market': 'Market',
    });
  });
});

describe('interpolate', () => {
  it('fills placeholders and leaves unknown ones', () => {
    expect(interpolate('{{a}} and {{ b }} and {{c}}', { a: 1, b: 'two' })).toBe('1 and two and {{c}}');
  });
});

describe('localised paths', () => {
  it('prefixes English paths with /en and leaves Japanese ones bare', () => {
    expect(localizePath('/terms', 'en')).toBe('/en/terms');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/?tab=NFTs', 'en')).toBe('/en?tab=NFTs');
    expect(localizePath('/terms', 'ja')).toBe('/terms');
    expect(localizePath('terms', 'ja')).toBe('/terms');
  });

  it('strips the locale prefix', () => {
    expect(stripLocale('/en/tokens/1')).toEqual({ locale: 'en', path: '/tokens/1' });
    expect(stripLocale('/en')).toEqual({ locale: 'en', path: '/' });
    expect(stripLocale('/english')).toEqual({ locale: 'ja', path: '/english' });
    expect(stripLocale('/')).toEqual({ locale: 'ja', path: '/' });
  });

  it('switches a page to the other locale, keeping the query', () => {
    expect(switchLocalePath('/en/browse-category', '?tab=NFTs', 'ja')).toBe('/browse-category?tab=NFTs');
    expect(switchLocalePath('/rankings', '', 'en')).toBe('/en/rankings');
  });
});

describe('detectLocale', () => {
  it('follows the cookie first', () => {
    expect(detectLocale('en', 'ja')).toBe('en');
    expect(detectLocale('ja', 'en-US')).toBe('ja');
  });

  it('without a cookie follows the best supported Accept-Language', () => {
    expect(detectLocale(undefined, 'en-US,en;q=0.9')).toBe('en');
    expect(detectLocale(undefined, 'fr;q=1, ja;q=0.8, en;q=0.9')).toBe('en');
    expect(detectLocale(undefined, 'fr, de')).toBe('ja');
    expect(detectLocale(undefined, null)).toBe('ja');
    expect(detectLocale('xx', 'en;q=0')).toBe('ja');
  });
});
