/**
 * "Add to cart" on the token page, for a listing at a fixed or declining price that can be bought, shown to
 * anyone but its seller; once in the cart it reads "In cart — remove", with a link to the cart. The cart is in
 * `localStorage`, so the first render (the server's) always offers to add; the island corrects it on load.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { TradeCard } from '../parts/tradeCard';
import type { TradeMessages } from '../parts/tradeMessages';
import { cartItem } from './cartModel';
import { $cart, addToCart, removeFromCart } from './cartStore';

/** The button (and its link and note). */
export function AddToCartButton({
  chainId,
  card,
  localePrefix,
  messages: m,
}: {
  /** The card's chain. */
  chainId: number;
  card: TradeCard;
  localePrefix: string;
  messages: TradeMessages;
}) {
  const cart = useStore($cart);
  const [full, setFull] = useState(false);
  const { listing } = card;
  if (!listing) return null;
  const inCart = cart.some((item) => item.orderHash === listing.orderHash);

  function add() {
    if (!listing) return;
    const left = addToCart([
      cartItem({ ...card, chainId, contractAddress: card.contractAddress.toLowerCase() }, listing),
    ]);
    setFull(left > 0);
  }

  return (
    <div className="flex flex-wrap items-center gap-3">
      {inCart ? (
        <button key="remove" type="button" className="btn-ghost" onClick={() => removeFromCart([listing.orderHash])}>
          {m.inCart}
        </button>
      ) : (
        <button key="add" type="button" className="btn-ghost" onClick={add}>
          {m.addToCart}
        </button>
      )}
      {inCart && (
        <a className="text-sm underline" href={`${localePrefix}/cart`}>
          {m.viewCart}
        </a>
      )}
      {full && (
        <p role="alert" className="text-sm text-danger">
          {m.cartFull}
        </p>
      )}
    </div>
  );
}
