/** Texts of the optional e-mail verification (profile and the page the link opens). */
export const emailVerificationDe = {
  verified: 'Bestätigt',
  unverified: 'Nicht bestätigt',
  send: 'Bestätigungs-E-Mail senden',
  sendFailed: 'Bestätigungs-E-Mail',
  pageTitle: 'E-Mail-Adresse bestätigen',
  checking: 'Der Link wird geprüft …',
  missingToken: 'Der Link ist unvollständig. Bitte öffnen Sie ihn genau so, wie er in der E-Mail steht.',
  toApp: 'Weiter zu SaniDok',
} as const;
