import type { Bundle, Observation, Resource } from '@medplum/fhirtypes';

/**
 * Deliberately broken copies of a real export (test/fhir/exportFixture.ts through
 * buildProtocolBundle): each mutation is one defect a hospital's validator refuses, with the
 * error the strict validator (testing/fhirValidator.ts) must report for it. The first eight are
 * those an earlier validator let through with 0 errors.
 */
type Json = Record<string, unknown>;
const entries = (bundle: Bundle) => (bundle.entry ?? []).map((e) => e.resource as Resource);
const observation = (bundle: Bundle, loinc: string) => {
  const found = entries(bundle).find((r): r is Observation => r.resourceType === 'Observation' && (r.code.coding ?? []).some((c) => c.code === loinc));
  if (!found) throw new Error(`Keine Observation ${loinc} im Export`);
  return found as Observation & Json;
};
const ofType = (bundle: Bundle, type: string) => entries(bundle).find((r) => r.resourceType === type) as Resource & Json;
const heartRate = (bundle: Bundle) => observation(bundle, '8867-4');
const bloodPressure = (bundle: Bundle) => observation(bundle, '85354-9');

export interface BrokenExport {
  name: string;
  breakIt: (bundle: Bundle) => void;
  /** What the validator must say about it. */
  error: RegExp;
}

export const brokenExports: BrokenExport[] = [
  { name: 'a date-time without a time zone', breakIt: (b) => { heartRate(b).effectiveDateTime = '2026-11-24T15:05:00'; }, error: /effectiveDateTime: should match pattern/ },
  { name: 'an empty string', breakIt: (b) => { (ofType(b, 'Patient').name as Json[])[0] = { family: '' }; }, error: /name\[0\]\.family: should match pattern/ },
  { name: 'a unit code without its system', breakIt: (b) => { delete heartRate(b).valueQuantity?.system; }, error: /qty-3 verletzt/ },
  { name: 'a one-sided blood pressure (one component)', breakIt: (b) => { bloodPressure(b).component?.splice(1, 1); }, error: /component:DiastolicBP: 0 statt genau 1/ },
  { name: 'a heart rate as text', breakIt: (b) => { const o = heartRate(b); delete o.valueQuantity; o.valueString = '88'; }, error: /heartrate: .*kein valueQuantity/ },
  { name: 'the unit bpm', breakIt: (b) => { Object.assign(heartRate(b).valueQuantity ?? {}, { unit: 'bpm', code: 'bpm' }); }, error: /„bpm“ ist keine gültige UCUM-Einheit/ },
  { name: 'a reference to a missing entry', breakIt: (b) => { heartRate(b).subject = { reference: 'urn:uuid:00000000-0000-4000-8000-000000000000' }; }, error: /ist kein Eintrag des Bundles/ },
  { name: 'a wrong code display', breakIt: (b) => { const coding = heartRate(b).code.coding?.[0]; if (coding) coding.display = 'Pulse'; }, error: /display: "Pulse" statt „Heart rate“/ },
  { name: 'a unit that is no UCUM code (°C)', breakIt: (b) => { Object.assign(observation(b, '8310-5').valueQuantity ?? {}, { code: '°C' }); }, error: /„°C“ ist keine gültige UCUM-Einheit/ },
  { name: 'a valid UCUM unit the profile does not fix (SpO₂ in /min)', breakIt: (b) => { Object.assign(observation(b, '59408-5').valueQuantity ?? {}, { code: '/min' }); }, error: /oxygensat: .*valueQuantity\.code/ },
  { name: 'a resource without narrative', breakIt: (b) => { delete ofType(b, 'Patient').text; }, error: /dom-6 verletzt/ },
  { name: 'a blood-pressure part with neither value nor absent reason', breakIt: (b) => { delete bloodPressure(b).component?.[1]?.valueQuantity; }, error: /vs-3 verletzt/ },
  { name: 'a value and an absent reason at once', breakIt: (b) => { heartRate(b).dataAbsentReason = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/data-absent-reason', code: 'unknown', display: 'Unknown' }] }; }, error: /obs-6 verletzt/ },
  { name: 'a vital sign without its category', breakIt: (b) => { heartRate(b).category = [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'exam', display: 'Exam' }] }]; }, error: /category:VSCat fehlt/ },
  { name: 'a mistyped LOINC code', breakIt: (b) => { const coding = heartRate(b).code.coding?.[0]; if (coding) coding.code = '8867-5'; }, error: /„8867-5“ steht nicht in der Tabelle/ },
  { name: 'a vital sign without subject', breakIt: (b) => { delete heartRate(b).subject; }, error: /vitalsigns: .*subject/ },
  { name: 'a code outside its required value set', breakIt: (b) => { Object.assign(heartRate(b), { status: 'fertig' }); }, error: /„fertig“ ist nicht in http:\/\/hl7\.org\/fhir\/ValueSet\/observation-status/ },
  { name: 'a number as text in a Quantity', breakIt: (b) => { Object.assign(heartRate(b).valueQuantity ?? {}, { value: '88' }); }, error: /valueQuantity\.value: should be number/ },
  { name: 'a period that ends before it starts', breakIt: (b) => { Object.assign(ofType(b, 'Encounter'), { period: { start: '2026-11-24T15:00:00+01:00', end: '2026-11-24T14:00:00+01:00' } }); }, error: /per-1 verletzt/ },
  { name: 'a document without identifier', breakIt: (b) => { delete b.identifier; }, error: /bdl-9 verletzt/ },
  { name: 'two entries with the same fullUrl', breakIt: (b) => { const [first, second] = [b.entry?.[1], b.entry?.[2]]; if (first && second) second.fullUrl = first.fullUrl; }, error: /bdl-7 verletzt/ },
  { name: 'a display of an HL7 code system that is not its text', breakIt: (b) => { const c = heartRate(b).category?.[0]?.coding?.[0]; if (c) c.display = 'Vitalzeichen'; }, error: /display: "Vitalzeichen" statt „Vital Signs“/ },
];
