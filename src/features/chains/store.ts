import { atom } from 'nanostores';
import { CHAIN_COOKIE, CHAIN_COOKIE_MAX_AGE } from './chainCookie';
import type { ChainKey } from './chainKey';

/**
 * The chain the visitor is browsing and trading on; ETH until the server or the visitor says otherwise.
 * @see spec §3 "Global state", §9 "default current chain ETH"
 */
export const $currentChain = atom<ChainKey>('ETH');

/**
 * Sets the current chain because the visitor chose it, and remembers the choice in the
 * `currentChain` cookie so the next server render (chain-selection middleware) agrees.
 * The cookie is only written where a document exists, so this is safe to call during SSR.
 * @see spec §2 "Chain and account changes", §4 "Other states"
 */
export function setCurrentChain(key: ChainKey): void {
  $currentChain.set(key);
  if (typeof document !== 'undefined') {
    document.documentElement.dataset['currentChain'] = key;
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers we support
    document.cookie = `${CHAIN_COOKIE}=${encodeURIComponent(key)}; path=/; max-age=${CHAIN_COOKIE_MAX_AGE}; SameSite=Lax`;
  }
}

/**
 * Seeds the store with the chain the page already knows (the bootstrap read `?chain_id=` or the cookie
 * into `<html data-current-chain>`), without writing the cookie back.
 * @see spec §4 "On every navigation, chain-selection runs first"
 */
export function initCurrentChain(key: ChainKey): void {
  $currentChain.set(key);
}
