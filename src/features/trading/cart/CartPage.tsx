/**
 * The cart page's island: the visitor's cart (from `localStorage`) grouped by chain, each card with its price
 * and a Remove button, the total per currency, and "Buy N cards on {chain}", which runs ./cartBuyFlow.ts (and
 * loads viem) only when clicked. On load the site checks every order again, so a card that can no longer be
 * bought is flagged with the reason and left out of the total and the purchase (`data-cart-checked` tells when
 * that check is done). After a purchase the cards
 * bought leave the cart and the page says how many were bought and why the others were skipped.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api } from '~/client/siteApi';
import { interpolate } from '~/features/i18n/format';
import { $currentUser } from '~/features/session/store';
import { priceText } from '~/ui/data/priceText';
import type { TradeMessages } from '../parts/tradeMessages';
import { TRADE_BUTTON } from '../parts/tradeStyles';
import { TradeStatusLines } from '../wallet/TradeProgressNote';
import { useTradeRunner } from '../wallet/useTradeRunner';
import type { CartChain, CartOutcome } from './cartBuyFlow';
import {
  type CartCheck,
  type CartGroup,
  type CartItem,
  type CartMessages,
  type CartReason,
  groupCart,
  type SkippedOrder,
} from './cartModel';
import { readStoredCart } from './cartStorage';
import { $cart, removeFromCart, updateCartItems } from './cartStore';

/** A chain the cart can buy on, with its label. */
export interface CartPageChain extends CartChain {
  label: string;
}

/** What the page hands the island. */
export interface CartPageProps {
  chains: CartPageChain[];
  m: CartMessages;
  reasons: Record<CartReason, string>;
  trade: TradeMessages;
  localePrefix: string;
  locale: string;
}

/** Asks the site about the cart's orders on each configured chain: why those that cannot be bought cannot. */
async function checkItems(items: readonly CartItem[], chains: readonly CartPageChain[]) {
  const flags = new Map<string, CartReason>();
  const prices = new Map<string, Partial<CartItem>>();
  let failed = false;
  for (const group of groupCart(items)) {
    if (!chains.some((chain) => chain.chain.chainId === group.chainId)) continue;
    const answer = await api
      .post<{ orders: CartCheck[] }>('/api/v1/cart/check', {
        chain_id: group.chainId,
        order_hashes: group.items.map((item) => item.orderHash),
      })
      .catch(() => {
        // Rate-limited or the chain did not answer: say so; the purchase checks again before the wallet.
        failed = true;
        return { orders: [] as CartCheck[] };
      });
    for (const { orderHash, buyable, reason, listing } of answer.orders) {
      if (!buyable) flags.set(orderHash, reason ?? 'unknown');
      else if (listing) prices.set(orderHash, { currentPrice: listing.currentPrice });
    }
  }
  return { flags, prices, failed };
}

/** The island (see the module comment). */
export default function CartPage({ chains, m, reasons, trade, localePrefix, locale }: CartPageProps) {
  const cart = useStore($cart);
  const user = useStore($currentUser);
  const [hydrated, setHydrated] = useState(false);
  const [checked, setChecked] = useState(false);
  const [checkFailed, setCheckFailed] = useState(false);
  const [flags, setFlags] = useState<ReadonlyMap<string, CartReason>>(new Map());
  const [buying, setBuying] = useState<number | null>(null);
  const [result, setResult] = useState<{ chainId: number; text: string } | null>(null);
  const runner = useTradeRunner(trade);

  useEffect(() => {
    setHydrated(true);
    void checkItems(readStoredCart(), chains).then(({ flags: found, prices, failed }) => {
      setFlags(found);
      setCheckFailed(failed);
      if (prices.size > 0) updateCartItems(prices);
      setChecked(true);
    });
  }, [chains]);

  if (!hydrated) return <p className="text-ink-muted">{m.loading}</p>;
  const resultNote = result && (
    <p role="status" className="font-semibold" data-cart-result={result.chainId}>
      {result.text}
    </p>
  );
  if (cart.length === 0) {
    return (
      <div className="grid gap-2" data-cart-checked={checked}>
        {resultNote}
        <p>{m.empty}</p>
        <a className="underline" href={`${localePrefix}/market`}>
          {m.browse}
        </a>
      </div>
    );
  }

  function outcomeText(outcome: CartOutcome): string {
    if (outcome.skipped.length === 0) return interpolate(m.resultAll, { bought: outcome.bought.length });
    const why = [...new Set(outcome.skipped.map((entry) => reasons[entry.reason]))];
    return interpolate(m.result, {
      bought: outcome.bought.length,
      skipped: outcome.skipped.length,
      reasons: new Intl.ListFormat(locale, { type: 'conjunction' }).format(why),
    });
  }

  function buy(group: CartGroup, chain: CartPageChain) {
    const hashes = group.items.filter((item) => !flags.has(item.orderHash)).map((item) => item.orderHash);
    setBuying(group.chainId);
    setResult(null);
    let outcome: CartOutcome | null = null;
    void runner
      .start(async () => {
        const { cartBuyFlow } = await import('./cartBuyFlow');
        return async (provider, onProgress) => {
          outcome = await cartBuyFlow(provider, chain, hashes, onProgress);
        };
      })
      .then(() => {
        const done = outcome as CartOutcome | null;
        if (!done) return;
        runner.reset();
        const skipped = new Map<string, CartReason>(
          done.skipped.map((entry: SkippedOrder) => [entry.orderHash, entry.reason]),
        );
        setFlags((previous) => new Map([...previous, ...skipped]));
        removeFromCart(done.bought.map((entry) => entry.orderHash));
        setResult({ chainId: group.chainId, text: outcomeText(done) });
      });
  }

  return (
    <div className="grid gap-8" data-cart-checked={checked} data-busy={runner.busy ? 'true' : undefined}>
      {resultNote}
      {checkFailed && (
        <p role="alert" className="text-sm">
          {m.checkFailed}
        </p>
      )}
      {groupCart(cart, new Set(flags.keys())).map((group) => {
        const chain = chains.find((entry) => entry.chain.chainId === group.chainId);
        const count = group.items.filter((item) => !flags.has(item.orderHash)).length;
        const status = buying === group.chainId ? runner.status : { kind: 'idle' as const };
        return (
          <section
            key={group.chainId}
            aria-labelledby={`cart-chain-${group.chainId}`}
            className="grid gap-4"
            data-cart-chain={group.chainId}
          >
            <h2 id={`cart-chain-${group.chainId}`} className="text-xl font-bold">
              {chain?.label ?? interpolate(m.chainId, { id: group.chainId })}
            </h2>
            <ul className="grid gap-3">
              {group.items.map((item) => {
                const flag = flags.get(item.orderHash);
                return (
                  <li
                    key={item.orderHash}
                    className="flex flex-wrap items-center gap-3"
                    data-cart-item={item.orderHash}
                  >
                    {item.image && (
                      <img src={item.image} alt="" width={48} height={64} className="h-16 w-12 rounded object-cover" />
                    )}
                    <a
                      className="min-w-40 flex-1 underline"
                      href={`${localePrefix}/tokens/${item.chainId}/${item.contractAddress}/${item.tokenId}`}
                    >
                      {(locale === 'en' && item.nameEn) || item.name || `#${item.tokenId}`}
                    </a>
                    <span className={flag ? 'text-ink-muted line-through' : 'font-semibold'}>
                      {priceText(item.currentPrice, item.currencyCode)}
                    </span>
                    {flag && (
                      <span className="w-full text-sm text-danger" data-cart-reason={flag}>
                        {interpolate(m.unavailable, { reason: reasons[flag] })}
                      </span>
                    )}
                    <button
                      type="button"
                      className="btn-ghost text-sm"
                      disabled={runner.busy}
                      onClick={() => removeFromCart([item.orderHash])}
                    >
                      {m.remove}
                      <span className="sr-only">
                        : {(locale === 'en' && item.nameEn) || item.name || `#${item.tokenId}`}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
            <p data-cart-total>
              {m.total}:{' '}
              <strong>
                {group.totals.map((total) => priceText(total.amount, total.currencyCode)).join(' + ') || '—'}
              </strong>
            </p>
            {!chain ? (
              <p className="text-sm text-ink-muted">{m.unknownChain}</p>
            ) : user ? (
              <button
                type="button"
                className={`${TRADE_BUTTON} justify-self-start`}
                disabled={runner.busy || count === 0}
                onClick={() => buy(group, chain)}
              >
                {interpolate(count === 1 ? m.buyOne : m.buy, { count, chain: chain.label })}
              </button>
            ) : (
              <p className="text-sm text-ink-muted">{trade.connectFirst}</p>
            )}
            <TradeStatusLines status={status} messages={trade} chain={chain?.chain} />
          </section>
        );
      })}
    </div>
  );
}
