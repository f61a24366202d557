/** The event that asks every open menu (side menu, mobile menu, chain list) to close. */
export const CLOSE_MENUS_EVENT = 'kf:close-menus';
/** The event that asks the header to open the connect-wallet modal (the footer's link sends it). */
export const OPEN_CONNECT_EVENT = 'kf:open-connect';

/** Closes every open menu on the page. @see spec §2 (choosing a chain closes menus) */
export function closeAllMenus(target: EventTarget = document): void {
  target.dispatchEvent(new CustomEvent(CLOSE_MENUS_EVENT));
}

/** Calls `listener` whenever menus are asked to close; returns the unsubscribe function. */
export function onCloseMenus(listener: () => void, target: EventTarget = document): () => void {
  target.addEventListener(CLOSE_MENUS_EVENT, listener);
  return () => target.removeEventListener(CLOSE_MENUS_EVENT, listener);
}
