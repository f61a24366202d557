/**
 * "Add to cart" on the token page, for a listing at a fixed or declining price that can be bought, shown to
 * anyone but its seller; once in the cart it reads "In cart — remove", with a link to the cart. The cart is in
 * `localStorage`, so the first render (the server's) always offers to add; the island corrects it on load.
 */
import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { TradeActionsProps } from '../parts/tradeModel';
import { $cart, addToCart, removeFromCart } from './cartStore';

/** The button (and its link and note). */
export function AddToCartButton({ props }: { props: TradeActionsProps }) {
  const cart = useStore($cart);
  const [full, setFull] = useState(false);
  const { listing, messages: m } = props;
  if (!listing) return null;
  const inCart = cart.some((item) => item.orderHash === listing.orderHash);

  function add() {
    if (!listing) return;
    const left = addToCart([
      {
        chainId: props.chain.chainId,
        contractAddress: props.contractAddress.toLowerCase(),
        tokenId: props.tokenId,
        orderHash: listing.orderHash,
        name: props.cardName,
        ...(props.cardNameEn ? { nameEn: props.cardNameEn } : {}),
        image: props.cardImage,
        currentPrice: listing.currentPrice,
        currencyCode: listing.currencyCode,
      },
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
        <a className="text-sm underline" href={`${props.localePrefix}/cart`}>
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
