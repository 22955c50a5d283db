import { replyOf } from './api/common';
import { z } from './zodConfig';

/**
 * The operator of this SaniDok installation, entered by a platform admin in the
 * admin area and shown on the public Impressum and Datenschutz pages (read without sign-in:
 * GET /api/legal/operator). Until they are set, the pages say so and admins see a banner.
 */

export const operatorDetailsMessages = {
  nameRequired: 'Bitte geben Sie den Namen des Betreibers ein',
  addressRequired: 'Bitte geben Sie die ladungsfähige Anschrift ein',
  emailRequired: 'Bitte geben Sie eine gültige E-Mail-Adresse ein',
  phoneRequired: 'Bitte geben Sie eine Telefonnummer für die schnelle Kontaktaufnahme ein',
  representativeRequired: 'Bitte nennen Sie die vertretungsberechtigte und inhaltlich verantwortliche Person',
  processorsRequired: 'Bitte nennen Sie die Dienstleister für Hosting und E-Mail-Versand (oder „selbst betrieben“)',
  dataProtectionOfficerRequired: 'Bitte geben Sie den Datenschutzbeauftragten an (oder wer die Datenschutzanfragen beantwortet)',
  supervisoryAuthorityRequired: 'Bitte geben Sie die zuständige Datenschutz-Aufsichtsbehörde an',
  tooLong: (max: number) => `Höchstens ${max} Zeichen`,
} as const;

const m = operatorDetailsMessages;
const text = (required: string, max: number) => z.string({ error: required }).trim().min(1, required).max(max, m.tooLong(max));

export const operatorDetailsSchema = z.object({
  name: text(m.nameRequired, 200),
  address: text(m.addressRequired, 500),
  email: z.string({ error: m.emailRequired }).trim().pipe(z.email(m.emailRequired)).pipe(z.string().max(254, m.tooLong(254))),
  phone: text(m.phoneRequired, 50),
  /** Vertretungsberechtigt (§ 5 DDG) and responsible for the content (§ 18 Abs. 2 MStV). */
  representative: text(m.representativeRequired, 500),
  /** Register court and number, VAT id; empty when there are none. */
  registerDetails: z.string().trim().max(500, m.tooLong(500)).default(''),
  dataProtectionOfficer: text(m.dataProtectionOfficerRequired, 500),
  supervisoryAuthority: text(m.supervisoryAuthorityRequired, 500),
  /** Hosting and mail providers working as processors (Art. 28 DSGVO), with seat and server location. */
  processors: text(m.processorsRequired, 1000),
});

/** The fields in the order the admin form and the legal pages use. */
export const operatorDetailFields = ['name', 'address', 'email', 'phone', 'representative', 'registerDetails', 'dataProtectionOfficer', 'supervisoryAuthority', 'processors'] as const;
export type OperatorDetailField = (typeof operatorDetailFields)[number];
export type OperatorDetailsInput = z.input<typeof operatorDetailsSchema>;
export type OperatorDetailsValues = z.output<typeof operatorDetailsSchema>;

export interface OperatorDetails extends OperatorDetailsValues {
  updatedAt: string;
}

/** `operator` is null until a platform admin has entered the details. */
export interface OperatorDetailsResponse {
  operator: OperatorDetails | null;
}

export const operatorDetailsReply = replyOf<OperatorDetailsResponse>()(
  z.object({
    operator: z
      .object({
        name: z.string(), address: z.string(), email: z.string(), phone: z.string(), representative: z.string(), registerDetails: z.string(),
        dataProtectionOfficer: z.string(), supervisoryAuthority: z.string(), processors: z.string(), updatedAt: z.string(),
      })
      .nullable(),
  }),
);
