import { type FormEvent, useState } from 'react';
import { api } from '~/client/siteApi';
import { bindFields } from '~/ui/forms/bindFields';
import { TextField } from '~/ui/forms/Field';
import { FormAlert } from '~/ui/forms/FormAlert';
import { Submit } from '~/ui/forms/Submit';
import { useSend } from '~/ui/forms/useSend';
import { LAYOUT_SNACKBAR_TIMEOUT, showSnackbar } from '~/ui/snackbar/store';

/** Props of {@link PasswordForm}. */
export interface PasswordFormProps {
  /** The illustrator's sign-in id, so a password manager stores the new password for this account. */
  uid: string;
  messages: {
    currentPassword: string;
    password: string;
    retype: string;
    hint: string;
    submit: string;
    sending: string;
    /** dashboard.password.success */
    success: string;
    failure: string;
  };
}

/**
 * The illustrator's password change: `PUT /api/v1/passwords {current_password, password, retype}`. Success shows
 * dashboard.password.success; a refusal shows the server's message as an alert, as the spec asks.
 * The server checks the rules (length, the two entries matching), so its wording is the one shown.
 * Spec §7 (PUT /api/v1/passwords), §8 (Password change).
 */
export default function PasswordForm({ uid, messages }: PasswordFormProps) {
  const blank = { current_password: '', password: '', retype: '' };
  const [values, setValues] = useState(blank);
  const { sending, failure, send } = useSend(messages.failure);
  const bind = bindFields(values, setValues);
  const secret = (name: keyof typeof blank, autoComplete: string) =>
    ({ ...bind(name), type: 'password', required: true, autoComplete }) as const;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    void send(async () => {
      await api.put('/api/v1/passwords', values);
      setValues(blank);
      showSnackbar(messages.success, { timeout: LAYOUT_SNACKBAR_TIMEOUT });
    });
  }

  return (
    <form method="post" className="grid gap-5" onSubmit={submit} aria-busy={sending}>
      <input type="text" name="username" autoComplete="username" value={uid} readOnly hidden />
      <TextField label={messages.currentPassword} {...secret('current_password', 'current-password')} />
      <TextField label={messages.password} hint={messages.hint} {...secret('password', 'new-password')} />
      <TextField label={messages.retype} {...secret('retype', 'new-password')} />
      <FormAlert text={failure} data-password-failure />
      <div>
        <Submit busy={sending} label={messages.submit} busyLabel={messages.sending} />
      </div>
    </form>
  );
}
