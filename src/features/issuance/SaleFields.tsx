/**
 * The Issue NFT form's "sell for yen" part, shown when card payments are on: instead of minting every serial
 * to the illustrator, the design goes on sale by card (a drop) at a yen price for a window, each serial
 * minted to its buyer.
 */
import type { ChangeEvent } from 'react';

/** The sale's fields as typed. */
export interface SaleValues {
  priceJpy: string;
  startsAt: string;
  endsAt: string;
}

/** The part's messages. */
export interface SaleMessages {
  mode: string;
  mintToMe: string;
  sellForYen: string;
  price: string;
  priceHint: string;
  startsAt: string;
  endsAt: string;
  onSale: string;
  seeSale: string;
  invalidSale: string;
}

/** A datetime-local value `days` from now (local time). */
export function localDateTime(days: number, now = new Date()): string {
  const at = new Date(now.getTime() + days * 86_400_000 - now.getTimezoneOffset() * 60_000);
  return at.toISOString().slice(0, 16);
}

/** The sale's problem, if any: a whole yen price of ¥100 to ¥1,000,000 and an end after the start. */
export function saleProblem(values: SaleValues): boolean {
  const price = Number(values.priceJpy);
  const starts = Date.parse(values.startsAt);
  const ends = Date.parse(values.endsAt);
  return !Number.isInteger(price) || price < 100 || price > 1_000_000 || !(ends > starts);
}

/** The mode choice and, when selling, price and window. */
export function SaleFields(props: {
  id: string;
  selling: boolean;
  onSelling: (selling: boolean) => void;
  values: SaleValues;
  onChange: (values: SaleValues) => void;
  m: SaleMessages;
  inputClass: string;
}) {
  const { id, selling, values, m, inputClass } = props;
  const set = (field: keyof SaleValues) => (event: ChangeEvent<HTMLInputElement>) =>
    props.onChange({ ...values, [field]: event.target.value });
  return (
    <fieldset className="grid gap-3">
      <legend className="font-semibold">{m.mode}</legend>
      <label className="flex items-center gap-2">
        <input type="radio" name="mode" checked={!selling} onChange={() => props.onSelling(false)} />
        {m.mintToMe}
      </label>
      <label className="flex items-center gap-2">
        <input type="radio" name="mode" checked={selling} onChange={() => props.onSelling(true)} />
        {m.sellForYen}
      </label>
      {selling && (
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-1">
            <label htmlFor={`${id}-price`} className="font-semibold">
              {m.price}
            </label>
            <input
              id={`${id}-price`}
              inputMode="numeric"
              value={values.priceJpy}
              onChange={set('priceJpy')}
              aria-describedby={`${id}-price-hint`}
              className={inputClass}
            />
            <p id={`${id}-price-hint`} className="text-sm text-ink-muted">
              {m.priceHint}
            </p>
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-starts`} className="font-semibold">
              {m.startsAt}
            </label>
            <input
              id={`${id}-starts`}
              type="datetime-local"
              value={values.startsAt}
              onChange={set('startsAt')}
              className={inputClass}
            />
          </div>
          <div className="grid gap-1">
            <label htmlFor={`${id}-ends`} className="font-semibold">
              {m.endsAt}
            </label>
            <input
              id={`${id}-ends`}
              type="datetime-local"
              value={values.endsAt}
              onChange={set('endsAt')}
              className={inputClass}
            />
          </div>
        </div>
      )}
    </fieldset>
  );
}
