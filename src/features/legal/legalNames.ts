import type { MessageKey } from '~/features/i18n/t';
import type { LegalDocument } from './content';

/** Each legal document's page title, heading and description (message keys). */
export const LEGAL_NAMES: Readonly<
  Record<LegalDocument, { title: MessageKey; heading: MessageKey; description: MessageKey }>
> = {
  terms: { title: 'page.terms.title', heading: 'page.terms.heading', description: 'legal.terms.description' },
  privacy: { title: 'page.privacy.title', heading: 'page.privacy.heading', description: 'legal.privacy.description' },
  'transaction-act': {
    title: 'page.transactionAct.title',
    heading: 'page.transactionAct.heading',
    description: 'legal.transactionAct.description',
  },
};
