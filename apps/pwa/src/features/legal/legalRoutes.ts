import type { LegalDocumentKey } from '../../i18n/legal.de';

/** Public route of each legal document (docs/spec/accounts.md §2). */
export const legalRoutes: Readonly<Record<LegalDocumentKey, string>> = {
  privacy: '/datenschutz',
  imprint: '/impressum',
  terms: '/nutzungsbedingungen',
};

export const legalDocumentOrder: readonly LegalDocumentKey[] = ['privacy', 'terms', 'imprint'];
