import { type FormEvent, useId, useState } from 'react';
import { api } from '~/client/siteApi';
import { invoiceNumberProblem, normaliseInvoiceNumber } from '~/features/ledger/tax/invoiceNumber';
import { bindFields } from '~/ui/forms/bindFields';
import { FIELD_INPUT, TextField } from '~/ui/forms/Field';
import { FormAlert } from '~/ui/forms/FormAlert';
import { Submit } from '~/ui/forms/Submit';
import { useSend } from '~/ui/forms/useSend';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';

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
  const { sending, failure, setFailure, send } = useSend(messages.failure);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const number = normaliseInvoiceNumber(values.invoiceNumber);
    const wrong = number !== '' && invoiceNumberProblem(number) !== null;
    setProblem(wrong ? messages.invalidNumber : null);
    setFailure(null);
    if (wrong) return;
    void send(async () => {
      const saved = await api.put<TaxProfileValues>('/api/v1/dashboard/tax_profile', {
        kind: values.kind,
        resident: values.resident,
        legalName: values.legalName,
        invoiceNumber: number === '' ? null : number,
      });
      setValues({ ...saved, invoiceNumber: saved.invoiceNumber ?? '' });
      showSnackbar(messages.saved, { timeout: LAYOUT_SNACKBAR_TIMEOUT });
    });
  }

  /** A choice of one group (`kind`, or `resident` sent as yes / no), checked when the profile says so. */
  const radio = (label: string, choice: Pick<TaxProfileValues, 'kind'> | Pick<TaxProfileValues, 'resident'>) => {
    const [group, value] = Object.entries(choice)[0] as ['kind' | 'resident', string | boolean];
    return (
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name={`${id}-${group}`}
          value={typeof value === 'boolean' ? (value ? 'yes' : 'no') : value}
          checked={values[group] === value}
          onChange={() => setValues((old) => ({ ...old, ...choice }))}
        />
        {label}
      </label>
    );
  };
  const bind = bindFields(values, setValues);

  return (
    <form method="post" className="grid gap-5" noValidate onSubmit={submit} aria-busy={sending}>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">{messages.kind}</legend>
        {radio(messages.individual, { kind: 'individual' })}
        {radio(messages.corporation, { kind: 'corporation' })}
      </fieldset>
      <fieldset className="grid gap-2">
        <legend className="mb-1 font-semibold">{messages.residence}</legend>
        {radio(messages.resident, { resident: true })}
        {radio(messages.nonResident, { resident: false })}
      </fieldset>
      <TextField
        {...bind('legalName')}
        label={messages.legalName}
        note={messages.optional}
        hint={messages.legalNameHint}
        maxLength={200}
        autoComplete="name"
      />
      <TextField
        {...bind('invoiceNumber')}
        label={messages.invoiceNumber}
        note={messages.optional}
        hint={messages.invoiceNumberHint}
        problem={problem}
        placeholder="T1234567890123"
        autoComplete="off"
        spellCheck={false}
        inputMode="text"
        inputClassName={`${FIELD_INPUT} font-mono`}
      />
      <FormAlert text={failure} />
      <div>
        <Submit busy={sending} label={messages.submit} busyLabel={messages.sending} />
      </div>
    </form>
  );
}
