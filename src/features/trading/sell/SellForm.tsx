/**
 * Selling on the token page (the owner, no listing yet): a button opens the form (price, currency, days
 * until it expires); submitting runs ./sellFlow.ts and goes to the seller's items page.
 *
 * @see docs/product-spec.md §3 "Sell-card payload", §5
 */
import { useState } from 'react';
import { listingWindow, MAX_EXPIRY_DAYS, parseAmount, type TradeActionsProps, userPagePath } from '../tradeModel';
import { TRADE_BUTTON, TRADE_FIELD } from '../tradeStyles';
import type { useTradeRunner } from '../useTradeRunner';

interface Props {
  props: TradeActionsProps;
  runner: ReturnType<typeof useTradeRunner>;
  open: boolean;
  onOpen: () => void;
}

/** The sell button, then the form. */
export function SellForm({ props, runner, open, onOpen }: Props) {
  const { messages: m, currencies } = props;
  const [price, setPrice] = useState('');
  const [currencyCode, setCurrencyCode] = useState(currencies[0]?.code ?? 0);
  const [days, setDays] = useState('7');

  if (!open) {
    return (
      <button type="button" className={TRADE_BUTTON} onClick={onOpen}>
        {m.sell}
      </button>
    );
  }

  function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    const currency = currencies.find((c) => c.code === currencyCode);
    const amount = currency ? parseAmount(price, currency.decimals) : null;
    const dayCount = Number(days);
    if (!currency || amount === null) return runner.fail(m.invalidPrice);
    if (!listingWindow(0, dayCount)) return runner.fail(m.invalidExpiry);
    if (!props.feeRecipient) return runner.fail(m.noFeeRecipient);
    const wallet = props.userWallet ?? '';
    const input = {
      userWallet: wallet,
      price: amount,
      currency: currency.token as `0x${string}`,
      currencyCode,
      days: dayCount,
    };
    void runner.start(async () => {
      const { sellFlow } = await import('./sellFlow');
      return async (provider, onProgress) => {
        await sellFlow(provider, props, input, onProgress);
        window.location.assign(userPagePath(props.localePrefix, wallet));
      };
    });
  }

  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.sell}>
      <label className="grid gap-1 text-sm">
        {m.price}
        <input
          className={TRADE_FIELD}
          name="price"
          inputMode="decimal"
          required
          // biome-ignore lint/a11y/noAutofocus: the visitor just asked for this form
          autoFocus
          value={price}
          onChange={(e) => setPrice(e.target.value)}
        />
      </label>
      <label className="grid gap-1 text-sm">
        {m.currency}
        <select
          className={TRADE_FIELD}
          name="currency"
          value={currencyCode}
          onChange={(e) => setCurrencyCode(Number(e.target.value))}
        >
          {currencies.map((c) => (
            <option key={c.code} value={c.code}>
              {c.symbol}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1 text-sm">
        {m.expiryDays}
        <input
          className={TRADE_FIELD}
          name="days"
          type="number"
          min={1}
          max={MAX_EXPIRY_DAYS}
          required
          value={days}
          onChange={(e) => setDays(e.target.value)}
        />
      </label>
      <button type="submit" className={TRADE_BUTTON} disabled={runner.busy}>
        {m.submitSell}
      </button>
    </form>
  );
}
