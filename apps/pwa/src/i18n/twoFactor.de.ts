/** Texts of two-factor sign-in (features/settings/TwoFactor*.tsx, the sign-in's second step). */
export const twoFactorDe = {
  title: 'Zwei-Faktor-Anmeldung',
  onBadge: 'Eingeschaltet',
  offBadge: 'Ausgeschaltet',
  intro:
    'Mit der Zwei-Faktor-Anmeldung braucht die Anmeldung neben dem Passwort einen Code aus einer Authenticator-App (z. B. FreeOTP, Aegis, Google Authenticator). Wer Ihr Passwort kennt – auch jemand, der es zurückgesetzt hat –, kommt ohne Ihr Telefon nicht in Ihr Konto.',
  ownerHint: 'Inhabern einer Organisation empfehlen wir sie dringend, denn deren Konto öffnet das Patientenarchiv.',
  adminRequired: 'Für Plattform-Administratoren ist sie Pflicht: Der Administrationsbereich öffnet sich erst danach.',
  setUp: 'Einrichten',
  changeDevice: 'Auf neues Gerät umstellen',
  disable: 'Abschalten',
  newRecoveryCodes: 'Neue Wiederherstellungscodes',
  // Set-up dialog
  setupTitle: 'Zwei-Faktor-Anmeldung einrichten',
  stepPassword: 'Bestätigen Sie zuerst Ihr Passwort.',
  stepPasswordAndCode: 'Bestätigen Sie Ihr Passwort und einen Code Ihres bisherigen Geräts.',
  currentPassword: 'Aktuelles Passwort',
  currentCode: 'Aktueller Code (oder Wiederherstellungscode)',
  next: 'Weiter',
  scan: 'Scannen Sie den QR-Code mit Ihrer Authenticator-App. Ohne Kamera geben Sie den Schlüssel von Hand ein.',
  qrAlt: 'QR-Code für die Authenticator-App',
  secretLabel: 'Schlüssel zum Eintippen',
  firstCode: 'Code aus der App (6 Ziffern)',
  confirm: 'Bestätigen',
  recoveryTitle: 'Ihre Wiederherstellungscodes',
  recoveryIntro:
    'Mit jedem dieser Codes können Sie sich einmal anmelden, wenn Ihr Telefon fehlt. Drucken oder speichern Sie sie jetzt an einem sicheren Ort: Sie werden nur dieses eine Mal angezeigt. Ohne App und ohne Codes kann auch ein Administrator die Zwei-Faktor-Anmeldung nicht abschalten.',
  copy: 'Codes kopieren',
  copied: 'Kopiert',
  download: 'Als Textdatei speichern',
  downloadName: 'sanidok-wiederherstellungscodes.txt',
  done: 'Fertig – Codes sind gesichert',
  // Proof dialog (switch off, new codes)
  disableTitle: 'Zwei-Faktor-Anmeldung abschalten',
  disableIntro: 'Zum Abschalten bestätigen Sie Ihr Passwort und einen aktuellen Code.',
  regenerateTitle: 'Neue Wiederherstellungscodes',
  regenerateIntro: 'Die bisherigen Codes verlieren ihre Gültigkeit. Bestätigen Sie Ihr Passwort und einen aktuellen Code.',
  // Toasts
  enabledToast: 'Die Zwei-Faktor-Anmeldung ist eingerichtet.',
  disabledToast: 'Die Zwei-Faktor-Anmeldung ist abgeschaltet.',
  failed: 'Zwei-Faktor-Anmeldung',
  // Sign-in
  loginCode: 'Code aus der Authenticator-App',
  loginCodeHint: 'Sechs Ziffern aus der App – oder einer Ihrer Wiederherstellungscodes.',
  // Admin area
  adminSetupTitle: 'Zuerst die Zwei-Faktor-Anmeldung',
  adminSetupLink: 'Zu den Einstellungen',
} as const;
