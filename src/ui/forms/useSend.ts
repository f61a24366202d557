/**
 * Sending an island form through the site's API: the form is busy while it sends; a refusal shows the server's
 * message (any other failure the form's own text) under the form and as an alert snackbar, and the form can be
 * sent again. A form that reloads the page on success stays busy until the page goes.
 *
 * @see ../snackbar/store.ts
 */
import { useCallback, useState } from 'react';
import { ApiError } from '~/client/api';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '../snackbar/store';

/** What {@link useSend} gives a form. */
export interface Send {
  sending: boolean;
  /** Why the last send failed; cleared when a send starts. */
  failure: string | null;
  setFailure: (failure: string | null) => void;
  /**
   * Runs `work` as the form's send. With `keepBusy` the form stays busy after it succeeds (the work reloads or
   * leaves the page).
   */
  send: (work: () => Promise<void>, options?: { keepBusy?: boolean }) => Promise<void>;
}

/** A form's sending state; `failureText` is shown when a send fails without a message from the server. */
export function useSend(failureText: string): Send {
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const send = useCallback(
    async (work: () => Promise<void>, { keepBusy = false } = {}) => {
      setSending(true);
      setFailure(null);
      try {
        await work();
        if (!keepBusy) setSending(false);
      } catch (error) {
        const text = error instanceof ApiError ? error.message : failureText;
        setFailure(text);
        showSnackbar(text, { color: 'alert', timeout: LAYOUT_SNACKBAR_TIMEOUT });
        setSending(false);
      }
    },
    [failureText],
  );
  return { sending, failure, setFailure, send };
}
