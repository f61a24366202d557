/**
 * The weekly digest as a mail, in the reader's language: its sections (new cards from those they follow,
 * favourites at a new price, what happened to them, the week's trending cards), each card with its image and a
 * link, every URL absolute to the canonical origin; HTML with the same words as text, and one-click
 * unsubscribe from the digest. Pure.
 */
import type { Locale } from '~/features/i18n/locales';
import type { Translate } from '~/features/i18n/t';
import { notificationText } from '../kinds';
import { layoutMail, type MailBlock, type MailContent } from '../mail/mailLayout';
import type { DigestCard, DigestContent } from './digestContent.server';

/** The digest mail of `content` (see the module comment). */
export function digestMail(input: {
  content: DigestContent;
  locale: Locale;
  t: Translate;
  week: string;
  siteUrl: URL;
  unsubscribeUrl: string;
}): MailContent {
  const { content, locale, t, siteUrl } = input;
  const prefix = locale === 'en' ? '/en' : '';
  const absolute = (path: string) => new URL(path, siteUrl).toString();
  const cards = (list: readonly DigestCard[], note: (card: DigestCard) => string | null): MailBlock[] =>
    list.map((card) => {
      const extra = note(card);
      return {
        text: extra ? `${card.name} — ${extra}` : card.name,
        href: absolute(`${prefix}${card.path}`),
        image: card.image ? absolute(card.image) : null,
      };
    });
  const blocks: MailBlock[] = [{ text: t('digest.lead', { week: input.week }) }];
  if (content.newCards.length > 0) {
    blocks.push({ heading: t('digest.newCards') }, ...cards(content.newCards, () => null));
  }
  if (content.favourites.length > 0) {
    blocks.push({ heading: t('digest.favourites') }, ...cards(content.favourites, (card) => card.note));
  }
  if (content.events.length > 0) {
    blocks.push(
      { heading: t('digest.yourWeek') },
      ...content.events.map((event) => ({ text: notificationText(t, event.kind, event.params) })),
    );
  }
  if (content.trending.length > 0) {
    blocks.push(
      { heading: t('digest.trending') },
      ...cards(content.trending, (card) => t('digest.sold', { count: Number(card.note) })),
    );
  }
  blocks.push({ text: t('digest.visit'), href: absolute(prefix || '/') });
  return layoutMail({
    lang: locale,
    subject: t('digest.subject', { week: input.week }),
    blocks,
    siteName: t('site.name'),
    siteUrl: absolute(prefix || '/'),
    unsubscribe: { url: input.unsubscribeUrl, label: t('mail.unsubscribe') },
  });
}
