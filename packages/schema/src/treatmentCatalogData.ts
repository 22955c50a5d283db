/**
 * The treatment catalogue as data: preset sentences by schema and category, in the wording of
 * German Sanitätsdienst training (xABCDE, trauma care, resuscitation). Measures beyond a medic's
 * competence are worded as assistance ("Assistenz bei …") or as on medical order. Placeholders are
 * {key} from treatmentOptions.ts.
 */

export const treatmentSchemaIds = ['xabcde', 'trauma', 'resuscitation', 'general', 'airway', 'urogenital'] as const;
export type TreatmentSchemaId = (typeof treatmentSchemaIds)[number];

export interface TreatmentCategoryData {
  id: string;
  name: string;
  items: readonly string[];
}

export interface TreatmentSchemaData {
  id: TreatmentSchemaId;
  name: string;
  categories: readonly TreatmentCategoryData[];
}

export const treatmentCatalogData: readonly TreatmentSchemaData[] = [
  {
    id: 'xabcde',
    name: 'xABCDE-Schema',
    categories: [
      { id: 'x', name: 'X – Kritische Blutung', items: [
        'Kritische Blutung durch manuellen Druck gestillt: {bodyRegion} {side}',
        'Druckverband angelegt: {bodyRegion} {side}',
        // Tourniquets only on limbs: the sentence names the limb instead of offering every region.
        'Tourniquet am Arm {side} angelegt, Uhrzeit auf dem Tourniquet vermerkt',
        'Tourniquet am Bein {side} angelegt, Uhrzeit auf dem Tourniquet vermerkt',
        'Tourniquet {side} kontrolliert, Blutung steht, Anlagedauer {tourniquetTime}',
        'Wunde mit blutstillender Gaze austamponiert: {bodyRegion} {side}',
      ] },
      { id: 'a', name: 'A – Atemweg und Halswirbelsäule', items: [
        'Mund-Rachen-Raum inspiziert und freigemacht',
        'Kopf überstreckt, Esmarch-Handgriff durchgeführt',
        'Oropharyngealtubus (Guedel) Größe {guedelSize} eingelegt',
        'Absaugung des Mund-Rachen-Raums durchgeführt',
        'Manuelle Inline-Stabilisierung der Halswirbelsäule',
      ] },
      { id: 'b', name: 'B – Atmung', items: [
        'Atmung beurteilt (Frequenz, Tiefe, Atemgeräusche, Thoraxbewegung)',
        'Sauerstoffgabe {oxygenAmount} über {oxygenType}',
        'Assistierte Beutel-Masken-Beatmung mit Sauerstoff {oxygenAmount}',
        'Patient zur Atemerleichterung mit erhöhtem Oberkörper gelagert (Kutschersitz)',
        'Lippenbremse angeleitet',
      ] },
      { id: 'c', name: 'C – Kreislauf', items: [
        'Puls und Rekapillarisierungszeit kontrolliert',
        'Blutdruck gemessen',
        'Periphervenöser Zugang gelegt: {bodyRegion} {side}, {cannulaGauge}',
        'Infusion {infusionSolution} {volume} angelegt',
        'Lagerung: {positioning}',
        'Beckenschlinge angelegt',
      ] },
      { id: 'd', name: 'D – Neurologie', items: [
        'Bewusstseinslage nach AVPU beurteilt',
        'Glasgow Coma Scale erhoben',
        'Pupillen auf Größe, Form und Lichtreaktion kontrolliert',
        'Blutzucker gemessen',
        'BE-FAST-Test durchgeführt',
      ] },
      { id: 'e', name: 'E – Erweiterte Untersuchung und Umgebung', items: [
        'Bodycheck von Kopf bis Fuß durchgeführt',
        'Verletzungen inspiziert: {bodyRegion} {side}',
        'Wärmeerhalt mit Rettungsdecke und Decken',
        'Körpertemperatur gemessen',
        'Kühlung bei Überwärmung eingeleitet',
      ] },
    ],
  },
  {
    id: 'trauma',
    name: 'Trauma',
    categories: [
      { id: 'wound', name: 'Wundversorgung', items: [
        'Wundversorgung {bodyRegion} {side}: {woundCareType}',
        'Wunde gespült und steril abgedeckt: {bodyRegion} {side}',
        'Fremdkörper in der Wunde belassen und abgepolstert',
        'Verbrennung gekühlt und mit Brandwundenverband abgedeckt: {bodyRegion} {side}',
        'Amputat steril und indirekt gekühlt asserviert',
      ] },
      { id: 'immobilisation', name: 'Ruhigstellung', items: [
        'Ruhigstellung {side}: {immobilisedArea} mit {splintType}',
        'Halswirbelsäule mit Zervikalstütze immobilisiert',
        'Immobilisation auf Vakuummatratze',
        'Patient mit Schaufeltrage umgelagert',
        'Durchblutung, Motorik und Sensibilität vor und nach Ruhigstellung kontrolliert',
      ] },
      { id: 'sprain', name: 'Prellungen und Verstauchungen', items: [
        'Kühlung mit Kühlpack: {bodyRegion} {side}',
        'Verletzte Extremität hochgelagert',
        'Elastische Binde angelegt: {bodyRegion} {side}',
        'PECH-Schema angewendet (Pause, Eis, Compression, Hochlagerung)',
      ] },
      { id: 'head', name: 'Schädel-Hirn-Trauma', items: [
        'Oberkörper 30° hochgelagert bei Verdacht auf Schädel-Hirn-Trauma',
        'Neurologische Kontrolle {monitoringInterval}',
        'Blutung aus Nase oder Ohr steril abgedeckt, nicht tamponiert',
      ] },
    ],
  },
  {
    id: 'resuscitation',
    name: 'Reanimation',
    categories: [
      { id: 'bls', name: 'Basismaßnahmen', items: [
        'Bewusstlosigkeit und fehlende normale Atmung festgestellt, Notruf veranlasst',
        'Herzdruckmassage begonnen (30:2)',
        'Beutel-Masken-Beatmung mit Sauerstoff {oxygenAmount}',
        'Helferwechsel bei der Herzdruckmassage alle 2 Minuten',
      ] },
      { id: 'defibrillation', name: 'Defibrillation', items: [
        'AED angeschlossen, Rhythmusanalyse durchgeführt',
        'Schock durch AED abgegeben, Herzdruckmassage sofort fortgesetzt',
        'Kein Schock empfohlen, Herzdruckmassage fortgesetzt',
      ] },
      { id: 'advanced-airway', name: 'Erweiterter Atemweg', items: [
        'Oropharyngealtubus (Guedel) Größe {guedelSize} eingelegt',
        'Larynxmaske Größe {laryngealMaskSize} eingelegt',
        'Assistenz bei endotrachealer Intubation, Tubus {tubeSize}',
        'Kapnometrie angeschlossen',
      ] },
      { id: 'drugs', name: 'Zugang und Medikamente', items: [
        'Periphervenöser Zugang gelegt: {bodyRegion} {side}, {cannulaGauge}',
        'Assistenz bei intraossärem Zugang',
        'Medikamentengabe auf ärztliche Anordnung: {drugName} {dose} {route}',
      ] },
      { id: 'post', name: 'Nach Wiedereinsetzen des Kreislaufs', items: [
        'Spontankreislauf (ROSC) festgestellt',
        'Vitalparameter überwacht: {monitoringType} {monitoringInterval}',
        'Übergabe an Notarzt und Rettungsdienst',
      ] },
    ],
  },
  {
    id: 'general',
    name: 'Allgemein',
    categories: [
      { id: 'care', name: 'Betreuung und Lagerung', items: [
        'Patient betreut und beruhigt',
        'Lagerung: {positioning}',
        'Wärmeerhalt durchgeführt',
        'Patient an einen ruhigen, schattigen Ort gebracht',
      ] },
      { id: 'monitoring', name: 'Überwachung', items: [
        'Überwachung: {monitoringType} {monitoringInterval}',
        'Vitalparameter kontrolliert',
        '12-Kanal-EKG abgeleitet',
      ] },
      { id: 'access', name: 'Zugang und Medikamente', items: [
        'Periphervenöser Zugang gelegt: {bodyRegion} {side}, {cannulaGauge}',
        'Infusion {infusionSolution} {volume} angelegt',
        'Medikamentengabe: {drugName} {dose} {route}',
        'Einnahme der eigenen Notfallmedikation unterstützt: {drugName} {dose} {route}',
      ] },
      { id: 'medical', name: 'Internistische Notfälle', items: [
        'Blutzucker gemessen',
        'Glukose oral gegeben (Traubenzucker oder gesüßtes Getränk)',
        'Sauerstoffgabe {oxygenAmount} über {oxygenType}',
        'Hyperventilation: Patient beruhigt, Atmung angeleitet',
        'Flüssigkeit oral gegeben (Wasser oder Elektrolytgetränk)',
        'Erbrochenes aufgefangen, Mund ausgespült',
      ] },
      { id: 'handover', name: 'Transport und Übergabe', items: [
        'Rettungsdienst nachalarmiert',
        'Transport mit Trage zur Sanitätsstation',
        'Übergabe an den Rettungsdienst',
        'Patient nach Versorgung in Begleitung entlassen',
        'Transportverweigerung nach Aufklärung dokumentiert',
      ] },
    ],
  },
  {
    id: 'airway',
    name: 'Atemweg',
    categories: [
      { id: 'basic', name: 'Basismaßnahmen', items: [
        'Mundraum inspiziert und freigemacht',
        'Kopf überstreckt, Esmarch-Handgriff durchgeführt',
        'Absaugung durchgeführt',
        'Rückenschläge und Oberbauchkompression bei Fremdkörperaspiration',
        'Patient zur Atemwegssicherung in stabile Seitenlage gebracht',
      ] },
      { id: 'devices', name: 'Hilfsmittel', items: [
        'Oropharyngealtubus (Guedel) Größe {guedelSize} eingelegt',
        'Nasopharyngealtubus (Wendl) eingelegt',
        'Larynxmaske Größe {laryngealMaskSize} eingelegt',
        'Assistenz bei endotrachealer Intubation, Tubus {tubeSize}',
        'Assistenz bei Anlage einer Magensonde {gastricTubeSize}',
      ] },
      { id: 'ventilation', name: 'Sauerstoff und Beatmung', items: [
        'Sauerstoffgabe {oxygenAmount} über {oxygenType}',
        'Beutel-Masken-Beatmung mit Sauerstoff {oxygenAmount}',
        'Kapnometrie angeschlossen',
        'Inhalation über Vernebler: {drugName} {dose}',
      ] },
      { id: 'thorax', name: 'Thorax', items: [
        'Offene Thoraxverletzung {side} mit Chest Seal versorgt',
        'Assistenz bei Anlage einer Thoraxdrainage {side}, {chestDrainSize}',
        'Assistenz bei Entlastungspunktion {side}',
      ] },
    ],
  },
  {
    id: 'urogenital',
    name: 'Urogenital',
    categories: [
      { id: 'catheter', name: 'Katheter', items: [
        'Assistenz bei Anlage eines Blasenkatheters {bladderCatheterSize}',
        'Urinbeutel geleert, Menge {volume}',
        'Lage und Durchgängigkeit des Katheters kontrolliert',
      ] },
      { id: 'pregnancy', name: 'Schwangerschaft und Geburt', items: [
        'Schwangere in Linksseitenlage gelagert',
        'Wehentätigkeit und Fruchtwasserabgang erfragt, Mutterpass eingesehen',
        'Geburt begleitet, Neugeborenes abgetrocknet und warm gehalten',
        'Assistenz bei der Abnabelung',
      ] },
      { id: 'complaints', name: 'Beschwerden', items: [
        'Vaginale Blutung: Vorlage angelegt, Blutungsstärke beurteilt',
        'Untersuchung unter Wahrung der Intimsphäre',
        'Patient in Rückenlage mit Knierolle gelagert',
        'Harnverhalt festgestellt, ärztliche Abklärung veranlasst',
      ] },
    ],
  },
];

/** 21 sentences for one tap (docs/spec/services.md §3), most common measures at a first-aid post first. */
export const quickMeasures: readonly string[] = [
  'Patient betreut und beruhigt',
  'Vitalparameter kontrolliert',
  'Wunde gereinigt und mit Pflaster versorgt',
  'Steriler Wundverband angelegt',
  'Kühlpack angelegt',
  'Blasenpflaster angelegt',
  'Zecke entfernt',
  'Insektenstich gekühlt',
  'Augenspülung durchgeführt',
  'Oberkörperhochlagerung',
  'Stabile Seitenlage',
  'Schocklagerung',
  'Wärmeerhalt mit Rettungsdecke',
  'Blutzucker gemessen',
  'Traubenzucker gegeben',
  'Wasser zu trinken gegeben',
  'Blutdruck gemessen',
  'Pulsoxymetrie angelegt',
  'Sauerstoffgabe eingeleitet',
  'Rettungsdienst nachalarmiert',
  'Übergabe an den Rettungsdienst',
];
