import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import { ADDRESS_PATTERN } from '~/lib/addresses';
import { showSnackbar } from '~/ui/snackbar/store';

/** Longest illustrator name the server accepts (settings.server MAX_ILLUSTRATOR_NAME). */
export const MAX_NAME = 60;

/** Props of {@link SettingsForm}: the saved settings and the strings. */
export interface SettingsFormProps {
  initial: { name: string; nameEn: string | null; payoutWalletAddress: string | null };
  /** The wallet linked to the account: where payouts go when no payout wallet is set. */
  linkedWallet: string;
  messages: {
    name: string;
    nameEn: string;
    payoutWallet: string;
    payoutWalletHint: string;
    optional: string;
    required: string;
    submit: string;
    sending: string;
    saved: string;
    failure: string;
    nameRequired: string;
    nameTooLong: string;
    invalidAddress: string;
    /** Label of the password asked for again when the payout wallet changes. */
    currentPassword: string;
    currentPasswordHint: string;
  };
}

type Field = 'name' | 'nameEn' | 'payoutWallet';

/** The problems of the settings as typed (the server checks the address checksum too). */
function problemsOf(values: Record<Field, string>, messages: SettingsFormProps['messages']) {
  const problems: Partial<Record<Field, string>> = {};
  const name = values.name.trim();
  if (name === '') problems.name = messages.nameRequired;
  else if ([...name].length > MAX_NAME) problems.name = messages.nameTooLong;
  if ([...values.nameEn.trim()].length > MAX_NAME) problems.nameEn = messages.nameTooLong;
  const wallet = values.payoutWallet.trim();
  if (wallet !== '' && !ADDRESS_PATTERN.test(wallet)) problems.payoutWallet = messages.invalidAddress;
  return problems;
}

/**
 * The account settings form of the dashboard: display names (Japanese, English) and the payout
 * wallet. Saves through `PUT /api/v1/dashboard/settings`; a refusal shows the server's message. A new payout
 * wallet asks for the current password again (money follows it). Spec §2 (/dashboard/settings).
 */
export default function SettingsForm({ initial, linkedWallet, messages }: SettingsFormProps) {
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({
    name: initial.name,
    nameEn: initial.nameEn ?? '',
    payoutWallet: initial.payoutWalletAddress ?? '',
  });
  const [savedWallet, setSavedWallet] = useState(initial.payoutWalletAddress ?? '');
  const [password, setPassword] = useState('');
  const walletChanged = values.payoutWallet.trim().toLowerCase() !== savedWallet.toLowerCase();
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problemsOf(values, messages);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const saved = await api.put<{ name: string; nameEn: string | null; payoutWalletAddress: string | null }>(
        '/api/v1/dashboard/settings',
        {
          name: values.name,
          name_en: values.nameEn,
          payout_wallet_address: values.payoutWallet,
          ...(walletChanged ? { current_password: password } : {}),
        },
      );
      setValues({ name: saved.name, nameEn: saved.nameEn ?? '', payoutWallet: saved.payoutWalletAddress ?? '' });
      setSavedWallet(saved.payoutWalletAddress ?? '');
      setPassword('');
      showSnackbar(messages.saved, { timeout: 3000 });
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messages.failure;
      setFailure(text);
      showSnackbar(text, { color: 'alert', timeout: 3000 });
    } finally {
      setSending(false);
    }
  }

  const field = (
    name: Field,
    label: string,
    required: boolean,
    extra: { hint?: string; placeholder?: string; autoComplete: string },
  ) => (
    <div className="grid gap-1">
      <label htmlFor={`${id}-${name}`} className="font-semibold">
        {label}{' '}
        <span className="text-sm font-normal text-ink-muted">({required ? messages.required : messages.optional})</span>
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        required={required}
        placeholder={extra.placeholder}
        autoComplete={extra.autoComplete}
        spellCheck={false}
        onChange={(event) => setValues((old) => ({ ...old, [name]: event.target.value }))}
        aria-invalid={problems[name] ? true : undefined}
        aria-describedby={
          [extra.hint ? `${id}-${name}-hint` : '', problems[name] ? `${id}-${name}-problem` : ''].join(' ').trim() ||
          undefined
        }
        className="w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2 aria-[invalid=true]:border-alert"
      />
      {extra.hint && (
        <p id={`${id}-${name}-hint`} className="text-sm text-ink-muted">
          {extra.hint}
        </p>
      )}
      {problems[name] && (
        <p id={`${id}-${name}-problem`} className="text-sm text-active-muted">
          {problems[name]}
        </p>
      )}
    </div>
  );

  return (
    <form method="post" className="grid gap-5" noValidate onSubmit={(event) => void submit(event)} aria-busy={sending}>
      {field('name', messages.name, true, { autoComplete: 'nickname' })}
      {field('nameEn', messages.nameEn, false, { autoComplete: 'off' })}
      {field('payoutWallet', messages.payoutWallet, false, {
        hint: messages.payoutWalletHint,
        placeholder: linkedWallet,
        autoComplete: 'off',
      })}
      {walletChanged && (
        <div className="grid gap-1">
          <label htmlFor={`${id}-current-password`} className="font-semibold">
            {messages.currentPassword}
          </label>
          <input
            id={`${id}-current-password`}
            name="current_password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            aria-describedby={`${id}-current-password-hint`}
            className="w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2"
          />
          <p id={`${id}-current-password-hint`} className="text-sm text-ink-muted">
            {messages.currentPasswordHint}
          </p>
        </div>
      )}
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
