import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import { invoiceNumberProblem, normaliseInvoiceNumber } from '~/features/ledger/tax/invoiceNumber';
import { showSnackbar } from '~/ui/snackbar/store';

/** A saved tax profile. */
export interface TaxProfileValues {
  kind: 'individual' | 'corporation';
  resident: boolean;
  legalName: string;
  invoiceNumber: string | null;
}

/** Props of {@link TaxProfileForm}. */
export interface TaxProfileFormProps {
  initial: TaxProfileValues;
  messages: {
    heading: string;
    lead: string;
    kind: string;
    individual: string;
    corporation: string;
    residence: string;
    resident: string;
    nonResident: string;
    legalName: string;
    legalNameHint: string;
    invoiceNumber: string;
    invoiceNumberHint: string;
    invalidNumber: string;
    optional: string;
    submit: string;
    sending: string;
    saved: string;
    failure: string;
  };
}

/**
 * The illustrator's tax profile (dashboard settings): individual or corporation, resident of Japan or not, the name
 * printed on statements and payment records, and the invoice registration number (`T` and 13 digits, its check
 * digit checked here as the server does). Saves through `PUT /api/v1/dashboard/tax_profile`.
 *
 * @see docs/tax.md
 */
export default function TaxProfileForm({ initial, messages }: TaxProfileFormProps) {
  const id = useId();
  const [values, setValues] = useState({ ...initial, invoiceNumber: initial.invoiceNumber ?? '' });
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = normaliseInvoiceNumber(values.invoiceNumber);
    const wrong = number !== '' && invoiceNumberProblem(number) !== null;
    setProblem(wrong ? messages.invalidNumber : null);
    setFailure(null);
    if (wrong) return;
    setSending(true);
    try {
      const saved = await api.put<TaxProfileValues>('/api/v1/dashboard/tax_profile', {
        kind: values.kind,
        resident: values.resident,
        legalName: values.legalName,
        invoiceNumber: number === '' ? null : number,
      });
      setValues({ ...saved, invoiceNumber: saved.invoiceNumber ?? '' });
      showSnackbar(messages.saved, { timeout: 3000 });
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messages.failure;
      setFailure(text);
      showSnackbar(text, { color: 'alert', timeout: 3000 });
    } finally {
      setSending(false);
    }
  }

  const radio = (group: 'kind' | 'resident', value: string, label: string, checked: boolean, onPick: () => void) => (
    <label className="flex items-center gap-2">
      <input type="radio" name={`${id}-${group}`} value={value} checked={checked} onChange={onPick} />
      {label}
    </label>
  );

  return (
    <form method="post" className="grid gap-5" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">{messages.kind}</legend>
        {radio('kind', 'individual', messages.individual, values.kind === 'individual', () =>
          setValues((old) => ({ ...old, kind: 'individual' })),
        )}
        {radio('kind', 'corporation', messages.corporation, values.kind === 'corporation', () =>
          setValues((old) => ({ ...old, kind: 'corporation' })),
        )}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">{messages.residence}</legend>
        {radio('resident', 'yes', messages.resident, values.resident, () =>
          setValues((old) => ({ ...old, resident: true })),
        )}
        {radio('resident', 'no', messages.nonResident, !values.resident, () =>
          setValues((old) => ({ ...old, resident: false })),
        )}
      </fieldset>
      <div className="grid gap-1">
        <label htmlFor={`${id}-legal-name`} className="font-semibold">
          {messages.legalName} <span className="text-sm font-normal text-ink-muted">({messages.optional})</span>
        </label>
        <input
          id={`${id}-legal-name`}
          name="legalName"
          value={values.legalName}
          maxLength={200}
          autoComplete="name"
          onChange={(event) => setValues((old) => ({ ...old, legalName: event.target.value }))}
          aria-describedby={`${id}-legal-name-hint`}
          className="w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
        />
        <p id={`${id}-legal-name-hint`} className="text-sm text-ink-muted">
          {messages.legalNameHint}
        </p>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-invoice-number`} className="font-semibold">
          {messages.invoiceNumber} <span className="text-sm font-normal text-ink-muted">({messages.optional})</span>
        </label>
        <input
          id={`${id}-invoice-number`}
          name="invoiceNumber"
          value={values.invoiceNumber}
          placeholder="T1234567890123"
          autoComplete="off"
          spellCheck={false}
          inputMode="text"
          onChange={(event) => setValues((old) => ({ ...old, invoiceNumber: event.target.value }))}
          aria-invalid={problem ? true : undefined}
          aria-describedby={[`${id}-invoice-number-hint`, problem ? `${id}-invoice-number-problem` : '']
            .join(' ')
            .trim()}
          className="w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2 font-mono aria-[invalid=true]:border-alert"
        />
        <p id={`${id}-invoice-number-hint`} className="text-sm text-ink-muted">
          {messages.invoiceNumberHint}
        </p>
        {problem && (
          <p id={`${id}-invoice-number-problem`} className="text-sm text-active-muted">
            {problem}
          </p>
        )}
      </div>
      {failure && (
        <p role="alert" className="rounded-md border border-alert px-4 py-3">
          {failure}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? messages.sending : messages.submit}
        </button>
      </div>
    </form>
  );
}
