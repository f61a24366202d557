import { LIVE_UPDATED_EVENT } from '~/features/events/liveEvents';
import { startSession } from '~/features/session/startup';
import { $currentUser } from '~/features/session/store';
import { ILLUSTRATOR_ROLE } from '~/features/session/types';
import { getInjectedProvider } from '~/features/wallet/eip1193';

/**
 * The part of the page start-up that concerns a person, loaded by ./bootstrap.ts only when there is one to
 * know about (a session hint cookie, or a wallet in the browser): the session start-up (spec §4), the
 * owner's parts of the page, and, with a wallet injected, its account and chain changes (`watchWallet`,
 * loaded then). Anonymous visitors without a wallet load none of it.
 */
export function startPageSession(signedIn: boolean, body: HTMLElement): void {
  $currentUser.subscribe((user) => {
    markOwnParts(user?.walletAddress ?? null);
    // Which account links apply (an illustrator has no wallet-user profile editor): see src/styles/global.css.
    if (user) document.documentElement.dataset['userRole'] = user.role;
    else delete document.documentElement.dataset['userRole'];
  });
  document.addEventListener(LIVE_UPDATED_EVENT, () => markOwnParts($currentUser.get()?.walletAddress ?? null));
  void startSession(signedIn).finally(() => {
    // The hint may outlive the session (it expired elsewhere): show "connect" again then.
    if ($currentUser.get() === null) delete document.documentElement.dataset['signedIn'];
    watchInjectedWallet(body);
  });
}

/**
 * Shows the owner's controls of a page (`data-owner-address`) when the signed-in wallet is that owner, and
 * the owner's wording of a text (`data-own-text`, e.g. "My items").
 */
function markOwnParts(wallet: string | null): void {
  for (const element of document.querySelectorAll<HTMLElement>('[data-owner-address]')) {
    const own = wallet !== null && element.dataset['ownerAddress'] === wallet.toLowerCase();
    element.dataset['own'] = String(own);
    const ownText = element.dataset['ownText'];
    if (ownText === undefined) continue;
    element.dataset['otherText'] ??= element.textContent ?? '';
    element.textContent = own ? ownText : (element.dataset['otherText'] ?? '');
  }
}

/** With a wallet injected, follows its account and chain changes (the watcher loads only then). */
function watchInjectedWallet(body: HTMLElement): void {
  const provider = getInjectedProvider(window as { ethereum?: unknown });
  if (!provider) return;
  const data = body.dataset;
  const user = $currentUser.get();
  void import('~/features/session/watchWallet').then(({ watchWallet }) =>
    watchWallet({
      provider,
      chains: JSON.parse(data['chains'] ?? '[]'),
      signedIn: {
        kind: user === null ? 'none' : user.role === ILLUSTRATOR_ROLE ? 'illustrator' : 'wallet',
        walletAddress: user && user.role !== ILLUSTRATOR_ROLE ? user.walletAddress.toLowerCase() : null,
      },
      homePath: data['homePath'] ?? '/',
      location: window.location,
      storage: sessionStorage,
    }),
  );
}
