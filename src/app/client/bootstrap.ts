import { PUBLIC_CHAT_WIDGET_SRC, PUBLIC_GTM_ID } from 'astro:env/client';
import { loadChatWidget } from '~/client/chatWidget';
import { installChunkReload } from '~/client/chunkReload';
import { SIGNED_IN_EVENT } from '~/client/directives/interaction';
import { createTagManager } from '~/client/tagManager';
import { CHAIN_COOKIE, CHAIN_COOKIE_MAX_AGE } from '~/features/chains/chainCookie';
import { CHAIN_KEYS } from '~/features/chains/chainKey';
import { pageChains } from '~/features/chains/pageChains';
import { installLanguageSwitch } from '~/features/i18n/languageSwitch';
import { SIGNED_IN_HINT } from '~/features/session/types';
import { getInjectedProvider } from '~/features/wallet/eip1193';

/**
 * What every page runs once in the browser: the chunk-load reload guard, the JP/EN switch that keeps
 * the scroll position, the tag manager page view (about 250 ms after the page is shown), and the
 * support chat widget on layouts that have it, the chosen chain, and, for a signed-in visitor or one with a
 * wallet, the session start-up (./pageSession.ts, loaded then). Third parties load only when configured.
 * Spec §1, §4, §9.
 */
export function bootstrapPage(): void {
  installChunkReload();
  installLanguageSwitch({ doc: document, win: window, storage: sessionStorage });
  const body = document.body;
  const tagManager = createTagManager({ containerId: PUBLIC_GTM_ID });
  tagManager.trackPageView({
    routeName: body.dataset['routeName'] ?? '',
    pageType: body.dataset['pageType'] ?? '',
    url: location.href,
    title: document.title,
  });
  if (body.dataset['chatWidget'] === 'true') loadChatWidget({ src: PUBLIC_CHAT_WIDGET_SRC });
  rememberChainFromUrl();
  document.documentElement.dataset['currentChain'] = chainCookie() ?? 'ETH';
  const signedIn = hasCookie(SIGNED_IN_HINT);
  if (signedIn) {
    document.documentElement.dataset['signedIn'] = 'true';
    document.dispatchEvent(new Event(SIGNED_IN_EVENT));
  }
  // The person-specific start-up loads only when there is a person to know about.
  if (signedIn || getInjectedProvider(window as { ethereum?: unknown }))
    void import('./pageSession').then(({ startPageSession }) => startPageSession(signedIn, body));
}

function cookieValue(name: string): string | undefined {
  const found = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  return found === undefined ? undefined : decodeURIComponent(found.slice(name.length + 1));
}

function hasCookie(name: string): boolean {
  return cookieValue(name) !== undefined;
}

function chainCookie(): string | undefined {
  const value = cookieValue(CHAIN_COOKIE);
  return value && (CHAIN_KEYS as readonly string[]).includes(value) ? value : undefined;
}

/**
 * `?chain_id=` names the visitor's chain (spec §4): the page is the same for everyone, so the browser
 * remembers it in the `currentChain` cookie itself. On a list whose filter form has a chain field (the
 * market, a collection list, the rankings) `chain_id` is that filter: it narrows the list and leaves the
 * visitor's chain alone.
 */
function rememberChainFromUrl(): void {
  if (document.querySelector('form [name="chain_id"]')) return;
  const id = new URLSearchParams(location.search).get('chain_id');
  const chain = pageChains().find((candidate) => String(candidate.chainId) === id);
  if (!chain) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the same cookie the server reads; no store API needed
  document.cookie = `${CHAIN_COOKIE}=${chain.key}; path=/; max-age=${CHAIN_COOKIE_MAX_AGE}; SameSite=Lax`;
}
