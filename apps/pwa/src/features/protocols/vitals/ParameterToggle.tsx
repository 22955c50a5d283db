import { Checkbox, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useRef } from 'react';
import { vitalsDe } from '../../../i18n/vitals.de';

interface ParameterToggleProps {
  /** The parameter's name; the checkbox reads '{label} erfassen'. */
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** A message for a group of inputs (GCS, pain); single inputs show theirs themselves. */
  groupError?: string;
  children: ReactNode;
}

/**
 * One parameter of the rich form with its checkbox (docs/spec/services.md §2): typing a value ticks it,
 * unticking leaves a typed value out. Ticking it moves the cursor
 * to the first input, so the medic can type at once.
 */
export function ParameterToggle({ label, checked, onChange, groupError, children }: ParameterToggleProps) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const focusOnEnable = useRef(false);

  useEffect(() => {
    if (!checked || !focusOnEnable.current) return;
    focusOnEnable.current = false;
    bodyRef.current?.querySelector<HTMLElement>('input, select, textarea, button')?.focus();
  }, [checked]);

  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Checkbox
          label={vitalsDe.rich.enable(label)}
          checked={checked}
          onChange={(event) => {
            focusOnEnable.current = event.currentTarget.checked;
            onChange(event.currentTarget.checked);
          }}
        />
        <div ref={bodyRef}>{children}</div>
        {groupError && (
          <Text c="red.8" size="sm" role="alert">
            {groupError}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
