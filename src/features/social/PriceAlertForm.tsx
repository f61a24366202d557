import { useEffect, useId, useState } from 'react';
import { api } from '~/client/siteApi';
import { isAlertPrice } from './priceAlert';

/** The words of {@link PriceAlertForm}, and the coin the alert is in. */
export interface PriceAlertMessages {
  /** The chain's coin ("ETH"). */
  symbol: string;
  /** The field's label ("Tell me when listed at or below"). */
  label: string;
  save: string;
  clear: string;
  /** Said once saved, with `{price}` ("Alert set at 0.05 ETH"). */
  saved: string;
  /** Said once cleared. */
  cleared: string;
  /** Said when the price is not one. */
  invalid: string;
  failed: string;
}

/** A favourite's answer: its price alert in the coin ("0.05"), or null. */
interface AlertState {
  alertBelow: string | null;
}

/**
 * A favourite's price alert: a price in the chain's coin; the user is told when the card is listed at or below
 * it. Saved with the favourite endpoint (`PUT` with `{alert_below}`), shown once the card is a favourite.
 */
export function PriceAlertForm({
  endpoint,
  initial,
  m,
}: {
  endpoint: string;
  initial: string | null;
  m: PriceAlertMessages;
}) {
  const id = useId();
  const [value, setValue] = useState(initial ?? '');
  const [current, setCurrent] = useState(initial);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setValue(initial ?? '');
    setCurrent(initial);
  }, [initial]);

  async function save(alertBelow: string | null) {
    if (alertBelow !== null && !isAlertPrice(alertBelow)) {
      setSaid({ text: m.invalid, error: true });
      return;
    }
    setBusy(true);
    try {
      const state = await api.put<AlertState>(endpoint, { alert_below: alertBelow });
      setCurrent(state.alertBelow);
      setValue(state.alertBelow ?? '');
      setSaid({
        text: state.alertBelow === null ? m.cleared : m.saved.replace('{price}', `${state.alertBelow} ${m.symbol}`),
        error: false,
      });
    } catch {
      setSaid({ text: m.failed, error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="flex w-full flex-wrap items-center gap-2 text-sm"
      data-price-alert
      onSubmit={(event) => {
        event.preventDefault();
        void save(value.trim());
      }}
    >
      <label htmlFor={id}>{m.label}</label>
      <span className="inline-flex items-center gap-1">
        <input
          id={id}
          className="w-28 rounded-button border border-surface-border bg-surface-sunken px-2 py-1 text-ink"
          inputMode="decimal"
          autoComplete="off"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          aria-invalid={said?.error ?? false}
        />
        <span>{m.symbol}</span>
      </span>
      <button type="submit" className="btn-ghost" disabled={busy}>
        {m.save}
      </button>
      {current !== null && (
        <button type="button" className="btn-ghost" disabled={busy} onClick={() => void save(null)}>
          {m.clear}
        </button>
      )}
      <span role={said?.error ? 'alert' : 'status'} className={said?.error ? 'text-danger' : 'text-ink-muted'}>
        {said?.text ?? ''}
      </span>
    </form>
  );
}
