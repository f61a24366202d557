import { getT } from '~/features/i18n/t';
import { confirmEmail } from '~/features/notifications/mail/emails.server';
import { linkPage } from '~/features/notifications/mail/linkPage';
import { mailSettings } from '~/features/notifications/mail/mailSettings.server';
import { apiRoute } from '~/server/api/handler';
import { database } from '~/server/db/client';

/**
 * `GET /api/v1/email/confirm?token=...` -> an HTML page: the address of the signed link's version is confirmed
 * (the link of an older address does nothing); 400 for a forged, expired or outdated link.
 */
export const GET = apiRoute(async (ctx) => {
  const settings = mailSettings();
  const lang = ctx.url.searchParams.get('lang') === 'en' ? 'en' : 'ja';
  const t = getT(lang);
  const token = ctx.url.searchParams.get('token') ?? '';
  const confirmed = settings ? await confirmEmail(await database(), token, settings) : false;
  return confirmed ? linkPage(lang, t('mail.confirmed')) : linkPage(lang, t('mail.invalidLink'), undefined, 400);
});
