import { type FormEvent, useState } from 'react';
import { api } from '~/client/siteApi';
import { interpolate } from '~/features/i18n/format';
import { amountInUnits, payoutMinimum } from '~/features/ledger/payoutRules';
import { priceText } from '~/ui/data/priceText';
import { FIELD_INPUT, Field } from '~/ui/forms/Field';
import { Submit } from '~/ui/forms/Submit';
import { useSend } from '~/ui/forms/useSend';
import { flashNextPage } from '~/ui/snackbar/flash';
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
  const [selected, setSelected] = useState(options[0] ? key(options[0]) : '');
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const { sending, failure, setFailure, send } = useSend(messages.failure);
  const option = options.find((candidate) => key(candidate) === selected);

  if (!option) return <p className="text-ink-muted">{messages.none}</p>;

  const minimum = payoutMinimum(option.currencyCode);
  const hint = interpolate(messages.hint, {
    available: priceText(option.available, option.currencyCode, 'exact'),
    minimum: minimum === undefined ? '—' : priceText(minimum, option.currencyCode, 'exact'),
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!option) return;
    const checked = checkPayoutAmount(amount, option);
    setProblem(checked.ok ? null : messages.problems[checked.problem]);
    setFailure(null);
    if (!checked.ok) return;
    const body = { amount: checked.wei.toString(), currency_code: option.currencyCode, chain_id: option.chainId };
    void send(
      async () => {
        await api.post('/api/v1/dashboard/payouts', body);
        flashNextPage('dashboard.payouts.requested');
        window.location.reload();
      },
      { keepBusy: true },
    );
  }

  return (
    <form method="post" className="grid gap-4" noValidate onSubmit={submit} aria-busy={sending}>
      <Field label={messages.balance}>
        {({ id }) => (
          <select
            id={id}
            value={selected}
            onChange={(event) => {
              setSelected(event.target.value);
              setProblem(null);
              setFailure(null);
            }}
            className="rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
          >
            {options.map((candidate) => (
              <option key={key(candidate)} value={key(candidate)}>
                {candidate.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={`${messages.amount} (${option.currency})`} hint={hint} problem={problem ?? failure} alertProblem>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              name="amount"
              inputMode="decimal"
              autoComplete="off"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              className={FIELD_INPUT}
            />
            <button
              type="button"
              className="btn-ghost whitespace-nowrap"
              onClick={() => setAmount(amountInUnits(BigInt(option.available), option.currencyCode))}
            >
              {messages.max}
            </button>
          </div>
        )}
      </Field>
      <div>
        <Submit busy={sending} label={messages.submit} busyLabel={messages.sending} />
      </div>
    </form>
  );
}
