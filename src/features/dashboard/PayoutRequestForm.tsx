import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import { amountInUnits, payoutMinimum } from '~/features/ledger/payoutRules';
import { priceText } from '~/ui/data/priceText';
import { flashNextPage } from '~/ui/snackbar/flash';
import { showSnackbar } from '~/ui/snackbar/store';
import { interpolate } from '../i18n/format';
import { checkPayoutAmount, type PayoutFormProblem, type PayoutOption } from './payoutForm';

/** A balance as the form offers it, with its label already in the page's language. */
export interface PayoutFormOption extends PayoutOption {
  /** `Polygon · POL`. */
  label: string;
}

/** Props of {@link PayoutRequestForm}: the payable balances and the strings. */
export interface PayoutRequestFormProps {
  options: PayoutFormOption[];
  messages: {
    balance: string;
    amount: string;
    /** `{{available}}` and `{{minimum}}` are filled in. */
    hint: string;
    max: string;
    submit: string;
    sending: string;
    none: string;
    failure: string;
    problems: Record<PayoutFormProblem, string>;
  };
}

const key = (option: PayoutOption) => `${option.chainId ?? 'card'}:${option.currencyCode}`;

/**
 * The payout request form: pick a payable balance, type an amount in whole units (yen, or crypto units);
 * the minimum and the available balance are checked before sending (the server checks them again under a
 * lock). A request reloads the page with a message, so the list shows it with status "requested".
 * Spec §2 (/dashboard/payouts).
 */
export default function PayoutRequestForm({ options, messages }: PayoutRequestFormProps) {
  const id = useId();
  const [selected, setSelected] = useState(options[0] ? key(options[0]) : '');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const option = options.find((candidate) => key(candidate) === selected);

  if (!option) return <p className="text-ink-muted">{messages.none}</p>;

  const minimum = payoutMinimum(option.currencyCode);
  const hint = interpolate(messages.hint, {
    available: priceText(option.available, option.currencyCode, 'exact'),
    minimum: minimum === undefined ? '—' : priceText(minimum, option.currencyCode, 'exact'),
  });

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!option) return;
    const checked = checkPayoutAmount(amount, option);
    if (!checked.ok) {
      setProblem(messages.problems[checked.problem]);
      return;
    }
    setProblem(null);
    setSending(true);
    try {
      await api.post('/api/v1/dashboard/payouts', {
        amount: checked.wei.toString(),
        currency_code: option.currencyCode,
        chain_id: option.chainId,
      });
      flashNextPage('dashboard.payouts.requested');
      window.location.reload();
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messages.failure;
      setProblem(text);
      showSnackbar(text, { color: 'alert', timeout: 3000 });
      setSending(false);
    }
  }

  return (
    <form method="post" className="grid gap-4" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <div className="grid gap-1">
        <label htmlFor={`${id}-balance`} className="font-semibold">
          {messages.balance}
        </label>
        <select
          id={`${id}-balance`}
          value={selected}
          onChange={(event) => {
            setSelected(event.target.value);
            setProblem(null);
          }}
          className="rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
        >
          {options.map((candidate) => (
            <option key={key(candidate)} value={key(candidate)}>
              {candidate.label}
            </option>
          ))}
        </select>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-amount`} className="font-semibold">
          {messages.amount} ({option.currency})
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-amount`}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            className="w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2 aria-[invalid=true]:border-alert"
          />
          <button
            type="button"
            className="btn-ghost whitespace-nowrap"
            onClick={() => setAmount(amountInUnits(BigInt(option.available), option.currencyCode))}
          >
            {messages.max}
          </button>
        </div>
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
        {problem && (
          <p id={`${id}-problem`} role="alert" className="text-sm text-active-muted">
            {problem}
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={sending}>
          {sending ? messages.sending : messages.submit}
        </button>
      </div>
    </form>
  );
}
