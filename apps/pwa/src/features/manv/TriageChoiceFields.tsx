import { Alert, Button, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { ManvAlgorithm, ManvCategory, ManvQualification } from '@sanidok/schema';
import {
  manvAlgorithmLabels, manvCategoryInfo, manvCategoryLabel, manvQualificationLabels, noRedCriteria, offeredCategories, triageAlgorithms, walkAlgorithm,
} from '@sanidok/schema';
import { manvDe } from '../../i18n/manv.de';
import { categoryTextColour } from './CategoryBadge';

const t = manvDe.capture;

/** What the guided steps and the category picker hold; the caller keeps it (capture and re-triage alike). */
export interface TriageDraft {
  algorithm: ManvAlgorithm;
  qualification: ManvQualification;
  answers: boolean[];
  /** Chosen by hand; null = take the algorithm's suggestion. */
  override: ManvCategory | null;
}

export const emptyAnswers = (draft: TriageDraft): TriageDraft => ({ ...draft, answers: [], override: null });

/** The algorithm's suggestion for the answers so far, null while a step is open. */
export function suggestedCategory(draft: TriageDraft): ManvCategory | null {
  if (draft.algorithm === 'none') return null;
  const outcome = walkAlgorithm(triageAlgorithms[draft.algorithm], draft.answers);
  return 'category' in outcome ? outcome.category : null;
}

export const chosenCategory = (draft: TriageDraft): ManvCategory | null => draft.override ?? suggestedCategory(draft);

interface Props {
  draft: TriageDraft;
  onChange: (draft: TriageDraft) => void;
  blueEnabled: boolean;
}

/** The guided yes/no steps of mSTaRT or PRIOR, and the category buttons (overridable). */
export function TriageChoiceFields({ draft, onChange, blueEnabled }: Props) {
  const algorithm = draft.algorithm === 'none' ? null : triageAlgorithms[draft.algorithm];
  const outcome = algorithm ? walkAlgorithm(algorithm, draft.answers) : null;
  const stepId = outcome && 'step' in outcome ? outcome.step : null;
  const step = algorithm?.steps.find((s) => s.id === stepId);
  const suggestion = suggestedCategory(draft);
  const chosen = chosenCategory(draft);
  const shortcut = algorithm && step ? noRedCriteria(algorithm, draft.answers) : [];
  const answer = (value: boolean) => onChange({ ...draft, answers: [...draft.answers, value], override: null });

  return (
    <Stack gap="sm">
      <Group gap="md" wrap="wrap" align="flex-end">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="manv-algorithm-label">{t.algorithm}</Text>
          <SegmentedControl
            aria-labelledby="manv-algorithm-label"
            value={draft.algorithm}
            onChange={(value) => onChange(emptyAnswers({ ...draft, algorithm: value }))}
            data={(['mstart', 'prior', 'none'] as const).map((value) => ({ value, label: manvAlgorithmLabels[value] }))}
          />
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="manv-qualification-label">{t.qualification}</Text>
          <SegmentedControl
            aria-labelledby="manv-qualification-label"
            value={draft.qualification}
            onChange={(value) => onChange({ ...draft, qualification: value })}
            data={(['paramedic', 'physician'] as const).map((value) => ({ value, label: manvQualificationLabels[value] }))}
          />
        </Stack>
      </Group>
      {algorithm === null && <Text size="sm" c="dimmed">{t.manual}</Text>}
      {step && (
        <Paper withBorder p="sm" data-testid="manv-step" data-step={step.id}>
          <Stack gap="xs">
            <Text fw={700} size="lg">{step.question}</Text>
            {step.hint && <Text size="sm" c="dimmed">{step.hint}</Text>}
            <Group gap="sm" wrap="wrap">
              <Button size="lg" miw={110} onClick={() => answer(true)}>{t.yes}</Button>
              <Button size="lg" miw={110} variant="default" onClick={() => answer(false)}>{t.no}</Button>
              {shortcut.length > 1 && (
                <Button size="lg" variant="light" onClick={() => onChange({ ...draft, answers: [...draft.answers, ...shortcut], override: null })}>{t.noRed}</Button>
              )}
            </Group>
          </Stack>
        </Paper>
      )}
      {algorithm && draft.answers.length > 0 && (
        <Group gap="sm">
          <Button variant="subtle" onClick={() => onChange({ ...draft, answers: draft.answers.slice(0, -1), override: null })}>{t.stepBack}</Button>
          <Button variant="subtle" onClick={() => onChange(emptyAnswers(draft))}>{t.restart}</Button>
        </Group>
      )}
      {suggestion && <Alert color="blue" variant="light" data-testid="manv-suggestion">{t.suggestion(manvCategoryLabel(suggestion))}</Alert>}
      <Text size="sm" fw={500} id="manv-category-label">{t.category}</Text>
      <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="xs" role="radiogroup" aria-labelledby="manv-category-label">
        {offeredCategories(blueEnabled).map((category) => {
          const info = manvCategoryInfo[category];
          const selected = chosen === category;
          return (
            <UnstyledButton
              key={category}
              role="radio"
              aria-checked={selected}
              data-category={category}
              onClick={() => onChange({ ...draft, override: category })}
              style={{
                minHeight: 56, borderRadius: 8, padding: '6px 10px', backgroundColor: info.colour, color: categoryTextColour(category),
                border: selected ? '4px solid #1971c2' : '1px solid #868e96', outline: selected ? '2px solid #ffffff' : undefined, outlineOffset: -6,
              }}
            >
              <Text fw={700} inherit>{manvCategoryLabel(category)}{selected ? ' ✓' : ''}</Text>
              <Text size="xs" inherit>{suggestion === category ? t.suggested : info.meaning}</Text>
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
