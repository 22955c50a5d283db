import type { Bundle, BundleEntry, Composition, CompositionSection, Condition, Encounter, Observation, Organization, Patient, Practitioner, Procedure, Reference, Resource } from '@medplum/fhirtypes';
import type { PatientData, PatientProtocol, TreatmentEntry, VitalRecord } from '@sanidok/schema';
import { berlinDateTime, berlinTimeOnDayOf, diagnosisGroupText, dischargeOutcomeLabels, isNacaScore, nacaLabel } from '@sanidok/schema';
import { dischargeDispositions, documentType, observationCategories, sectionCodes, systems } from './codes';
import { narrative } from './narrative';
import { observationsOf } from './observations';

/** What the export needs of a protocol: the device's (or the opened archive's) copy, patient data included. */
export interface FhirProtocolInput {
  protocol: PatientProtocol;
  /**
   * Null after discharge outside the archive: the Patient then carries no identifying data.
   * Partial: an archived record holds what was captured, which may lack a name part.
   */
  patientData: Partial<PatientData> | null;
  vitals: readonly VitalRecord[];
  treatments: readonly TreatmentEntry[];
  /** The team members who documented (recordedById of vitals and treatments, treatedById): full name where known, else the username. */
  practitioners: readonly { userId: number; name: string }[];
  organization: { id: number; name: string };
  exportedAt: string;
}

const genderCodes = { männlich: 'male', weiblich: 'female', divers: 'other' } as const;


/**
 * A patient protocol as a FHIR R4 document Bundle (the mapping field by field in
 * docs/fhir.md): Composition first, then Patient, Encounter, Organization, the Practitioners, an
 * Observation per vital sign, a Procedure per documented measure and a Condition per finding.
 * Built from the data the caller holds — the device while the protocol is open, the owner's
 * browser after opening the archive — so the server never needs the patient data for it.
 */
export function buildProtocolBundle(input: FhirProtocolInput, newId: () => string = () => globalThis.crypto.randomUUID()): Bundle {
  const { protocol } = input;
  const entries: Resource[] = [];
  const ref = <T extends Resource>(resource: T): Reference<T> => ({ reference: `urn:uuid:${resource.id ?? ''}` });

  const organization: Organization = { resourceType: 'Organization', id: newId(), text: narrative(input.organization.name), name: input.organization.name };
  const patient = patientOf(input.patientData, newId());
  const practitioners = new Map(input.practitioners.map((p) => [p.userId, { resourceType: 'Practitioner', id: newId(), text: narrative(p.name), name: [{ text: p.name }] } satisfies Practitioner]));
  const performer = (userId: number | null) => {
    const practitioner = userId === null ? undefined : practitioners.get(userId);
    return practitioner ? ref(practitioner) : undefined;
  };
  const encounter: Encounter = {
    resourceType: 'Encounter',
    id: newId(),
    identifier: [{ system: systems.sanidokProtocol, value: protocol.id }],
    status: protocol.status === 'discharged' ? 'finished' : 'in-progress',
    class: { system: systems.actCode, code: 'FLD', display: 'field' },
    subject: ref(patient),
    serviceProvider: ref(organization),
    period: { start: berlinDateTime(protocol.createdAt), ...(protocol.dischargedAt && { end: berlinDateTime(protocol.dischargedAt) }) },
    ...hospitalizationOf(protocol),
  };
  encounter.text = narrative(`Sanitätsdienst ${protocol.serviceName}, Protokoll #${String(protocol.serviceProtocolNumber)}`, encounter.hospitalization?.destination?.display ? `Verbleib: ${encounter.hospitalization.destination.display}` : '', encounter.hospitalization?.dischargeDisposition?.text ?? '');
  const context = { patient: ref(patient), encounter: ref(encounter), performer, dateOfBirth: input.patientData?.dateOfBirth ?? null };
  const observations = input.vitals.flatMap((record) => observationsOf(record, context, newId));
  const procedures = input.treatments.map((entry): Procedure => {
    const by = performer(entry.recordedById);
    return {
      resourceType: 'Procedure', id: newId(), text: narrative(`${entry.time} ${entry.text}`), status: 'completed', code: { text: entry.text }, subject: context.patient, encounter: context.encounter,
      performedDateTime: berlinTimeOnDayOf(entry.time, entry.createdAt) ?? berlinDateTime(entry.createdAt), ...(by && { performer: [{ actor: by }] }),
    };
  });
  const conditions = findingsOf(protocol).map((finding): Condition => ({
    resourceType: 'Condition',
    id: newId(),
    text: narrative(`${finding.label}: ${finding.text}`),
    clinicalStatus: { coding: [{ system: systems.conditionClinical, code: 'active' }] },
    verificationStatus: { coding: [{ system: systems.conditionVerification, code: 'provisional' }] },
    category: [{ coding: [{ system: systems.conditionCategory, code: 'encounter-diagnosis', display: 'Encounter Diagnosis' }] }],
    code: { text: finding.text },
    subject: context.patient,
    encounter: context.encounter,
    note: [{ text: finding.label }],
  }));

  const naca = nacaObservation(protocol, context, newId);

  const authors: Reference<Practitioner | Organization>[] = [...practitioners.values()].map((p) => ref(p));
  const section = (title: string, code: keyof typeof sectionCodes, resources: readonly Resource[], empty: string): CompositionSection => {
    const head = { title, code: sectionCode(code) };
    return resources.length
      ? { ...head, text: narrative(...resources.map((r) => textOf('text' in r ? r.text?.div : undefined))), entry: resources.map((r) => ref(r)) }
      : { ...head, text: narrative(empty), emptyReason: { coding: [{ system: systems.listEmptyReason, code: 'nilknown', display: 'Nil Known' }] } };
  };
  const composition: Composition = {
    resourceType: 'Composition',
    id: newId(),
    status: protocol.status === 'discharged' ? 'final' : 'preliminary',
    type: { coding: [{ system: systems.loinc, code: documentType.loinc, display: documentType.display }], text: 'Patientenprotokoll Sanitätsdienst' },
    subject: ref(patient),
    encounter: ref(encounter),
    date: berlinDateTime(input.exportedAt),
    author: authors.length ? authors : [ref(organization)],
    title: `Patientenprotokoll ${protocol.serviceName} #${String(protocol.serviceProtocolNumber)}`,
    custodian: ref(organization),
    section: [
      section('Vitalzeichen', 'vitals', observations, 'Keine Vitalzeichen dokumentiert'),
      section('Maßnahmen', 'procedures', procedures, 'Keine Maßnahmen dokumentiert'),
      section('Befunde', 'findings', [...conditions, ...naca], 'Keine Befunde dokumentiert'),
      ...textSections(protocol),
    ],
  };
  composition.text = narrative(composition.title, `Stand: ${composition.date}`);
  entries.push(composition, patient, encounter, organization, ...practitioners.values(), ...observations, ...procedures, ...conditions, ...naca);
  return {
    resourceType: 'Bundle',
    id: newId(),
    type: 'document',
    identifier: { system: systems.sanidokDocument, value: composition.id ?? '' },
    timestamp: berlinDateTime(input.exportedAt),
    entry: entries.map((resource): BundleEntry => ({ fullUrl: `urn:uuid:${resource.id ?? ''}`, resource })),
  };
}

const sectionCode = (key: keyof typeof sectionCodes) => ({ coding: [{ system: systems.loinc, code: sectionCodes[key].loinc, display: sectionCodes[key].display }] });

/** The plain text of a resource's narrative, for the section's own narrative. */
const textOf = (div: string | undefined) => (div ?? '').replace(/<[^>]+>/g, ' ').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&').replace(/\s+/g, ' ').trim();

function patientOf(data: Partial<PatientData> | null, id: string): Patient {
  if (!data) return { resourceType: 'Patient', id, text: narrative('Patientendaten nicht im Export') };
  const gender = data.gender ? genderCodes[data.gender] : undefined;
  const family = data.lastName?.trim();
  const given = data.firstName?.trim();
  return {
    resourceType: 'Patient',
    id,
    text: narrative([given, family].filter(Boolean).join(' '), data.dateOfBirth ? `geboren ${data.dateOfBirth}` : ''),
    ...((family || given) && { name: [{ ...(family && { family }), ...(given && { given: [given] }) }] }),
    ...(data.dateOfBirth && { birthDate: data.dateOfBirth }),
    ...(gender && { gender }),
    ...(data.address && { address: [{ text: data.address }] }),
    ...(data.phone && { telecom: [{ system: 'phone' as const, value: data.phone }] }),
    ...(data.emergencyContact && {
      contact: [{ name: { text: data.emergencyContact }, ...(data.emergencyContactPhone && { telecom: [{ system: 'phone' as const, value: data.emergencyContactPhone }] }) }],
    }),
  };
}

/** Findings: the chief complaint, the first assessment and the symptoms, each a Condition in free text (no coding yet). */
function findingsOf(protocol: PatientProtocol): { label: string; text: string }[] {
  const fields = [
    ['Hauptbeschwerde', protocol.chiefComplaint],
    ['Ersteinschätzung', protocol.initialAssessment],
    ['Symptome', protocol.symptoms],
    ['Diagnosegruppe', diagnosisGroupText(protocol.diagnosisGroup)],
  ] as const;
  return fields.flatMap(([label, text]) => (text?.trim() ? [{ label, text: text.trim() }] : []));
}

/**
 * The NACA score (packages/schema mindCodes.ts) as an Observation: category survey, `code.text`
 * only and the grade as `valueInteger`. No LOINC coding: the code the Swiss EMS guide uses could
 * not be checked against LOINC here, and a LOINC code outside the validator's table fails
 * (docs/fhir.md "NACA and diagnosis group").
 */
function nacaObservation(protocol: PatientProtocol, context: { patient: Reference<Patient>; encounter: Reference<Encounter> }, newId: () => string): Observation[] {
  const score = protocol.naca;
  if (!isNacaScore(score)) return [];
  return [{
    resourceType: 'Observation', id: newId(), text: narrative(nacaLabel(score)), status: 'final',
    category: [{ coding: [{ system: systems.observationCategory, ...observationCategories.survey }] }],
    code: { text: 'NACA-Score' }, subject: context.patient, encounter: context.encounter,
    effectiveDateTime: berlinDateTime(protocol.dischargedAt ?? protocol.updatedAt), valueInteger: Number(score),
  }];
}

/** Anamnesis fields without a resource of their own, as narrative sections. */
function textSections(protocol: PatientProtocol): CompositionSection[] {
  const fields = [
    ['Allergien', 'allergies', protocol.allergies],
    ['Dauermedikation', 'medications', protocol.medications],
    ['Vorerkrankungen', 'pastHistory', protocol.pastHistory],
    ['Übergabe an', 'handover', protocol.handoverTo],
  ] as const;
  return fields.flatMap(([title, code, text]) => (text?.trim() ? [{ title, code: sectionCode(code), text: narrative(...text.trim().split('\n')) }] : []));
}

/** Where the patient went and how the care ended; absent when the protocol says neither. */
function hospitalizationOf(protocol: PatientProtocol): Pick<Encounter, 'hospitalization'> {
  const disposition = protocol.dischargeOutcome ? dischargeDispositions[protocol.dischargeOutcome] : undefined;
  if (!protocol.dischargeDestination && !disposition) return {};
  return {
    hospitalization: {
      ...(protocol.dischargeDestination && { destination: { display: protocol.dischargeDestination } }),
      ...(disposition && protocol.dischargeOutcome && {
        dischargeDisposition: { coding: [{ system: systems.dischargeDisposition, ...disposition }], text: dischargeOutcomeLabels[protocol.dischargeOutcome] },
      }),
    },
  };
}
