/**
 * The visitor's cart as a nanostores atom, kept in `localStorage` (./cartStorage.ts) so it follows them from
 * page to page and tab to tab: loaded when the first island listens, saved on every change, reloaded when
 * another tab changes it. On the server it stays empty (the pages are the same for everyone).
 */
import { atom, onMount } from 'nanostores';
import { addItems, type CartItem } from './cartModel';
import { CART_STORAGE_KEY, readStoredCart, writeStoredCart } from './cartStorage';

/** The cart's items, in the order they were added. */
export const $cart = atom<CartItem[]>([]);

onMount($cart, () => {
  if (typeof window === 'undefined') return;
  $cart.set(readStoredCart());
  const reload = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) $cart.set(readStoredCart());
  };
  window.addEventListener('storage', reload);
  return () => window.removeEventListener('storage', reload);
});

/** Replaces the cart and saves it. */
export function setCart(items: readonly CartItem[]): void {
  $cart.set([...items]);
  writeStoredCart(items);
}

/** Adds items (see `addItems`); returns how many did not fit. */
export function addToCart(items: readonly CartItem[]): number {
  const { cart, left } = addItems(readStoredCart(), items);
  setCart(cart);
  return left;
}

/** Removes the items with these order hashes. */
export function removeFromCart(orderHashes: readonly string[]): void {
  const gone = new Set(orderHashes.map((hash) => hash.toLowerCase()));
  setCart(readStoredCart().filter((item) => !gone.has(item.orderHash.toLowerCase())));
}

/** Updates the items with these order hashes (a price the cart page read again). */
export function updateCartItems(changes: ReadonlyMap<string, Partial<CartItem>>): void {
  setCart(readStoredCart().map((item) => ({ ...item, ...changes.get(item.orderHash) })));
}
