/**
 * Mail for notifications the user wants by email: queued with the notification, in its transaction, when mail
 * is on (./mailSettings.server.ts) and the user has a confirmed address; written in the address's language,
 * with the link to what it is about and a one-click unsubscribe from that kind.
 */
import { getT } from '~/features/i18n/t';
import type { Database, Transaction } from '~/server/db/types';
import { serverSettings } from '~/server/settings/settings.server';
import { notificationPath, notificationText } from '../kinds';
import type { CreatedNotification } from '../notify.server';
import { deliverableAddress } from './emails.server';
import { layoutMail } from './mailLayout';
import { type MailSettings, mailSettings } from './mailSettings.server';
import { queueMail } from './outbox.server';
import { channelsOf } from './preferences.server';
import { unsubscribeUrl } from './unsubscribeLink.server';

/**
 * Queues the mail of each created notification whose user wants it by email (with the server's mail settings
 * unless given: every writer of notifications reaches here, ../notify.server.ts).
 */
export async function queueNotificationMails(
  db: Database | Transaction,
  created: readonly CreatedNotification[],
  settings: MailSettings | undefined = mailSettings(serverSettings()),
): Promise<void> {
  if (!settings || created.length === 0) return;
  const kind = created[0]?.kind;
  if (!kind) return;
  const channels = await channelsOf(
    db,
    created.map((each) => each.userId),
    kind,
  );
  for (const notification of created) {
    if (channels.get(notification.userId) !== 'email') continue;
    const address = await deliverableAddress(db, notification.userId);
    if (!address) continue;
    const t = getT(address.locale);
    const text = notificationText(t, notification.kind, notification.params);
    const path = notificationPath(notification.kind, notification.params);
    const prefix = address.locale === 'en' ? '/en' : '';
    const mail = layoutMail({
      lang: address.locale,
      subject: text,
      blocks: [
        { text },
        ...(path
          ? [{ text: t('mail.notification.open'), href: new URL(`${prefix}${path}`, settings.siteUrl).toString() }]
          : []),
      ],
      siteName: t('site.name'),
      siteUrl: settings.siteUrl.toString(),
      unsubscribe: {
        url: unsubscribeUrl(settings, notification.userId, notification.kind),
        label: t('mail.unsubscribe'),
      },
    });
    await queueMail(db, {
      dedupeKey: `notification:${notification.id}`,
      userId: notification.userId,
      to: address.email,
      ...mail,
    });
  }
}
