/**
 * The fields the trading forms share, in their small style: a label around its input (`TradeInput`), the
 * choice of currency (`CurrencySelect`), the number of days an order lasts (`DaysInput`), the button of a trading
 * act (`TradeButton`) and a form's send and close buttons (`SendOrClose`) (the FormAlert of ~/ui/forms says why a
 * trade failed).
 *
 * @see ./tradeStyles.ts
 */
import type { ButtonHTMLAttributes, InputHTMLAttributes, ReactNode } from 'react';
import { TRADE_BUTTON, TRADE_FIELD } from './tradeStyles';

/** Props of {@link TradeInput}: the label, the input's attributes and its text. */
export type TradeInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
};

/** A label around a text input. */
export function TradeInput({ label, value, onChange, className, ...input }: TradeInputProps) {
  return (
    <label className="grid gap-1 text-sm">
      {label}
      <input
        {...input}
        className={className ?? TRADE_FIELD}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** How many days an order lasts: a whole number from 1 to `max`. */
export function DaysInput(props: Omit<TradeInputProps, 'type' | 'min'> & { max: number }) {
  return <TradeInput type="number" min={1} {...props} />;
}

/** The currency of a trade: the chain's currencies by symbol, each valued by its code. */
export function CurrencySelect({
  label,
  currencies,
  value,
  onChange,
}: {
  label: ReactNode;
  currencies: readonly { code: number; symbol: string }[];
  value: number | string;
  /** The chosen currency's code. */
  onChange: (code: number) => void;
}) {
  return (
    <label className="grid gap-1 text-sm">
      {label}
      <select
        className={TRADE_FIELD}
        name="currency"
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
      >
        {currencies.map((currency) => (
          <option key={currency.code} value={currency.code}>
            {currency.symbol}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The button of a trading act, in the trading style (not a form's submit: `type="button"`). */
export function TradeButton(props: Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'className'>) {
  return <button type="button" className={TRADE_BUTTON} {...props} />;
}

/** A trading form's two buttons: send it (disabled while its act runs) and close it. */
export function SendOrClose({
  send,
  close,
  busy,
  onClose,
}: {
  send: ReactNode;
  close: ReactNode;
  busy: boolean;
  onClose: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className={TRADE_BUTTON} disabled={busy}>
        {send}
      </button>
      <button type="button" className="rounded-full px-4 py-2 underline" onClick={onClose}>
        {close}
      </button>
    </div>
  );
}
