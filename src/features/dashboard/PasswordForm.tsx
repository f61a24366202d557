import { type FormEvent, useId, useState } from 'react';
import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import { showSnackbar } from '~/ui/snackbar/store';

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
  const id = useId();
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [retype, setRetype] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSending(true);
    setFailure(null);
    try {
      await api.put('/api/v1/passwords', { current_password: current, password, retype });
      setCurrent('');
      setPassword('');
      setRetype('');
      showSnackbar(messages.success, { timeout: 3000 });
    } catch (error) {
      const text = error instanceof ApiError ? error.message : messages.failure;
      setFailure(text);
      showSnackbar(text, { color: 'alert', timeout: 3000 });
    } finally {
      setSending(false);
    }
  }

  const input = 'w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2';
  return (
    <form method="post" className="grid gap-5" onSubmit={(event) => void submit(event)} aria-busy={sending}>
      <input type="text" name="username" autoComplete="username" value={uid} readOnly hidden />
      <div className="grid gap-1">
        <label htmlFor={`${id}-current`} className="font-semibold">
          {messages.currentPassword}
        </label>
        <input
          id={`${id}-current`}
          name="current_password"
          type="password"
          autoComplete="current-password"
          required
          value={current}
          onChange={(event) => setCurrent(event.target.value)}
          className={input}
        />
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-password`} className="font-semibold">
          {messages.password}
        </label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-describedby={`${id}-hint`}
          className={input}
        />
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {messages.hint}
        </p>
      </div>
      <div className="grid gap-1">
        <label htmlFor={`${id}-retype`} className="font-semibold">
          {messages.retype}
        </label>
        <input
          id={`${id}-retype`}
          name="retype"
          type="password"
          autoComplete="new-password"
          required
          value={retype}
          onChange={(event) => setRetype(event.target.value)}
          className={input}
        />
      </div>
      {failure && (
        <p role="alert" className="rounded-md border border-alert px-4 py-3" data-password-failure>
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
