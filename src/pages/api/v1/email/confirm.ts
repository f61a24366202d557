import { getT } from '~/features/i18n/t';
import { confirmEmail } from '~/features/notifications/mail/emails.server';
import { linkPage } from '~/features/notifications/mail/linkPage';
import { mailSettings } from '~/features/notifications/mail/mailSettings.server';
import { apiRoute } from '~/server/api/handler';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

/**
 * `GET /api/v1/email/confirm?token=...` -> an HTML page: the address the signed link was mailed to is confirmed,
 * while it is still the user's address as added that time; 400 for a forged or expired link, or one of an address
 * since deleted, replaced or added again (it changes nothing).
 */
export const GET = apiRoute(async (ctx) => {
  const settings = mailSettings(serverSettings());
  const lang = ctx.url.searchParams.get('lang') === 'en' ? 'en' : 'ja';
  const t = getT(lang);
  const token = ctx.url.searchParams.get('token') ?? '';
  const confirmed = settings ? await confirmEmail(await database(), token, settings) : false;
  return confirmed ? linkPage(lang, t('mail.confirmed')) : linkPage(lang, t('mail.invalidLink'), undefined, 400);
});
