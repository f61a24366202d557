/**
 * The bulk listing form, loaded when the owner opens it (./BulkListing.tsx): reads the chains' terms
 * (`GET /api/v1/chains`) and the owner's cards (`GET /api/v1/users/{wallet}/items`), offers those without a
 * listing on one chain at a time (a bulk signature covers one chain's Seaport), a checkbox and a price per
 * card or one price for all, the chain's currencies and the listing period; submitting runs
 * ./bulkListingFlow.ts (one signature), then shows how many were listed and opens the listed tab.
 */

import { useEffect, useId, useState } from 'react';
import { api } from '~/client/siteApi';
import { interpolate } from '~/features/i18n/format';
import { FormAlert } from '~/ui/forms/FormAlert';
import { cardKey } from '../parts/cardKey';
import { CurrencySelect, DaysInput, TradeInput } from '../parts/TradeFields';
import { listingWindow, MAX_EXPIRY_DAYS, userPagePath } from '../parts/tradeForm';
import { TRADE_BUTTON, TRADE_FIELD } from '../parts/tradeStyles';
import { useTradeRunner } from '../wallet/useTradeRunner';
import type { TradeProgress } from '../wallet/walletTrade';
import {
  type BulkCard,
  type BulkChainTerms,
  type BulkListingProps,
  bulkPrices,
  MAX_BULK_CARDS,
  type OwnedItem,
  unlistedByChain,
} from './bulkListingModel';

/** Pages of 100 owned cards read at most. */
const MAX_ITEM_PAGES = 5;

type Loaded = { terms: BulkChainTerms[]; cards: Map<number, BulkCard[]> };

/** The owner's cards, up to {@link MAX_ITEM_PAGES} pages. */
async function ownedItems(wallet: string): Promise<OwnedItem[]> {
  const items: OwnedItem[] = [];
  for (let page = 1; page <= MAX_ITEM_PAGES; page += 1) {
    const answer = await api.get<{ items: OwnedItem[]; totalPages: number }>(`/api/v1/users/${wallet}/items`, {
      query: { tab: 'owned', per_page: 100, page },
    });
    items.push(...answer.items);
    if (page >= answer.totalPages) break;
  }
  return items;
}

/** The form. */
export default function BulkListingForm(props: BulkListingProps & { onClose: () => void }) {
  const { wallet, chains, localePrefix, onClose } = props;
  const { bulk: m, trade: tm } = props.messages;
  const runner = useTradeRunner(tm);
  const headingId = useId();
  const [loaded, setLoaded] = useState<Loaded | 'loading' | 'failed'>('loading');
  const [chainId, setChainId] = useState<number | null>(null);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [prices, setPrices] = useState<Record<string, string>>({});
  const [samePrice, setSamePrice] = useState(false);
  const [priceEach, setPriceEach] = useState('');
  const [currencyCode, setCurrencyCode] = useState<number | null>(null);
  const [days, setDays] = useState('7');
  const [done, setDone] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    Promise.all([api.get<{ chains: BulkChainTerms[] }>('/api/v1/chains'), ownedItems(wallet)])
      .then(([{ chains: terms }, items]) => {
        if (!live) return;
        const cards = unlistedByChain(
          items,
          chains.map((chain) => chain.chainId).filter((id) => terms.some((term) => term.chainId === id)),
        );
        setLoaded({ terms, cards });
        setChainId(cards.keys().next().value ?? null);
      })
      .catch(() => live && setLoaded('failed'));
    return () => {
      live = false;
    };
  }, [wallet, chains]);

  if (loaded === 'loading') {
    return (
      <p role="status" className="text-sm">
        {m.loading}
      </p>
    );
  }
  const chain = chains.find((c) => c.chainId === chainId);
  const terms = loaded === 'failed' ? undefined : loaded.terms.find((term) => term.chainId === chainId);
  const cards = loaded === 'failed' || chainId === null ? [] : (loaded.cards.get(chainId) ?? []);
  const currency = terms?.currencies.find((c) => c.code === currencyCode) ?? terms?.currencies[0];
  const full = chosen.size >= MAX_BULK_CARDS;

  function choose(card: BulkCard, on: boolean) {
    const next = new Set(chosen);
    if (on) next.add(cardKey(card));
    else next.delete(cardKey(card));
    setChosen(next);
  }

  function switchChain(id: number) {
    setChainId(id);
    setChosen(new Set());
    setCurrencyCode(null);
  }

  function progressText(progress: TradeProgress): string {
    if (progress.step === 'signing') return interpolate(m.signing, { count: chosen.size });
    if (progress.step === 'owned') return tm.confirmed;
    if (progress.step === 'wrapping') return tm.walletPrompt;
    return tm[progress.step];
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!chain || !terms || !currency) return runner.fail(tm.failed);
    const priced = bulkPrices(
      cards.filter((card) => chosen.has(cardKey(card))),
      { samePrice, priceEach, prices },
      currency.decimals,
    );
    if (!priced.ok) {
      if (priced.problem === 'invalidPrice')
        return runner.fail(
          interpolate(m.invalidPrice, { name: (localePrefix && priced.card.nameEn) || priced.card.name }),
        );
      return runner.fail(priced.problem === 'tooMany' ? interpolate(m.max, { max: MAX_BULK_CARDS }) : m.noneSelected);
    }
    const dayCount = Number(days);
    if (!listingWindow(0, dayCount)) return runner.fail(tm.invalidExpiry);
    if (!terms.feeRecipient) return runner.fail(tm.noFeeRecipient);
    const input = {
      userWallet: wallet,
      items: priced.items.map(({ card, price }) => ({
        contractAddress: card.contractAddress,
        tokenId: card.tokenId,
        price,
      })),
      currency: currency.token,
      currencyCode: currency.code,
      days: dayCount,
    };
    void runner.start(async () => {
      const { bulkListingFlow } = await import('./bulkListingFlow');
      return async (provider, onProgress) => {
        const result = await bulkListingFlow(provider, chain, terms, input, onProgress);
        setDone(interpolate(m.listed, { count: result.listings.length }));
        setTimeout(() => window.location.assign(`${userPagePath(localePrefix, wallet)}?tab=listed`), 1_000);
      };
    });
  }

  const { status } = runner;
  return (
    <form
      className="grid gap-4 rounded-2xl border border-surface-border p-4"
      aria-labelledby={headingId}
      onSubmit={onSubmit}
      data-busy={runner.busy ? 'true' : undefined}
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {m.open}
      </h2>
      <p className="text-sm text-ink-muted">{m.lead}</p>
      <FormAlert text={loaded === 'failed' ? m.loadFailed : null} className="text-sm text-danger" />
      {loaded !== 'failed' && loaded.cards.size === 0 && <p className="text-sm">{m.none}</p>}
      {loaded !== 'failed' && loaded.cards.size > 1 && (
        <label className="grid gap-1 text-sm">
          {m.chain}
          <select
            className={TRADE_FIELD}
            value={chainId ?? ''}
            onChange={(e) => switchChain(Number(e.target.value))}
            aria-describedby={`${headingId}-one-chain`}
          >
            {[...loaded.cards.keys()].map((id) => (
              <option key={id} value={id}>
                {chains.find((c) => c.chainId === id)?.chainName ?? id}
              </option>
            ))}
          </select>
          <span id={`${headingId}-one-chain`} className="text-ink-muted">
            {m.oneChain}
          </span>
        </label>
      )}
      {cards.length > 0 && terms && currency && (
        <>
          <fieldset className="grid gap-2">
            <legend className="mb-1 text-sm font-semibold">{m.cards}</legend>
            <ul className="grid max-h-96 gap-2 overflow-y-auto">
              {cards.map((card) => {
                const key = cardKey(card);
                const on = chosen.has(key);
                const name = (localePrefix && card.nameEn) || card.name;
                const label = `${name} (#${card.tokenId})`;
                return (
                  <li key={key} className="flex flex-wrap items-center gap-3">
                    <label className="flex min-w-0 flex-1 items-center gap-2 text-sm">
                      <input
                        type="checkbox"
                        checked={on}
                        disabled={!on && full}
                        onChange={(e) => choose(card, e.target.checked)}
                      />
                      {card.image && <img src={card.image} alt="" width={40} height={40} className="rounded" />}
                      <span className="truncate">{name}</span> <span className="text-ink-muted">#{card.tokenId}</span>
                      {card.category && (
                        <span className="truncate text-ink-muted">
                          {' '}
                          {(localePrefix && card.category.nameEn) || card.category.name}
                        </span>
                      )}
                    </label>
                    {!samePrice && (
                      <input
                        className={`${TRADE_FIELD} w-36`}
                        inputMode="decimal"
                        aria-label={interpolate(m.cardPrice, { name: label })}
                        disabled={!on}
                        value={prices[key] ?? ''}
                        onChange={(e) => setPrices({ ...prices, [key]: e.target.value })}
                      />
                    )}
                  </li>
                );
              })}
            </ul>
            <p className="text-sm text-ink-muted" aria-live="polite">
              {interpolate(m.selected, { count: chosen.size })}
              {full && ` ${interpolate(m.max, { max: MAX_BULK_CARDS })}`}
            </p>
          </fieldset>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={samePrice} onChange={(e) => setSamePrice(e.target.checked)} />
            {m.samePrice}
          </label>
          {samePrice && (
            <TradeInput
              label={m.priceEach}
              name="price"
              inputMode="decimal"
              value={priceEach}
              onChange={setPriceEach}
            />
          )}
          <CurrencySelect
            label={tm.currency}
            currencies={terms.currencies}
            value={currency.code}
            onChange={setCurrencyCode}
          />
          <DaysInput label={tm.expiryDays} name="days" max={MAX_EXPIRY_DAYS} required value={days} onChange={setDays} />
        </>
      )}
      <div className="flex flex-wrap gap-2">
        {cards.length > 0 && (
          <button type="submit" className={TRADE_BUTTON} disabled={runner.busy}>
            {m.submit}
          </button>
        )}
        <button type="button" className="btn-ghost" disabled={runner.busy} onClick={onClose}>
          {m.close}
        </button>
      </div>
      {done ? (
        <p role="status" className="text-sm">
          {done}
        </p>
      ) : (
        status.kind === 'busy' &&
        status.progress && (
          <p role="status" className="text-sm">
            {progressText(status.progress)}
          </p>
        )
      )}
      <FormAlert text={status.kind === 'error' ? status.text : null} className="text-sm text-danger" />
    </form>
  );
}
