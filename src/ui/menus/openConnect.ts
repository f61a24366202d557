import { OPEN_CONNECT_EVENT } from './closeMenus';

function askOpen(doc: Document): boolean {
  return !doc.dispatchEvent(new CustomEvent(OPEN_CONNECT_EVENT, { cancelable: true }));
}

/**
 * Opens the header's connect-wallet modal from elsewhere on the page (footer, sign-in pages). The
 * header's account island hydrates on first interaction, so it is woken first when needed.
 * Resolves false when there is no account area to open it (the link then navigates as usual).
 */
export async function requestConnectModal(doc: Document = document): Promise<boolean> {
  if (askOpen(doc)) return true;
  const island = doc.querySelector<HTMLElement>('[data-account-area] astro-island');
  if (!island?.hasAttribute('ssr')) return false;
  await new Promise<void>((resolve) => {
    island.addEventListener('astro:hydrate', () => resolve(), { once: true });
    island.dispatchEvent(new FocusEvent('focusin'));
  });
  // The island's effects (which listen for the request) run shortly after it hydrates; a busy phone may take a
  // moment longer, so wait up to a second before falling back to the connect page.
  for (let attempt = 0; attempt < 50; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    if (askOpen(doc)) return true;
  }
  return false;
}

/** Makes every `a[data-open-connect]` open the modal instead of navigating, when the modal is there. */
export function installConnectLinks(doc: Document = document): void {
  doc.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest('a[data-open-connect]');
    if (!(link instanceof HTMLAnchorElement) || !doc.querySelector('[data-account-area]')) return;
    event.preventDefault();
    void requestConnectModal(doc).then((opened) => {
      if (!opened && link.getAttribute('href') !== '#') window.location.assign(link.href);
    });
  });
}
