// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { type AnnouncedWallet, watchAnnouncedWallets } from './eip6963';

function announce(wallet: AnnouncedWallet) {
  window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: wallet }));
}

const wallet = (uuid: string): AnnouncedWallet => ({
  info: { uuid, name: `Wallet ${uuid}`, icon: 'data:image/svg+xml,<svg/>', rdns: `io.test.${uuid}` },
  provider: { request: async () => null },
});

describe('watchAnnouncedWallets', () => {
  it('asks wallets to announce and lists each announced wallet once', () => {
    let requested = 0;
    const onRequest = () => {
      requested += 1;
      announce(wallet('a'));
    };
    window.addEventListener('eip6963:requestProvider', onRequest);
    const seen: string[][] = [];
    const stop = watchAnnouncedWallets((wallets) => seen.push(wallets.map((w) => w.info.name)));
    announce(wallet('a'));
    announce(wallet('b'));
    stop();
    announce(wallet('c'));
    window.removeEventListener('eip6963:requestProvider', onRequest);
    expect(requested).toBe(1);
    expect(seen.at(-1)).toEqual(['Wallet a', 'Wallet b']);
  });

  it('ignores announcements without a usable provider', () => {
    const seen: number[] = [];
    const stop = watchAnnouncedWallets((wallets) => seen.push(wallets.length));
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { uuid: 'x' } } }));
    stop();
    expect(seen).toEqual([]);
  });
});
