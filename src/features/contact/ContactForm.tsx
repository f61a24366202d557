import { type FormEvent, useRef, useState } from 'react';
import { ApiError } from '~/client/api';
import { type Captcha, createCaptcha } from '~/client/captcha';
import { api } from '~/client/siteApi';
import {
  CONTACT_FIELDS,
  CONTACT_LIMITS,
  type ContactField,
  type ContactProblem,
  contactProblems,
} from './contactRules';

/** Strings of the contact form, in the page's locale. */
export interface ContactFormMessages {
  name: string;
  email: string;
  subject: string;
  body: string;
  required: string;
  optional: string;
  submit: string;
  sending: string;
  problems: Record<ContactProblem, string>;
  errorSummary: string;
  successTitle: string;
  successText: string;
  sendAnother: string;
  failure: string;
  tooMany: string;
  captchaFailed: string;
}

/** Props of {@link ContactForm}: the page locale, the captcha settings and the strings. */
export interface ContactFormProps {
  /** Locale of the page, stored with the message so the answer can be in the same language. */
  locale: string;
  /** reCAPTCHA site key; without it no captcha runs (the server asks for none either). */
  siteKey?: string | undefined;
  enterprise?: boolean;
  messages: ContactFormMessages;
}

type Values = Record<ContactField, string>;
const EMPTY: Values = { name: '', email: '', subject: '', body: '' };
const AUTOCOMPLETE: Record<ContactField, string> = { name: 'name', email: 'email', subject: 'off', body: 'off' };

/**
 * The contact form: checks the fields as the server does and names each problem next to its field,
 * runs the invisible reCAPTCHA when a site key is configured, sends the message and shows a clear
 * result (a thank-you, or what went wrong).
 * @see docs/product-spec.md §2 (/contact), §8 (Captcha)
 */
export default function ContactForm({ locale, siteKey, enterprise = false, messages }: ContactFormProps) {
  const [values, setValues] = useState<Values>(EMPTY);
  const [problems, setProblems] = useState<Partial<Record<ContactField, ContactProblem>>>({});
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [failure, setFailure] = useState<string | null>(null);
  const captcha = useRef<Captcha | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const result = useRef<HTMLDivElement>(null);

  async function captchaToken(): Promise<string | undefined> {
    if (!siteKey) return undefined;
    captcha.current ??= createCaptcha({ siteKey, enterprise });
    return captcha.current.execute('contact');
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = contactProblems(values);
    setProblems(found);
    setFailure(null);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setState('sending');
    let token: string | undefined;
    try {
      token = await captchaToken();
    } catch {
      setFailure(messages.captchaFailed);
      setState('editing');
      return;
    }
    try {
      await api.post('/api/v1/contact', { ...values, captcha_token: token, locale });
      setValues(EMPTY);
      setState('sent');
      requestAnimationFrame(() => result.current?.focus());
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      const captchaRefused = error instanceof ApiError && error.message.startsWith('captcha:');
      setFailure(captchaRefused ? messages.captchaFailed : status === 429 ? messages.tooMany : messages.failure);
      setState('editing');
    }
  }

  if (state === 'sent') {
    return (
      <div
        ref={result}
        tabIndex={-1}
        role="status"
        className="rounded-xl border border-surface-border bg-surface-raised p-6"
        data-contact-result="sent"
      >
        <h2 className="text-xl font-bold">{messages.successTitle}</h2>
        <p className="mt-2 text-ink-muted">{messages.successText}</p>
        <button type="button" className="btn-ghost mt-6" onClick={() => setState('editing')}>
          {messages.sendAnother}
        </button>
      </div>
    );
  }

  const problemCount = Object.keys(problems).length;
  return (
    <form
      ref={form}
      method="post"
      noValidate
      className="grid gap-5"
      onSubmit={(event) => void submit(event)}
      aria-busy={state === 'sending'}
    >
      {problemCount > 0 && (
        <p role="alert" className="rounded-md border border-alert px-4 py-3">
          {messages.errorSummary}
        </p>
      )}
      {CONTACT_FIELDS.map((field) => {
        const id = `contact-${field}`;
        const problem = problems[field];
        const required = field !== 'subject';
        const common = {
          id,
          name: field,
          value: values[field],
          required,
          maxLength: CONTACT_LIMITS[field],
          autoComplete: AUTOCOMPLETE[field],
          'aria-invalid': problem ? true : undefined,
          'aria-describedby': problem ? `${id}-error` : undefined,
          className:
            'w-full rounded-md border border-surface-border bg-surface-sunken px-3 py-2 aria-[invalid=true]:border-alert',
          onChange: (event: { target: { value: string } }) =>
            setValues((old) => ({ ...old, [field]: event.target.value })),
        };
        return (
          <div key={field} className="grid gap-1">
            <label htmlFor={id} className="font-semibold">
              {messages[field]}{' '}
              <span className="text-sm font-normal text-ink-muted">
                ({required ? messages.required : messages.optional})
              </span>
            </label>
            {field === 'body' ? (
              <textarea {...common} rows={8} />
            ) : (
              <input {...common} type={field === 'email' ? 'email' : 'text'} />
            )}
            {problem && (
              <p id={`${id}-error`} className="text-sm text-active-muted">
                {messages.problems[problem]}
              </p>
            )}
          </div>
        );
      })}
      {failure && (
        <p role="alert" className="rounded-md border border-alert px-4 py-3" data-contact-result="failed">
          {failure}
        </p>
      )}
      <div>
        <button type="submit" className="btn-primary" disabled={state === 'sending'}>
          {state === 'sending' ? messages.sending : messages.submit}
        </button>
      </div>
    </form>
  );
}
