import reportMessages from 'island-messages:report';
import { type SubmitEvent, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { api } from '~/client/siteApi';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';
import { MAX_REPORT_DETAILS, REPORT_TYPES, type ReportType } from './reportTypes';

/** Props of {@link ReportDialog}; its words (`report.*`) load with its code in the page's language. */
export interface ReportDialogProps {
  tokenId: string;
  chainId: number;
  contractAddress: string;
  locale: 'ja' | 'en';
}

/** The dialog's words, and the label of each report type (`types.{type}`). */
type ReportMessages = Record<
  | 'open'
  | 'title'
  | 'lead'
  | 'type'
  | 'details'
  | 'detailsHint'
  | 'submit'
  | 'sending'
  | 'cancel'
  | 'success'
  | 'failure',
  string
> &
  Record<`types.${ReportType}`, string>;

/**
 * "Report illegal content" on the token page: a button opening a dialog with the kind of problem and
 * the details, sent as `POST /api/v1/illegal_report {token_id, type, details, chain_id,
 * contract_address}`. Success closes the dialog with a snackbar; a failure keeps what was typed and
 * says so (snackbar in the alert colour, and in the dialog).
 * @see docs/product-spec.md §3 "Illegal report", §7
 */
export default function ReportDialog({ tokenId, chainId, contractAddress, locale }: ReportDialogProps) {
  const messages = reportMessages[locale] as ReportMessages;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const baseId = useId();
  const [type, setType] = useState<ReportType>(REPORT_TYPES[0]);
  const [details, setDetails] = useState('');
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // The dialog is drawn once first opened: the shared page carries only the button.
  const [drawn, setDrawn] = useState(false);
  const open = () => {
    flushSync(() => setDrawn(true));
    dialogRef.current?.showModal();
  };

  const close = () => {
    dialogRef.current?.close();
    setFailed(false);
  };

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setFailed(false);
    try {
      await api.post('/api/v1/illegal_report', {
        token_id: tokenId,
        type,
        details: details.trim(),
        chain_id: chainId,
        contract_address: contractAddress,
      });
      setDetails('');
      setType(REPORT_TYPES[0]);
      dialogRef.current?.close();
      showSnackbar(messages.success, { color: 'primary', timeout: LAYOUT_SNACKBAR_TIMEOUT });
    } catch {
      setFailed(true);
      showSnackbar(messages.failure, { color: 'alert', timeout: LAYOUT_SNACKBAR_TIMEOUT });
    } finally {
      setSending(false);
    }
  }

  return (
    <>
      <button type="button" className="btn-ghost text-sm" onClick={open}>
        {messages.open}
      </button>
      {drawn && (
        <dialog
          ref={dialogRef}
          aria-labelledby={`${baseId}-title`}
          aria-describedby={`${baseId}-lead`}
          className="m-auto w-[min(32rem,92vw)] rounded-2xl border border-surface-border bg-surface-raised p-6 text-ink backdrop:bg-black/70"
          onClose={() => setFailed(false)}
        >
          <form onSubmit={submit} className="grid gap-4">
            <h2 id={`${baseId}-title`} className="text-xl font-bold">
              {messages.title}
            </h2>
            <p id={`${baseId}-lead`} className="text-sm text-ink-muted">
              {messages.lead}
            </p>
            <div className="grid gap-1">
              <label htmlFor={`${baseId}-type`} className="text-sm">
                {messages.type}
              </label>
              <select
                id={`${baseId}-type`}
                value={type}
                onChange={(event) => setType(event.target.value as ReportType)}
                className="rounded-lg border border-surface-border bg-surface px-2 py-2"
              >
                {REPORT_TYPES.map((value) => (
                  <option key={value} value={value}>
                    {messages[`types.${value}`]}
                  </option>
                ))}
              </select>
            </div>
            <div className="grid gap-1">
              <label htmlFor={`${baseId}-details`} className="text-sm">
                {messages.details}
              </label>
              <textarea
                id={`${baseId}-details`}
                required
                rows={5}
                maxLength={MAX_REPORT_DETAILS}
                value={details}
                onChange={(event) => setDetails(event.target.value)}
                aria-describedby={`${baseId}-hint`}
                className="rounded-lg border border-surface-border bg-surface px-2 py-2"
              />
              <p id={`${baseId}-hint`} className="text-xs text-ink-muted">
                {messages.detailsHint}
              </p>
            </div>
            {failed && (
              <p role="alert" className="rounded-lg bg-alert p-3 text-sm text-alert-ink">
                {messages.failure}
              </p>
            )}
            <div className="flex justify-end gap-3">
              <button type="button" className="btn-ghost" onClick={close}>
                {messages.cancel}
              </button>
              <button type="submit" className="btn-primary" disabled={sending || details.trim() === ''}>
                {sending ? messages.sending : messages.submit}
              </button>
            </div>
          </form>
        </dialog>
      )}
    </>
  );
}
