import { Button, ColorSwatch, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { PlaceholderDefinition, WizardAction } from '@sanidok/schema';
import type { SubmitEvent } from 'react';
import { useEffect, useRef } from 'react';
interface WizardStepProps {
  step: PlaceholderDefinition;
  /** The value chosen earlier (after 'Zurück'), highlighted. */
  chosen: string | undefined;
  draft: string;
  error: string | null;
  dispatch: (action: WizardAction) => void;
  /** Changes with every step, so focus moves to the new question. */
  stepIndex: number;
}

/**
 * As many option columns as fit with the longest word of the step in one piece (about 0.65 rem a
 * letter at the buttons' 16 px, plus their padding): a fixed three split 'Oberkörperhochlagerung'
 * inside the word where the browser has no German hyphenation.
 */
export function optionColumnWidth(options: readonly { value: string }[]): string {
  const longestWord = Math.max(0, ...options.flatMap((option) => option.value.split(/\s+/).map((word) => word.length)));
  return `${Math.max(8, Math.ceil(longestWord * 0.65 + 2.5))}rem`;
}

/** One question of the parameter wizard: option buttons (a tap advances) or a required text. */
export function WizardStep({ step, chosen, draft, error, dispatch, stepIndex }: WizardStepProps) {
  const container = useRef<HTMLDivElement>(null);

  // A new step replaces the controls under the finger; focus follows for keyboard and screen readers.
  useEffect(() => {
    const root = container.current;
    const target = root?.querySelector<HTMLElement>('input') ?? root?.querySelector<HTMLElement>('[aria-pressed="true"]') ?? root?.querySelector<HTMLElement>('button');
    target?.focus();
  }, [stepIndex]);

  if (step.kind === 'text') {
    const submit = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      dispatch({ type: 'next' });
    };
    return (
      <div ref={container}>
        <form id="treatment-wizard-text" onSubmit={submit} noValidate>
          <TextInput
            label={step.label}
            value={draft}
            onChange={(event) => dispatch({ type: 'type', text: event.currentTarget.value })}
            error={error}
            required
            maxLength={100}
            autoComplete="off"
            size="md"
          />
        </form>
      </div>
    );
  }

  return (
    <Stack gap="xs" ref={container} role="group" aria-labelledby={`wizard-step-${step.key}`}>
      <Text id={`wizard-step-${step.key}`} fw={600}>
        {step.label}
      </Text>
      <SimpleGrid minColWidth={optionColumnWidth(step.options)} spacing="xs">
        {step.options.map((option) => {
          const selected = option.value === chosen;
          return (
            <Button
              key={option.value}
              variant={selected ? 'filled' : 'default'}
              aria-pressed={selected}
              size="md"
              h="auto"
              mih={48}
              py={8}
              onClick={() => dispatch({ type: 'choose', value: option.value })}
              leftSection={option.color ? <ColorSwatch color={option.color} size={18} withShadow aria-hidden /> : undefined}
              styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
            >
              {option.value}
            </Button>
          );
        })}
      </SimpleGrid>
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
