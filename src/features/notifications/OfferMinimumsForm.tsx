import { type FormEvent, useId, useState } from 'react';
import { api } from '~/client/siteApi';
import type { OfferMinimumView } from './offerMinimums.server';

/** The strings of {@link OfferMinimumsForm}. */
export interface OfferMinimumsMessages {
  heading: string;
  lead: string;
  none: string;
  /** `{name}` and `{symbol}` are replaced. */
  label: string;
  save: string;
  saved: string;
}

/** Props of {@link OfferMinimumsForm}. */
export interface OfferMinimumsFormProps {
  locale: 'ja' | 'en';
  collections: OfferMinimumView[];
  messages: OfferMinimumsMessages;
  busy: boolean;
  /** Runs a save and shows its message (or the failure) in the settings' live region. */
  run: (action: () => Promise<string>) => void;
}

/** A price in the coin as the server takes it ("0.05", "0"); empty for the floor rule. */
const PRICE_PATTERN = '\\d{1,12}(\\.\\d{1,18})?';

/**
 * Which offers for the owner's cards tell them, per collection they hold cards of: empty keeps the default (an
 * offer under half the collection's floor tells no one), a price is their own lowest offer, `0` every offer
 * (`PUT /api/v1/notification_preferences/offer_minimums`). Part of ./NotificationSettings.tsx.
 */
export default function OfferMinimumsForm({ locale, collections, messages, busy, run }: OfferMinimumsFormProps) {
  const [listed, setListed] = useState(collections);
  const [typed, setTyped] = useState(() => valuesOf(collections));
  const headingId = useId();
  const inputId = useId();

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run(async () => {
      const minimums = Object.fromEntries(
        listed.map((each) => [String(each.collectionId), typed[each.collectionId]?.trim() || null]),
      );
      const answer = await api.put<{ collections: OfferMinimumView[] }>(
        '/api/v1/notification_preferences/offer_minimums',
        { minimums },
      );
      setListed(answer.collections);
      setTyped(valuesOf(answer.collections));
      return messages.saved;
    });
  };

  return (
    <form className="grid gap-3" onSubmit={save} aria-labelledby={headingId}>
      <h3 id={headingId} className="font-semibold">
        {messages.heading}
      </h3>
      <p className="text-sm text-ink-muted">{messages.lead}</p>
      {listed.length === 0 ? (
        <p className="text-sm">{messages.none}</p>
      ) : (
        listed.map((each) => (
          <label
            key={each.collectionId}
            htmlFor={`${inputId}-${each.collectionId}`}
            className="flex flex-wrap items-center justify-between gap-2 border-b border-surface-border pb-2"
          >
            <span>
              {messages.label
                .replace('{name}', locale === 'en' ? (each.nameEn ?? each.name) : each.name)
                .replace('{symbol}', each.symbol)}
            </span>
            <input
              id={`${inputId}-${each.collectionId}`}
              className="w-36 rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
              inputMode="decimal"
              autoComplete="off"
              pattern={PRICE_PATTERN}
              value={typed[each.collectionId] ?? ''}
              onChange={(event) => setTyped({ ...typed, [each.collectionId]: event.target.value })}
            />
          </label>
        ))
      )}
      {listed.length > 0 && (
        <button type="submit" className="btn-primary justify-self-start" disabled={busy}>
          {messages.save}
        </button>
      )}
    </form>
  );
}

/** The inputs' values: each collection's minimum, or empty. */
function valuesOf(collections: readonly OfferMinimumView[]): Record<number, string> {
  return Object.fromEntries(collections.map((each) => [each.collectionId, each.minPrice ?? '']));
}
