/**
 * The site's legal documents (terms of service, privacy policy, the notice under the Specified
 * Commercial Transactions Act) as markdown per locale, bundled at build time from `./content/`.
 *
 * @see docs/product-spec.md §2 (/terms, /privacy, /transaction-act)
 */
import type { Locale } from '~/features/i18n/locales';
import privacyEn from './content/privacy.en.md?raw';
import privacyJa from './content/privacy.ja.md?raw';
import termsEn from './content/terms.en.md?raw';
import termsJa from './content/terms.ja.md?raw';
import transactionActEn from './content/transaction-act.en.md?raw';
import transactionActJa from './content/transaction-act.ja.md?raw';
import { renderMarkdown } from './markdown';

/** The legal documents, named as their routes. */
export const LEGAL_DOCUMENTS = ['terms', 'privacy', 'transaction-act'] as const;
/** One legal document. */
export type LegalDocument = (typeof LEGAL_DOCUMENTS)[number];

const SOURCES: Readonly<Record<LegalDocument, Readonly<Record<Locale, string>>>> = {
  terms: { ja: termsJa, en: termsEn },
  privacy: { ja: privacyJa, en: privacyEn },
  'transaction-act': { ja: transactionActJa, en: transactionActEn },
};

/** The markdown source of a document in a locale. */
export function legalMarkdown(document: LegalDocument, locale: Locale): string {
  return SOURCES[document][locale];
}

const rendered = new Map<string, string>();

/** A document rendered to safe HTML (rendered once per process: the sources never change at run time). */
export function legalHtml(document: LegalDocument, locale: Locale): string {
  const key = `${document}:${locale}`;
  let html = rendered.get(key);
  if (html === undefined) {
    html = renderMarkdown(legalMarkdown(document, locale));
    rendered.set(key, html);
  }
  return html;
}
