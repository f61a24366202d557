import { PUBLIC_CHAT_WIDGET_SRC, PUBLIC_GTM_ID } from 'astro:env/client';
import { installLanguageSwitch } from '../features/i18n/languageSwitch';
import { startSession } from '../features/session/startup';
import { getInjectedProvider } from '../features/wallet/eip1193';
import { loadChatWidget } from './chatWidget';
import { installChunkReload } from './chunkReload';
import { createTagManager } from './tagManager';

/**
 * What every page runs once in the browser: the chunk-load reload guard, the JP/EN switch that keeps
 * the scroll position, the tag manager page view (about 250 ms after the page is shown), and the
 * support chat widget on layouts that have it, and the session start-up. Third parties load only when
 * configured. With a wallet injected, its account and chain changes are followed (`watchWallet`, loaded then).
 * @see ../../../shared/spec/marketplace-spec.md §1, §4, §9
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
  void startSession(body.dataset['signedIn'] === 'true');
  watchInjectedWallet(body);
}

/** With a wallet injected, follows its account and chain changes (the watcher loads only then). */
function watchInjectedWallet(body: HTMLElement): void {
  const provider = getInjectedProvider(window as { ethereum?: unknown });
  if (!provider) return;
  const data = body.dataset;
  const kind = data['sessionKind'];
  void import('../features/wallet/watchWallet').then(({ watchWallet }) =>
    watchWallet({
      provider,
      chains: JSON.parse(data['chains'] ?? '[]'),
      signedIn: {
        kind: kind === 'wallet' || kind === 'illustrator' ? kind : 'none',
        walletAddress: data['walletAddress'] ?? null,
      },
      homePath: data['homePath'] ?? '/',
      location: window.location,
      storage: sessionStorage,
    }),
  );
}
