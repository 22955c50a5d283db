import { z } from 'zod';
import { clinicalFieldsOf } from './clinicalScope';

/**
 * Device encryption (docs/security.md "Encryption on the device"). Outbox rows are
 * sealed at write time to the server's public sealing key, so a locked device pushes without any
 * key of its own: a mutation's `args` is then `{ "$sealed": "s1.<sealed box>" }`, opened by the
 * push handler before anything else reads it.
 */
export const sealedArgsKey = '$sealed';

export const deviceSealMessages = {
  sealedInvalid: 'Die verschlüsselte Änderung konnte nicht geöffnet werden.',
  deviceIdInvalid: 'Ungültige Geräte-Kennung.',
  verifierInvalid: 'Ungültiger PIN-Nachweis.',
  pinWrong: (remaining: number) =>
    `Falsche PIN. Noch ${remaining} ${remaining === 1 ? 'Versuch' : 'Versuche'}, danach ist das Passwort nötig.`,
  pinLocked: 'Zu viele falsche PINs: Die PIN dieses Geräts ist gelöscht. Bitte mit dem Passwort entsperren.',
  pinMissing: 'Für dieses Gerät ist keine PIN eingerichtet. Bitte mit dem Passwort entsperren.',
  publicKeyInvalid: 'Ungültiger öffentlicher Schlüssel des Geräts.',
  passwordMissing: 'Bitte geben Sie Ihr Passwort ein.',
} as const;

/** Wrong PINs a device's share survives (docs/security.md "Quick unlock with a PIN"). */
export const pinAttemptsAllowed = 5;

/** A 6-digit PIN: only its Argon2id-derived verifier ever leaves the device. */
export const pinSchema = z.string().regex(/^\d{6}$/, 'Die PIN besteht aus genau 6 Ziffern.');

const verifier = z.string({ error: deviceSealMessages.verifierInvalid }).regex(/^[A-Za-z0-9_-]{43}$/, deviceSealMessages.verifierInvalid);
const deviceId = z.uuid({ error: deviceSealMessages.deviceIdInvalid });

/** POST /api/device/pin (enrol) and POST /api/device/pin/unlock: the device and its PIN verifier. */
export const devicePinSchema = z.strictObject({ deviceId, verifier });
export type DevicePinInput = z.infer<typeof devicePinSchema>;

/** The server-held share, base64url (32 bytes); needed with the PIN to open the PIN-wrapped key. */
export const devicePinShareReply = z.object({ share: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type DevicePinShare = z.infer<typeof devicePinShareReply>;

/** `{ "$sealed": "s1.…" }` and nothing else; at most 1 MB like every body. */
export const sealedArgsSchema = z.strictObject({
  [sealedArgsKey]: z.string().startsWith('s1.').max(1_500_000),
});

/** GET /api/device/seal-key: the server's X25519 public key, base64url (32 bytes). */
export const deviceSealKeyReply = z.object({
  publicKey: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});
export type DeviceSealKey = z.infer<typeof deviceSealKeyReply>;

/**
 * PUT /api/device/key: the device's X25519 public key (its keyring's, base64url of 32 bytes),
 * registered with the account password (docs/security.md "Patient data needs the unlocked
 * device"). The password is what a copy of a locked tablet's disk does not hold.
 */
export const deviceKeyRegistrationSchema = z.strictObject({
  deviceId,
  publicKey: z.string({ error: deviceSealMessages.publicKeyInvalid }).regex(/^[A-Za-z0-9_-]{42}[AEIMQUYcgkosw048]$/, deviceSealMessages.publicKeyInvalid),
  currentPassword: z.string({ error: deviceSealMessages.passwordMissing }).min(1, deviceSealMessages.passwordMissing).max(1024),
});
export type DeviceKeyRegistration = z.infer<typeof deviceKeyRegistrationSchema>;

export const deviceKeyRegistrationReply = z.object({ deviceId: z.string(), registeredAt: z.string() });
export type DeviceKeyRegistered = z.infer<typeof deviceKeyRegistrationReply>;

/**
 * Patient fields a pull sends only sealed to the pulling device's registered key (docs/security.md
 * "Patient data needs the unlocked device"), per entity, with the device table whose envelope
 * context (`sanidok/<table>/<id>`) binds them: the device stores the envelope as it came, locked or
 * not, and opens it like a row it sealed itself while locked. The identity and the clinical part
 * (./clinicalScope.ts) alike.
 */
export const deviceSealedFields = {
  patientData: { table: 'patientData', fields: ['patientData'] },
  protocol: { table: 'protocols', fields: clinicalFieldsOf('protocol') },
  vitalRecord: { table: 'vitalRecords', fields: clinicalFieldsOf('vitalRecord') },
  treatmentEntry: { table: 'treatmentEntries', fields: clinicalFieldsOf('treatmentEntry') },
  minorTreatment: { table: 'minorTreatments', fields: clinicalFieldsOf('minorTreatment') },
  manvPatient: { table: 'manvPatients', fields: ['name', 'sex', 'estimatedAge', 'diagnosis'] },
  recordRevision: { table: 'recordRevisions', fields: clinicalFieldsOf('recordRevision') },
} as const;
export type DeviceSealedEntity = keyof typeof deviceSealedFields;

/** Additional data of a sealed change: its device table and id, so a value moved to another row fails. */
export const deviceSealContext = (entity: DeviceSealedEntity, id: string): string => `sanidok/${deviceSealedFields[entity].table}/${id}`;
