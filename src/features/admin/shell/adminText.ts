/**
 * The admin screens' strings: the `admin.*` messages of the page's locale, handed to the island as one
 * prop, and a translate function over them with i18next's `{{name}}` interpolation. Pure and small, so
 * the screens need no i18n library in the browser.
 */
import type { MessageKey } from '~/features/i18n/t';

/** A message key of the admin screens. */
export type AdminMessageKey = Extract<MessageKey, `admin.${string}`>;

/** Every admin message in one locale. */
export type AdminMessages = Record<AdminMessageKey, string>;

/** A translate function over {@link AdminMessages}. */
export type AdminTranslate = (key: AdminMessageKey, vars?: Record<string, string | number>) => string;

/** Whether a message key belongs to the admin screens. */
export function isAdminMessageKey(key: string): key is AdminMessageKey {
  return key.startsWith('admin.');
}

/** The translate function of `messages`: missing keys show the key, `{{name}}` takes `vars.name`. */
export function adminTranslator(messages: Partial<AdminMessages>): AdminTranslate {
  return (key, vars) => {
    const text = messages[key] ?? key;
    if (!vars) return text;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
      Object.hasOwn(vars, name) ? String(vars[name]) : whole,
    );
  };
}
