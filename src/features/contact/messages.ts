/**
 * The contact form's strings for one locale, picked on the server and passed to the island as a prop
 * (so the browser never loads the message files).
 */
import type { Translate } from '~/features/i18n/t';
import type { ContactFormMessages } from './ContactForm';

/** The {@link ContactFormMessages} in the locale of `t`. */
export function contactFormMessages(t: Translate): ContactFormMessages {
  return {
    name: t('contact.form.name'),
    email: t('contact.form.email'),
    subject: t('contact.form.subject'),
    body: t('contact.form.body'),
    required: t('contact.form.required'),
    optional: t('contact.form.optional'),
    submit: t('contact.form.submit'),
    sending: t('contact.form.sending'),
    problems: {
      required: t('contact.problem.required'),
      tooLong: t('contact.problem.tooLong'),
      invalidEmail: t('contact.problem.invalidEmail'),
      invalidCharacters: t('contact.problem.invalidCharacters'),
    },
    errorSummary: t('contact.errorSummary'),
    successTitle: t('contact.success.title'),
    successText: t('contact.success.text'),
    sendAnother: t('contact.sendAnother'),
    failure: t('contact.failure'),
    tooMany: t('contact.tooMany'),
    captchaFailed: t('contact.captchaFailed'),
  };
}
