import { type ComponentType, createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { api } from '~/client/siteApi';
import { type Locale, localizePath } from '~/features/i18n/locales';
import type { SessionAdmin } from '~/features/session/types';
import { flashNextPage } from '~/ui/snackbar/flash';
import { type AdminSessionDeps, checkCurrentAdmin } from './adminSession';
import { type AdminMessages, type AdminTranslate, adminTranslator } from './adminText';

/** Props every admin screen island takes from its page. */
export interface AdminScreenProps {
  messages: AdminMessages;
  locale: Locale;
}

/** What the screens inside {@link AdminShell} share. */
export interface AdminContextValue {
  t: AdminTranslate;
  locale: Locale;
  /** A locale-neutral path in the page's locale. */
  to: (path: string) => string;
  /** The admin session rules' dependencies (API client, navigation, flash). */
  session: AdminSessionDeps;
  admin: SessionAdmin;
}

const AdminContext = createContext<AdminContextValue | null>(null);

/** The admin screen context; only inside {@link AdminShell}. */
export function useAdmin(): AdminContextValue {
  const value = useContext(AdminContext);
  if (!value) throw new Error('useAdmin outside AdminShell');
  return value;
}

/**
 * Wraps an admin screen: checks the current admin on mount and renders the screen only for a signed-in
 * admin (otherwise the browser is sent to the sign-in page, or home after a failed check).
 * @see docs/product-spec.md §6 ("Admin layout pages check the current admin on mount")
 */
export function AdminShell({ messages, locale, children }: AdminScreenProps & { children: ReactNode }) {
  const t = useMemo(() => adminTranslator(messages), [messages]);
  const session = useMemo<AdminSessionDeps>(
    () => ({
      client: api,
      go: (path) => window.location.assign(path),
      flash: flashNextPage,
      paths: { session: localizePath('/admin-session', locale), home: localizePath('/', locale) },
    }),
    [locale],
  );
  const [admin, setAdmin] = useState<SessionAdmin | null>(null);
  useEffect(() => {
    let live = true;
    void checkCurrentAdmin(session).then((found) => {
      if (live) setAdmin(found);
    });
    return () => {
      live = false;
    };
  }, [session]);
  const value = useMemo(
    () => (admin ? { t, locale, to: (path: string) => localizePath(path, locale), session, admin } : null),
    [admin, t, locale, session],
  );
  if (!value)
    return (
      <p className="text-ink-muted" aria-busy="true" data-admin-checking>
        {t('admin.common.checking')}
      </p>
    );
  return (
    <AdminContext.Provider value={value}>
      <div data-admin-ready>{children}</div>
    </AdminContext.Provider>
  );
}

/**
 * An admin screen island made of `Screen`: the page hands it the shell's props (messages, locale) and the
 * screen's own, and the screen shows inside {@link AdminShell}.
 */
export function adminScreen<P extends object>(Screen: ComponentType<P>) {
  return function AdminScreen({ messages, locale, ...props }: AdminScreenProps & P) {
    return (
      <AdminShell messages={messages} locale={locale}>
        <Screen {...(props as unknown as P)} />
      </AdminShell>
    );
  };
}
