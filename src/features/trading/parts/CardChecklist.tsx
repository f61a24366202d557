/**
 * A checklist of cards to pick, as the trading forms show it: a fieldset with its legend, one touch-sized row a
 * card with its checkbox and what the row says, and a line when there is no card. The trade forms pick the cards
 * given or the cards a counter takes with it, "Sell to best offers" the cards to sell. The form keeps the keys
 * chosen (its state's setter is handed in).
 */
import type { ReactNode } from 'react';

/** Props of {@link CardChecklist}. */
export interface CardChecklistProps<T> {
  legend: string;
  cards: readonly T[];
  /** One key per card of the list. */
  keyOf: (card: T) => string;
  /** The keys of the cards checked. */
  chosen: readonly string[];
  setChosen: (update: (current: string[]) => string[]) => void;
  /** What a card's row says. */
  children: (card: T) => ReactNode;
  /** Said when there is no card to pick (nothing when absent). */
  empty?: string;
}

/** The checklist (see the module comment). */
export function CardChecklist<T>({ legend, cards, keyOf, chosen, setChosen, children, empty }: CardChecklistProps<T>) {
  const toggle = (key: string, on: boolean) =>
    setChosen((current) => (on ? [...current, key] : current.filter((entry) => entry !== key)));
  return (
    <fieldset className="grid gap-1 text-sm">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {empty !== undefined && cards.length === 0 && <p className="text-ink-muted">{empty}</p>}
      {cards.map((card) => (
        <label key={keyOf(card)} className="flex min-h-11 items-center gap-2 break-words">
          <input
            type="checkbox"
            className="size-5 shrink-0"
            checked={chosen.includes(keyOf(card))}
            onChange={(event) => toggle(keyOf(card), event.target.checked)}
          />
          <span className="min-w-0">{children(card)}</span>
        </label>
      ))}
    </fieldset>
  );
}
