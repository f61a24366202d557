import { ApiError } from '~/client/api';
import { api } from '~/client/siteApi';
import { flashNextPage } from '~/ui/snackbar/flash';
import { showSnackbar } from '~/ui/snackbar/store';

export interface PasswordLoginOptions {
  /** `POST` endpoint taking `{uid, password}`. */
  endpoint: string;
  /** Where a successful sign-in goes (locale-prefixed). */
  successPath: string;
  /** The alert for a wrong uid or password (sessions.idPasswordFailed). */
  failureText: string;
  /** Runs after the sign-in and before leaving; a throw counts as a failed follow-up check. */
  afterSignIn?: () => Promise<void>;
  onFollowUpFailure?: () => Promise<void>;
}

/**
 * Makes an id/password form sign in through the API: success flashes sessions.success on the next
 * page; a wrong uid or password shows sessions.idPasswordFailed (alert); too many attempts show the
 * server's message. @see docs/product-spec.md §8
 */
export function installPasswordLogin(form: HTMLFormElement, options: PasswordLoginOptions): void {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    const button = form.querySelector<HTMLButtonElement>('button[type=submit]');
    if (button) button.disabled = true;
    try {
      await api.post(options.endpoint, {
        uid: String(data.get('uid') ?? ''),
        password: String(data.get('password') ?? ''),
      });
    } catch (error) {
      const tooMany = error instanceof ApiError && error.status === 429;
      showSnackbar(tooMany ? error.message : options.failureText, { color: 'alert', timeout: 3000 });
      if (button) button.disabled = false;
      return;
    }
    try {
      await options.afterSignIn?.();
    } catch {
      await options.onFollowUpFailure?.();
      return;
    }
    flashNextPage('sessions.success');
    window.location.assign(options.successPath);
  });
}
