/**
 * Server-side check of a reCAPTCHA token with Google's `siteverify` endpoint. Only runs when a
 * secret is configured (`RECAPTCHA_SECRET`); the endpoint can be pointed elsewhere
 * (`RECAPTCHA_VERIFY_URL`) so tests can answer for Google with a local stub server.
 *
 * @see https://developers.google.com/recaptcha/docs/verify
 * @see docs/product-spec.md §1 (captcha version 2), §8 (Captcha)
 */
import { HttpError, unprocessable } from '~/server/api/errors';
import type { Settings } from '~/server/settings/schema';

/** Google's verification endpoint. */
export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** How long to wait for the verification answer before giving up. */
export const RECAPTCHA_TIMEOUT_MS = 5_000;

/** The captcha settings of the server; `secret` undefined = no captcha is asked for. */
export interface RecaptchaConfig {
  secret: string | undefined;
  verifyUrl: string;
}

/** The captcha settings of the server's settings. */
export function recaptchaConfig(
  settings: Pick<Settings, 'RECAPTCHA_SECRET' | 'RECAPTCHA_VERIFY_URL'>,
): RecaptchaConfig {
  return { secret: settings.RECAPTCHA_SECRET, verifyUrl: settings.RECAPTCHA_VERIFY_URL ?? RECAPTCHA_VERIFY_URL };
}

/** Options of {@link verifyRecaptcha}. */
export interface VerifyRecaptchaOptions {
  secret: string;
  verifyUrl?: string;
  /** The sender's IP address, passed on as `remoteip`. */
  remoteIp?: string | undefined;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/**
 * Asks the verify endpoint whether `token` is a valid answer. Resolves when it is; throws 422 when
 * the token is missing or refused, and 502 when the endpoint cannot be reached or answers nonsense
 * (the message is then not stored, and the sender can try again).
 */
export async function verifyRecaptcha(token: string | undefined, options: VerifyRecaptchaOptions): Promise<void> {
  if (!token) throw unprocessable('captcha: please complete the captcha');
  const form = new URLSearchParams({ secret: options.secret, response: token });
  if (options.remoteIp && options.remoteIp !== 'unknown') form.set('remoteip', options.remoteIp);
  let body: unknown;
  try {
    const response = await (options.fetchImpl ?? fetch)(options.verifyUrl ?? RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form,
      signal: AbortSignal.timeout(options.timeoutMs ?? RECAPTCHA_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`siteverify answered ${response.status}`);
    body = await response.json();
  } catch (error) {
    console.error('[contact] reCAPTCHA verification failed:', error instanceof Error ? error.message : error);
    throw new HttpError(502, 'The captcha could not be checked. Please try again later.');
  }
  const success = typeof body === 'object' && body !== null && 'success' in body && body.success === true;
  if (!success) throw unprocessable('captcha: the captcha check failed, please try again');
}
