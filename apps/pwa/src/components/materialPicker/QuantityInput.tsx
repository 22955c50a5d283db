import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import type { KeyboardEvent } from 'react';
import { useState } from 'react';
import { minorTreatmentsDe } from '../../i18n/minorTreatments.de';

const t = minorTreatmentsDe.picker;

interface QuantityInputProps {
  name: string;
  quantity: number;
  /** Raw input; the picker applies the shared rule (setQuantity: ≤ 0 removes, non-numeric → 1). */
  onCommit: (input: string | number) => void;
}

const isPositiveWhole = (value: string) => /^\s*\d+\s*$/.test(value) && Number(value) >= 1;

/**
 * Quantity of one chosen material. A valid whole number counts at once; anything else (empty,
 * 0, text) is applied when the field is left or Enter is pressed, so clearing the field to type
 * a new number never removes the item or jumps back to 1 mid-typing. − and + for gloved fingers.
 */
export function QuantityInput({ name, quantity, onCommit }: QuantityInputProps) {
  const [draft, setDraft] = useState<string | null>(null);

  const commitDraft = () => {
    if (draft === null) return;
    setDraft(null);
    if (draft.trim() !== String(quantity)) onCommit(draft);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter' || draft === null) return;
    // An unapplied draft (0, text, empty) is applied first; the next Enter saves the form.
    if (!isPositiveWhole(draft) || Number(draft) !== quantity) event.preventDefault();
    commitDraft();
  };

  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="default" size="xl" aria-label={t.decrease(name)} onClick={() => onCommit(quantity - 1)}>
        <IconMinus size={18} aria-hidden />
      </ActionIcon>
      <TextInput
        aria-label={t.quantityLabel(name)}
        inputMode="numeric"
        w={72}
        styles={{ input: { textAlign: 'center' } }}
        value={draft ?? String(quantity)}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setDraft(value);
          if (isPositiveWhole(value)) onCommit(value);
        }}
        onBlur={commitDraft}
        onKeyDown={onKeyDown}
      />
      <ActionIcon variant="default" size="xl" aria-label={t.increase(name)} onClick={() => onCommit(quantity + 1)}>
        <IconPlus size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
