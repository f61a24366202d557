/**
 * The Issue NFT form's "sell for yen" part, shown when card payments are on: instead of minting every serial
 * to the illustrator, the design goes on sale by card (a drop) at a yen price for a window, each serial
 * minted to its buyer.
 */
import type { Dispatch, SetStateAction } from 'react';
import { bindFields } from '~/ui/forms/bindFields';
import { TextField } from '~/ui/forms/Field';

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
  selling: boolean;
  onSelling: (selling: boolean) => void;
  values: SaleValues;
  onChange: Dispatch<SetStateAction<SaleValues>>;
  m: SaleMessages;
}) {
  const { selling, values, m } = props;
  const bind = bindFields(values, props.onChange);
  const mode = (label: string, sells: boolean) => (
    <label className="flex items-center gap-2">
      <input type="radio" name="mode" checked={selling === sells} onChange={() => props.onSelling(sells)} />
      {label}
    </label>
  );
  return (
    <fieldset className="grid gap-3">
      <legend className="font-semibold">{m.mode}</legend>
      {mode(m.mintToMe, false)}
      {mode(m.sellForYen, true)}
      {selling && (
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField {...bind('priceJpy')} label={m.price} hint={m.priceHint} inputMode="numeric" />
          <TextField {...bind('startsAt')} label={m.startsAt} type="datetime-local" />
          <TextField {...bind('endsAt')} label={m.endsAt} type="datetime-local" />
        </div>
      )}
    </fieldset>
  );
}
