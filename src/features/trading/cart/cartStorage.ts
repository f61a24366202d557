/**
 * Where the visitor's cart lives in the browser: `localStorage` under one key, as JSON, read defensively (a
 * hand-edited or older value gives the items that still make sense), and the window event that tells the
 * page's parts (the header's count) that it changed. No framework here: the header's count element loads this
 * module alone.
 */
import type { CartItem } from './cartModel';

/** The `localStorage` key of the cart. */
export const CART_STORAGE_KEY = 'kirafuda.cart';

/** Dispatched on `window` when this page changed the cart (other tabs get the `storage` event). */
export const CART_CHANGE_EVENT = 'kf:cart-change';

const text = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length < 300;

/** The item `value` holds, or null when it is not one. */
function toItem(value: unknown): CartItem | null {
  if (typeof value !== 'object' || value === null) return null;
  const entry = value as Record<string, unknown>;
  const { chainId, contractAddress, tokenId, orderHash, name, nameEn, image, currentPrice, currencyCode } = entry;
  if (!Number.isInteger(chainId) || !Number.isInteger(currencyCode)) return null;
  if (!text(contractAddress) || !text(tokenId) || !text(orderHash) || typeof name !== 'string') return null;
  if (!text(currentPrice) || !/^\d+$/.test(currentPrice) || (image !== null && typeof image !== 'string')) return null;
  return {
    chainId: chainId as number,
    contractAddress,
    tokenId,
    orderHash,
    name,
    ...(typeof nameEn === 'string' && nameEn !== '' ? { nameEn } : {}),
    image,
    currentPrice,
    currencyCode: currencyCode as number,
  };
}

/** The cart kept in `storage` (empty when there is none, it cannot be read, or storage is off). */
export function readStoredCart(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): CartItem[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CART_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.map(toItem).filter((item): item is CartItem => item !== null) : [];
  } catch {
    return [];
  }
}

/** Keeps `items` in `storage` and tells the page. A full or blocked storage keeps the cart for this page only. */
export function writeStoredCart(
  items: readonly CartItem[],
  storage: Pick<Storage, 'setItem'> | undefined = globalThis.localStorage,
): void {
  try {
    storage?.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // private mode or a full quota
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(CART_CHANGE_EVENT));
}
