import i18next, { type TFunction } from 'i18next';
import en from './en.json';
import ja from './ja.json';
import type { Locale } from './locales';

/** Every message key; `ja.json` is the reference and a test checks `en.json` has the same keys. */
export type MessageKey = keyof typeof ja;
export type Translate = (key: MessageKey, vars?: Record<string, string | number>) => string;

const instance = i18next.createInstance();
void instance.init({
  resources: { ja: { translation: ja }, en: { translation: en } },
  lng: 'ja',
  fallbackLng: 'ja',
  initAsync: false,
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  missingKeyHandler: (_lngs, _ns, key) => console.warn(`missing translation: ${key}`),
  saveMissing: true,
});

/**
 * The messages that are plain text (no interpolation, no nesting), by locale: what i18next would answer for them
 * without variables, looked up directly (a page asks for hundreds; i18next's lookup is a measurable part of a
 * render). A locale lacking a key falls back to Japanese, as i18next does.
 */
function plainOf(own: Record<string, unknown>): ReadonlyMap<string, string> {
  const plain = new Map<string, string>();
  for (const [key, fallback] of Object.entries(ja as Record<string, unknown>)) {
    const value = own[key] ?? fallback;
    if (typeof value === 'string' && !value.includes('{{') && !value.includes('$t(')) plain.set(key, value);
  }
  return plain;
}
const plainMessages: Record<Locale, ReadonlyMap<string, string>> = { ja: plainOf(ja), en: plainOf(en) };

/**
 * A translate function fixed to one locale. Call it once per request: the shared instance's language is
 * never changed, so concurrent requests in different languages cannot leak into each other.
 */
export function getT(locale: Locale): Translate {
  const fixed: TFunction = instance.getFixedT(locale);
  const plain = plainMessages[locale];
  return (key, vars) => (vars === undefined ? plain.get(key) : undefined) ?? (fixed(key, vars ?? {}) as string);
}

/** The strings of the given keys in one locale, for passing to an island as a prop. */
export function pickMessages<K extends MessageKey>(t: Translate, keys: readonly K[]): Record<K, string> {
  return Object.fromEntries(keys.map((key) => [key, t(key)])) as Record<K, string>;
}
