/**
 * "Connect payment account" on the dashboard settings: asks the site for Stripe's onboarding page (the
 * account is created the first time) and goes there; Stripe sends the illustrator back to the settings,
 * where the status shows.
 */
import { useState } from 'react';
import { api } from '~/client/siteApi';

/** The button's props. */
export interface ConnectPaymentAccountProps {
  label: string;
  failed: string;
}

/** The button (see the module comment). */
export default function ConnectPaymentAccount({ label, failed }: ConnectPaymentAccountProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState(false);
  async function go() {
    setBusy(true);
    setError(false);
    try {
      const { url } = await api.post<{ url: string }>('/api/v1/dashboard/payment_account', {});
      window.location.assign(url);
    } catch {
      setError(true);
      setBusy(false);
    }
  }
  return (
    <div className="grid gap-2">
      <button type="button" className="btn-primary justify-self-start" disabled={busy} onClick={() => void go()}>
        {label}
      </button>
      {error && (
        <p role="alert" className="text-sm text-danger">
          {failed}
        </p>
      )}
    </div>
  );
}
