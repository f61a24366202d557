import bellMessages from 'island-messages:notify/bell,bellUnread,empty,markRead,loadFailed';
import { useCallback, useEffect, useId, useState } from 'react';
import { api } from '~/client/siteApi';
import { followStream } from '~/features/events/followStream';
import { useCurrentUser } from '~/features/session/useCurrentUser';

/** A notification as `GET /api/v1/notifications` answers it. */
interface Item {
  id: number;
  text: string;
  path: string | null;
  read: boolean;
  createdAt: string;
}

/** Props of {@link NotificationBell}. */
export interface NotificationBellProps {
  locale: 'ja' | 'en';
  /** The locale's path prefix ('' or '/en'), put before a notification's path. */
  localePrefix: string;
}

/** The bell's words (`notify.*`; `bellUnread` with `{n}`, which the island replaces by the count), loaded with its code. */
type BellMessages = Record<'bell' | 'bellUnread' | 'empty' | 'markRead' | 'loadFailed', string>;

/**
 * The header's bell: the signed-in user's unread count, live (it listens to `GET /api/v1/notifications/stream`
 * and asks again when told; when the server refuses the stream it asks every minute instead,
 * ../events/followStream.ts), and their notifications in a panel, newest first, with "mark all as read".
 * Nothing shows for a visitor who is not signed in (the page is the same for everyone). It is no island of its own:
 * the header's account island draws it into its place once someone is signed in
 * (src/app/layouts/parts/header/HeaderAccount.tsx).
 */
export default function NotificationBell({ locale, localePrefix }: NotificationBellProps) {
  const messages = bellMessages[locale] as BellMessages;
  const user = useCurrentUser();
  const [unread, setUnread] = useState(0);
  const [items, setItems] = useState<Item[] | null>(null);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const panelId = useId();

  const load = useCallback(async () => {
    try {
      const answer = await api.get<{ items: Item[]; unread: number }>('/api/v1/notifications', { query: { locale } });
      setItems(answer.items);
      setUnread(answer.unread);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [locale]);

  useEffect(() => {
    if (!user) return;
    if (typeof EventSource === 'undefined') {
      void load();
      return;
    }
    // Loads once the stream is ready (again), or at once when it is refused and then every poll.
    return followStream({
      url: '/api/v1/notifications/stream',
      withCredentials: true,
      onChange: () => void load(),
      onReady: () => void load(),
      poll: load,
    });
  }, [user, load]);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);

  if (!user) return null;

  async function markAll() {
    try {
      const answer = await api.post<{ unread: number }>('/api/v1/notifications/read', {});
      setUnread(answer.unread);
      setItems((list) => list?.map((item) => ({ ...item, read: true })) ?? list);
    } catch {
      setFailed(true);
    }
  }

  const label = unread > 0 ? messages.bellUnread.replace('{n}', String(unread)) : messages.bell;
  return (
    <div className="relative" data-notification-bell>
      <button
        type="button"
        className="btn-ghost relative"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span aria-hidden="true">🔔</span>
        {/* The name is the words and the visible count, so a voice command of either reaches it. */}
        <span className="sr-only">{label}</span>
        <span className="ml-1 text-sm tabular-nums" data-unread-count={unread}>
          {unread}
        </span>
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-50 mt-2 max-h-96 w-80 max-w-[calc(100vw-2rem)] overflow-y-auto rounded-xl border border-surface-border bg-surface p-3 shadow-lg"
        >
          {failed && (
            <p role="alert" className="text-sm text-danger">
              {messages.loadFailed}
            </p>
          )}
          {items && items.length === 0 && <p className="text-sm text-ink-muted">{messages.empty}</p>}
          {items && items.length > 0 && (
            <>
              <button type="button" className="btn-ghost mb-2 text-sm" onClick={markAll} disabled={unread === 0}>
                {messages.markRead}
              </button>
              <ul className="grid gap-2" data-notification-list>
                {items.map((item) => (
                  <li key={item.id} className={item.read ? 'text-sm text-ink-muted' : 'text-sm font-semibold'}>
                    {item.path ? (
                      <a className="underline" href={`${localePrefix}${item.path}`}>
                        {item.text}
                      </a>
                    ) : (
                      item.text
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      )}
    </div>
  );
}
