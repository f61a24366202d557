/** The props of ./NotificationSettings.tsx for the signed-in user: their settings as stored, and the strings. */
import type { Locale } from '~/features/i18n/locales';
import type { MessageKey, Translate } from '~/features/i18n/t';
import type { Database } from '~/server/db/types';
import { PREFERENCE_KINDS } from './kinds';
import { emailStatus } from './mail/emails.server';
import { type MailVariables, mailSettings } from './mail/mailSettings.server';
import { getPreferences } from './mail/preferences.server';
import type { NotificationSettingsProps } from './NotificationSettings';
import { offerMinimums } from './offerMinimums.server';

/**
 * Reads `userId`'s settings (the address only masked) and puts the strings of `t` with them; whether mail can be
 * sent at all is the server's (`settings`).
 */
export async function notificationSettingsProps(
  db: Database,
  userId: number,
  locale: Locale,
  t: Translate,
  settings: MailVariables,
): Promise<NotificationSettingsProps> {
  return {
    locale,
    mailAvailable: mailSettings(settings) !== undefined,
    email: await emailStatus(db, userId),
    preferences: await getPreferences(db, userId),
    offerMinimums: await offerMinimums(db, userId),
    messages: {
      email: t('notify.settings.email'),
      emailNone: t('notify.settings.emailNone'),
      emailPending: t('notify.settings.emailPending'),
      emailConfirmed: t('notify.settings.emailConfirmed'),
      emailBounced: t('notify.settings.emailBounced'),
      emailOff: t('notify.settings.emailOff'),
      addEmail: t('notify.settings.addEmail'),
      sent: t('notify.settings.sent'),
      deleteEmail: t('notify.settings.deleteEmail'),
      deleteAll: t('notify.settings.deleteAll'),
      deleted: t('notify.settings.deleted'),
      kinds: t('notify.settings.kinds'),
      save: t('notify.settings.save'),
      saved: t('notify.settings.saved'),
      failed: t('notify.settings.failed'),
      tooMany: t('notify.settings.tooMany'),
      channels: { in_app: t('notify.channel.in_app'), email: t('notify.channel.email'), off: t('notify.channel.off') },
      kindLabels: Object.fromEntries(
        PREFERENCE_KINDS.map((kind) => [kind, t(`notify.pref.${kind}` as MessageKey)]),
      ) as NotificationSettingsProps['messages']['kindLabels'],
      offerMinimums: {
        heading: t('notify.settings.offerMinimums'),
        lead: t('notify.settings.offerMinimumsLead'),
        none: t('notify.settings.offerMinimumsNone'),
        label: t('notify.settings.offerMinimumLabel'),
        save: t('notify.settings.offerMinimumsSave'),
        saved: t('notify.settings.saved'),
      },
    },
  };
}
