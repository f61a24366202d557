/**
 * Buying a drop's card with a card: for a visitor signed in with a wallet (it receives the card), "Pay" asks
 * the site for a purchase (a held serial and a PaymentIntent for the drop's price; the same again when asked
 * twice), or says why not (sold out, every card reserved, a cap) and when to try again, then loads Stripe's
 * Payment Element (./StripePayment.tsx, with Stripe.js, only now) and, once paid, goes to the receipt page.
 * The price comes from the server; nothing the browser sends sets it.
 */
import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { api } from '~/client/siteApi';
import { interpolate } from '~/features/i18n/format';
import { $currentUser } from '~/features/session/store';
import { type CheckoutMessages, holdRefusalMessage } from './checkoutModel';

const StripePayment = lazy(() => import('./StripePayment'));

/** The island's props. */
export interface CardCheckoutProps {
  dropId: number;
  priceText: string;
  /** `/purchases` under the visitor's locale. */
  receiptBase: string;
  locale: 'ja' | 'en';
  m: CheckoutMessages;
}

/** The island (see the module comment). */
export default function CardCheckout({ dropId, priceText, receiptBase, locale, m }: CardCheckoutProps) {
  const user = useStore($currentUser);
  const [hydrated, setHydrated] = useState(false);
  const [started, setStarted] = useState<{ purchaseId: number; clientSecret: string; publishableKey: string } | null>(
    null,
  );
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setHydrated(true), []);

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const answer = await api.post<{
        purchase: { id: number };
        clientSecret: string;
        publishableKey: string;
        paymentStarted?: boolean;
      }>(`/api/v1/drops/${dropId}/purchases`, {});
      // Already paid (asked again from another tab, or after a reload): the receipt follows it.
      if (answer.paymentStarted) return window.location.assign(`${receiptBase}/${answer.purchase.id}`);
      setStarted({
        purchaseId: answer.purchase.id,
        clientSecret: answer.clientSecret,
        publishableKey: answer.publishableKey,
      });
    } catch (caught) {
      // A refused hold says why (sold out, all reserved, a cap) and when to try again.
      const body = (caught as { body?: unknown }).body;
      const refused = body !== null && typeof body === 'object' ? holdRefusalMessage(m, body) : undefined;
      setError(refused ?? m.failed);
    } finally {
      setBusy(false);
    }
  }

  if (!hydrated || !user?.walletAddress) return <p className="text-sm text-ink-muted">{m.signIn}</p>;
  return (
    <div className="grid gap-4">
      {!started && (
        <button type="button" className="btn-primary justify-self-start" disabled={busy} onClick={() => void start()}>
          {interpolate(m.start, { price: priceText })}
        </button>
      )}
      {started && (
        <Suspense fallback={<p role="status">{m.preparing}</p>}>
          <StripePayment
            publishableKey={started.publishableKey}
            clientSecret={started.clientSecret}
            locale={locale}
            m={m}
            onPaid={() => window.location.assign(`${receiptBase}/${started.purchaseId}`)}
          />
        </Suspense>
      )}
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
      <p className="text-xs text-ink-muted">{m.note}</p>
    </div>
  );
}
