import { onCloseMenus } from '~/ui/menus/closeMenus';

/**
 * The small-screen menu button: toggles the header navigation, and closes it when a link in it is
 * followed, when its own close button is pressed, on Escape (focus goes back to the menu button), or when
 * menus are asked to close (spec §2: the mobile menu closes on route change).
 */
export function installMobileMenu(doc: Document): void {
  const toggle = doc.querySelector<HTMLButtonElement>('[data-mobile-menu-toggle]');
  const nav = doc.getElementById('site-nav');
  if (!toggle || !nav) return;
  const close = nav.querySelector<HTMLButtonElement>('[data-mobile-menu-close]');
  // The button's two names are on the page once each: its own while closed, the menu's close button's while open.
  const openLabel = toggle.getAttribute('aria-label') ?? '';
  const closeLabel = close?.textContent?.trim() ?? '';
  const setOpen = (open: boolean) => {
    nav.dataset['open'] = String(open);
    toggle.setAttribute('aria-expanded', String(open));
    toggle.setAttribute('aria-label', open ? closeLabel : openLabel);
  };
  toggle.addEventListener('click', () => setOpen(nav.dataset['open'] !== 'true'));
  close?.addEventListener('click', () => {
    setOpen(false);
    toggle.focus();
  });
  doc.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || nav.dataset['open'] !== 'true') return;
    setOpen(false);
    toggle.focus();
  });
  nav.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest('a[href]')) setOpen(false);
  });
  onCloseMenus(() => {
    setOpen(false);
    for (const details of doc.querySelectorAll<HTMLDetailsElement>('details[data-menu][open]')) details.open = false;
  }, doc);
  globalThis.addEventListener('pageshow', () => setOpen(false));
}
