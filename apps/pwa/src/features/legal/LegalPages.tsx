import { LegalDocumentPage } from './LegalDocumentPage';

// The router imports these three names; the shared layout lives in LegalDocumentPage.

/** /datenschutz */
export function PrivacyPage() {
  return <LegalDocumentPage documentKey="privacy" />;
}

/** /impressum */
export function ImprintPage() {
  return <LegalDocumentPage documentKey="imprint" />;
}

/** /nutzungsbedingungen */
export function TermsPage() {
  return <LegalDocumentPage documentKey="terms" />;
}
