/** German texts of the drafts of capture forms (data/drafts). */
export const draftsDe = {
  restored: (at: string) => `Nicht gespeicherte Eingaben vom ${at} wiederhergestellt (verschlüsselt auf diesem Gerät aufbewahrt).`,
  discard: 'Entwurf verwerfen',
  droppedTitle: 'Entwurf verworfen',
  droppedClosed: 'Das Protokoll wurde inzwischen abgeschlossen; nicht gespeicherte Eingaben dazu wurden verworfen.',
  droppedDeleted: 'Das Protokoll gibt es nicht mehr; nicht gespeicherte Eingaben dazu wurden verworfen.',
  droppedManvEnded: 'Der MANV wurde inzwischen beendet; nicht gespeicherte Eingaben zur Sichtung wurden verworfen.',
  keepFailedTitle: 'Entwurf nicht gesichert',
  keepFailed: 'Die Eingaben konnten nicht auf dem Gerät gesichert werden (Speicher voll?). Bitte bald speichern.',
} as const;
