/**
 * Stripe's Payment Element for one PaymentIntent (3-D Secure handled by Stripe.js), loaded only at checkout:
 * `@stripe/stripe-js/pure` fetches Stripe.js when this module runs, not before.
 *
 * @see https://docs.stripe.com/payments/payment-element
 */
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useMemo, useState } from 'react';
import type { CheckoutMessages } from './checkoutModel';

interface Props {
  publishableKey: string;
  clientSecret: string;
  locale: 'ja' | 'en';
  m: CheckoutMessages;
  onPaid: () => void;
}

const loaded = new Map<string, Promise<Stripe | null>>();

function PayForm({ m, onPaid }: Pick<Props, 'm' | 'onPaid'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function onSubmit(event: { preventDefault(): void }) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setBusy(true);
    setError(null);
    const result = await stripe.confirmPayment({
      elements,
      confirmParams: { return_url: window.location.href },
      redirect: 'if_required',
    });
    setBusy(false);
    if (result.error) return setError(`${m.declined} ${result.error.message ?? ''}`.trim());
    onPaid();
  }
  return (
    <form className="grid gap-3" onSubmit={onSubmit} aria-label={m.pay}>
      <PaymentElement />
      <button type="submit" className="btn-primary justify-self-start" disabled={!stripe || busy}>
        {m.pay}
      </button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </form>
  );
}

/** The Payment Element and its confirm button. */
export default function StripePayment({ publishableKey, clientSecret, locale, m, onPaid }: Props) {
  const stripe = useMemo(() => {
    let promise = loaded.get(publishableKey);
    if (!promise) {
      promise = loadStripe(publishableKey, { locale });
      loaded.set(publishableKey, promise);
    }
    return promise;
  }, [publishableKey, locale]);
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale }}>
      <PayForm m={m} onPaid={onPaid} />
    </Elements>
  );
}
