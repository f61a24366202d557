import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import type { NotificationChannel } from '~/server/db/schema/social';
import { DIGEST_KIND, PREFERENCE_KINDS, type PreferenceKind } from './kinds';
import OfferMinimumsForm, { type OfferMinimumsMessages } from './OfferMinimumsForm';
import type { OfferMinimumView } from './offerMinimums.server';

/** The address as its owner sees it (masked), from `GET /api/v1/email`. */
interface EmailView {
  masked: string | null;
  confirmed: boolean;
  bounced: boolean;
}

/** Props of {@link NotificationSettings}: what the server read for the signed-in user, and the strings. */
export interface NotificationSettingsProps {
  locale: 'ja' | 'en';
  mailAvailable: boolean;
  email: EmailView;
  preferences: Record<PreferenceKind, NotificationChannel>;
  /** The collections the user holds cards of, with the lowest offer that tells them. */
  offerMinimums: OfferMinimumView[];
  messages: {
    email: string;
    emailNone: string;
    /** `{address}` is replaced. */
    emailPending: string;
    emailConfirmed: string;
    emailBounced: string;
    emailOff: string;
    addEmail: string;
    sent: string;
    deleteEmail: string;
    deleteAll: string;
    deleted: string;
    kinds: string;
    save: string;
    saved: string;
    failed: string;
    tooMany: string;
    channels: Record<NotificationChannel, string>;
    kindLabels: Record<PreferenceKind, string>;
    offerMinimums: OfferMinimumsMessages;
  };
}

/**
 * The user's notification settings: their email address (added and confirmed by the link mailed to it, shown
 * masked, deleted), how each kind reaches them (in the app, by email too, off; the digest is email or off),
 * the lowest offer for their cards that tells them, per collection (./OfferMinimumsForm.tsx), and erasing every
 * notification. Each part answers with a message in a live region.
 */
export default function NotificationSettings({
  locale,
  mailAvailable,
  email,
  preferences,
  offerMinimums,
  messages,
}: NotificationSettingsProps) {
  const [address, setAddress] = useState(email);
  const [typed, setTyped] = useState('');
  const [chosen, setChosen] = useState(preferences);
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const emailId = useId();

  async function run(action: () => Promise<string>) {
    setBusy(true);
    setStatus(null);
    try {
      setStatus(await action());
    } catch (error) {
      setStatus(error instanceof ApiError && error.status === 429 ? messages.tooMany : messages.failed);
    } finally {
      setBusy(false);
    }
  }

  const addEmail = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      setAddress(await api.post<EmailView>('/api/v1/email', { email: typed, locale }));
      setTyped('');
      return messages.sent;
    });
  };
  const savePreferences = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void run(async () => {
      const answer = await api.put<{ preferences: typeof preferences }>('/api/v1/notification_preferences', {
        preferences: chosen,
      });
      setChosen(answer.preferences);
      return messages.saved;
    });
  };

  const shown = address.masked
    ? (address.bounced
        ? messages.emailBounced
        : address.confirmed
          ? messages.emailConfirmed
          : messages.emailPending
      ).replace('{address}', address.masked)
    : messages.emailNone;
  /** A button that deletes `path` through the API, then does `after` and says it is deleted. */
  const deleteButton = (path: string, label: string, after?: () => void) => (
    <button
      type="button"
      className="btn-ghost justify-self-start"
      disabled={busy}
      onClick={() =>
        run(async () => {
          await api.del(path);
          after?.();
          return messages.deleted;
        })
      }
    >
      {label}
    </button>
  );
  const channelsOf = (kind: PreferenceKind): NotificationChannel[] =>
    kind === DIGEST_KIND ? ['email', 'off'] : ['in_app', 'email', 'off'];

  return (
    <div className="grid gap-8" data-notification-settings>
      <section className="grid gap-3">
        <p data-email-status>{mailAvailable ? shown : messages.emailOff}</p>
        {mailAvailable && (
          <form className="flex flex-wrap items-end gap-3" onSubmit={addEmail}>
            <label className="grid gap-1" htmlFor={emailId}>
              <span className="text-sm">{messages.email}</span>
              <input
                id={emailId}
                type="email"
                required
                autoComplete="email"
                className="w-72 max-w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
                value={typed}
                onChange={(event) => setTyped(event.target.value)}
              />
            </label>
            <button type="submit" className="btn-primary" disabled={busy}>
              {messages.addEmail}
            </button>
          </form>
        )}
        {address.masked &&
          deleteButton('/api/v1/email', messages.deleteEmail, () =>
            setAddress({ masked: null, confirmed: false, bounced: false }),
          )}
      </section>
      <form className="grid gap-3" onSubmit={savePreferences}>
        <fieldset className="grid gap-3">
          <legend className="mb-2 font-semibold">{messages.kinds}</legend>
          {PREFERENCE_KINDS.map((kind) => (
            <label
              key={kind}
              className="flex flex-wrap items-center justify-between gap-2 border-b border-surface-border pb-2"
            >
              <span>{messages.kindLabels[kind]}</span>
              <select
                className="max-w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
                value={chosen[kind]}
                onChange={(event) => setChosen({ ...chosen, [kind]: event.target.value as NotificationChannel })}
              >
                {channelsOf(kind).map((channel) => (
                  <option key={channel} value={channel}>
                    {messages.channels[channel]}
                  </option>
                ))}
              </select>
            </label>
          ))}
        </fieldset>
        <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
          {messages.save}
        </button>
      </form>
      <OfferMinimumsForm
        locale={locale}
        collections={offerMinimums}
        messages={messages.offerMinimums}
        busy={busy}
        run={(action) => void run(action)}
      />
      {deleteButton('/api/v1/notifications', messages.deleteAll)}
      <p aria-live="polite" className="min-h-6 text-sm" data-settings-status>
        {status}
      </p>
    </div>
  );
}
