/** German texts of the app lock (issue 16). */
export const lockDe = {
  title: 'SaniDok ist gesperrt',
  text: (name: string) =>
    `Die Patientendaten auf diesem Gerät sind verschlüsselt. Zum Entsperren das Passwort von ${name} eingeben – das geht auch ohne Netz.`,
  password: 'Passwort',
  submit: 'Entsperren',
  unlocking: 'Wird entsperrt …',
  wrongPassword: 'Falsches Passwort. Die Daten dieses Geräts bleiben gesperrt.',
  failed: 'Das Entsperren ist fehlgeschlagen. Bitte erneut versuchen.',
  passwordRequired: 'Bitte das Passwort eingeben.',
  discardedInput: 'Beim Sperren wurden nicht gespeicherte Eingaben verworfen.',
  syncGoesOn: 'Die Synchronisation läuft im gesperrten Zustand weiter.',
  lockButton: 'App sperren',
} as const;
