import type { Eip1193Provider } from './eip1193';

/** A wallet announced through EIP-6963. @see https://eips.ethereum.org/EIPS/eip-6963 */
export interface AnnouncedWallet {
  info: { uuid: string; name: string; icon: string; rdns: string };
  provider: Eip1193Provider;
}

/**
 * Listens for wallets announcing themselves (EIP-6963) and asks them to announce; calls `onChange`
 * with the list each time one arrives. Returns the unsubscribe function.
 */
export function watchAnnouncedWallets(
  onChange: (wallets: AnnouncedWallet[]) => void,
  win: Window = window,
): () => void {
  const byId = new Map<string, AnnouncedWallet>();
  const listener = (event: Event) => {
    const detail = (event as CustomEvent<AnnouncedWallet>).detail;
    if (!detail?.info?.uuid || typeof detail.provider?.request !== 'function') return;
    byId.set(detail.info.uuid, detail);
    onChange([...byId.values()]);
  };
  win.addEventListener('eip6963:announceProvider', listener);
  win.dispatchEvent(new Event('eip6963:requestProvider'));
  return () => win.removeEventListener('eip6963:announceProvider', listener);
}
