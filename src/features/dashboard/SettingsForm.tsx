import { type FormEvent, useState } from 'react';
import { api } from '~/client/siteApi';
import { ADDRESS_PATTERN } from '~/lib/addresses';
import { bindFields } from '~/ui/forms/bindFields';
import { TextField } from '~/ui/forms/Field';
import { FormAlert } from '~/ui/forms/FormAlert';
import { Submit } from '~/ui/forms/Submit';
import { useSend } from '~/ui/forms/useSend';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';

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
  const [values, setValues] = useState<Record<Field, string>>({
    name: initial.name,
    nameEn: initial.nameEn ?? '',
    payoutWallet: initial.payoutWalletAddress ?? '',
  });
  const [savedWallet, setSavedWallet] = useState(initial.payoutWalletAddress ?? '');
  const [password, setPassword] = useState('');
  const walletChanged = values.payoutWallet.trim().toLowerCase() !== savedWallet.toLowerCase();
  const [problems, setProblems] = useState<Partial<Record<Field, string>>>({});
  const { sending, failure, setFailure, send } = useSend(messages.failure);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = problemsOf(values, messages);
    setProblems(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    void send(async () => {
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
      showSnackbar(messages.saved, { timeout: LAYOUT_SNACKBAR_TIMEOUT });
    });
  }

  const bind = bindFields(values, setValues);
  const field = (name: Field, label: string, required: boolean) => ({
    ...bind(name),
    label,
    required,
    note: required ? messages.required : messages.optional,
    problem: problems[name],
    spellCheck: false,
  });

  return (
    <form method="post" className="grid gap-5" noValidate onSubmit={submit} aria-busy={sending}>
      <TextField {...field('name', messages.name, true)} autoComplete="nickname" />
      <TextField {...field('nameEn', messages.nameEn, false)} autoComplete="off" />
      <TextField
        {...field('payoutWallet', messages.payoutWallet, false)}
        hint={messages.payoutWalletHint}
        placeholder={linkedWallet}
        autoComplete="off"
      />
      {walletChanged && (
        <TextField
          label={messages.currentPassword}
          hint={messages.currentPasswordHint}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
        />
      )}
      <FormAlert text={failure} />
      <div>
        <Submit busy={sending} label={messages.submit} busyLabel={messages.sending} />
      </div>
    </form>
  );
}
