/**
 * Sends queued mail through SMTP with nodemailer (`SMTP_URL`), From `MAIL_FROM`, with a Message-ID fixed by
 * the outbox row (so a resend after a crash is recognisably the same mail).
 *
 * @see https://nodemailer.com/smtp/
 */
import nodemailer from 'nodemailer';
import type { MailSettings } from './mailSettings.server';
import type { MailSender } from './outbox.server';

/** A sender over one pooled SMTP connection; `close` ends it. */
export function smtpSender(settings: MailSettings): { send: MailSender; close: () => void } {
  const transport = nodemailer.createTransport(settings.smtpUrl);
  const domain = settings.siteUrl.hostname;
  return {
    send: async (mail) => {
      await transport.sendMail({
        from: settings.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        headers: mail.headers,
        messageId: `<outbox-${mail.id}@${domain}>`,
      });
    },
    close: () => transport.close(),
  };
}
