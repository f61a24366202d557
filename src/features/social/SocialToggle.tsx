import { useEffect, useState } from 'react';
import { api } from '~/client/siteApi';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { PriceAlertForm, type PriceAlertMessages } from './PriceAlertForm';

/** Props of {@link SocialToggle}: the endpoint, the count the shared page was rendered with, the strings. */
export interface SocialToggleProps {
  /** `/api/v1/favorites/{chain_id}/{contract}/{token_id}` or `/api/v1/follows/{creators|collections}/{x}`. */
  endpoint: string;
  /** `favorite` (a heart) or `follow`. */
  kind: 'favorite' | 'follow';
  count: number;
  /** Where a signed-out visitor is sent to sign in. */
  signInHref: string;
  /** A favourite's price alert form's words (favourites only). */
  alert?: PriceAlertMessages | undefined;
  messages: {
    /** The button's label when off (e.g. "Favourite", "Follow"). */
    on: string;
    /** The label when on ("Favourited", "Following"). */
    off: string;
    /** The count's accessible words, with `{count}`. */
    count: string;
    signIn: string;
    failed: string;
  };
}

interface State {
  favorited?: boolean;
  following?: boolean;
  count: number;
  alertBelow?: string | null;
}

/**
 * The heart of a card or the follow button of a creator or collection. The page (shared by every visitor)
 * renders the count; the island hydrates at once for a signed-in visitor (`client:interaction="signed-in"`, so an
 * anonymous page loads no framework) and asks their own state, so the page stays the same
 * for all. A click sets or clears it (`PUT` / `DELETE` on the endpoint) and shows the new count.
 */
export default function SocialToggle({ endpoint, kind, count, signInHref, alert, messages }: SocialToggleProps) {
  const user = useCurrentUser();
  const [active, setActive] = useState(false);
  const [shown, setShown] = useState(count);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [alertBelow, setAlertBelow] = useState<string | null>(null);

  useEffect(() => {
    if (!user) return;
    let live = true;
    api
      .get<State>(endpoint)
      .then((state) => {
        if (!live) return;
        setActive(Boolean(state.favorited ?? state.following));
        setShown(state.count);
        setAlertBelow(state.alertBelow ?? null);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [user, endpoint]);

  async function toggle() {
    setBusy(true);
    setError(null);
    try {
      const state = active ? await api.del<State>(endpoint) : await api.put<State>(endpoint);
      setActive(Boolean(state.favorited ?? state.following));
      setShown(state.count);
      setAlertBelow(state.alertBelow ?? null);
    } catch {
      setError(messages.failed);
    } finally {
      setBusy(false);
    }
  }

  const countText = messages.count.replace('{count}', String(shown));
  return (
    <div className="flex flex-wrap items-center gap-2" data-social={kind}>
      {user ? (
        <button
          type="button"
          className={active ? 'btn-primary' : 'btn-ghost'}
          aria-pressed={active}
          disabled={busy}
          onClick={toggle}
        >
          {kind === 'favorite' && <span aria-hidden="true">{active ? '♥ ' : '♡ '}</span>}
          {active ? messages.off : messages.on}
        </button>
      ) : (
        <a className="btn-ghost" href={signInHref} data-open-connect>
          {kind === 'favorite' && <span aria-hidden="true">♡ </span>}
          {messages.signIn}
        </a>
      )}
      <span className="text-sm text-ink-muted" data-social-count>
        {countText}
      </span>
      {error && (
        <span role="alert" className="text-sm text-danger">
          {error}
        </span>
      )}
      {alert && user && active && <PriceAlertForm endpoint={endpoint} initial={alertBelow} m={alert} />}
    </div>
  );
}
