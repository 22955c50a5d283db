/**
 * Placeholders of the treatment catalogue and their option lists (docs/spec/services.md §3), sized exactly as
 * the spec counts them. A sentence names a placeholder as {key}; the wizard asks for the keys in
 * the order of `placeholderOrder`.
 */

export const placeholderOrder = [
  'bodyRegion', 'side', 'cannulaGauge', 'infusionSolution', 'volume', 'oxygenAmount', 'oxygenType', 'immobilisedArea',
  'splintType', 'guedelSize', 'tubeSize', 'gastricTubeSize', 'bladderCatheterSize', 'chestDrainSize', 'laryngealMaskSize',
  'tourniquetTime', 'positioning', 'monitoringType', 'monitoringInterval', 'woundCareType', 'drugName', 'dose', 'route',
] as const;
export type PlaceholderKey = (typeof placeholderOrder)[number];

export interface PlaceholderOption {
  /** What the sentence receives. */
  value: string;
  /** Colour code of the item where the trade uses one (venous cannulas). */
  color?: string;
}

export interface PlaceholderDefinition {
  key: PlaceholderKey;
  /** The wizard step's question. */
  label: string;
  kind: 'options' | 'text';
  options: readonly PlaceholderOption[];
}

const plain = (...values: string[]): PlaceholderOption[] => values.map((value) => ({ value }));
const sizes = (from: number, to: number, step: number, suffix: string): PlaceholderOption[] => {
  const list: PlaceholderOption[] = [];
  for (let n = from; n <= to + 1e-9; n += step) list.push({ value: `${n.toFixed(step < 1 ? 1 : 0).replace('.', ',')}${suffix}` });
  return list;
};

export const placeholderOptions: Record<Exclude<PlaceholderKey, 'drugName' | 'dose' | 'route'>, readonly PlaceholderOption[]> = {
  bodyRegion: plain('Kopf', 'Hals', 'Rumpf', 'Arm', 'Bein'),
  side: plain('links', 'rechts'),
  // ISO 10555-5 colour code of peripheral venous cannulas, as printed on the German packs.
  cannulaGauge: [
    { value: '24 G (gelb)', color: 'yellow' },
    { value: '22 G (blau)', color: 'blue' },
    { value: '20 G (rosa)', color: 'pink' },
    { value: '18 G (grün)', color: 'green' },
    { value: '17 G (weiß)', color: 'white' },
    { value: '16 G (grau)', color: 'gray' },
    { value: '14 G (orange)', color: 'orange' },
  ],
  infusionSolution: plain('Vollelektrolytlösung', 'Ringer-Acetat', 'Ringer-Laktat', 'NaCl 0,9 %', 'Glukose 5 %'),
  volume: plain('100 ml', '250 ml', '500 ml', '1000 ml', '1500 ml'),
  oxygenAmount: plain('1 l/min', '2 l/min', '4 l/min', '6 l/min', '8 l/min', '10 l/min', '12 l/min', '15 l/min'),
  oxygenType: plain('Nasenbrille', 'Sauerstoffmaske', 'Maske mit Reservoir'),
  splintType: plain('Vakuumschiene', 'SAM Splint', 'Kramerschiene', 'Luftkammerschiene', 'Traktionsschiene', 'Dreiecktuch'),
  // What a splint holds: spine, pelvis and whole body have their own sentences (collar, binder, mattress).
  immobilisedArea: plain('Schulter', 'Oberarm', 'Ellenbogen', 'Unterarm', 'Handgelenk/Hand', 'Oberschenkel', 'Knie', 'Unterschenkel/Sprunggelenk'),
  guedelSize: plain('0', '1', '2', '3', '4', '5'),
  tubeSize: sizes(2.5, 9, 0.5, ' mm'),
  gastricTubeSize: plain('8 Ch', '10 Ch', '12 Ch', '14 Ch', '16 Ch', '18 Ch'),
  bladderCatheterSize: plain('8 Ch', '10 Ch', '12 Ch', '14 Ch', '16 Ch', '18 Ch', '20 Ch'),
  chestDrainSize: plain('16 Ch', '20 Ch', '24 Ch', '28 Ch', '32 Ch'),
  laryngealMaskSize: plain('1', '1,5', '2', '2,5', '3', '4', '5'),
  tourniquetTime: plain('unter 10 min', '10–30 min', '30–60 min', '1–2 h', 'über 2 h', 'unbekannt'),
  positioning: plain('Oberkörperhochlagerung', 'Flachlagerung', 'Stabile Seitenlage', 'Schocklagerung', 'Linksseitenlage', 'Rückenlage mit Knierolle'),
  monitoringType: plain('EKG-Monitoring', 'Pulsoxymetrie', 'Blutdruckmessung', 'Blutzuckerkontrolle', 'Kapnometrie'),
  monitoringInterval: plain('kontinuierlich', 'alle 5 min', 'alle 10 min', 'alle 15 min', 'alle 30 min', 'stündlich'),
  woundCareType: plain('steriler Wundverband', 'Pflasterverband', 'Druckverband', 'Wundspülung', 'Wundnahtstreifen', 'Brandwundenverband'),
};

const questions: Record<PlaceholderKey, string> = {
  bodyRegion: 'Körperregion',
  side: 'Seite',
  cannulaGauge: 'Venenverweilkanüle',
  infusionSolution: 'Infusionslösung',
  volume: 'Menge',
  oxygenAmount: 'Sauerstoffmenge',
  oxygenType: 'Sauerstoffapplikation',
  splintType: 'Schiene',
  immobilisedArea: 'Ruhiggestellter Bereich',
  guedelSize: 'Guedel-Größe',
  tubeSize: 'Tubusgröße',
  gastricTubeSize: 'Magensonde (Charrière)',
  bladderCatheterSize: 'Blasenkatheter (Charrière)',
  chestDrainSize: 'Thoraxdrainage (Charrière)',
  laryngealMaskSize: 'Larynxmaske Größe',
  tourniquetTime: 'Anlagedauer Tourniquet',
  positioning: 'Lagerung',
  monitoringType: 'Überwachung',
  monitoringInterval: 'Intervall',
  woundCareType: 'Wundversorgung',
  drugName: 'Medikament',
  dose: 'Dosis',
  route: 'Applikationsweg',
};

/** Drug name, dose and route are typed in: the catalogue does not prescribe. */
export const freeTextPlaceholders = ['drugName', 'dose', 'route'] as const satisfies readonly PlaceholderKey[];

export function placeholderDefinition(key: PlaceholderKey): PlaceholderDefinition {
  const options = Object.hasOwn(placeholderOptions, key) ? placeholderOptions[key as keyof typeof placeholderOptions] : [];
  return { key, label: questions[key], kind: options.length > 0 ? 'options' : 'text', options };
}

export const isPlaceholderKey = (key: string): key is PlaceholderKey => (placeholderOrder as readonly string[]).includes(key);
