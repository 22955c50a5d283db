import type { ManvCategory } from './manv';

/**
 * The pre-triage algorithms as guided yes/no steps (sources and the tables in docs/manv.md).
 * Each step leads to the next step or ends in a suggested category; the screen shows one step at
 * a time and the suggestion can always be overridden. A physician's triage is not an algorithm.
 */

export type StepOutcome = { step: string } | { category: ManvCategory };

export interface TriageStep {
  id: string;
  question: string;
  /** A short hint what counts (indicators of the card). */
  hint?: string;
  yes: StepOutcome;
  no: StepOutcome;
}

export interface TriageAlgorithm {
  id: 'mstart' | 'prior';
  steps: readonly TriageStep[];
}

/** mSTaRT (Kanz et al. 2006, Berufsfeuerwehr München / LMU), adults. */
export const mstart: TriageAlgorithm = {
  id: 'mstart',
  steps: [
    { id: 'walk', question: 'Gehfähig?', yes: { category: 'sk3' }, no: { step: 'breath' } },
    { id: 'breath', question: 'Atmung vorhanden (nach Freimachen der Atemwege)?', hint: 'Keine Atmung: Tod durch Arzt feststellen lassen', yes: { step: 'rate' }, no: { category: 'ex' } },
    { id: 'rate', question: 'Atemfrequenz unter 10 oder über 30 pro Minute?', yes: { category: 'sk1' }, no: { step: 'bleeding' } },
    { id: 'bleeding', question: 'Spritzende Blutung?', hint: 'Blutung stillen', yes: { category: 'sk1' }, no: { step: 'pulse' } },
    { id: 'pulse', question: 'Radialispuls fehlt?', yes: { category: 'sk1' }, no: { step: 'commands' } },
    { id: 'commands', question: 'Befolgt einfache Aufforderungen nicht?', yes: { category: 'sk1' }, no: { category: 'sk2' } },
  ],
};

/** PRIOR (DGKM / BBK 2014–2016, Taschenkarte 2016-04), ABCDE. */
export const prior: TriageAlgorithm = {
  id: 'prior',
  steps: [
    { id: 'a', question: 'A – Bewusstlos?', hint: 'Atemwege freimachen, Seitenlage, starke Blutung stoppen', yes: { category: 'sk1' }, no: { step: 'b' } },
    { id: 'b', question: 'B – Atemstörung?', hint: 'Atemstillstand, deutliche Atemfrequenz-Störung, lautes krankhaftes Atemgeräusch', yes: { category: 'sk1' }, no: { step: 'c' } },
    { id: 'c', question: 'C – Kreislaufstörung?', hint: 'Fehlender Radialispuls, deutlich verzögerte Nagelbettfüllung, starke Blutung', yes: { category: 'sk1' }, no: { step: 'd' } },
    { id: 'd', question: 'D – Bewusstseinsstörung?', hint: 'Desorientiert bis somnolent, unfähig, einfachen Anweisungen zu folgen', yes: { category: 'sk1' }, no: { step: 'e' } },
    { id: 'e', question: 'E – Starke Schmerzen am Körperstamm?', hint: 'Thorax, Abdomen, Becken', yes: { category: 'sk2' }, no: { step: 'walk' } },
    { id: 'walk', question: 'Kann ohne Hilfe gehen?', yes: { category: 'sk3' }, no: { category: 'sk2' } },
  ],
};

export const triageAlgorithms = { mstart, prior } as const;

/** Where a sequence of answers leads: the next step to ask, or the suggested category. */
export function walkAlgorithm(algorithm: TriageAlgorithm, answers: readonly boolean[]): StepOutcome {
  let current: StepOutcome = { step: algorithm.steps[0]?.id ?? '' };
  for (const answer of answers) {
    if (!('step' in current)) break;
    const stepId: string = current.step;
    const step = algorithm.steps.find((s) => s.id === stepId);
    if (!step) break;
    current = answer ? step.yes : step.no;
  }
  return current;
}

/**
 * "Keine SK-I-Zeichen": answers no to the current step and every step after it whose yes is SK I,
 * so the red criteria cost one tap together (docs/benchmarks.md, taps per path). Returns the
 * extra answers, empty where the current step's yes is not SK I.
 */
export function noRedCriteria(algorithm: TriageAlgorithm, answers: readonly boolean[]): boolean[] {
  const extra: boolean[] = [];
  let outcome = walkAlgorithm(algorithm, answers);
  while ('step' in outcome) {
    const stepId: string = outcome.step;
    const step = algorithm.steps.find((s) => s.id === stepId);
    if (!step || !('category' in step.yes) || step.yes.category !== 'sk1') break;
    extra.push(false);
    outcome = walkAlgorithm(algorithm, [...answers, ...extra]);
  }
  return extra;
}
