import socialMessages from 'island-messages:social';
import { useEffect, useState } from 'react';
import { api } from '~/client/siteApi';
import { localizePath } from '~/features/i18n/locales';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { PriceAlertForm, type PriceAlertMessages } from './PriceAlertForm';

/**
 * Props of {@link SocialToggle}: the endpoint, the count the shared page was rendered with, the page's language (its
 * words, `social.*`, load with its code).
 */
export interface SocialToggleProps {
  /** `/api/v1/favorites/{chain_id}/{contract}/{token_id}` or `/api/v1/follows/{creators|collections}/{x}`. */
  endpoint: string;
  /** `favorite` (a heart) or `follow`. */
  kind: 'favorite' | 'follow';
  count: number;
  /** A favourite's price alert is in the chain's coin ("ETH"; favourites only). */
  alertSymbol?: string | undefined;
  locale: 'ja' | 'en';
}

/** The button's words for `kind` in `locale`: its labels off and on, the count's (with `{count}`), sign in, failure. */
function toggleMessages(kind: SocialToggleProps['kind'], locale: SocialToggleProps['locale']) {
  const all = socialMessages[locale];
  const favorite = kind === 'favorite';
  const word = (key: string) => all[key] ?? '';
  return {
    on: word(favorite ? 'favorite' : 'follow'),
    off: word(favorite ? 'favorited' : 'following'),
    count: word(favorite ? 'favoriteCount' : 'followerCount'),
    signIn: word(favorite ? 'signInToFavorite' : 'signInToFollow'),
    failed: word('failed'),
  };
}

/** The price alert form's words in the chain's coin `symbol`. */
function alertMessages(symbol: string, locale: SocialToggleProps['locale']): PriceAlertMessages {
  const all = socialMessages[locale];
  const word = (key: string) => all[key] ?? '';
  return {
    symbol,
    label: word('alert.label'),
    save: word('alert.save'),
    clear: word('alert.clear'),
    saved: word('alert.saved'),
    cleared: word('alert.cleared'),
    invalid: word('alert.invalid'),
    failed: word('failed'),
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
export default function SocialToggle({ endpoint, kind, count, alertSymbol, locale }: SocialToggleProps) {
  const messages = toggleMessages(kind, locale);
  const alert = alertSymbol === undefined ? undefined : alertMessages(alertSymbol, locale);
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
        <a className="btn-ghost" href={localizePath('/connect-wallet', locale)} data-open-connect>
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
