/**
 * "Sweep the cheapest" on a collection page: a number of cards (1 to 30) and a currency; the island asks the
 * card list for the collection's listings in that currency, cheapest first, puts the first ones a cart can buy
 * (./cartModel.ts `sweepItems`) into the cart and opens the cart. The form is in the page's HTML; the island
 * hydrates when someone reaches for it.
 */
import { useState } from 'react';
import { api } from '~/client/siteApi';
import { useCurrentUser } from '~/features/session/useCurrentUser';
import { MAX_PER_PAGE } from '~/lib/pagination';
import { FormAlert } from '~/ui/forms/FormAlert';
import { CurrencySelect, TradeInput } from '../parts/TradeFields';
import { TRADE_BUTTON, TRADE_FIELD } from '../parts/tradeStyles';
import { MAX_CART_ITEMS, type SweepCandidate, type SweepMessages, sweepItems } from './cartModel';
import { addToCart } from './cartStore';

/** What the page hands the island. */
export interface SweepFormProps {
  collectionId: number;
  chainId: number;
  /** The currencies the collection's chain lists in. */
  currencies: { code: number; symbol: string }[];
  /** The cart page in the visitor's locale. */
  cartPath: string;
  m: SweepMessages;
}

/** The cards a sweep starts with. */
const DEFAULT_COUNT = 5;

/** The island (see the module comment). */
export default function SweepForm({ collectionId, currencies, cartPath, m }: SweepFormProps) {
  const user = useCurrentUser();
  const [count, setCount] = useState(String(DEFAULT_COUNT));
  const [currency, setCurrency] = useState(String(currencies[0]?.code ?? ''));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function sweep() {
    const wanted = Number(count);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted > MAX_CART_ITEMS) return setError(m.invalid);
    setBusy(true);
    setError(null);
    try {
      const page = await api.get<{ items: SweepCandidate[] }>('/api/v1/cards', {
        query: {
          category_id: collectionId,
          status: 'listed',
          sort: 'price_asc',
          currency_code: currency,
          per_page: MAX_PER_PAGE,
        },
      });
      const items = sweepItems(page.items, wanted, user?.walletAddress ?? null);
      if (items.length === 0) {
        setBusy(false);
        return setError(m.none);
      }
      addToCart(items);
      window.location.assign(cartPath);
    } catch {
      setBusy(false);
      setError(m.failed);
    }
  }

  return (
    <form
      aria-labelledby="sweep-heading"
      className="grid gap-3 rounded-xl border border-surface-border p-4"
      onSubmit={(event) => {
        event.preventDefault();
        void sweep();
      }}
    >
      <h3 id="sweep-heading" className="text-lg font-bold">
        {m.heading}
      </h3>
      <p className="text-sm text-ink-muted">{m.lead}</p>
      <div className="flex flex-wrap items-end gap-3">
        <TradeInput
          label={m.count}
          type="number"
          name="count"
          min={1}
          max={MAX_CART_ITEMS}
          step={1}
          required
          className={`${TRADE_FIELD} w-24`}
          value={count}
          onChange={setCount}
        />
        <CurrencySelect
          label={m.currency}
          currencies={currencies}
          value={currency}
          onChange={(code) => setCurrency(String(code))}
        />
        <button type="submit" className={TRADE_BUTTON} disabled={busy}>
          {m.submit}
        </button>
      </div>
      <FormAlert text={error} className="text-sm text-danger" />
    </form>
  );
}
