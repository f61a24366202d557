import { describe, expect, it } from 'vitest';
import { TRANSACTION_ACT_ITEMS } from '../../../tests/helpers/transactionActItems';
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

  it('link the contact page in the locale of the document', () => {
    expect(legalHtml('privacy', 'ja')).toContain('href="/contact"');
    expect(legalHtml('privacy', 'en')).toContain('href="/en/contact"');
  });
});
