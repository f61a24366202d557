import type { APIContext } from 'astro';
import { getT } from '~/features/i18n/t';
import { linkPage } from '~/features/notifications/mail/linkPage';
import { mailSettings } from '~/features/notifications/mail/mailSettings.server';
import { unsubscribe } from '~/features/notifications/mail/preferences.server';
import { verifyToken } from '~/features/notifications/mail/signedToken.server';
import { apiRoute } from '~/server/api/handler';
import { database } from '~/server/db/client';
import { serverSettings } from '~/server/settings/settings.server';

/** The signed token's claims, or null. */
function claimsOf(ctx: APIContext) {
  const settings = mailSettings(serverSettings());
  const token = ctx.url.searchParams.get('token') ?? '';
  return settings ? verifyToken(settings.secret, token, 'unsubscribe') : null;
}

const langOf = (ctx: APIContext) => (ctx.url.searchParams.get('lang') === 'en' ? 'en' : 'ja');

/**
 * `GET /api/v1/unsubscribe?token=...` -> a page with one button (a GET changes nothing: mail scanners open
 * links). 400 for a forged token.
 */
export const GET = apiRoute((ctx) => {
  const t = getT(langOf(ctx));
  if (!claimsOf(ctx)) return linkPage(langOf(ctx), t('mail.invalidLink'), undefined, 400);
  return linkPage(langOf(ctx), t('mail.unsubscribeConfirm'), {
    action: `${ctx.url.pathname}${ctx.url.search}`,
    button: t('mail.unsubscribeButton'),
  });
});

/**
 * `POST /api/v1/unsubscribe?token=...` (RFC 8058 one-click: the mail client posts `List-Unsubscribe=One-Click`)
 * -> 200: mail of the token's kind (or all) stops; notifications stay in the app. The middleware lets this path
 * through without the site's headers, as mail providers post it from their servers; the HMAC-signed token is
 * the proof. 400 for a forged token.
 */
export const POST = apiRoute(async (ctx) => {
  const t = getT(langOf(ctx));
  const claims = claimsOf(ctx);
  if (!claims) return linkPage(langOf(ctx), t('mail.invalidLink'), undefined, 400);
  await unsubscribe(await database(), claims.userId, claims.subject);
  return linkPage(langOf(ctx), t('mail.unsubscribed'));
});
