import { describe, expect, it } from 'vitest';
import { CARD_CHECKOUT_SECTION, TRANSACTION_ACT_ITEMS } from '#tests/helpers/transactionActItems';
import { getT } from '~/features/i18n/t';
import { CHECKOUT_TERM_KEYS } from '~/features/payments/checkoutModel';
import { LEGAL_DOCUMENTS, legalHtml, legalMarkdown } from './content';

describe('legal documents', () => {
  it('exist in Japanese and English for every document', () => {
    for (const document of LEGAL_DOCUMENTS) {
      expect(legalMarkdown(document, 'ja').length, document).toBeGreaterThan(500);
      expect(legalMarkdown(document, 'en').length, document).toBeGreaterThan(500);
      expect(legalMarkdown(document, 'ja')).not.toBe(legalMarkdown(document, 'en'));
    }
  });

  it('render to HTML with section headings', () => {
    expect(legalHtml('terms', 'ja')).toContain('<h2>第1条（定義）</h2>');
    expect(legalHtml('terms', 'en')).toContain('<h2>1. Definitions</h2>');
  });

  it('list the standard items of the Specified Commercial Transactions Act notice', () => {
    const html = legalHtml('transaction-act', 'ja');
    for (const item of TRANSACTION_ACT_ITEMS) {
      expect(html, item).toContain(`<h2>${item}</h2>`);
    }
  });

  it.each(['ja', 'en'] as const)(
    'say in the transaction act notice (%s) what the card checkout says, in the same words',
    (locale) => {
      const t = getT(locale);
      const notice = legalMarkdown('transaction-act', locale);
      expect(notice).toContain(`## ${CARD_CHECKOUT_SECTION[locale]}`);
      for (const key of CHECKOUT_TERM_KEYS) expect(notice, key).toContain(t(`pay.terms.${key}`));
      // The time of payment names the checkout's own button.
      expect(t('pay.terms.timing')).toContain(t('pay.checkout.pay'));
    },
  );

  it('link the contact page in the locale of the document', () => {
    expect(legalHtml('privacy', 'ja')).toContain('href="/contact"');
    expect(legalHtml('privacy', 'en')).toContain('href="/en/contact"');
  });
});
